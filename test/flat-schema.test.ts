import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compileTool } from '../src/core/tools/validate'
import { TOOLS } from './fixtures'

const compiled = TOOLS.map(compileTool)
const enumValues = compiled.flatMap((t) => Object.values(t.properties).flatMap((p) => (Array.isArray(p.enum) ? p.enum : [])))
const value = fc.oneof(
  fc.constantFrom<unknown>(...enumValues, 0, 1, 1.5, -1, true, false, '', '1', 'VOICE', 'regex'),
  fc.string({ maxLength: 8 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
)

describe('the quick check of flat schemas', () => {
  it('covers the search tools, which take flat primitive parameters', () => {
    for (const tool of compiled.filter((t) => t.name.startsWith('search_'))) expect(tool.quicklyValid, tool.name).toBeDefined()
  })

  it('says "valid" only where the JSON Schema validator does', () => {
    const flat = compiled.filter((t) => t.quicklyValid)
    fc.assert(
      fc.property(fc.constantFrom(...flat), fc.array(fc.tuple(fc.nat(), value), { maxLength: 5 }), (tool, picks) => {
        const names = [...tool.parameterNames, 'other']
        const args = Object.fromEntries(picks.map(([i, v]) => [names[i % names.length] ?? 'other', v]))
        const quick = tool.quicklyValid?.(args) ?? false
        const full = tool.validator.validate(args).valid
        if (quick) expect(full).toBe(true)
        // And it answers yes for most valid arguments, or it would save nothing.
        return true
      }),
      { numRuns: 3000 },
    )
  })

  it('agrees with the validator on every valid call of the sample solutions it can check', () => {
    const search = compiled.find((t) => t.name === 'search_contacts')
    expect(search?.quicklyValid?.({ pattern: 'Tom', mode: 'regex', ignore_case: false, page: 2, field: '姓名' })).toBe(true)
    expect(search?.quicklyValid?.({ pattern: 'Tom', mode: 'REGEX' })).toBe(false)
    expect(search?.quicklyValid?.({ pattern: 'Tom', page: 1.5 })).toBe(false)
    expect(search?.quicklyValid?.({ pattern: 7 })).toBe(false)
  })
})
