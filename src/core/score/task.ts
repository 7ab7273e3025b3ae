import type { Task } from '../dataset/types'
import { explainTask, onlyPairingError, toolsError } from './pairing'
import { callChecksOf, judgePlannerTask, needsPlannerChecks } from './planner'
import type { ToolProperties } from './properties'
import { sortCalls } from './roles'
import type { ErrorType, PredictedCall, TaskVerdict } from './types'

export { toolProperties } from './properties'
export type { ToolProperties } from './properties'

/** What the scorer reads of a task: its gold, and the live and planner keys that change how its calls are checked. */
export type ScoredTask = Pick<Task, 'id' | 'answer' | 'freeParams' | 'live' | 'planner'>

/**
 * Scores one task's predicted execution calls against its gold calls:
 * correct only when they pair one to one (any order) with the same tools and
 * every constrained parameter acceptable. Pairs by an optimal assignment
 * (fewest mismatching parameters, then fewest missing), never greedily; a
 * task with `ordered: true` (live metadata) pairs them by position instead.
 * A planner task's `order`, `extraneous`, `alternatives` and `mentions`
 * check its calls further (src/core/score/planner.ts); the tools' roles
 * (`x-kind`) say which calls are actions. The verdict comes with its whole
 * explanation (see {@link judgeTask}).
 */
export function scoreTask(
  task: ScoredTask,
  given: readonly PredictedCall[] | undefined,
  properties: ToolProperties,
): TaskVerdict {
  return judgeTask(task, given, properties).explain()
}

/** A task's verdict, with its explanation (pairing, checks, mismatches) worked out when asked for, once. */
export interface TaskJudgement {
  id: string
  correct: boolean
  errorType: ErrorType | null
  explain(): TaskVerdict
}

/**
 * The verdict {@link scoreTask} gives, settled as early as it can be: the
 * counts and the tools decide a wrong count or a wrong tool, and where only
 * one pairing is possible a correct verdict needs each pair's parameters
 * compared, not described. The explanation is built when `explain()` is
 * called (a sweep is scored for its accuracy, and explained line by line as
 * its details are written); any other verdict is explained as it is judged,
 * as is a planner task's whenever its checks can change it.
 */
export function judgeTask(
  task: ScoredTask,
  given: readonly PredictedCall[] | undefined,
  properties: ToolProperties,
): TaskJudgement {
  if (given === undefined) {
    const verdict: TaskVerdict = { id: task.id, correct: false, errorType: 'no_response', mismatches: [], pairing: [], checks: [] }
    return { id: task.id, correct: false, errorType: 'no_response', explain: () => verdict }
  }
  // Retrieval and meta calls are never scored, asks never paired, whichever path handed them in (docs/reference.md, Scores).
  const calls = sortCalls(given, properties.roles)
  const predicted = calls.actions
  const ordered = task.live?.ordered === true
  const checks = callChecksOf(task)
  if (checks && needsPlannerChecks(checks, task.answer, calls)) {
    const verdict = judgePlannerTask(task, checks, calls, properties, ordered)
    return { id: verdict.id, correct: verdict.correct, errorType: verdict.errorType, explain: () => verdict }
  }
  const settled = toolsError(task.answer, predicted, ordered) ?? onlyPairingError(task, predicted, properties, ordered)
  if (settled !== undefined) {
    let explained: TaskVerdict | undefined
    return { id: task.id, correct: settled === null, errorType: settled, explain: () => (explained ??= explainTask(task, predicted, properties, ordered)) }
  }
  const verdict = explainTask(task, predicted, properties, ordered)
  return { id: verdict.id, correct: verdict.correct, errorType: verdict.errorType, explain: () => verdict }
}

