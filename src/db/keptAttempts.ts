import Dexie from 'dexie'
import { contentFingerprint } from '../core'
import { RUN_PREFIX, TURNS_PREFIX } from './runs'
import type { StoredRun } from './runs'
import { attemptCallRows, database } from './schema'
import type { AttemptRow, SpievalDatabase } from './schema'

/**
 * What deleting a data set keeps: its attempts (people's and agent runs'),
 * their calls and its agent runs, under the deleted data set's id. They come
 * back when the same data set is imported again: each attempt whose task is
 * there with the content it was made on (its taskFingerprint) moves to the
 * new data set, with its runs. The data set's tasks, records, studies and
 * edit history (every revision, gold included) are deleted with it.
 */

/** A deleted data set whose attempts are kept, for a later import to take them back. */
export interface DeletedDataset {
  id: string
  name: string
  /** Epoch ms. */
  deleted: number
}

const DELETED_KEY = 'deletedDatasets'

/** The deleted data sets whose attempts are still stored, oldest first. */
export async function deletedDatasets(db: SpievalDatabase = database()): Promise<DeletedDataset[]> {
  const value = (await db.meta.get(DELETED_KEY))?.value
  return Array.isArray(value) ? (value as DeletedDataset[]) : []
}

async function saveDeleted(list: readonly DeletedDataset[], db: SpievalDatabase): Promise<void> {
  if (list.length === 0) await db.meta.delete(DELETED_KEY)
  else await db.meta.put({ key: DELETED_KEY, value: list })
}

function attemptsOf(datasetId: string, db: SpievalDatabase) {
  return db.attempts.where('[datasetId+taskId]').between([datasetId, Dexie.minKey], [datasetId, Dexie.maxKey])
}

async function runsOf(datasetId: string, db: SpievalDatabase): Promise<StoredRun[]> {
  const rows = await db.meta.where('key').startsWith(RUN_PREFIX).toArray()
  return rows.map((r) => r.value as StoredRun).filter((r) => r.datasetId === datasetId)
}

/** How many attempts deleting a data set keeps (or deletes, when asked to): people's and agent runs'. */
export async function attemptCount(datasetId: string, db: SpievalDatabase = database()): Promise<{ people: number; runs: number }> {
  const rows = await attemptsOf(datasetId, db).toArray()
  const people = rows.filter((a) => a.run === undefined && (a.finished || (a.callCount ?? 1) > 0)).length
  return { people, runs: rows.filter((a) => a.run !== undefined).length }
}

/**
 * Inside deleteDataset's transaction (attempts, calls, meta and grades in its scope):
 * with `withAttempts` the data set's attempts, their calls and turns and its
 * runs go too; otherwise the data set is noted as deleted so that a later
 * import of it takes them back.
 */
export async function keepOrDeleteAttempts(row: { id: string; name: string }, withAttempts: boolean, db: SpievalDatabase): Promise<void> {
  const kept = !withAttempts && (await attemptsOf(row.id, db).count()) > 0
  // Grades go with the attempts they grade: kept with them, to move back with them, or deleted.
  if (!kept) await gradesOfDataset(row.id, db).delete()
  if (!withAttempts) {
    const list = await deletedDatasets(db)
    if (kept) await saveDeleted([...list.filter((d) => d.id !== row.id), { id: row.id, name: row.name, deleted: Date.now() }], db)
    return
  }
  const ids = await attemptsOf(row.id, db).primaryKeys()
  for (const id of ids) await attemptCallRows(db, id).delete()
  await db.meta.bulkDelete(ids.map((id) => TURNS_PREFIX + id))
  await db.attempts.bulkDelete(ids)
  await db.meta.bulkDelete((await runsOf(row.id, db)).map((run) => RUN_PREFIX + run.id))
}

/**
 * After an import: the kept attempts of deleted data sets whose task the
 * new data set has with the same content move to it, with their runs. An
 * attempt at a task that changed (edited before the deletion, or a different
 * data set with the same ids) stays where it was. Returns how many moved.
 */
export async function reattachAttempts(datasetId: string, db: SpievalDatabase = database()): Promise<number> {
  const deleted = await deletedDatasets(db)
  if (deleted.length === 0) return 0
  return db.transaction('rw', [db.attempts, db.tasks, db.taskRecords, db.meta, db.grades], async () => {
    const fingerprints = new Map<string, string | undefined>()
    const fingerprintOf = async (taskId: string): Promise<string | undefined> => {
      if (fingerprints.has(taskId)) return fingerprints.get(taskId)
      const [task, records] = await Promise.all([db.tasks.get([datasetId, taskId]), db.taskRecords.get([datasetId, taskId])])
      const fingerprint = task ? contentFingerprint({ task: task.task, records: records?.records ?? {} }) : undefined
      fingerprints.set(taskId, fingerprint)
      return fingerprint
    }
    let moved = 0
    const left: DeletedDataset[] = []
    for (const gone of deleted) {
      const rows = await attemptsOf(gone.id, db).toArray()
      const back: AttemptRow[] = []
      for (const row of rows) if (row.taskFingerprint !== undefined && row.taskFingerprint === (await fingerprintOf(row.taskId))) back.push(row)
      if (back.length > 0) {
        await db.attempts.bulkPut(back.map((row) => ({ ...row, datasetId })))
        await moveGrades(gone.id, datasetId, new Set(back.map((row) => row.id)), db)
        const runIds = new Set(back.flatMap((row) => (row.run ? [row.run.id] : [])))
        for (const run of await runsOf(gone.id, db)) if (runIds.has(run.id)) await db.meta.put({ key: RUN_PREFIX + run.id, value: { ...run, datasetId } })
        moved += back.length
      }
      if (back.length < rows.length) left.push(gone)
    }
    await saveDeleted(left, db)
    return moved
  })
}

const gradesOfDataset = (datasetId: string, db: SpievalDatabase) => db.grades.where('[datasetId+key]').between([datasetId, Dexie.minKey], [datasetId, Dexie.maxKey])

/** The grades of attempts that moved to another data set move with them; grades of attempts left behind stay. */
async function moveGrades(from: string, to: string, attempts: ReadonlySet<string>, db: SpievalDatabase): Promise<void> {
  const rows = (await gradesOfDataset(from, db).toArray()).filter((row) => attempts.has(row.grade.attempt))
  if (rows.length === 0) return
  await db.grades.bulkPut(rows.map((row) => ({ ...row, datasetId: to })))
  await db.grades.bulkDelete(rows.map((row): [string, string] => [from, row.key]))
}
