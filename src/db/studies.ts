import type { StudyFile } from '../core/study'
import { database } from './schema'
import type { SpievalDatabase, StudyRow } from './schema'

/** Keeps a study with the data set it was made from; the same study again replaces it. */
export async function saveStudy(datasetId: string, study: StudyFile, db: SpievalDatabase = database()): Promise<StudyRow> {
  const row: StudyRow = { id: study.id, datasetId, study, added: Date.now() }
  await db.write(() => db.studies.put(row))
  return row
}

/** The studies of a data set, oldest first. */
export async function listStudies(datasetId: string, db: SpievalDatabase = database()): Promise<StudyRow[]> {
  const rows = await db.studies.where('datasetId').equals(datasetId).toArray()
  return rows.sort((a, b) => a.added - b.added)
}

export async function deleteStudy(id: string, db: SpievalDatabase = database()): Promise<void> {
  await db.write(() => db.studies.delete(id))
}
