import { contentFingerprint, judgeContext } from '../core'
import type { TaskVersion } from '../core'
import { archivedAttempt, attemptCalls, loadTask, revisionByFingerprint, storeMadeOnVerdict } from '../db'
import type { AttemptRow } from '../db'
import { gradedJudgeFor } from '../state/gradedJudge'
import { useSession } from '../state/sessionStore'

/** The version of a task an attempt was made on, when the task was revised since, and the attempt's verdict under it. */
export interface EarlierVersion {
  rev: number
  /** When that version was saved (the import, for revision 0). */
  at: number
  correct: boolean
  errorType: string | null
}

/**
 * The review of an attempt made on an earlier version of its task says so:
 * the version it was made on and its verdict there (the phone's verdict is
 * under the current version). That verdict is the one stored for that
 * version (kept when a revision judged the attempt again); one not stored
 * yet is judged by the re-scoring service (src/core/verdict) and stored.
 * Undefined when the task is as it was, or the attempt keeps no fingerprint
 * (made before revisions existed).
 */
export async function earlierVersionOf(attempt: AttemptRow): Promise<EarlierVersion | undefined> {
  const { dataset } = useSession.getState()
  const fingerprint = attempt.taskFingerprint
  if (!fingerprint || !dataset || !attempt.finished) return undefined
  const current = await loadTask(dataset.id, attempt.taskId)
  if (!current || (current.fingerprint ?? contentFingerprint(current)) === fingerprint) return undefined
  const version = await revisionByFingerprint(dataset.id, attempt.taskId, fingerprint)
  if (!version) return undefined
  const verdict = attempt.madeOnVerdict?.fingerprint === fingerprint ? attempt.madeOnVerdict.verdict : await judgeMadeOn(attempt, { ...version.content, fingerprint })
  if (!verdict) return undefined
  return { rev: version.rev, at: version.at, correct: verdict.correct, errorType: verdict.errorType }
}

async function judgeMadeOn(attempt: AttemptRow, version: TaskVersion) {
  const { dataset } = useSession.getState()
  if (!dataset) return undefined
  const calls = await attemptCalls(attempt.id)
  const judge = await gradedJudgeFor(dataset.id)
  const judged = await judge(archivedAttempt(attempt, calls), version, judgeContext(dataset))
  if (judged.verdict) await storeMadeOnVerdict(attempt.id, version.fingerprint, judged.verdict)
  return judged.verdict
}
