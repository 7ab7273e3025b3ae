import type { ArchivedStep, JudgedAttempt } from '../core'
import { database } from './schema'
import type { AttemptRow, CallRow, SpievalDatabase, StoredVerdict } from './schema'

/**
 * Storing what the re-scoring service (src/core/verdict) gave: storage keeps
 * it as it is and never scores. The service is the caller's to run: storage
 * takes it as an argument (an AttemptJudge) or its result as data.
 */

/**
 * An attempt's row with its new verdict and the task version it was computed
 * against; as it was when the service gave none. A verdict known to be under
 * the version the attempt was made on is kept beside it (`madeOnVerdict`),
 * for the earlier-version review.
 */
export function judgedRow(row: AttemptRow, judged: Pick<JudgedAttempt, 'verdict' | 'taskFingerprint'>): AttemptRow {
  if (!judged.verdict) return row
  const madeOn =
    !row.madeOnVerdict && row.verdict && row.taskFingerprint !== undefined && row.verdictFingerprint === row.taskFingerprint && judged.taskFingerprint !== row.taskFingerprint
      ? { madeOnVerdict: { fingerprint: row.taskFingerprint, verdict: row.verdict } }
      : {}
  return { ...row, verdict: judged.verdict, verdictFingerprint: judged.taskFingerprint, ...madeOn }
}

/** Keeps the verdict the service gave an attempt under the version it was made on (judged for the earlier-version review). */
export async function storeMadeOnVerdict(attemptId: string, fingerprint: string, verdict: StoredVerdict, db: SpievalDatabase = database()): Promise<void> {
  await db.write(() =>
    db.transaction('rw', db.attempts, async () => {
      const row = await db.attempts.get(attemptId)
      if (row && row.taskFingerprint === fingerprint) await db.attempts.put({ ...row, madeOnVerdict: { fingerprint, verdict } })
    }),
  )
}

/** An attempt's call rows as the service judged its steps, keeping what only the page knows of each (its screen, its active time). */
export function judgedCalls(attemptId: string, before: readonly CallRow[], steps: readonly ArchivedStep[]): CallRow[] {
  const bySeq = new Map(before.map((c) => [c.seq, c]))
  return steps.map((step): CallRow => {
    const old = bySeq.get(step.seq)
    return {
      attemptId,
      ...step,
      ...(old?.screen !== undefined ? { screen: old.screen } : {}),
      ...(old?.elapsedMs !== undefined ? { elapsedMs: old.elapsedMs } : {}),
    }
  })
}
