/**
 * Rubric pass rates, by bucket and by dimension: over the tasks judged by a
 * rubric, how many of each row's (task, unit) pairs passed, how many still
 * wait for people's grades (`rubric_pending`), and how many failed. A task a
 * unit has no answer to counts as failed, as the scorer counts it: the
 * denominator is every rubric task times the row's units. Read from the
 * verdicts the rows hold; nothing here scores.
 */
import type { Task } from '../dataset/types'
import { BUCKETS, DIMENSIONS } from '../dataset/plannerTypes'
import type { Bucket, Dimension } from '../dataset/plannerTypes'
import { bucketOf, dimensionOf } from '../results/plannerFigures'
import type { AnalysisRow } from './analyze'

export interface RubricRate {
  /** Rubric tasks in the group. */
  tasks: number
  /** Tasks × the row's units: the denominator. */
  pairs: number
  passed: number
  /** Waiting for people's grades: failures in the rate, counted apart. */
  pending: number
  /** Neither passed nor pending, no answer included. */
  failed: number
  /** passed / pairs, in percent. */
  rate: number
}

export interface RubricRates {
  buckets: Partial<Record<Bucket, RubricRate>>
  dimensions: Partial<Record<Dimension, RubricRate>>
}

type RubricTask = Pick<Task, 'id' | 'planner' | 'live'>

/** The row's rates for each group that holds a rubric task, in the groups' order; undefined when no task has a rubric. */
export function rubricRates(row: Pick<AnalysisRow, 'units' | 'outcomes'>, tasks: readonly RubricTask[]): RubricRates | undefined {
  const judged = tasks.filter((task) => task.planner?.rubric !== undefined)
  if (judged.length === 0) return undefined
  return { buckets: ratesBy(row, judged, BUCKETS, bucketOf), dimensions: ratesBy(row, judged, DIMENSIONS, dimensionOf) }
}

function ratesBy<G extends string>(row: Pick<AnalysisRow, 'units' | 'outcomes'>, tasks: readonly RubricTask[], groups: readonly G[], groupOf: (task: RubricTask) => G): Partial<Record<G, RubricRate>> {
  const rates: [G, RubricRate][] = []
  for (const group of groups) {
    const members = tasks.filter((task) => groupOf(task) === group)
    if (members.length === 0) continue
    let passed = 0
    let pending = 0
    for (const task of members)
      for (const outcome of row.outcomes[task.id] ?? []) {
        if (outcome.correct) passed++
        else if (outcome.errorType === 'rubric_pending') pending++
      }
    const pairs = members.length * row.units
    rates.push([group, { tasks: members.length, pairs, passed, pending, failed: pairs - passed - pending, rate: pairs === 0 ? 0 : (passed / pairs) * 100 }])
  }
  return Object.fromEntries(rates) as Partial<Record<G, RubricRate>>
}
