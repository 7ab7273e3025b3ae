/**
 * What every host of the attempt kernel answers an agent, written once: the
 * system prompt of an attempt, what opening (or forking) a task gives, and
 * what a submit answers (a verdict, or a sealed task's bare submission).
 * TaskHost (MCP, `npm run agent`), window.spieval and the page's runner use
 * these, so an agent meets the same words in each.
 */
import { systemPrompt } from '../agent/prompt'
import type { Attempt } from '../attempt/attempt'
import type { Profile, ToolSchema } from '../dataset/types'
import type { Mismatch, PredictedCall, TaskVerdict } from '../score/types'

/** What opening a task gives an agent (the same object as window.spieval.open). */
export interface OpenedTask {
  id: string
  type: string
  instruction: string
  profile: Profile
  systemPrompt: string
  tools: ToolSchema[]
  attemptId: string
}

/**
 * The verdict on a submitted attempt (the same object as window.spieval.submit).
 * A sealed task's attempt is only submitted: `sealed: true`, `correct` null, no mismatches.
 */
export interface SubmittedVerdict {
  id: string
  correct: boolean | null
  errorType: string | null
  sealed?: true
  calls: PredictedCall[]
  mismatches: Mismatch[]
  /** In live state, when the task names the changes it expects. */
  state?: { correct: boolean; errorType: string | null; mismatches: unknown[] }
}

/** What `submit` answers, in every host: the verdict with the calls it scored. */
export function submittedVerdict(verdict: Pick<SubmittedVerdict, 'id' | 'errorType' | 'mismatches' | 'state'> & { correct: boolean }, calls: PredictedCall[]): SubmittedVerdict {
  const state = verdict.state
  return {
    id: verdict.id,
    correct: verdict.correct,
    errorType: verdict.errorType,
    calls,
    mismatches: verdict.mismatches,
    ...(state ? { state: { correct: state.correct, errorType: state.errorType, mismatches: state.mismatches } } : {}),
  }
}

/** What `submit` answers for a sealed task: the calls as submitted, and no verdict (nothing here knows the gold). */
export function sealedSubmission(id: string, calls: PredictedCall[]): SubmittedVerdict {
  return { id, correct: null, errorType: null, sealed: true, calls, mismatches: [] }
}

/**
 * The system prompt of an attempt's task in its setting, with the data set's
 * profile (and a run's own template, if any). It lists the tools offered when
 * it is made: a skill's tools come with `load_skill`'s answer, not here.
 */
export function attemptPrompt(attempt: Attempt, profile: Profile, template?: string): string {
  const { records } = attempt.source
  return systemPrompt({ profile, tools: attempt.offeredTools(), setting: attempt.runtime.setting, records, ...(template ? { template } : {}) })
}

/** What opening or forking a task answers. */
export function openedTask(attempt: Attempt, profile: Profile): OpenedTask {
  const { task } = attempt.source
  return {
    id: task.id,
    type: task.type,
    instruction: task.instruction,
    profile,
    systemPrompt: attemptPrompt(attempt, profile),
    tools: attempt.offeredTools(),
    attemptId: attempt.id,
  }
}

/**
 * What `submit` answers, in every host: the verdict with the calls it scored,
 * read from the attempt after its finish. A call still running when submit
 * was asked is scored (the kernel finishes after it), so it is listed too.
 */
export function submission(attempt: Attempt, verdict: TaskVerdict | undefined): SubmittedVerdict {
  const calls = attempt.submittedCalls()
  if (verdict) return submittedVerdict(verdict, calls)
  if (attempt.sealed) return sealedSubmission(attempt.info.taskId, calls)
  throw new Error('The attempt was not scored')
}
