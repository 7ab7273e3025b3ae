/**
 * Agreement between raters of nominal categories, with missing ratings:
 * the raw share of agreeing pairs, Cohen's kappa for two raters and
 * Krippendorff's alpha for a panel. Counts are kept as integers as long as
 * possible so that textbook examples come out exact.
 */
import type { Category, RatingTable, RatingUnit } from './agreementTable'

export interface AgreementScope<U extends RatingUnit> {
  /** Only pairs that include this grader (how well one grader agrees with the rest). */
  grader?: string
  /** Only the units it accepts (one task, one item…). */
  units?: (unit: U) => boolean
}

export interface RawAgreement {
  /** Agreeing pairs / pairs; null without a pair. */
  agreement: number | null
  pairs: number
  agreeing: number
  /** Units with a pair in scope (at least two ratings, one of them the grader's when a grader is given). */
  units: number
}

/**
 * The share of agreeing pairs of ratings among all pairs that can be made
 * within a unit (a unit with fewer than two ratings makes none).
 */
export function rawAgreement<U extends RatingUnit>(table: RatingTable<U>, scope: AgreementScope<U> = {}): RawAgreement {
  let pairs = 0
  let agreeing = 0
  let units = 0
  for (const unit of table.units) {
    if (scope.units !== undefined && !scope.units(unit)) continue
    const counts = countValues(unit.ratings.values())
    const m = unit.ratings.size
    let unitPairs: number
    let unitAgreeing: number
    if (scope.grader === undefined) {
      unitPairs = (m * (m - 1)) / 2
      unitAgreeing = sum([...counts.values()].map((c) => (c * (c - 1)) / 2))
    } else {
      const own = unit.ratings.get(scope.grader)
      if (own === undefined) continue
      unitPairs = m - 1
      unitAgreeing = (counts.get(own) ?? 1) - 1
    }
    if (unitPairs === 0) continue
    pairs += unitPairs
    agreeing += unitAgreeing
    units += 1
  }
  return { agreement: pairs === 0 ? null : agreeing / pairs, pairs, agreeing, units }
}

export interface Kappa {
  /** Null when there is nothing to compare, or when chance agreement is 1 (both gave one and the same category throughout: 0/0). */
  kappa: number | null
  /** Units both rated. */
  n: number
  /** Observed agreement (share of those units rated alike); null when n is 0. */
  observed: number | null
  /** Agreement expected by chance from each rater's own category shares; null when n is 0. */
  expected: number | null
}

/**
 * Cohen's kappa (1960) of two raters, over the units both rated: ratings
 * aligned by position, null or undefined where a rater gave none.
 * κ = (observed − expected) / (1 − expected). When the expected agreement is
 * 1 — both raters used one and the same category on every unit — κ is 0/0
 * (NaN) and is returned as null, not as perfect agreement.
 */
export function cohensKappa<C extends Category>(a: readonly (C | null | undefined)[], b: readonly (C | null | undefined)[]): Kappa {
  if (a.length !== b.length) throw new Error(`cohensKappa: ${a.length} ratings against ${b.length}; align them by unit`)
  const countsA = new Map<C, number>()
  const countsB = new Map<C, number>()
  let n = 0
  let alike = 0
  a.forEach((x, i) => {
    const y = b[i]
    if (x === null || x === undefined || y === null || y === undefined) return
    n += 1
    if (x === y) alike += 1
    countsA.set(x, (countsA.get(x) ?? 0) + 1)
    countsB.set(y, (countsB.get(y) ?? 0) + 1)
  })
  if (n === 0) return { kappa: null, n, observed: null, expected: null }
  // Σ over categories of (times A chose it)·(times B chose it): the expected agreement times n².
  const chance = sum([...countsA].map(([category, count]) => count * (countsB.get(category) ?? 0)))
  const square = n * n
  return {
    kappa: chance === square ? null : (n * alike - chance) / (square - chance),
    n,
    observed: alike / n,
    expected: chance / square,
  }
}

export interface Alpha {
  /** Null when undefined: no pairable value, or every pairable value in one category (no disagreement is expected). */
  alpha: number | null
  /** Units with at least two ratings. */
  units: number
  /** Ratings in those units (n of the coincidence matrix). */
  pairable: number
}

/**
 * Krippendorff's alpha for nominal data, by the coincidence matrix (as in
 * Krippendorff, "Computing Krippendorff's Alpha-Reliability", 2011): each
 * unit with m ≥ 2 ratings adds 1/(m − 1) for every ordered pair of its
 * ratings; α = 1 − (n − 1)·D / E, with D the off-diagonal sum of the
 * coincidences and E the off-diagonal sum of the products of their margins.
 */
export function krippendorffAlphaNominal<C extends Category>(table: RatingTable<RatingUnit<C>>): Alpha {
  const margins = new Map<C, number>()
  let agreeing = 0
  let pairable = 0
  let units = 0
  for (const unit of table.units) {
    const m = unit.ratings.size
    if (m < 2) continue
    units += 1
    pairable += m
    for (const [category, c] of countValues(unit.ratings.values())) {
      // c values of one category make c·(c − 1) ordered pairs on the diagonal.
      agreeing += (c * (c - 1)) / (m - 1)
      margins.set(category, (margins.get(category) ?? 0) + c)
    }
  }
  const n = pairable
  const disagreeing = n - agreeing
  const expected = n * n - sum([...margins.values()].map((c) => c * c))
  return { alpha: n === 0 || expected === 0 ? null : 1 - ((n - 1) * disagreeing) / expected, units, pairable }
}

function countValues<C>(values: Iterable<C>): Map<C, number> {
  const counts = new Map<C, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return counts
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}
