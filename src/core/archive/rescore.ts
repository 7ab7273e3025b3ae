import { keptVerdict } from '../attempt/types'
import type { Task } from '../dataset/types'
import { scoreTask } from '../score/task'
import type { ToolProperties } from '../score/task'
import { submittedOf } from '../tools/steps'
import { ToolRuntime } from '../tools/runtime'
import { isRetrievalToolName } from '../apps/registry'
import type { ToolSchema } from '../dataset/types'
import type { ArchivedAttempt, ArchivedStep, ArchivedVerdict } from './types'

/**
 * An imported trajectory with what decides its score worked out again: each
 * step's kind from its name, and each execution call's `ok` from this data
 * set's tool schemas. A file's `ok: true` on an invalid call would otherwise
 * make it a submitted action. Execution calls are checked against their
 * schemas only, so the runtime needs no records.
 */
export function verifiedSteps(steps: readonly ArchivedStep[], tools: ToolSchema[]): ArchivedStep[] {
  const runtime = new ToolRuntime(tools, {}, { setting: 'full' })
  return steps.map((step) => {
    const kind = isRetrievalToolName(step.name) ? 'retrieval' : 'execution'
    if (kind === 'retrieval') return step.kind === kind ? step : { ...step, kind }
    const ok = runtime.call(step.name, step.arguments, step.source).ok
    return step.kind === kind && step.ok === ok ? step : { ...step, kind, ok }
  })
}

/** A verdict as a person reads it: right or wrong, and why. */
export interface VerdictSummary {
  correct: boolean
  errorType: string | null
}

/** An imported attempt whose verdict in the file is not what this data set's gold gives. */
export interface VerdictChange {
  attemptId: string
  taskId: string
  actor: string
  /** As the file has it. */
  stored: VerdictSummary
  /** As this data set's gold scores the attempt's calls; this one is kept. */
  recomputed: VerdictSummary
}

/**
 * The verdict an imported attempt keeps: the one the page's scorer gives its
 * submitted calls against this data set's gold, never the file's. A file is
 * only text: its verdict can have been edited (and the manifest deleted), or
 * made against other gold. An unfinished attempt submitted nothing, so it has
 * no verdict, whatever the file says. `change` is set when the file had a
 * verdict that differs in `correct` or `errorType`; mismatches alone are not
 * a different verdict (their wording can change with the scorer), and the
 * recomputed ones are kept anyway.
 */
export function rescoreAttempt(
  attempt: ArchivedAttempt,
  task: Pick<Task, 'id' | 'answer' | 'freeParams'>,
  properties: ToolProperties,
): { verdict?: ArchivedVerdict; change?: VerdictChange } {
  if (!attempt.finished) return {}
  const scored = scoreTask(task, submittedOf(attempt.steps), properties)
  const verdict: ArchivedVerdict = keptVerdict(scored)
  const stored = attempt.verdict
  if (!stored || (stored.correct === verdict.correct && stored.errorType === verdict.errorType)) return { verdict }
  return {
    verdict,
    change: {
      attemptId: attempt.id,
      taskId: attempt.taskId,
      actor: attempt.actor,
      stored: { correct: stored.correct, errorType: stored.errorType },
      recomputed: { correct: verdict.correct, errorType: verdict.errorType },
    },
  }
}
