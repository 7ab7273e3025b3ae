import { contentFingerprints, countRecords, isPlainObject, ownValue } from '../core'
import type { Dataset, DatasetFiles, Task } from '../core'
import { ACTIVE_KEY, CHUNK, datasetFields, newDatasetRow, places, takeBackAttempts, taskRows } from './datasetRows'
import type { DatasetFields, ImportProgress, RecordsFields, StoredDataset, StoredForm, UnhashedTaskFields } from './datasetRows'
import { SCHEMA_VERSION, database } from './schema'
import type { SpievalDatabase } from './schema'

const PREPARED_FORMAT = 'spieval-prepared-dataset'

/**
 * The sample the site bundles: its folder (the published format, for `?data=`
 * links and downloads), the file of its rows the build prepares beside it,
 * and the name and source a first visit stores it under.
 */
export const BUNDLED_SAMPLE = { folder: 'data/', prepared: 'sample-stored.json', name: 'Sample (Daniel Hayes)', source: 'sample' } as const

/**
 * A data set's rows exactly as an import stores them, made ahead of time
 * (the bundled sample's, when the site is built), so that storing them is
 * all that is left: no parsing, checking or hashing in the page. Without
 * the ids and times a store gives them. `schema` is the database version
 * whose layout the rows are in.
 */
export interface PreparedDataset {
  format: typeof PREPARED_FORMAT
  schema: number
  dataset: DatasetFields
  tasks: (UnhashedTaskFields & { fingerprint?: string })[]
  /** One a task, in the order of `tasks`. */
  records: RecordsFields[]
}

/** The rows of a data set the core has read and checked whole (see {@link prepareDataset}). */
export async function prepareRows(loader: StoredForm, dataset: Dataset, files: DatasetFiles, options: { name: string; source: string }): Promise<PreparedDataset> {
  const recordCount = Object.values(dataset.records).reduce((n, apps) => n + countRecords(apps), 0)
  const at = places(Object.keys(dataset.records))
  const sealed = dataset.sealed !== undefined
  const rows = dataset.tasks.map((task, order) => taskRows(loader, task, sealed, ownValue(dataset.records, task.id), at.get(task.id), order))
  const fingerprints = await contentFingerprints(rows.map(([taskRow, recordsRow]) => ({ task: taskRow.task, records: recordsRow.records })))
  return {
    format: PREPARED_FORMAT,
    schema: SCHEMA_VERSION,
    dataset: datasetFields(dataset, files, options, recordCount),
    tasks: rows.map(([taskRow], i) => ({ ...taskRow, fingerprint: fingerprints[i] })),
    records: rows.map(([, recordsRow]) => recordsRow),
  }
}

/** Reads and checks a data set's files as an import does, and gives the rows it would store (throws a DatasetError likewise). */
export async function prepareDataset(files: DatasetFiles, options: { name: string; source: string }): Promise<PreparedDataset> {
  const loader = await import('../core/load')
  return prepareRows(loader, loader.loadDataset(files).dataset, files, options)
}

/**
 * Whether a value is a prepared data set this page can store: the format, the
 * database layout of this page's code, and one records row a task. Anything
 * else (a site built from other code, a file cut short) is not stored: the
 * caller imports the data set's files instead.
 */
export function isPreparedDataset(value: unknown): value is PreparedDataset {
  return (
    isPlainObject(value) &&
    value.format === PREPARED_FORMAT &&
    value.schema === SCHEMA_VERSION &&
    isPlainObject(value.dataset) &&
    Array.isArray(value.tasks) &&
    Array.isArray(value.records) &&
    value.tasks.length === value.records.length &&
    value.dataset.tasks === value.tasks.length
  )
}

/** Stores a prepared data set as a new one, in one transaction, made active unless `activate` is false. */
export async function storePreparedDataset(
  prepared: PreparedDataset,
  options: { activate?: boolean; onProgress?: ImportProgress } = {},
  db: SpievalDatabase = database(),
): Promise<StoredDataset> {
  const row = newDatasetRow(prepared.dataset)
  const datasetId = row.id
  const total = prepared.tasks.length
  await db.transaction('rw', [db.datasets, db.tasks, db.taskRecords, db.meta], async () => {
    await db.datasets.add(row)
    for (let i = 0; i < total; i += CHUNK) {
      await Promise.all([
        db.taskRecords.bulkAdd(prepared.records.slice(i, i + CHUNK).map((recordsRow) => ({ datasetId, ...recordsRow }))),
        db.tasks.bulkAdd(prepared.tasks.slice(i, i + CHUNK).map((taskRow) => ({ datasetId, ...taskRow }))),
      ])
      options.onProgress?.(Math.min(i + CHUNK, total), total, 'store')
    }
    if (options.activate !== false) await db.meta.put({ key: ACTIVE_KEY, value: datasetId })
  })
  await takeBackAttempts(row, db)
  return { row, tasks: prepared.tasks.map((taskRow): Task => taskRow.task) }
}
