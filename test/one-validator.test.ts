import 'fake-indexeddb/auto'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SpievalDatabase, importDataset, listDatasets } from '../src/db/index'
import { ROOT, fixtureFiles } from './fixtures'
import { cliArgs } from './support/cli'

/** A data set whose only fault is a gold value outside its tool's enum. */
function enumMisfit(): Record<string, string> {
  const files = fixtureFiles()
  return { ...files, 'input_data.jsonl': (files['input_data.jsonl'] ?? '').replace('"type":["VOICE",null]', '"type":["AUDIO",null]') }
}

describe('one validator for the page and the command line', () => {
  it('the page refuses what npm run validate calls an error, with the same message', async () => {
    const files = enumMisfit()
    const dir = mkdtempSync(join(tmpdir(), 'one-validator-'))
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
    const cli = spawnSync(process.execPath, [...cliArgs('cli/validate.ts'), dir], { cwd: ROOT, encoding: 'utf8' })
    expect(cli.status).toBe(1)
    const errors = cli.stdout.split('\n').filter((l) => l.startsWith('error: ')).map((l) => l.slice('error: '.length))
    expect(errors).toEqual(['input_data.jsonl line 1 (task 推理1): gold call 1 (Phone_Call).type: "AUDIO" does not fit the tool schema'])

    const db = new SpievalDatabase('one-validator')
    const before = await listDatasets(db)
    const refusal = await importDataset(files, { name: 'misfit', source: 'api' }, db).then(
      () => undefined,
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    )
    expect(refusal).toBe(errors.join('\n'))
    expect(await listDatasets(db)).toEqual(before)
  })
})
