import { APP_KEYS, DATASET_FILES, PLANNER_FILES, newId, setOwn } from '../core'
import type { Dataset, DatasetFiles, Task, TaskRecords } from '../core'
import { reattachAttempts } from './keptAttempts'
import type { DatasetRow, SpievalDatabase, TaskRecordsRow, TaskRow } from './schema'

/** How far an import is: tasks done of the total, while parsing or storing. */
export type ImportProgress = (done: number, total: number, phase: 'parse' | 'store') => void

/** What an import stored: the data set's row, and its tasks in file order as {@link listTasks} reads them back. */
export interface StoredDataset {
  row: DatasetRow
  tasks: Task[]
}

/** The `meta` key of the active data set's id. */
export const ACTIVE_KEY = 'activeDataset'

/** Tasks written per bulk call: big enough to be fast, small enough to report progress and bound memory. */
export const CHUNK = 1000

/** The task's non-empty app lists, in the registry's order. */
export function nonEmpty(records: TaskRecords | undefined): TaskRecords {
  const out: TaskRecords = {}
  for (const app of APP_KEYS) {
    const list = records?.[app]
    if (list && list.length > 0) setOwn(out, app, list)
  }
  return out
}

/** What storing a task needs of the loader, which the page loads on the first import (see importDataset). */
export type StoredForm = Pick<typeof import('../core/load'), 'appsToKeep' | 'storedTask'>

/** A task's row before its fingerprint is known, without its data set's id. */
export type UnhashedTaskFields = Omit<TaskRow, 'datasetId' | 'fingerprint'>

/** A task's records row without its data set's id. */
export type RecordsFields = Omit<TaskRecordsRow, 'datasetId'>

/** A task's row and its records' row, as stored (the data set's id is added as they are written). */
export function taskRows(loader: StoredForm, task: Task, sealed: boolean, file: TaskRecords | undefined, at: number | undefined, order: number): [UnhashedTaskFields, RecordsFields] {
  return [{ id: task.id, order, task: loader.storedTask(task, sealed) }, recordsRow(loader, task.id, file, at, order)]
}

/**
 * A task's records row: its non-empty lists, and what exportDataset needs to
 * write its entry of records_db.json back (its apps with their empty lists,
 * its place in the file), kept only where it is not already implied.
 */
function recordsRow(loader: StoredForm, taskId: string, file: TaskRecords | undefined, at: number | undefined, order: number): RecordsFields {
  const records = nonEmpty(file)
  const apps = file ? loader.appsToKeep(file, records) : undefined
  return { taskId, records, ...(apps ? { apps } : {}), ...(at !== undefined && at !== order ? { at } : {}) }
}

/** Each key's place among an object's keys (a Map keeps a repeated key at its first place, as JSON.parse does). */
export function places(keys: Iterable<string>): Map<string, number> {
  const at = new Map<string, number>()
  for (const key of keys) if (!at.has(key)) at.set(key, at.size)
  return at
}

/** A data set's row without the id and the time a store gives it. */
export type DatasetFields = Omit<DatasetRow, 'id' | 'created'>

/** A data set's row as an import stores it, `records` counted by the caller. */
export function datasetFields(dataset: Dataset, files: DatasetFiles, options: { name: string; source: string }, records: number): DatasetFields {
  const tools = files[DATASET_FILES.tools]
  const profile = files[DATASET_FILES.profile]
  const skills = files[PLANNER_FILES.skills]
  const agents = files[PLANNER_FILES.agents]
  return {
    name: options.name,
    tasks: dataset.tasks.length,
    records,
    tools: dataset.tools,
    profile: dataset.profile,
    hasProfile: dataset.hasProfile,
    source: options.source,
    ...(dataset.sealed ? { sealed: dataset.sealed } : {}),
    ...(dataset.skills ? { skills: dataset.skills } : {}),
    ...(dataset.agents ? { agents: dataset.agents } : {}),
    texts: {
      ...(tools !== undefined ? { tools } : {}),
      ...(profile !== undefined ? { profile } : {}),
      ...(skills !== undefined ? { skills } : {}),
      ...(agents !== undefined ? { agents } : {}),
    },
  }
}

/** A new data set's row: its fields with a new id, made now. */
export function newDatasetRow(fields: DatasetFields): DatasetRow {
  return { id: newId(), created: Date.now(), ...fields }
}

/** The kept attempts of a deleted copy of this data set come back with it; the import stands if that fails. */
export async function takeBackAttempts(row: DatasetRow, db: SpievalDatabase): Promise<void> {
  try {
    await reattachAttempts(row.id, db)
  } catch (err) {
    console.error(err)
  }
}
