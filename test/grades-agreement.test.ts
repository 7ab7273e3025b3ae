// Agreement figures of people's grades (#29): the statistics against published worked examples and hand-computed
// cases, the rating table's choice of grades, and the report and grid built on them.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  agreementReport,
  balancedF1,
  cohensKappa,
  krippendorffAlphaNominal,
  pairwiseF1,
  rawAgreement,
  ratingTable,
  unitKey,
} from '../src/core/grades/agreement'
import type { Category, RatingTable, RatingUnit } from '../src/core/grades/agreement'
import type { Grade, GraderKind, GraderRole } from '../src/core/grades/types'

/** A table from rows of ratings, one row per unit, one column per grader; null is a missing rating. */
function tableOf<C extends Category>(graders: readonly string[], rows: readonly (readonly (C | null)[])[]): RatingTable<RatingUnit<C>> {
  return {
    graders,
    units: rows.map((row, u) => ({
      key: `u${u + 1}`,
      ratings: new Map(row.flatMap((value, g): [string, C][] => (value === null ? [] : [[graders[g] ?? `g${g}`, value]]))),
    })),
  }
}

/** Two raters' paired ratings from the four cells of their 2×2 table. */
function fromCells(yesYes: number, yesNo: number, noYes: number, noNo: number): [boolean[], boolean[]] {
  const cells: [boolean, boolean, number][] = [[true, true, yesYes], [true, false, yesNo], [false, true, noYes], [false, false, noNo]]
  const pairs = cells.flatMap(([a, b, count]) => Array.from({ length: count }, () => [a, b] as const))
  return [pairs.map(([a]) => a), pairs.map(([, b]) => b)]
}

interface GradeOptions {
  kind?: GraderKind
  role?: GraderRole
  at?: string
  invalid?: boolean
}

function grade(grader: string, task_id: string, attempt: string, items: Record<string, boolean | null>, options: GradeOptions = {}): Grade {
  return {
    task_id,
    attempt,
    grader: { id: grader, kind: options.kind ?? 'human', ...(options.role === undefined ? {} : { role: options.role }) },
    items: Object.entries(items).map(([id, met]) => ({ id, met, evidence: [], note: '' })),
    at: options.at ?? '2026-01-01T00:00:00Z',
    ...(options.invalid === undefined ? {} : { invalid: options.invalid }),
  }
}

describe("Cohen's kappa", () => {
  it('gives 0.4 on the classic 50-proposal example (yes/yes 20, yes/no 5, no/yes 10, no/no 15)', () => {
    const [a, b] = fromCells(20, 5, 10, 15)
    // Observed 35/50 = 0.7; expected 0.5·0.6 + 0.5·0.4 = 0.5; κ = 0.2 / 0.5.
    expect(cohensKappa(a, b)).toEqual({ kappa: 0.4, n: 50, observed: 0.7, expected: 0.5 })
  })

  it('is 1 for identical ratings and below 0 for systematic disagreement', () => {
    const ratings = [true, false, true, true, false]
    expect(cohensKappa(ratings, ratings).kappa).toBe(1)
    const [a, b] = fromCells(1, 9, 8, 2)
    expect(cohensKappa(a, b).kappa).toBeLessThan(0)
    expect(cohensKappa([true, false], [false, true]).kappa).toBe(-1)
  })

  it('is null when chance agreement is 1 or nothing is compared, and skips units only one rated', () => {
    expect(cohensKappa([true, true, true], [true, true, true])).toEqual({ kappa: null, n: 3, observed: 1, expected: 1 })
    expect(cohensKappa([true, null], [null, false])).toEqual({ kappa: null, n: 0, observed: null, expected: null })
    expect(cohensKappa([true, false, null, true], [true, false, true, undefined]).n).toBe(2)
    expect(() => cohensKappa([true], [true, false])).toThrow(/align/)
  })
})

describe("Krippendorff's alpha (nominal)", () => {
  it("gives 0.743 on the worked example of Krippendorff (2011), \"Computing Krippendorff's Alpha-Reliability\"", () => {
    // 4 observers × 12 units, values 1–5, missing values; unit 12 has a single value and is not pairable.
    const observers = ['A', 'B', 'C', 'D']
    const byObserver: (number | null)[][] = [
      [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
      [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
      [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
      [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
    ]
    const units = Array.from({ length: 12 }, (_, u) => byObserver.map((row) => row[u] ?? null))
    const result = krippendorffAlphaNominal(tableOf(observers, units))
    expect(result.alpha).not.toBeNull()
    expect(Number(result.alpha?.toFixed(3))).toBe(0.743)
    expect(result).toMatchObject({ units: 11, pairable: 40 })
    // Any category values: the same data as strings gives the same alpha.
    const asText = units.map((row) => row.map((value) => (value === null ? null : `v${value}`)))
    expect(krippendorffAlphaNominal(tableOf(observers, asText)).alpha).toBe(result.alpha)
  })

  it('is 1 with perfect agreement and null when every value is one category', () => {
    const perfect = tableOf(['a', 'b', 'c'], [[true, true, null], [false, false, false], [true, null, true]])
    expect(krippendorffAlphaNominal(perfect)).toEqual({ alpha: 1, units: 3, pairable: 7 })
    expect(krippendorffAlphaNominal(tableOf(['a', 'b'], [[true, true], [true, true]])).alpha).toBeNull()
    expect(krippendorffAlphaNominal(tableOf(['a', 'b'], [[true, null]]))).toEqual({ alpha: null, units: 0, pairable: 0 })
  })

  it('matches a small hand computation', () => {
    // Units [T,T], [T,F], [F,F]: n = 6, coincidences o_TT = 2, o_FF = 2, o_TF = o_FT = 1; margins 3 and 3.
    // α = 1 − (n − 1)·(o_TF + o_FT) / (n_T·n_F + n_F·n_T) = 1 − 5·2/18 = 4/9.
    expect(krippendorffAlphaNominal(tableOf(['a', 'b'], [[true, true], [true, false], [false, false]])).alpha).toBeCloseTo(4 / 9, 12)
  })
})

describe('raw agreement', () => {
  const table = tableOf(['a', 'b', 'c'], [[true, true, false], [true, true, true], [false, null, null]])

  it('counts agreeing pairs among the pairs of units with two ratings or more', () => {
    // Unit 1: 3 pairs, 1 agreeing; unit 2: 3 pairs, 3 agreeing; unit 3: no pair.
    expect(rawAgreement(table)).toEqual({ agreement: 4 / 6, pairs: 6, agreeing: 4, units: 2 })
  })

  it('can be limited to one grader and to some units', () => {
    // c: unit 1 agrees with nobody (2 pairs), unit 2 with both (2 pairs).
    expect(rawAgreement(table, { grader: 'c' })).toEqual({ agreement: 0.5, pairs: 4, agreeing: 2, units: 2 })
    expect(rawAgreement(table, { units: (unit) => unit.key === 'u1' }).agreement).toBeCloseTo(1 / 3, 12)
    expect(rawAgreement(table, { units: (unit) => unit.key === 'u3' }).agreement).toBeNull()
  })
})

describe('balanced F1', () => {
  it('averages the F1 of met and of not met (a hand-computed confusion matrix)', () => {
    // truth → predicted: met→met 3, met→not met 1, not met→met 2, not met→not met 4.
    const truth = [true, true, true, true, false, false, false, false, false, false]
    const predicted = [true, true, true, false, true, true, false, false, false, false]
    // F1(met) = 2·3 / (2·3 + 2 + 1) = 2/3; F1(not met) = 2·4 / (2·4 + 1 + 2) = 8/11; mean = 23/33.
    expect(balancedF1(truth, predicted)).toBeCloseTo(23 / 33, 12)
    expect(balancedF1(predicted, truth)).toBeCloseTo(23 / 33, 12)
  })

  it('leaves out a class neither side uses, and is null on nothing', () => {
    expect(balancedF1([true, true], [true, true])).toBe(1)
    // Met: 2·1/(2·1 + 1) = 2/3; not met: 0 hits, 1 miss → 0.
    expect(balancedF1([true, true], [true, false])).toBeCloseTo(1 / 3, 12)
    expect(balancedF1([], [])).toBeNull()
    expect(() => balancedF1([true], [])).toThrow()
  })

  it('pairwise: each pair of graders on the units both rated, then the mean over pairs', () => {
    const table = tableOf(['a', 'b', 'c'], [[true, true, null], [false, false, true], [true, false, null], [null, null, false]])
    const result = pairwiseF1(table)
    // a–b on units 1–3: met→met 1, not met→not met 1, met→not met 1: F1(met) 2/3, F1(not met) 2/3.
    // a–c on unit 2: not met vs met: both F1 are 0. b–c on unit 2: the same.
    expect(result.pairs).toEqual([
      { a: 'a', b: 'b', f1: expect.closeTo(2 / 3, 12), n: 3 },
      { a: 'a', b: 'c', f1: 0, n: 1 },
      { a: 'b', b: 'c', f1: 0, n: 1 },
    ])
    expect(result.f1).toBeCloseTo(2 / 9, 12)
    // A pair with no unit in common is listed and left out of the mean.
    const apart = pairwiseF1(tableOf(['a', 'b', 'c'], [[true, true, null], [false, false, null], [null, null, true]]))
    expect(apart.pairs.map((pair) => pair.f1)).toEqual([1, null, null])
    expect(apart.f1).toBe(1)
    expect(pairwiseF1(tableOf(['a', 'b'], [[true, null], [null, false]]))).toEqual({ f1: null, pairs: [{ a: 'a', b: 'b', f1: null, n: 0 }] })
  })
})

describe('rating table', () => {
  it('keeps people, the latest grade per grader per attempt, and leaves "can\'t tell" missing', () => {
    const grades = [
      grade('ann', 't1', 'x', { r1: true, r2: false }, { at: '2026-01-01T00:00:00Z' }),
      grade('ann', 't1', 'x', { r1: false, r2: null }, { at: '2026-01-02T00:00:00Z' }),
      grade('ann', 't1', 'y', { r1: true }, { at: '2026-01-01T00:00:00Z' }),
      grade('bob', 't1', 'x', { r1: false }, { at: '2026-01-03T00:00:00+05:00' }),
      grade('bob', 't1', 'x', { r1: true }, { at: '2026-01-02T20:00:00Z' }),
      grade('lead', 't1', 'x', { r1: true }, { role: 'adjudicator' }),
      grade('judge', 't1', 'x', { r1: true }, { kind: 'llm' }),
    ]
    const table = ratingTable(grades)
    expect(table.graders).toEqual(['ann', 'bob'])
    const byKey = new Map(table.units.map((unit) => [unit.key, Object.fromEntries(unit.ratings)]))
    // bob's "+05:00" grade is 2026-01-02T19:00Z, earlier than his other one, which therefore counts.
    expect(byKey).toEqual(
      new Map([
        [unitKey('t1', 'x', 'r1'), { ann: false, bob: true }],
        [unitKey('t1', 'x', 'r2'), {}],
        [unitKey('t1', 'y', 'r1'), { ann: true }],
      ]),
    )
    expect(table.units[0]).toMatchObject({ task_id: 't1', attempt: 'x', item: 'r1' })
  })

  it('takes an LLM judge (never an invalid answer), adjudications and staleness only when asked', () => {
    const grades = [
      grade('ann', 't1', 'x', { r1: true }),
      grade('judge', 't1', 'x', { r1: false }, { kind: 'llm', at: '2026-01-01T00:00:00Z' }),
      grade('judge', 't1', 'x', { r1: true }, { kind: 'llm', at: '2026-01-02T00:00:00Z', invalid: true }),
      grade('lead', 't1', 'x', { r1: true }, { role: 'adjudicator' }),
      { ...grade('old', 't1', 'x', { r1: false }), rubric_hash: 'before' },
    ]
    expect(ratingTable(grades).graders).toEqual(['ann', 'old'])
    expect(ratingTable(grades, { applies: (g) => g.rubric_hash === undefined }).graders).toEqual(['ann'])
    const withJudge = ratingTable(grades, { includeLlm: true, includeAdjudicators: true })
    expect(withJudge.graders).toEqual(['ann', 'judge', 'lead', 'old'])
    expect(withJudge.units[0]?.ratings.get('judge')).toBe(false)
  })
})

describe('agreement report', () => {
  const grades = [
    grade('ann', 't1', 'x', { r1: true, r2: true, auto1: true }),
    grade('bob', 't1', 'x', { r1: true, r2: false }),
    grade('ann', 't1', 'y', { r1: false, r2: true }),
    grade('bob', 't1', 'y', { r1: false }),
    grade('cat', 't1', 'y', { r1: false, r2: null }),
    grade('ann', 't2', 'z', { q1: true }),
    grade('dan', 't2', 'z', { q1: false }),
    grade('ann', 'elsewhere', 'w', { r1: false }),
  ]
  const rubrics = [
    { task_id: 't1', items: [{ id: 'r1' }, { id: 'r2' }, { id: 'auto1', auto: { kind: 'said' } }] },
    { task_id: 't2', items: [{ id: 'q1' }] },
  ]
  const report = agreementReport(grades, rubrics)

  it('gives the figures per rubric, per item and per grader, on the graded items only', () => {
    const [t1, t2] = report.rubrics
    expect(t1?.task_id).toBe('t1')
    // Units: r1@x [T,T], r2@x [T,F], r1@y [F,F,F], r2@y [T]: pairs 1 + 1 + 3, agreeing 1 + 0 + 3.
    expect(t1?.raw).toEqual({ agreement: 4 / 5, pairs: 5, agreeing: 4, units: 3 })
    expect(t1).toMatchObject({ units: 4, attempts: 2 })
    expect(t1?.items.map((item) => [item.item, item.raw.agreement, item.units, item.attempts])).toEqual([
      ['r1', 1, 2, 2],
      ['r2', 0, 2, 2],
    ])
    expect(t1?.kappas.map((k) => [k.a, k.b, k.n])).toEqual([['ann', 'bob', 3], ['ann', 'cat', 1], ['bob', 'cat', 1]])
    expect(t1?.graders).toEqual([
      { grader: 'ann', raw: { agreement: 3 / 4, pairs: 4, agreeing: 3, units: 3 }, rated: 4 },
      { grader: 'bob', raw: { agreement: 3 / 4, pairs: 4, agreeing: 3, units: 3 }, rated: 3 },
      { grader: 'cat', raw: { agreement: 1, pairs: 2, agreeing: 2, units: 1 }, rated: 1 },
    ])
    expect(t1?.alpha.units).toBe(3)
    // t2: one unit, [T, F]: n = 2, o_TF = o_FT = 1, margins 1 and 1 → α = 1 − 1·2/2 = 0.
    expect(t2).toMatchObject({ task_id: 't2', units: 1, attempts: 1, raw: { agreement: 0, pairs: 1 }, alpha: { alpha: 0 } })
    expect(report.overall).toMatchObject({ units: 5, attempts: 3, raw: { pairs: 6, agreeing: 4 } })
    // Pairs who never graded a unit in common (bob, cat and dan) have no kappa.
    expect(report.overall.kappas.map((k) => `${k.a}–${k.b}`)).toEqual(['ann–bob', 'ann–cat', 'ann–dan', 'bob–cat'])
  })

  it("lists the grid's disagreements first, then the units with the fewest ratings", () => {
    const grid = report.rubrics[0]?.grid
    expect(grid?.graders).toEqual(['ann', 'bob', 'cat'])
    expect(grid?.rows.map((row) => [row.item, row.attempt, row.cells, row.disagrees])).toEqual([
      ['r2', 'x', [true, false, null], true],
      ['r2', 'y', [true, null, null], false],
      ['r1', 'x', [true, true, null], false],
      ['r1', 'y', [false, false, false], false],
    ])
  })
})

describe('properties', () => {
  const rating = fc.option(fc.boolean(), { nil: null, freq: 3 })
  const rows = fc.array(fc.array(rating, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 12 })
  const graders = ['a', 'b', 'c']

  it('alpha stays in [-1, 1] and does not depend on the order of the graders', () => {
    fc.assert(
      fc.property(rows, (data) => {
        const { alpha } = krippendorffAlphaNominal(tableOf(graders, data))
        // The same columns under other graders' names: only which grader rated what changes.
        const reordered = krippendorffAlphaNominal(tableOf(graders, data.map(([x, y, z]) => [y ?? null, z ?? null, x ?? null])))
        if (alpha === null) return reordered.alpha === null
        return alpha >= -1 && alpha <= 1 && Math.abs(alpha - (reordered.alpha ?? NaN)) < 1e-12
      }),
    )
  })

  it('kappa stays in [-1, 1] and is the same for (a, b) and (b, a)', () => {
    fc.assert(
      fc.property(rows, (data) => {
        const a = data.map((row) => row[0])
        const b = data.map((row) => row[1])
        const { kappa } = cohensKappa(a, b)
        const swapped = cohensKappa(b, a).kappa
        if (kappa === null) return swapped === null
        return kappa >= -1 && kappa <= 1 && swapped !== null && Math.abs(kappa - swapped) < 1e-12
      }),
    )
  })

  it('balanced F1 stays in [0, 1] and does not depend on which side is the truth', () => {
    const paired = fc.array(fc.tuple(fc.boolean(), fc.boolean()), { maxLength: 20 })
    fc.assert(
      fc.property(paired, (pairs) => {
        const truth = pairs.map(([t]) => t)
        const predicted = pairs.map(([, p]) => p)
        const f1 = balancedF1(truth, predicted)
        return f1 === null ? pairs.length === 0 : f1 >= 0 && f1 <= 1 && Math.abs(f1 - (balancedF1(predicted, truth) ?? NaN)) < 1e-12
      }),
    )
  })
})
