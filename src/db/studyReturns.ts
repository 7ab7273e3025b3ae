/** A study link's return channel as this browser keeps it (issue #30): one row a study and participant. */
import { setOwn } from '../core'
import { database } from './schema'
import type { SpievalDatabase, StudyReturnRow } from './schema'

export async function loadStudyReturn(study: string, participant: string, db: SpievalDatabase = database()): Promise<StudyReturnRow | undefined> {
  return db.studyReturns.get([study, participant])
}

/** Keeps the claim, or what changed since (an upload confirmed, the manifest stored). */
export async function saveStudyReturn(row: StudyReturnRow, db: SpievalDatabase = database()): Promise<void> {
  await db.write(() => db.studyReturns.put({ ...row, updated: Date.now() }))
}

/** Adds one confirmed attempt upload to the row, read and written in one transaction (two uploads may end together). */
export async function markStudyUploadSent(study: string, participant: string, task: string, hash: string, db: SpievalDatabase = database()): Promise<void> {
  await db.write(() =>
    db.transaction('rw', db.studyReturns, async () => {
      const row = await db.studyReturns.get([study, participant])
      if (!row) return
      const sent = { ...row.sent }
      setOwn(sent, task, hash)
      await db.studyReturns.put({ ...row, sent, updated: Date.now() })
    }),
  )
}
