/**
 * The one rule that turns a live attempt's two verdicts (its calls, the state
 * they left) into the task's: the kernel's finish and `npm run score` both
 * call it, so the page and the command line agree.
 */
import type { Task } from '../dataset/types'
import type { TaskVerdict } from '../score/types'
import { correctUnder, verifyOf } from './read'
import type { StateVerdict } from './verdict'

/** A task's verdict in live state: `correct` and `errorType` under its verify mode, the calls' own verdict in `calls`. */
export interface LiveOutcome extends TaskVerdict {
  state?: StateVerdict
  /** The calls' own verdict, beside a state verdict. */
  calls?: { correct: boolean; errorType: string | null }
}

/**
 * Combines the calls' verdict and the state verdict under the task's verify
 * mode. A task wrong for its state alone gets `other` at the calls' level;
 * the state's own error type is in `state`.
 */
export function liveOutcome(task: Pick<Task, 'live'>, calls: TaskVerdict, state: StateVerdict | undefined): LiveOutcome {
  const verify = verifyOf(task.live)
  const correct = correctUnder(verify, calls.correct, state?.correct)
  const errorType = correct ? null : verify !== 'state' && calls.errorType ? calls.errorType : 'other'
  return {
    ...calls,
    correct,
    errorType,
    ...(state ? { state, calls: { correct: calls.correct, errorType: calls.errorType } } : {}),
  }
}
