/**
 * Balanced F1 on met / not met: how an LLM judge's grades are held against
 * people's, and, grader against grader, how well people agree among
 * themselves (the bar the judge has to reach).
 */
import { graderColumn, graderPairs } from './agreementTable'
import type { RatingTable, RatingUnit } from './agreementTable'

/**
 * Macro F1 over the two classes: the mean of the F1 with "met" as the
 * positive class and the F1 with "not met" as the positive class. A class
 * that neither side uses says nothing about either and is left out of the
 * mean (its F1 would be 0/0); null when there is nothing to compare.
 * F1 is symmetric: swapping truth and prediction swaps false positives and
 * false negatives, so the result does not depend on which side is the truth.
 */
export function balancedF1(truth: readonly boolean[], predicted: readonly boolean[]): number | null {
  if (truth.length !== predicted.length) throw new Error(`balancedF1: ${truth.length} truths against ${predicted.length} predictions`)
  const scores = [classF1(truth, predicted, true), classF1(truth, predicted, false)].filter((f1): f1 is number => f1 !== null)
  return scores.length === 0 ? null : scores.reduce((total, f1) => total + f1, 0) / scores.length
}

export interface PairF1 {
  a: string
  b: string
  f1: number | null
  /** Units both rated. */
  n: number
}

export interface PairwiseF1 {
  /** Mean of the pairs' balanced F1 (each pair counts once, whatever its n); null without a comparable pair. */
  f1: number | null
  pairs: PairF1[]
}

/**
 * Each pair of graders compared on the units both rated, one against the
 * other, and the mean over the pairs: the people's own agreement. (Balanced
 * F1 is the same in both directions, so one direction serves for a pair.)
 */
export function pairwiseF1(table: RatingTable<RatingUnit<boolean>>): PairwiseF1 {
  const pairs = graderPairs(table.graders).map(([a, b]): PairF1 => {
    const left = graderColumn(table, a)
    const right = graderColumn(table, b)
    const both = left.flatMap((x, i) => {
      const y = right[i]
      return x === null || y === null || y === undefined ? [] : [[x, y] as const]
    })
    return { a, b, f1: balancedF1(both.map(([x]) => x), both.map(([, y]) => y)), n: both.length }
  })
  const scores = pairs.flatMap((pair) => (pair.f1 === null ? [] : [pair.f1]))
  return { f1: scores.length === 0 ? null : scores.reduce((total, f1) => total + f1, 0) / scores.length, pairs }
}

/** F1 with `positive` as the positive class; null when neither side ever says `positive`. */
function classF1(truth: readonly boolean[], predicted: readonly boolean[], positive: boolean): number | null {
  let hits = 0
  let misses = 0
  truth.forEach((t, i) => {
    const p = predicted[i]
    if (t === positive && p === positive) hits += 1
    else if (t === positive || p === positive) misses += 1
  })
  return hits + misses === 0 ? null : (2 * hits) / (2 * hits + misses)
}
