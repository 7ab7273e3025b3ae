// Deleting a data set (#24): what the dialog says is deleted is deleted; the attempts it says are kept come back with the data set.
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Attempt, judgeAttempt } from '../src/core/index'
import type { Grade, Task } from '../src/core/index'
import {
  IndexedDbSink,
  SpievalDatabase,
  attemptCalls,
  attemptCount,
  datasetAttempts,
  deleteDataset,
  deletedDatasets,
  gradesOf,
  importDataset,
  importGrades,
  loadTask,
  saveTaskRevision,
  taskRevisions,
} from '../src/db/index'
import { SAMPLE_DIR } from './fixtures'
import { exportAttempts } from '../src/state/attemptExport'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const files = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(SAMPLE_DIR, name), 'utf8')]))

let n = 0
async function twoDatasets() {
  const db = new SpievalDatabase(`delete-test-${n++}`)
  const keep = await importDataset(files, { name: 'other', source: 'files' }, db)
  const row = await importDataset(files, { name: 'sample', source: 'files' }, db)
  return { db, row, keep }
}

async function finishedAttempt(db: SpievalDatabase, datasetId: string, taskId: string, actor: string): Promise<string> {
  const loaded = await loadTask(datasetId, taskId, db)
  const row = await db.datasets.get(datasetId)
  if (!loaded || !row) throw new Error(`${taskId} is missing`)
  const sink = new IndexedDbSink({ datasetId, homeScreen: () => '#/', elapsedMs: () => 0, db })
  const attempt = await Attempt.open({ task: loaded.task, tools: row.tools, records: loaded.records, profile: row.profile, setting: 'full', actor, sink })
  await attempt.call('Phone_Call', { telephone: '13800000000' }, 'ui')
  await attempt.finish()
  return attempt.id
}

/** A grade of an attempt (these tasks have no rubric: only where the grade is kept matters here). */
const gradeOf = (attempt: string, taskId: string): Grade => ({ task_id: taskId, attempt, grader: { id: 'cy', kind: 'human' }, items: [{ id: 'r1', met: true, evidence: [], note: '' }], at: '2026-03-01T09:00:00Z' })

describe('deleting a data set', () => {
  it('deletes its tasks, records, studies and edit history (gold included), and keeps its attempts', async () => {
    const { db, row } = await twoDatasets()
    const kept = await finishedAttempt(db, row.id, '推理1', 'ann')
    const loaded = await loadTask(row.id, '推理2', db)
    if (!loaded) throw new Error('推理2 is missing')
    const revised: Task = { ...loaded.task, instruction: `${loaded.task.instruction}!` }
    await saveTaskRevision(row.id, { task: revised, records: loaded.records }, { author: 'carol', replaces: '推理2' }, judgeAttempt, db)
    expect((await taskRevisions(row.id, '推理2', db)).length).toBeGreaterThan(0)
    expect(await attemptCount(row.id, db)).toEqual({ people: 1, runs: 0 })

    await deleteDataset(row.id, db)
    expect(await db.tasks.where('[datasetId+order]').between([row.id, -Infinity], [row.id, Infinity]).count()).toBe(0)
    expect(await db.revisions.where('[datasetId+taskId+rev]').between([row.id], [row.id, []]).count()).toBe(0)
    expect((await db.attempts.get(kept))?.datasetId).toBe(row.id)
    expect((await attemptCalls(kept, db)).length).toBe(1)
    expect((await deletedDatasets(db)).map((d) => [d.id, d.name])).toEqual([[row.id, 'sample']])
  })

  it('an import of the same data set takes its kept attempts back: listed and exported with it', async () => {
    const { db, row } = await twoDatasets()
    const same = await finishedAttempt(db, row.id, '推理1', 'ann')
    // An attempt at a task edited before the deletion stays where it was: the re-imported task is not what it was made on.
    const loaded = await loadTask(row.id, '推理2', db)
    if (!loaded) throw new Error('推理2 is missing')
    await saveTaskRevision(row.id, { task: { ...loaded.task, type: `${loaded.task.type}!` }, records: loaded.records }, { author: 'carol', replaces: '推理2' }, judgeAttempt, db)
    const edited = await finishedAttempt(db, row.id, '推理2', 'bob')
    await importGrades(row.id, [gradeOf(same, '推理1'), gradeOf(edited, '推理2')], db)
    await deleteDataset(row.id, db)

    const again = await importDataset(files, { name: 'sample again', source: 'files' }, db)
    expect((await datasetAttempts(again.id, db)).map((a) => a.id)).toEqual([same])
    expect((await db.attempts.get(edited))?.datasetId).toBe(row.id)
    // Grades go where their attempts go.
    expect((await gradesOf(again.id, db)).map((g) => g.attempt)).toEqual([same])
    expect((await gradesOf(row.id, db)).map((g) => g.attempt)).toEqual([edited])
    const exported = await exportAttempts(again.id, {}, db)
    expect(exported.manifest.counts.attempts).toBe(1)
    expect(exported.files['response.jsonl']).toContain(same)
    // The edited task's attempt is still waiting for its own version of the data set.
    expect((await deletedDatasets(db)).map((d) => d.id)).toEqual([row.id])
  })

  it('without attempts, its grades go: nothing is kept for them to grade', async () => {
    const { db, row } = await twoDatasets()
    await importGrades(row.id, [gradeOf('from-elsewhere', '推理1')], db)
    await deleteDataset(row.id, db)
    expect(await gradesOf(row.id, db)).toEqual([])
    expect(await deletedDatasets(db)).toEqual([])
  })

  it('with its attempts: they, their calls and the runs go too, and no import brings anything back', async () => {
    const { db, row, keep } = await twoDatasets()
    const gone = await finishedAttempt(db, row.id, '推理1', 'ann')
    const other = await finishedAttempt(db, keep.id, '推理1', 'ann')
    await db.meta.put({ key: 'run:r1', value: { id: 'r1', datasetId: row.id } })
    await importGrades(row.id, [gradeOf(gone, '推理1')], db)
    await importGrades(keep.id, [gradeOf(other, '推理1')], db)
    await deleteDataset(row.id, db, { withAttempts: true })
    expect(await gradesOf(row.id, db)).toEqual([])
    expect(await gradesOf(keep.id, db)).toHaveLength(1)
    expect(await db.attempts.get(gone)).toBeUndefined()
    expect(await attemptCalls(gone, db)).toEqual([])
    expect(await db.meta.get('run:r1')).toBeUndefined()
    expect(await deletedDatasets(db)).toEqual([])
    expect((await db.attempts.get(other))?.datasetId).toBe(keep.id)
    const again = await importDataset(files, { name: 'sample again', source: 'files' }, db)
    expect(await datasetAttempts(again.id, db)).toEqual([])
  })
})
