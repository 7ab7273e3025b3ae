// Blind attempts in the page's storage (issue #24): receipts of gold in IndexedDB, the version 7 upgrade, exports and imports.
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { Attempt, humanBaseline, judgeAttempt } from '../src/core/index'
import type { Task } from '../src/core/index'
import { unzipArchive } from '../src/core/archive/index'
import { IndexedDbSink, SpievalDatabase, goldReceived, importAttempts, importDataset, recordGoldOfFinished } from '../src/db/index'
import { SCHEMA_V1 } from '../src/db/schema'
import { personAttempt } from '../src/people/store'
import { RECORDS, TOOLS, fixtureDataset, fixtureFiles } from './fixtures'
import { exportAttempts } from '../src/state/attemptExport'

let n = 0
const task = fixtureDataset().tasks.find((t) => t.id === '推理1') as Task
const source = { task, tools: TOOLS, records: RECORDS }

async function store() {
  const db = new SpievalDatabase(`gold-store-${n++}`)
  const row = await importDataset(fixtureFiles(), { name: 'fixture', source: 'files' }, db)
  const sink = new IndexedDbSink({ datasetId: row.id, homeScreen: (id) => `#/task/${id}`, elapsedMs: () => 1000, db })
  return { db, datasetId: row.id, sink }
}

const RIGHT = { telephone: '13933334444' }
const WRONG = { telephone: '13655208731' }

describe('blind attempts in IndexedDB', () => {
  it('a review makes the next attempt practice; the baseline counts the first blind one, not the latest', async () => {
    const { db, datasetId, sink } = await store()
    const first = await Attempt.open({ ...source, setting: 'paginated', actor: 'ann', sink })
    await first.call('Phone_Call', WRONG, 'ui')
    expect((await first.finish())?.correct).toBe(false)
    expect(await goldReceived(datasetId, 'ann', '推理1', db)).toBe(true)
    expect(await goldReceived(datasetId, 'ben', '推理1', db)).toBe(false)
    // "Start a new attempt" in the review: practice, solved with the gold in view.
    const again = await Attempt.open({ ...source, setting: 'paginated', actor: 'ann', sink })
    await again.call('Phone_Call', RIGHT, 'ui')
    expect((await again.finish())?.correct).toBe(true)
    const rows = await db.attempts.toArray()
    expect(rows.map((r) => [r.id === first.id ? 'first' : 'again', r.afterGold ?? false]).sort()).toEqual([
      ['again', true],
      ['first', false],
    ])
    const baseline = humanBaseline(fixtureDataset().tasks, rows.map((r) => personAttempt(r, [])))
    expect(baseline.people.map((p) => [p.actor, p.finished, p.solved, p.practice])).toEqual([['ann', 1, 0, 1]])
  })

  it('exports after_gold and an import keeps it: an imported practice attempt stays practice', async () => {
    const one = await store()
    const blind = await Attempt.open({ ...source, setting: 'paginated', actor: 'ann', sink: one.sink })
    await blind.call('Phone_Call', WRONG, 'ui')
    await blind.finish()
    const practice = await Attempt.open({ ...source, setting: 'paginated', actor: 'ann', sink: one.sink })
    await practice.call('Phone_Call', RIGHT, 'ui')
    await practice.finish()
    const out = await exportAttempts(one.datasetId, {}, one.db)
    const lines = (out.files['response.jsonl'] ?? '').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
    // The practice line says so; the blind one, which counts, comes last (the scorer keeps the last line).
    expect(lines.map((l) => [l.attempt === practice.id ? 'practice' : 'blind', l.after_gold])).toEqual([
      ['practice', true],
      ['blind', undefined],
    ])
    expect(JSON.parse(out.files['result.json'] ?? '{}').per_run[0].overall).toBe(0)

    const two = await store()
    await importAttempts(two.datasetId, unzipArchive(out.zip), out.fileName, judgeAttempt, two.db)
    expect((await two.db.attempts.get(practice.id))?.afterGold).toBe(true)
    expect((await two.db.attempts.get(blind.id))?.afterGold).toBeUndefined()
    const again = await exportAttempts(two.datasetId, {}, two.db)
    expect(again.files['response.jsonl']).toBe(out.files['response.jsonl'])
  })

  it('an unseal gives the gold to everyone with a finished attempt at the data set', async () => {
    const { db, datasetId, sink } = await store()
    const submitted = await Attempt.open({ ...source, setting: 'paginated', actor: 'ann', sink, sealed: true })
    await submitted.finish()
    expect(await goldReceived(datasetId, 'ann', '推理1', db)).toBe(false)
    await recordGoldOfFinished(datasetId, 'unseal', 5, db)
    expect(await db.goldSeen.toArray()).toEqual([{ datasetId, taskId: '推理1', actor: 'ann', via: 'unseal', at: 5 }])
    expect((await Attempt.open({ ...source, setting: 'paginated', actor: 'ann', sink })).info.afterGold).toBe(true)
  })
})

describe('schema version 7', () => {
  it('keeps the data of version 6, adds the receipts earlier reviews gave, and marks the attempts made after them practice', async () => {
    const name = `gold-upgrade-${n++}`
    const v6 = new Dexie(name)
    v6.version(1).stores(SCHEMA_V1)
    v6.version(2).stores({ taskRecords: '[datasetId+taskId]' })
    v6.version(3).stores({ records: null })
    v6.version(5).stores({ studies: 'id, datasetId' })
    v6.version(6).stores({ revisions: '[datasetId+taskId+rev]' })
    const row = (id: string, actor: string, started: number, more: Record<string, unknown> = {}) => ({
      id,
      datasetId: 'd',
      taskId: 't',
      access: 'browse',
      actor,
      started,
      elapsedMs: 10,
      finished: false,
      screen: '',
      ...more,
    })
    const verdict = { correct: false, errorType: 'wrong_value', mismatches: [] }
    await v6.table('attempts').bulkAdd([
      row('side', 'ann', 50), // opened before the first review: blind
      row('first', 'ann', 100, { finished: true, ended: 200, verdict }),
      row('after', 'ann', 300, { finished: true, ended: 400, verdict }),
      row('unscored', 'ben', 100, { finished: true, ended: 200 }), // a sealed submission: no gold shown
      row('ben-later', 'ben', 300),
      row('run', 'model', 100, { finished: true, ended: 200, verdict, run: { id: 'r', repeat: 0, model: 'model' } }),
      row('run-later', 'model', 300, { run: { id: 'r', repeat: 1, model: 'model' } }),
    ])
    await v6.table('meta').put({ key: 'kept', value: 1 })
    v6.close()

    const db = new SpievalDatabase(name)
    await db.open()
    expect(db.verno).toBe(9)
    expect(await db.meta.get('kept')).toEqual({ key: 'kept', value: 1 })
    expect(await db.goldSeen.toArray()).toEqual([{ datasetId: 'd', taskId: 't', actor: 'ann', via: 'verdict', at: 200 }])
    const practice = (await db.attempts.toArray()).filter((r) => r.afterGold).map((r) => r.id)
    expect(practice).toEqual(['after'])
    expect(await db.attempts.count()).toBe(7)
    db.close()
  })
})
