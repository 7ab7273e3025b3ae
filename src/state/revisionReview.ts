import { contentFingerprint, toolProperties } from '../core'
import { rescoreAttempt } from '../core/archive'
import { archivedAttempt, attemptCalls, loadTask, revisionByFingerprint } from '../db'
import type { AttemptRow } from '../db'
import { useSession } from './sessionStore'

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
 * under the current version). Undefined when the task is as it was, or the
 * attempt keeps no fingerprint (made before revisions existed).
 */
export async function earlierVersionOf(attempt: AttemptRow): Promise<EarlierVersion | undefined> {
  const { dataset } = useSession.getState()
  const fingerprint = attempt.taskFingerprint
  if (!fingerprint || !dataset || !attempt.finished) return undefined
  const current = await loadTask(dataset.id, attempt.taskId)
  if (!current || contentFingerprint(current) === fingerprint) return undefined
  const version = await revisionByFingerprint(dataset.id, attempt.taskId, fingerprint)
  if (!version) return undefined
  const calls = await attemptCalls(attempt.id)
  const kernel = { tools: dataset.tools, records: version.content.records, profile: dataset.profile }
  const judged = await rescoreAttempt(archivedAttempt(attempt, calls), version.content.task, toolProperties(dataset.tools), kernel)
  if (!judged.verdict) return undefined
  return { rev: version.rev, at: version.at, correct: judged.verdict.correct, errorType: judged.verdict.errorType }
}
