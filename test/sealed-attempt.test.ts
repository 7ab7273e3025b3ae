// The kernel's rule for sealed tasks: an attempt is submitted, never scored, in every host.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Attempt, MemorySink, SEALED_FILE, TaskHost, loadDataset } from '../src/core/index'
import { sealDataset } from '../src/core/seal'
import { SAMPLE_DIR } from './fixtures'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const files = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(SAMPLE_DIR, name), 'utf8')]))

describe('an attempt at a sealed task', () => {
  it('is submitted with no verdict through the kernel: nothing stored, nothing returned', async () => {
    const sealed = await sealDataset(files) // stripped: the gold is removed
    expect(sealed[SEALED_FILE]).toBeDefined()
    const { dataset } = loadDataset(sealed)
    const task = dataset.tasks.find((t) => t.id === '推理1')
    if (!task) throw new Error('推理1 is missing')
    const sink = new MemorySink()
    const source = { task, tools: dataset.tools, records: dataset.records[task.id] ?? {}, profile: dataset.profile }
    const attempt = await Attempt.open({ ...source, sealed: true, setting: 'paginated', actor: 'ann', sink })
    await attempt.call('Phone_Call', { telephone: '13822419087' }, 'ui')
    expect(attempt.verdict()).toBeUndefined()
    expect(await attempt.finish()).toBeUndefined()
    const stored = await sink.read(attempt.id)
    expect(stored?.attempt).toMatchObject({ finished: true, callCount: 1 })
    expect(stored?.attempt.verdict).toBeUndefined()
    // Without the flag, the same empty gold would score the call as wrong (or no call as right): the flag is what keeps it out.
    const unflagged = await Attempt.open({ ...source, setting: 'paginated', actor: 'ann', sink })
    expect(await unflagged.finish()).toMatchObject({ correct: true })
  })

  it('answers submit with sealed: true and no verdict in the Node host, which reads the flag from the data set', async () => {
    const host = new TaskHost(loadDataset(await sealDataset(files)).dataset)
    await host.open('推理1', 'full')
    await host.call('Phone_Call', JSON.stringify({ telephone: '13822419087' }), 'agent')
    expect(await host.submit()).toEqual({
      id: '推理1',
      correct: null,
      errorType: null,
      sealed: true,
      calls: [{ name: 'Phone_Call', arguments: { telephone: '13822419087' } }],
      mismatches: [],
    })
  })
})
