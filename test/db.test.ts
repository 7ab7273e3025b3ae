import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import Dexie from 'dexie'
import { DatasetError, loadDataset } from '../src/core/index'
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
  saveStep,
  toSteps,
} from '../src/db/index'
import { readDatasetFolder } from '../cli/files'
import { SAMPLE_DIR, fixtureFiles } from './fixtures'

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
    expect(db.verno).toBe(3)
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

describe('attempts', () => {
  it('stores each step with the screen, and gives them back in order', async () => {
    const db = freshDb()
    const attempt = await createAttempt({ datasetId: 'd', taskId: 't', access: 'paginated', actor: 'ann', screen: '#/home' }, db)
    await saveStep(attempt.id, { seq: 0, name: 'search_contacts', arguments: { pattern: 'x' }, source: 'ui', kind: 'retrieval', ok: true, content: 'No results' }, { screen: '#/app/contacts' }, db)
    await saveStep(attempt.id, { seq: 1, name: 'Phone_Call', arguments: { telephone: '1' }, source: 'api', kind: 'execution', ok: true, content: 'ok' }, {}, db)
    await saveStep(attempt.id, { seq: 1, name: 'Phone_Call', arguments: { telephone: '1' }, source: 'api', kind: 'execution', ok: true, content: 'ok', withdrawn: true }, {}, db)
    const steps = toSteps(await attemptCalls(attempt.id, db))
    expect(steps.map((s) => [s.seq, s.name, s.withdrawn ?? false])).toEqual([
      [0, 'search_contacts', false],
      [1, 'Phone_Call', true],
    ])
    expect((await db.attempts.get(attempt.id))?.screen).toBe('#/app/contacts')
  })
})
