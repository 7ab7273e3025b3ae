import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import Dexie from 'dexie'
import { DatasetError, contentFingerprint, loadDataset } from '../src/core/index'
import { SCHEMA_V1 } from '../src/db/schema'
import {
  SpievalDatabase,
  activeDataset,
  attemptCalls,
  createAttempt,
  deleteDataset,
  importDataset,
  listDatasets,
  listTasks,
  loadTask,
  storeDataset,
  storeFinish,
  saveElapsed,
  saveScreen,
  saveStep,
  withLatest,
  toSteps,
} from '../src/db/index'
import { readDatasetFolder } from '../cli/files'
import { LIVE_DIR, SAMPLE_DIR, fixtureFiles } from './fixtures'

let n = 0
const freshDb = () => new SpievalDatabase(`test-${n++}`)

describe('the data set store', () => {
  it('imports the sample, lists its tasks in file order and loads a task with its records', async () => {
    const db = freshDb()
    const progress: number[] = []
    const row = await importDataset(readDatasetFolder(SAMPLE_DIR), { name: 'sample', source: 'sample', onProgress: (d, t) => progress.push(d / t) }, db)
    expect(row).toMatchObject({ tasks: 50, records: 907, hasProfile: true })
    expect(progress.at(-1)).toBe(1)
    const tasks = await listTasks(row.id, db)
    expect(tasks.map((t) => t.id).slice(0, 2)).toEqual(['推理1', '推理2'])
    const loaded = await loadTask(row.id, '推理1', db)
    expect(loaded?.task.instruction).toBe('Call whoever is covering for my manager')
    expect(Object.values(loaded?.records ?? {}).reduce((s, l) => s + (l?.length ?? 0), 0)).toBe(21)
    expect((await activeDataset(db))?.id).toBe(row.id)
  })

  it('returns the tasks it stored, as listTasks reads them back, each stored with its content fingerprint', async () => {
    // The sample goes task by task; the live sample, whose records_db.json is not a plain task → apps object, whole.
    for (const files of [readDatasetFolder(SAMPLE_DIR), readDatasetFolder(LIVE_DIR)]) {
      const db = freshDb()
      const stored = await storeDataset(files, { name: 'stored', source: 'files' }, db)
      expect(stored.tasks).toEqual(await listTasks(stored.row.id, db))
      expect(stored.tasks).toHaveLength(stored.row.tasks)
      for (const task of stored.tasks) {
        const loaded = await loadTask(stored.row.id, task.id, db)
        expect(loaded?.fingerprint).toBe(contentFingerprint({ task, records: loaded?.records ?? {} }))
      }
    }
  })

  it('is all or nothing: a bad data set changes nothing stored', async () => {
    const db = freshDb()
    const good = await importDataset(fixtureFiles(), { name: 'good', source: 'files' }, db)
    const broken = { ...fixtureFiles(), 'input_data.jsonl': '{"id": "x"\n' }
    await expect(importDataset(broken, { name: 'bad', source: 'files' }, db)).rejects.toThrow(DatasetError)
    await expect(importDataset(broken, { name: 'bad', source: 'files' }, db)).rejects.toThrow(/input_data\.jsonl line 1/)
    expect((await listDatasets(db)).map((d) => d.name)).toEqual(['good'])
    expect((await activeDataset(db))?.id).toBe(good.id)
    expect(await db.tasks.count()).toBe(2)
  })

  it('deletes a data set with its tasks and records', async () => {
    const db = freshDb()
    const a = await importDataset(fixtureFiles(), { name: 'a', source: 'files' }, db)
    const b = await importDataset(fixtureFiles(), { name: 'b', source: 'files' }, db)
    await deleteDataset(b.id, db)
    expect((await listDatasets(db)).map((d) => d.name)).toEqual(['a'])
    expect(await db.taskRecords.count()).toBe(2) // data set a's two tasks
    expect((await activeDataset(db))?.id).toBe(a.id)
    expect(await loadTask(b.id, '推理1', db)).toBeUndefined()
  })
})

describe('schema migration', () => {
  it('renames an attempt\'s count of calls from steps to callCount (version 4)', async () => {
    const name = `test-migrate-${n++}`
    const v3 = new Dexie(name)
    v3.version(1).stores(SCHEMA_V1)
    v3.version(2).stores({ taskRecords: '[datasetId+taskId]' })
    v3.version(3).stores({ records: null })
    await v3.table('attempts').bulkAdd([
      { id: 'a', datasetId: 'd', taskId: 't', access: 'browse', actor: 'x', started: 1, elapsedMs: 0, finished: false, screen: '', steps: 3 },
      { id: 'b', datasetId: 'd', taskId: 't', access: 'browse', actor: 'x', started: 2, elapsedMs: 0, finished: false, screen: '' },
    ])
    v3.close()
    const db = new SpievalDatabase(name)
    const [a, b] = await Promise.all([db.attempts.get('a'), db.attempts.get('b')])
    expect(a).toMatchObject({ callCount: 3 })
    expect(a && 'steps' in a).toBe(false)
    expect(b?.callCount).toBeUndefined()
    db.close()
  })

  it('moves version 1 records (a row per task and app) into version 3 (a row per task) without losing any', async () => {
    const name = `test-migrate-${n++}`
    const v1 = new Dexie(name)
    v1.version(1).stores(SCHEMA_V1)
    const files = readDatasetFolder(SAMPLE_DIR)
    const sample = loadDataset(files).dataset
    // Two data sets, so that rows of different data sets interleave in key order; over 2,000 rows cross a page.
    const rows: { datasetId: string; taskId: string; app: string; records: unknown[] }[] = []
    for (const datasetId of ['a', 'b'])
      for (const task of sample.tasks)
        for (const [app, records] of Object.entries(sample.records[task.id] ?? {})) rows.push({ datasetId, taskId: task.id, app, records: records ?? [] })
    for (let copy = 0; rows.length <= 2000; copy++)
      for (const [app, records] of Object.entries(sample.records['推理1'] ?? {})) rows.push({ datasetId: `c${copy}`, taskId: '推理1', app, records: records ?? [] })
    await v1.table('records').bulkAdd(rows)
    await v1.table('tasks').bulkAdd(sample.tasks.map((task, order) => ({ datasetId: 'b', id: task.id, order, task })))
    await v1.table('meta').put({ key: 'kept', value: 1 })
    v1.close()

    const db = new SpievalDatabase(name)
    await db.open()
    expect(db.verno).toBe(9)
    expect(db.tables.map((t) => t.name)).toEqual(expect.arrayContaining(['studies', 'revisions', 'goldSeen', 'grades']))
    expect(db.tables.map((t) => t.name)).not.toContain('records')
    expect(await db.meta.get('kept')).toEqual({ key: 'kept', value: 1 })
    const perTask = new Set(rows.map((r) => `${r.datasetId}/${r.taskId}`))
    expect(await db.taskRecords.count()).toBe(perTask.size)
    for (const task of sample.tasks) {
      const loaded = await loadTask('b', task.id, db)
      expect(loaded?.records).toEqual(sample.records[task.id])
    }
    expect((await db.taskRecords.get(['c0', '推理1']))?.records).toEqual(sample.records['推理1'])
    db.close()
  })
})

async function storedAttempt(db: SpievalDatabase, id: string) {
  const row = await db.attempts.get(id)
  if (!row) throw new Error(`attempt ${id} is not stored`)
  return row
}

describe('attempts', () => {
  it('stores each step with the screen, and gives them back in order', async () => {
    const db = freshDb()
    const attempt = await createAttempt({ datasetId: 'd', taskId: 't', access: 'paginated', actor: 'ann', screen: '#/home' }, db)
    await saveStep(attempt.id, { seq: 0, name: 'search_contacts', arguments: { pattern: 'x' }, source: 'ui', kind: 'retrieval', ok: true, content: 'No results' }, { screen: '#/app/contacts' }, db)
    // The first call marks the attempt as started on its row.
    expect(await db.attempts.get(attempt.id)).toMatchObject({ callCount: 1, screen: '#/app/contacts' })
    await saveStep(attempt.id, { seq: 1, name: 'Phone_Call', arguments: { telephone: '1' }, source: 'api', kind: 'execution', ok: true, content: 'ok' }, { elapsedMs: 1200 }, db)
    const calledAt = (await db.calls.get([attempt.id, 1]))?.at
    await new Promise((resolve) => setTimeout(resolve, 5))
    await saveStep(attempt.id, { seq: 1, name: 'Phone_Call', arguments: { telephone: '1' }, source: 'api', kind: 'execution', ok: true, content: 'ok', withdrawn: true }, {}, db)
    await saveStep(attempt.id, { seq: 0, name: 'search_contacts', arguments: { pattern: 'x' }, source: 'ui', kind: 'retrieval', ok: true, content: 'No results', withdrawn: true }, {}, db)
    const calls = await attemptCalls(attempt.id, db)
    expect(toSteps(calls).map((s) => [s.seq, s.name, s.withdrawn ?? false])).toEqual([
      [0, 'search_contacts', true],
      [1, 'Phone_Call', true],
    ])
    // A withdrawal keeps the call's time and where it left the phone.
    expect(calls[1]?.at).toBe(calledAt)
    expect(calls[0]?.screen).toBe('#/app/contacts')
    // Later calls write their row only; the attempt as its calls leave it: two calls, the newest time, the call's screen.
    const row = await storedAttempt(db, attempt.id)
    expect(row).toMatchObject({ callCount: 1, elapsedMs: 0 })
    expect(withLatest(row, calls)).toMatchObject({ screen: '#/app/contacts', callCount: 2, elapsedMs: 1200 })
  })

  it("writes the leading tab's copy of the attempt whole at the first call, brought up to date with the call", async () => {
    const db = freshDb()
    const attempt = await createAttempt({ datasetId: 'd', taskId: 't', access: 'paginated', actor: 'ann', screen: '#/task/t' }, db)
    const copy = { ...attempt, screen: '#/task/t/app/notes', screenAt: Date.now() - 1000 }
    const step = { seq: 0, name: 'Phone_Call', arguments: { telephone: '1' }, source: 'ui' as const, kind: 'execution' as const, ok: true, content: 'ok' }
    await saveStep(attempt.id, step, { elapsedMs: 700, attempt: copy }, db)
    expect(await storedAttempt(db, attempt.id)).toEqual({ ...copy, callCount: 1, elapsedMs: 700 })
  })

  it('resumes on the newer of the screen a person moved to and the screen a call moved to', async () => {
    const db = freshDb()
    const attempt = await createAttempt({ datasetId: 'd', taskId: 't', access: 'paginated', actor: 'ann', screen: '#/task/t' }, db)
    const search = (seq: number) => ({ seq, name: 'search_contacts', arguments: { pattern: 'x' }, source: 'api' as const, kind: 'retrieval' as const, ok: true, content: 'No results' })
    await saveStep(attempt.id, search(0), { screen: '#/task/t/app/contacts', elapsedMs: 100 }, db)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await saveScreen(attempt.id, '#/task/t/app/contacts/3', Date.now(), db)
    let latest = withLatest(await storedAttempt(db, attempt.id), await attemptCalls(attempt.id, db))
    expect(latest.screen).toBe('#/task/t/app/contacts/3')
    await new Promise((resolve) => setTimeout(resolve, 5))
    await saveStep(attempt.id, search(1), { screen: '#/task/t/app/sms', elapsedMs: 900 }, db)
    latest = withLatest(await storedAttempt(db, attempt.id), await attemptCalls(attempt.id, db))
    expect(latest).toMatchObject({ screen: '#/task/t/app/sms', callCount: 2, elapsedMs: 900 })
    // A checkpoint brings the row up to date; a finish makes it exact, and its time is final.
    await saveElapsed(attempt.id, 1500, 2, db)
    expect(await db.attempts.get(attempt.id)).toMatchObject({ callCount: 2, elapsedMs: 1500 })
    await storeFinish(attempt.id, { verdict: { correct: true, errorType: null, mismatches: [] }, elapsedMs: 1600, callCount: 2 }, db)
    expect(withLatest(await storedAttempt(db, attempt.id), await attemptCalls(attempt.id, db))).toMatchObject({ finished: true, callCount: 2, elapsedMs: 1600 })
  })
})
