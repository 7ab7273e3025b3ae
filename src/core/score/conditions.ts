/**
 * A planner task's memory and skill conditions (docs/reference.md, "Planner
 * tasks"): a task is correct only when its bucket verdict holds and these
 * hold too. Read from a trajectory, whichever path made it: an attempt's
 * steps, or a response line's messages (src/core/results/lineTrajectory.ts).
 * A task without `memory` or `skills` keys has none, and is never read here.
 */
import type { Task, TaskRecords, ToolSchema } from '../dataset/types'
import { isMemoryReadTool } from '../tools/memoryTools'
import { loadedSkills } from '../tools/planner'
import { GET_MEMORY } from '../dataset/memoryTypes'
import type { ToolKind, Setting } from '../tools/types'
import { memoryReplay } from './memoryReplay'
import type { MemoryReplay } from './memoryReplay'
import type { ConditionErrorType, ConditionVerdict, TaskVerdict } from './types'

/** One call of a trajectory as the conditions read it; a memory read's `ok` says only that the runtime let it through (its hits are replayed). */
export interface ConditionStep {
  name: string
  arguments: unknown
  ok: boolean
  kind: ToolKind
  withdrawn?: boolean
}

/** What replaying a trajectory's memory reads needs: the data set's tools, the task's records, and the setting the calls were made in. */
export interface ConditionSource {
  tools: readonly ToolSchema[]
  records: TaskRecords | undefined
  setting: Setting
}

/** Whether a task has memory or skill conditions: only then is a trajectory read for them. */
export function hasConditions(task: Pick<Task, 'planner'>): boolean {
  return task.planner?.memory !== undefined || task.planner?.skills !== undefined
}

/** A task's conditions over a trajectory; undefined for a task without any (its verdict is the bucket's alone). */
export function taskConditions(task: Pick<Task, 'planner'>, steps: readonly ConditionStep[], source: ConditionSource): ConditionVerdict | undefined {
  if (!hasConditions(task)) return undefined
  // Only a memory condition needs the reads answered again.
  const memory = task.planner?.memory ? memoryReplay(source.tools, source.records, source.setting) : undefined
  return judgeConditions(task, steps, memory)
}

/**
 * The conditions over a trajectory. Evidence counts before the last
 * submitted action (what the solver could still act on), or to the end when
 * nothing was submitted; a forbidden skill counts wherever it was loaded.
 */
export function judgeConditions(task: Pick<Task, 'planner'>, steps: readonly ConditionStep[], memory: MemoryReplay | undefined): ConditionVerdict {
  const before = steps.slice(0, lastActionIndex(steps))
  const loaded = loadedSkills(steps)
  const loadedInTime = loadedSkills(before)
  const skills = task.planner?.skills
  const condition = task.planner?.memory
  const seen = condition && memory ? memoryEvidence(before, memory, condition.evidence) : new Set<string>()
  const memoryUsed = condition?.required.filter((id) => seen.has(id)) ?? []
  const memoryMissing = condition?.required.filter((id) => !seen.has(id)) ?? []
  const error: ConditionErrorType | null = skills?.forbidden.some((name) => loaded.has(name))
    ? 'skill_forbidden_loaded'
    : skills?.required.some((name) => !loadedInTime.has(name))
      ? 'skill_not_loaded'
      : memoryMissing.length > 0
        ? 'memory_not_used'
        : null
  return { memoryUsed, memoryMissing, memoryForbiddenUsed: condition?.forbidden.filter((id) => seen.has(id)) ?? [], skillsLoaded: [...loaded], error }
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

/**
 * A verdict under its task's conditions: a condition's error comes before
 * any other, and the conditions go with the verdict for the details. Without
 * conditions the verdict is the same object, so a published task's is
 * untouched.
 */
export function underConditions<V extends TaskVerdict>(verdict: V, conditions: ConditionVerdict | undefined): V {
  if (!conditions) return verdict
  const error = conditions.error
  return { ...verdict, correct: verdict.correct && error === null, errorType: error ?? verdict.errorType, conditions }
}
