import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lintDataset, loadDataset } from '../src/core/index'
import { readDatasetFolder } from '../cli/files'
import { generateRecords } from '../cli/gen/tasks'
import { ROOT } from './fixtures'
import { cliArgs } from './support/cli'

/** Runs `npm run gen`; its exit status, with what it wrote to stderr (shown when a check on the status fails). */
function gen(out: string, ...args: string[]): [number | null, string] {
  const r = spawnSync(process.execPath, [...cliArgs('cli/gen.ts'), '--out', out, ...args], { cwd: ROOT, encoding: 'utf8' })
  return [r.status, r.stderr]
}
const succeeds = ([status, stderr]: [number | null, string]) => expect(status, stderr).toBe(0)

describe('npm run gen', () => {
  it('writes a valid data set of SPIEval\'s size, the same for the same seed', () => {
    const a = mkdtempSync(join(tmpdir(), 'gen-'))
    const b = mkdtempSync(join(tmpdir(), 'gen-'))
    succeeds(gen(a, '--size', 'spieval', '--seed', '7'))
    succeeds(gen(b, '--size', 'spieval', '--seed', '7'))
    const { dataset } = loadDataset(readDatasetFolder(a))
    expect(dataset.tasks).toHaveLength(250)
    const records = Object.values(dataset.records).reduce((n, apps) => n + Object.values(apps).reduce((m, l) => m + (l?.length ?? 0), 0), 0)
    expect(records).toBe(4335)
    expect(lintDataset(dataset).filter((i) => i.level === 'error')).toEqual([])
    expect(readFileSync(join(a, 'records_db.json'), 'utf8')).toBe(readFileSync(join(b, 'records_db.json'), 'utf8'))
    // Messages, voicemails, notes and payments have happened before the profile's "now"; texts read as English, not Latin filler.
    const PAST: Record<string, string> = { sms: '日期', voicemail: '日期', notes: '创建日期', transaction: '日期' }
    let after = 0
    let dated = 0
    for (const apps of Object.values(dataset.records))
      for (const [app, field] of Object.entries(PAST))
        for (const record of (apps as Record<string, Record<string, unknown>[] | undefined>)[app] ?? []) {
          dated++
          if (String(record[field]) >= '2026-03-14') after++
        }
    expect(dated).toBeGreaterThan(1000)
    expect(after).toBe(0)
    expect(readFileSync(join(a, 'records_db.json'), 'utf8')).not.toMatch(/\b(ipsum|dolor|amet|consectetur|voluptas|voluptatem|quia|quae|aut|eos|nihil|adipisci)\b/i)
    const c = mkdtempSync(join(tmpdir(), 'gen-'))
    succeeds(gen(c, '--tasks', '20', '--records', '300', '--seed', '8'))
    expect(readFileSync(join(c, 'input_data.jsonl'), 'utf8').trim().split('\n')).toHaveLength(20)
  })
})

describe('generated records', () => {
  afterEach(() => vi.useRealTimers())

  it('do not depend on the clock: the same seed a day apart gives the same records (birthdays included)', () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-12-02T00:00:00.250Z'))
    const before = JSON.stringify(generateRecords('contacts', 200, 7))
    vi.setSystemTime(new Date('2026-12-03T17:45:12.999Z'))
    const after = JSON.stringify(generateRecords('contacts', 200, 7))
    expect(after).toBe(before)
  })
})
