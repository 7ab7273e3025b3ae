import Dexie from 'dexie'
import { DATASET_FILES, contentFingerprints, countRecords } from '../core'
import type { Dataset, DatasetFiles, Task, TaskRecords } from '../core'
import { readTaskRecords, scanRecordsDb } from '../core'
import type { RecordsSlice } from '../core'
import { ACTIVE_KEY, CHUNK, datasetFields, newDatasetRow, places, takeBackAttempts, taskRows } from './datasetRows'
import type { ImportProgress, RecordsFields, StoredDataset, UnhashedTaskFields } from './datasetRows'
import { keepOrDeleteAttempts } from './keptAttempts'
import { prepareRows, storePreparedDataset } from './preparedDataset'
import { database } from './schema'
import type { DatasetRow, SpievalDatabase } from './schema'

export type { ImportProgress, StoredDataset } from './datasetRows'

/**
 * Starts loading the code an import needs (the loader is not in the page's first load). A page that is about to
 * download a data set calls it first, so that the code arrives while the files do instead of after them.
 */
export function prepareImport(): Promise<unknown> {
  return import('../core/load')
}

/**
 * Adds a chunk of rows inside the import's transaction, each task with the
 * version's fingerprint over what is stored. The fingerprints are hashed
 * asynchronously (by WebCrypto where there is one) while the records rows are
 * written; Dexie.waitFor keeps the transaction open until they are back.
 */
function addRows(db: SpievalDatabase, datasetId: string, rows: readonly [UnhashedTaskFields, RecordsFields][]): Promise<unknown> {
  const fingerprints = contentFingerprints(rows.map(([taskRow, recordsRow]) => ({ task: taskRow.task, records: recordsRow.records })))
  const records = db.taskRecords.bulkAdd(rows.map(([, recordsRow]) => ({ datasetId, ...recordsRow })))
  const tasks = Dexie.waitFor(fingerprints).then((hashes) => db.tasks.bulkAdd(rows.map(([taskRow], i) => ({ datasetId, ...taskRow, fingerprint: hashes[i] }))))
  return Promise.all([records, tasks])
}

/** A task's records failed the chunked checks: the whole-file parser names the error. */
class RecordsProblem extends Error {}

type ImportOptions = { name: string; source: string; activate?: boolean; onProgress?: ImportProgress }

/** {@link storeDataset}, for a caller that needs only the new data set's row. */
export async function importDataset(files: DatasetFiles, options: ImportOptions, db: SpievalDatabase = database()): Promise<DatasetRow> {
  return (await storeDataset(files, options, db)).row
}

/**
 * Parses and stores a data set, all or nothing: a bad file throws a
 * DatasetError (naming file and line) and leaves the stored data sets as they
 * were, as does a failed write.
 *
 * records_db.json is parsed and stored task by task (src/core/dataset/chunked.ts),
 * in one transaction, so that memory stays bounded by a chunk of records
 * however big the data set is; the other files are checked whole by the core
 * first. It returns the tasks it stored (without their records), so that a
 * page opening the new data set need not read them back.
 */
export async function storeDataset(files: DatasetFiles, options: ImportOptions, db: SpievalDatabase = database()): Promise<StoredDataset> {
  options.onProgress?.(0, 1, 'parse')
  // The loader is not in the page's first load: a page whose data set is stored never parses one.
  const loader = await import('../core/load')
  const { loadDataset } = loader
  const recordsText = files[DATASET_FILES.records]
  const scanned = recordsText === undefined ? undefined : scanRecordsDb(recordsText)
  if (!scanned) return storeWhole(loader, loadDataset(files).dataset, files, options, db)
  const slices = new Map<string, RecordsSlice>()
  for (const slice of scanned.slices) slices.set(slice.taskId, slice)
  // Tasks, tools, profile and cross-references, checked by the core against an outline of records_db.json.
  const outline = JSON.stringify(Object.fromEntries([...slices.keys()].map((id) => [id, {}])))
  let dataset: Dataset
  try {
    dataset = loadDataset({ ...files, [DATASET_FILES.records]: outline }).dataset
  } catch {
    return storeWhole(loader, loadDataset(files).dataset, files, options, db) // throws the full list of errors
  }
  const row = newDatasetRow(datasetFields(dataset, files, options, 0))
  const at = places(slices.keys())
  const sealed = dataset.sealed !== undefined
  const total = dataset.tasks.length
  const tasks: Task[] = []
  try {
    await db.transaction('rw', [db.datasets, db.tasks, db.taskRecords, db.meta], async () => {
      let rows: [UnhashedTaskFields, RecordsFields][] = []
      let pending: Promise<unknown> = Promise.resolve()
      let done = 0
      // Writes one chunk while the next is parsed; at most two chunks of rows are alive.
      const flush = async (stored: number) => {
        const batch = rows
        rows = []
        await pending
        options.onProgress?.(done, total, 'store')
        done = stored
        pending = addRows(db, row.id, batch)
      }
      for (let order = 0; order < dataset.tasks.length; order++) {
        const task = dataset.tasks[order] as Task
        const slice = slices.get(task.id)
        const taskRecords = slice ? readTaskRecords(scanned.text, slice) : undefined
        if (!taskRecords) throw new RecordsProblem(task.id)
        const taskAndRecords = taskRows(loader, task, sealed, taskRecords, at.get(task.id), order)
        rows.push(taskAndRecords)
        tasks.push(taskAndRecords[0].task)
        row.records += countRecords(taskRecords)
        if (rows.length >= CHUNK) await flush(order + 1)
      }
      await flush(total)
      await pending
      options.onProgress?.(total, total, 'store')
      await db.datasets.add(row)
      if (options.activate !== false) await db.meta.put({ key: ACTIVE_KEY, value: row.id })
    })
  } catch (err) {
    if (!(err instanceof RecordsProblem)) throw err
    loadDataset(files) // throws the DatasetError that names file and line
    throw new Error(`records_db.json: the records of task "${err.message}" could not be read`, { cause: err })
  }
  await takeBackAttempts(row, db)
  return { row, tasks }
}

/** The whole-file path: a data set already parsed in full (used when records_db.json is not a plain task → apps object). */
async function storeWhole(loader: Parameters<typeof prepareRows>[0], dataset: Dataset, files: DatasetFiles, options: ImportOptions, db: SpievalDatabase): Promise<StoredDataset> {
  return storePreparedDataset(await prepareRows(loader, dataset, files, options), options, db)
}

/** The stored data sets, newest first. */
export async function listDatasets(db: SpievalDatabase = database()): Promise<DatasetRow[]> {
  return (await db.datasets.orderBy('created').toArray()).reverse()
}

/** The active data set, if any is stored. */
export async function activeDataset(db: SpievalDatabase = database()): Promise<DatasetRow | undefined> {
  const id = (await db.meta.get(ACTIVE_KEY))?.value
  const row = typeof id === 'string' ? await db.datasets.get(id) : undefined
  return row ?? (await listDatasets(db))[0]
}

export async function setActiveDataset(id: string, db: SpievalDatabase = database()): Promise<void> {
  await db.meta.put({ key: ACTIVE_KEY, value: id })
}

/** Records where a data set came from: its `source` and the hash of its files as fetched (a `?data=` link's folder). */
export async function setDatasetSource(id: string, source: { source: string; sourceHash?: string }, db: SpievalDatabase = database()): Promise<void> {
  await db.datasets.update(id, source)
}

/**
 * Deletes a data set with its tasks, records, studies and edit history (every
 * revision, gold included). Its attempts and agent runs are kept, for an
 * import of the same data set to take back (./keptAttempts.ts), unless
 * `withAttempts` deletes them too.
 */
export async function deleteDataset(id: string, db: SpievalDatabase = database(), options: { withAttempts?: boolean } = {}): Promise<void> {
  await db.transaction('rw', [db.datasets, db.tasks, db.taskRecords, db.meta, db.studies, db.revisions, db.attempts, db.calls, db.grades], async () => {
    const row = await db.datasets.get(id)
    await db.tasks.where('[datasetId+order]').between([id, -Infinity], [id, Infinity]).delete()
    await db.studies.where('datasetId').equals(id).delete()
    await db.taskRecords.where('[datasetId+taskId]').between([id, Dexie.minKey], [id, Dexie.maxKey]).delete()
    await db.revisions.where('[datasetId+taskId+rev]').between([id], [id, []]).delete()
    if (row) await keepOrDeleteAttempts(row, options.withAttempts === true, db)
    await db.datasets.delete(id)
    const active = await db.meta.get(ACTIVE_KEY)
    if (active?.value === id) await db.meta.delete(ACTIVE_KEY)
  })
}

/** A data set's tasks in file order. */
export async function listTasks(datasetId: string, db: SpievalDatabase = database()): Promise<Task[]> {
  const rows = await db.tasks.where('[datasetId+order]').between([datasetId, -Infinity], [datasetId, Infinity]).toArray()
  return rows.map((r) => r.task)
}

/** One task with its records, app by app. */
export async function loadTask(
  datasetId: string,
  taskId: string,
  db: SpievalDatabase = database(),
): Promise<{ task: Task; records: TaskRecords; fingerprint?: string } | undefined> {
  const [row, records] = await Promise.all([db.tasks.get([datasetId, taskId]), db.taskRecords.get([datasetId, taskId])])
  if (!row) return undefined
  return { task: row.task, records: records?.records ?? {}, ...(row.fingerprint !== undefined ? { fingerprint: row.fingerprint } : {}) }
}
