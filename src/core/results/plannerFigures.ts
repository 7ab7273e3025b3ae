/**
 * A planner data set's figures in result.json (docs/reference.md, "Planner
 * tasks"): accuracy by MobilePA-Bench dimension and by verification bucket,
 * and the weighted `overall_mobilepa`. Counted from the same verdicts as the
 * SPIEval table; a task with no line is wrong, and so is one whose rubric
 * waits for people's grades (`rubric_pending`: not correct yet). A data set
 * whose tasks name no `dimension` has none of these figures, so a published
 * SPIEval result stays as it was.
 */
import type { Task } from '../dataset/types'
import { BUCKETS, DIMENSIONS, DIMENSION_WEIGHTS } from '../dataset/plannerTypes'
import type { Bucket, Dimension } from '../dataset/plannerTypes'
import { meanStd } from '../score/stats'

/** Accuracy in percent over the tasks of a group: mean and std over runs (divisor n), like the rest of result.json. */
export interface GroupFigure {
  tasks: number
  mean: number
  std: number
}

export interface PlannerFigures {
  dimensions: Partial<Record<Dimension, GroupFigure>>
  /** 0.5 basic + 0.1 subagent + 0.2 memory + 0.2 skill; null when a dimension has no tasks (see `overall_mobilepa_partial`). */
  overall_mobilepa: number | null
  /** Where a dimension has no tasks: the weighted mean over those that have, the weights renormalised. */
  overall_mobilepa_partial?: number
  buckets: Partial<Record<Bucket, GroupFigure>>
}

type PlannedTask = Pick<Task, 'id' | 'planner' | 'live'>

export function isPlannerDataset(tasks: readonly PlannedTask[]): boolean {
  return tasks.some((task) => task.planner?.dimension !== undefined)
}

export const dimensionOf = (task: PlannedTask): Dimension => task.planner?.dimension ?? 'basic'

/** The task's bucket as given, else what its verify mode implies (the state for `state`, else its calls). */
export function bucketOf(task: PlannedTask): Bucket {
  return task.planner?.bucket ?? (task.live?.verify === 'state' ? 'state_change' : 'tool_call')
}

/** The figures over runs, each run given by the ids of the tasks it got right; undefined outside a planner data set. */
export function plannerFigures(tasks: readonly PlannedTask[], runs: readonly ReadonlySet<string>[]): PlannerFigures | undefined {
  if (!isPlannerDataset(tasks)) return undefined
  const dimensions = groupFigures(tasks, runs, DIMENSIONS, dimensionOf)
  const buckets = groupFigures(tasks, runs, BUCKETS, bucketOf)
  const present = DIMENSIONS.filter((d) => dimensions[d] !== undefined)
  const weighted = present.reduce((sum, d) => sum + DIMENSION_WEIGHTS[d] * (dimensions[d]?.mean ?? 0), 0)
  if (present.length === DIMENSIONS.length) return { dimensions, overall_mobilepa: weighted, buckets }
  const weights = present.reduce((sum, d) => sum + DIMENSION_WEIGHTS[d], 0)
  return { dimensions, overall_mobilepa: null, overall_mobilepa_partial: weights === 0 ? 0 : weighted / weights, buckets }
}

/** Each group that has tasks, in the given order: its task count and its accuracy's mean and std over runs. */
function groupFigures<G extends string>(tasks: readonly PlannedTask[], runs: readonly ReadonlySet<string>[], groups: readonly G[], groupOf: (task: PlannedTask) => G): Partial<Record<G, GroupFigure>> {
  const figures: [G, GroupFigure][] = []
  for (const group of groups) {
    const members = tasks.filter((task) => groupOf(task) === group)
    if (members.length === 0) continue
    const accuracies = runs.map((correct) => (100 * members.filter((task) => correct.has(task.id)).length) / members.length)
    figures.push([group, { tasks: members.length, ...meanStd(accuracies) }])
  }
  return Object.fromEntries(figures) as Partial<Record<G, GroupFigure>>
}
