import { APP_KEYS, DATASET_FILES, loadDataset } from '../core'
import type { AppKey, Dataset, DatasetFiles, PhoneRecord, Task, TaskRecords } from '../core'
import { readTaskRecords, scanRecordsDb } from '../core/dataset/chunked'
import type { RecordsSlice } from '../core/dataset/chunked'
import { database } from './schema'
import type { DatasetRow, RecordsRow, SpievalDatabase, TaskRow } from './schema'

/** Rows written per bulk call: big enough to be fast, small enough to report progress. */
const CHUNK = 2000
const ACTIVE_KEY = 'activeDataset'

export type ImportProgress = (done: number, total: number, phase: 'parse' | 'store') => void

function countRecords(dataset: Dataset): number {
  let n = 0
  for (const apps of Object.values(dataset.records)) for (const list of Object.values(apps)) n += list?.length ?? 0
  return n
}

/** A task's records failed the chunked checks: the whole-file parser names the error. */
class RecordsProblem extends Error {}

/**
 * Parses and stores a data set, all or nothing: a bad file throws a
 * DatasetError (naming file and line) and leaves the stored data sets as they
 * were, as does a failed write.
 *
 * records_db.json is parsed and stored task by task (src/core/dataset/chunked.ts),
 * in one transaction, so that memory stays bounded by a chunk of rows however
 * big the data set is; the other files are checked whole by the core first.
 */
export async function importDataset(
  files: DatasetFiles,
  options: { name: string; source: string; activate?: boolean; onProgress?: ImportProgress },
  db: SpievalDatabase = database(),
): Promise<DatasetRow> {
  options.onProgress?.(0, 1, 'parse')
  const recordsText = files[DATASET_FILES.records]
  const scanned = recordsText === undefined ? undefined : scanRecordsDb(recordsText)
  if (!scanned) return storeWhole(loadDataset(files).dataset, options, db)
  const slices = new Map<string, RecordsSlice>()
  for (const slice of scanned.slices) slices.set(slice.taskId, slice)
  // Tasks, tools, profile and cross-references, checked by the core against an outline of records_db.json.
  const outline = JSON.stringify(Object.fromEntries([...slices.keys()].map((id) => [id, {}])))
  let dataset: Dataset
  try {
    dataset = loadDataset({ ...files, [DATASET_FILES.records]: outline }).dataset
  } catch {
    return storeWhole(loadDataset(files).dataset, options, db) // throws the full list of errors
  }
  const row = datasetRow(dataset, options, 0)
  const total = dataset.tasks.length
  try {
    await db.transaction('rw', [db.datasets, db.tasks, db.records, db.meta], async () => {
      let tasks: TaskRow[] = []
      let records: RecordsRow[] = []
      let pending: Promise<unknown> = Promise.resolve()
      let done = 0
      // Writes one chunk while the next is parsed; at most two chunks of rows are alive.
      const flush = async (stored: number) => {
        const batch = [tasks, records] as const
        tasks = []
        records = []
        await pending
        options.onProgress?.(done, total, 'store')
        done = stored
        pending = Promise.all([db.tasks.bulkAdd(batch[0]), db.records.bulkAdd(batch[1])])
      }
      for (let order = 0; order < dataset.tasks.length; order++) {
        const task = dataset.tasks[order] as Task
        const slice = slices.get(task.id)
        const taskRecords = slice ? readTaskRecords(scanned.text, slice) : undefined
        if (!taskRecords) throw new RecordsProblem(task.id)
        tasks.push({ datasetId: row.id, id: task.id, order, task })
        for (const app of APP_KEYS) {
          const list = taskRecords[app]
          if (list && list.length > 0) {
            records.push({ datasetId: row.id, taskId: task.id, app, records: list })
            row.records += list.length
          }
        }
        if (records.length + tasks.length >= CHUNK) await flush(order + 1)
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
  return row
}

function datasetRow(dataset: Dataset, options: { name: string; source: string }, records: number): DatasetRow {
  return {
    id: crypto.randomUUID(),
    name: options.name,
    created: Date.now(),
    tasks: dataset.tasks.length,
    records,
    tools: dataset.tools,
    profile: dataset.profile,
    hasProfile: dataset.hasProfile,
    source: options.source,
  }
}

/** The whole-file path: a data set already parsed in full (used when records_db.json is not a plain task → apps object). */
async function storeWhole(
  dataset: Dataset,
  options: { name: string; source: string; activate?: boolean; onProgress?: ImportProgress },
  db: SpievalDatabase,
): Promise<DatasetRow> {
  const row = datasetRow(dataset, options, countRecords(dataset))
  const taskRows = dataset.tasks.map((task, order) => ({ datasetId: row.id, id: task.id, order, task }))
  const recordRows: RecordsRow[] = []
  for (const task of dataset.tasks)
    for (const app of APP_KEYS) {
      const records = dataset.records[task.id]?.[app]
      if (records && records.length > 0) recordRows.push({ datasetId: row.id, taskId: task.id, app, records })
    }
  const total = taskRows.length + recordRows.length
  await db.transaction('rw', [db.datasets, db.tasks, db.records, db.meta], async () => {
    await db.datasets.add(row)
    let done = 0
    for (let i = 0; i < taskRows.length; i += CHUNK) {
      await db.tasks.bulkAdd(taskRows.slice(i, i + CHUNK))
      done += Math.min(CHUNK, taskRows.length - i)
      options.onProgress?.(done, total, 'store')
    }
    for (let i = 0; i < recordRows.length; i += CHUNK) {
      await db.records.bulkAdd(recordRows.slice(i, i + CHUNK))
      done += Math.min(CHUNK, recordRows.length - i)
      options.onProgress?.(done, total, 'store')
    }
    if (options.activate !== false) await db.meta.put({ key: ACTIVE_KEY, value: row.id })
  })
  return row
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

/** Deletes a data set with its tasks and records (attempts stay, for the record). */
export async function deleteDataset(id: string, db: SpievalDatabase = database()): Promise<void> {
  await db.transaction('rw', [db.datasets, db.tasks, db.records, db.meta], async () => {
    await db.tasks.where('[datasetId+order]').between([id, -Infinity], [id, Infinity]).delete()
    await db.records.where('[datasetId+taskId]').between([id, ''], [id, '\uffff']).delete()
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
): Promise<{ task: Task; records: TaskRecords } | undefined> {
  const row = await db.tasks.get([datasetId, taskId])
  if (!row) return undefined
  const recordRows = await db.records.where('[datasetId+taskId]').equals([datasetId, taskId]).toArray()
  const records: Partial<Record<AppKey, PhoneRecord[]>> = {}
  for (const r of recordRows) records[r.app] = r.records
  return { task: row.task, records }
}
