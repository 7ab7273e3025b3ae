/**
 * A planner task's memory and skill conditions and its rubric (docs/reference.md,
 * "Planner tasks"): a task is correct only when its bucket verdict holds and
 * its conditions hold too; in the `agent_behavior` bucket the bucket verdict
 * is the rubric's. Read from a trajectory, whichever path made it: an
 * attempt's steps, or a response line's messages
 * (src/core/results/lineTrajectory.ts). A task without `memory`, `skills` or
 * `rubric` keys has none, and is never read here.
 */
import type { Task, TaskRecords, ToolSchema } from '../dataset/types'
import { isMemoryReadTool } from '../tools/memoryTools'
import { loadedSkills } from '../tools/planner'
import { GET_MEMORY } from '../dataset/memoryTypes'
import type { ToolKind, Setting } from '../tools/types'
import { memoryReplay } from './memoryReplay'
import type { MemoryReplay } from './memoryReplay'
import { judgeRubric, rubricDecides, rubricError, unansweredRubric } from './rubric'
import type { RubricDecisions } from './rubric'
import { autoCheckMet } from './rubricChecks'
import type { ConditionErrorType, ConditionVerdict, TaskVerdict } from './types'

/** One call of a trajectory as the conditions read it; a memory read's `ok` says only that the runtime let it through (its hits are replayed). */
export interface ConditionStep {
  name: string
  arguments: unknown
  ok: boolean
  kind: ToolKind
  withdrawn?: boolean
}

/**
 * What judging a trajectory's conditions needs: the data set's tools, the
 * task's records and the setting the calls were made in (to answer memory
 * reads again), and people's decisions on the rubric's items without a
 * check, where there are any.
 */
export interface ConditionSource {
  tools: readonly ToolSchema[]
  records: TaskRecords | undefined
  setting: Setting
  decisions?: RubricDecisions
}

/** Whether a task has memory or skill conditions or a rubric: only then is a trajectory read for them. */
export function hasConditions(task: Pick<Task, 'planner'>): boolean {
  return task.planner?.memory !== undefined || task.planner?.skills !== undefined || task.planner?.rubric !== undefined
}

/** Whether judging a task reads its memory items: a memory condition, or a rubric item checking memory used. */
export function readsMemory(task: Pick<Task, 'planner'>): boolean {
  return task.planner?.memory !== undefined || (task.planner?.rubric?.items.some((item) => item.auto?.kind === 'memory_used') ?? false)
}

/** A task's conditions over a trajectory; undefined for a task without any (its verdict is the bucket's alone). */
export function taskConditions(task: Pick<Task, 'planner'>, steps: readonly ConditionStep[], source: ConditionSource): ConditionVerdict | undefined {
  if (!hasConditions(task)) return undefined
  // Only memory evidence needs the reads answered again.
  const memory = readsMemory(task) ? memoryReplay(source.tools, source.records, source.setting) : undefined
  return judgeConditions(task, steps, memory, source)
}

/**
 * The conditions over a trajectory. Evidence counts before the last
 * submitted action (what the solver could still act on), or to the end when
 * nothing was submitted; a forbidden skill counts wherever it was loaded. A
 * rubric's `memory_used` and `skill_loaded` read the same evidence, so that
 * an item and a condition on the same memory or skill never disagree.
 */
export function judgeConditions(
  task: Pick<Task, 'planner'>,
  steps: readonly ConditionStep[],
  memory: MemoryReplay | undefined,
  source: Pick<ConditionSource, 'tools' | 'decisions'> = { tools: [] },
): ConditionVerdict {
  const before = steps.slice(0, lastActionIndex(steps))
  const loaded = loadedSkills(steps)
  const loadedInTime = loadedSkills(before)
  const skills = task.planner?.skills
  const condition = task.planner?.memory
  const seen = memory ? memoryEvidence(before, memory, condition?.evidence ?? 'returned') : new Set<string>()
  const memoryUsed = condition?.required.filter((id) => seen.has(id)) ?? []
  const memoryMissing = condition?.required.filter((id) => !seen.has(id)) ?? []
  const error: ConditionErrorType | null = skills?.forbidden.some((name) => loaded.has(name))
    ? 'skill_forbidden_loaded'
    : skills?.required.some((name) => !loadedInTime.has(name))
      ? 'skill_not_loaded'
      : memoryMissing.length > 0
        ? 'memory_not_used'
        : null
  const verdict: ConditionVerdict = { memoryUsed, memoryMissing, memoryForbiddenUsed: condition?.forbidden.filter((id) => seen.has(id)) ?? [], skillsLoaded: [...loaded], error }
  const rubric = task.planner?.rubric
  if (!rubric) return verdict
  const evidence = { steps, memoryUsed: seen, skillsLoaded: loadedInTime, tools: source.tools }
  const judged = judgeRubric(rubric, (check) => autoCheckMet(check, evidence), rubricDecides(task), source.decisions)
  // The conditions' errors come first; then, where the rubric decides, pending before failed.
  return { ...verdict, rubric: judged, error: error ?? (judged.decides ? rubricError(judged) : null) }
}

/**
 * A task's conditions where no line answered it, for its details: what an
 * empty trajectory meets (not even a pinned memory counts), and a rubric with
 * nothing met. Undefined for a task without any.
 */
export function unansweredConditions(task: Pick<Task, 'planner'>): ConditionVerdict | undefined {
  if (!hasConditions(task)) return undefined
  const rubric = task.planner?.rubric
  const { rubric: _judged, ...conditions } = judgeConditions(task, [], undefined)
  if (!rubric) return conditions
  const unanswered = unansweredRubric(rubric, rubricDecides(task))
  return { ...conditions, rubric: unanswered, error: conditions.error ?? (unanswered.decides ? rubricError(unanswered) : null) }
}

/** The index of the last submitted action (a successful, kept execution call), or the trajectory's length when there is none. */
function lastActionIndex(steps: readonly ConditionStep[]): number {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]
    if (step && step.kind === 'execution' && step.ok && !step.withdrawn) return i
  }
  return steps.length
}

/**
 * The memory ids these steps give evidence of: what successful reads
 * returned and the pinned items (`returned`), or what `get_memory` opened
 * (`opened`: a pinned item was never opened).
 */
function memoryEvidence(steps: readonly ConditionStep[], memory: MemoryReplay, evidence: 'returned' | 'opened'): Set<string> {
  const seen = new Set<string>(evidence === 'returned' ? memory.pinned : [])
  for (const step of steps) {
    if (!step.ok || !isMemoryReadTool(step.name) || (evidence === 'opened' && step.name !== GET_MEMORY)) continue
    for (const id of memory.returned(step)) seen.add(id)
  }
  return seen
}

/** Whether a task is correct under its conditions, its bucket verdict being `correct`: where the rubric decides, the calls do not count. */
export function correctUnder(correct: boolean, conditions: ConditionVerdict | undefined): boolean {
  if (!conditions) return correct
  return conditions.error === null && (correct || conditions.rubric?.decides === true)
}

/**
 * A verdict under its task's conditions: a condition's error comes before
 * any other, and the conditions go with the verdict for the details. Where
 * the rubric decides (the `agent_behavior` bucket), the verdict is the
 * rubric's and the conditions': the calls' errors and mismatches do not
 * count, and none is reported. Without conditions the verdict is the same
 * object, so a published task's is untouched.
 */
export function underConditions<V extends TaskVerdict>(verdict: V, conditions: ConditionVerdict | undefined): V {
  if (!conditions) return verdict
  const error = conditions.error
  if (conditions.rubric?.decides) return { ...verdict, correct: error === null, errorType: error, mismatches: [], conditions }
  return { ...verdict, correct: correctUnder(verdict.correct, conditions), errorType: error ?? verdict.errorType, conditions }
}
