import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { DatasetError } from '../src/core/index'
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
import { RECORDS, SAMPLE_DIR, fixtureFiles } from './fixtures'

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
    expect(await db.records.count()).toBe(2 * Object.keys(RECORDS).length)
    expect((await activeDataset(db))?.id).toBe(a.id)
    expect(await loadTask(b.id, '推理1', db)).toBeUndefined()
  })
})

describe('attempts', () => {
  it('stores each step with the screen, and gives them back in order', async () => {
    const db = freshDb()
    const attempt = await createAttempt({ datasetId: 'd', taskId: 't', access: 'paginated', actor: 'ann', screen: '#/home' }, db)
    await saveStep(attempt.id, { seq: 0, name: 'search_contacts', arguments: { pattern: 'x' }, source: 'ui', kind: 'retrieval', ok: true, content: 'No results' }, '#/app/contacts', db)
    await saveStep(attempt.id, { seq: 1, name: 'Phone_Call', arguments: { telephone: '1' }, source: 'api', kind: 'execution', ok: true, content: 'ok' }, undefined, db)
    await saveStep(attempt.id, { seq: 1, name: 'Phone_Call', arguments: { telephone: '1' }, source: 'api', kind: 'execution', ok: true, content: 'ok', withdrawn: true }, undefined, db)
    const steps = toSteps(await attemptCalls(attempt.id, db))
    expect(steps.map((s) => [s.seq, s.name, s.withdrawn ?? false])).toEqual([
      [0, 'search_contacts', false],
      [1, 'Phone_Call', true],
    ])
    expect((await db.attempts.get(attempt.id))?.screen).toBe('#/app/contacts')
  })
})
