import { stepFields } from '../core'
import type { ArchivedAttempt, ArchivedStep } from '../core/archive'
import { withLatest } from './attempts'
import type { AttemptRow, CallRow } from './schema'

// Apart from the archive's import and export: a revision and an unsealing judge stored attempts through it at start-up, and
// whatever shares a module with it is in the page's first load.
function archivedStep(row: CallRow): ArchivedStep {
  return { seq: row.seq, at: row.at, ...stepFields(row) }
}

/**
 * A stored attempt as an archive carries it (without data set, screen and
 * import source, which are local), its summary row brought up to date with its
 * calls first (an unfinished attempt's row trails them, see saveStep).
 */
export function archivedAttempt(stored: AttemptRow, calls: readonly CallRow[]): ArchivedAttempt {
  const row = withLatest(stored, calls)
  return {
    id: row.id,
    taskId: row.taskId,
    access: row.access,
    actor: row.actor,
    started: row.started,
    elapsedMs: row.elapsedMs,
    finished: row.finished,
    ...(row.ended !== undefined ? { ended: row.ended } : {}),
    ...(row.verdict ? { verdict: row.verdict } : {}),
    ...(row.flags ? { flags: row.flags } : {}),
    ...(row.parent ? { parent: row.parent } : {}),
    ...(row.state === 'live' ? { state: 'live' as const } : {}),
    ...(row.failure ? { failure: row.failure } : {}),
    ...(row.run ? { run: row.run } : {}),
    ...(row.taskFingerprint ? { taskFingerprint: row.taskFingerprint } : {}),
    ...(row.afterGold ? { afterGold: true as const } : {}),
    steps: calls.map(archivedStep),
  }
}

