import Dexie from 'dexie'
import { changesEntries, changesMarkdown, profileChanges } from '../core/authoring'
import { writeDatasetFiles } from '../core'
import type { StoredRecords } from '../core'
import { datasetRevisions } from './revisions'
import { database } from './schema'
import type { SpievalDatabase } from './schema'

/**
 * A stored data set's files in the published format (docs/reference.md,
 * `exportDataset`), read in one transaction and written by the core
 * (src/core/load/export.ts): file name → text. A sealed data set gives its
 * sealed lines and sealed.json, as it was imported. Undefined when no such
 * data set is stored. A data set stored before exports existed has no lines
 * or texts as written: it is written from its fields, its records with no
 * empty lists, in the registry's app order and input_data.jsonl's task order.
 */
export async function exportDataset(datasetId: string, db: SpievalDatabase = database()): Promise<Record<string, string> | undefined> {
  const read = await db.transaction('r', [db.datasets, db.tasks, db.taskRecords], async () => {
    const row = await db.datasets.get(datasetId)
    if (!row) return undefined
    const tasks = await db.tasks.where('[datasetId+order]').between([datasetId, -Infinity], [datasetId, Infinity]).toArray()
    const records = await db.taskRecords.where('[datasetId+taskId]').between([datasetId, Dexie.minKey], [datasetId, Dexie.maxKey]).toArray()
    return { row, tasks, records }
  })
  if (!read) return undefined
  const { row } = read
  return writeDatasetFiles({
    tasks: read.tasks.map((r) => r.task),
    records: new Map<string, StoredRecords>(read.records.map((r) => [r.taskId, r])),
    tools: row.tools,
    ...(row.hasProfile ? { profile: row.profile } : {}),
    ...(row.texts ? { texts: row.texts } : {}),
    ...(row.sealed ? { sealed: row.sealed } : {}),
    ...(row.skills ? { skills: row.skills } : {}),
    ...(row.agents ? { agents: row.agents } : {}),
  })
}

/** The name of the revision log an export's folder carries beside the published files. */
export const CHANGES_FILE = 'CHANGES.md'

/**
 * The folder a person downloads: the published files (exportDataset) and
 * CHANGES.md, listing each task revised or added in the page and what changed
 * since the data set was imported.
 */
export async function exportDatasetFolder(datasetId: string, db: SpievalDatabase = database()): Promise<Record<string, string> | undefined> {
  const files = await exportDataset(datasetId, db)
  const row = await db.datasets.get(datasetId)
  if (!files || !row) return undefined
  const revisions = await datasetRevisions(datasetId, db)
  const order = (await db.tasks.where('[datasetId+order]').between([datasetId, -Infinity], [datasetId, Infinity]).toArray()).map((r) => r.id)
  const profile = row.profileEdits ? { changes: profileChanges(row.profileEdits.original, row.profile), authors: row.profileEdits.authors } : undefined
  return { ...files, [CHANGES_FILE]: changesMarkdown(row.name, changesEntries(revisions, order), profile) }
}
