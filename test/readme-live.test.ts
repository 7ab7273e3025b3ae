import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUILTIN_EFFECTS } from '../src/core/index'
import { ROOT } from './fixtures'

describe('docs/reference.md lists the built-in effects as the code has them', () => {
  it('one row per published execution tool, with its op, app and fields', () => {
    const readme = readFileSync(join(ROOT, 'docs/reference.md'), 'utf8')
    for (const [tool, effect] of Object.entries(BUILTIN_EFFECTS)) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${tool}\` |`))
      expect(row, `docs/reference.md row for ${tool}`).toBeDefined()
      if (!effect) {
        expect(row).toContain('none')
        continue
      }
      expect(row).toContain(`${effect.op} into \`${effect.app}\``)
      for (const [arg, field] of Object.entries(effect.fields ?? {})) expect(row).toContain(`${arg}→${field}`)
      for (const [field, kind] of Object.entries(effect.stamp ?? {})) expect(row).toContain(`${field}=${kind}`)
    }
  })
})
