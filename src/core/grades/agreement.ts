/**
 * How well the graders of rubric items agree (issue #29): raw agreement,
 * Cohen's kappa per pair, Krippendorff's alpha for the panel and balanced F1
 * between graders, per rubric, per item and per grader, with the grid of
 * units that the page lists disagreements first. Only figures: which grade
 * decides an item is decided elsewhere.
 */
import { balancedF1, pairwiseF1 } from './agreementF1'
import type { PairwiseF1 } from './agreementF1'
import { disagreementGrid } from './agreementGrid'
import type { DisagreementGrid } from './agreementGrid'
import { cohensKappa, krippendorffAlphaNominal, rawAgreement } from './agreementStats'
import type { Alpha, Kappa, RawAgreement } from './agreementStats'
import { graderColumn, graderPairs, ratingTable } from './agreementTable'
import type { GradeUnit, RatingOptions, RatingTable } from './agreementTable'
import type { Grade } from './types'

export { balancedF1, pairwiseF1, disagreementGrid, cohensKappa, krippendorffAlphaNominal, rawAgreement, ratingTable }
export { graderColumn, graderPairs, someUnits, unitKey } from './agreementTable'
export type { Category, GradeUnit, RatingOptions, RatingTable, RatingUnit } from './agreementTable'
export type { AgreementScope, Alpha, Kappa, RawAgreement } from './agreementStats'
export type { PairF1, PairwiseF1 } from './agreementF1'
export type { DisagreementGrid, GridRow } from './agreementGrid'

/** A task's rubric as the report needs it; items with an automatic check are decided by the attempt, not graded, and left out. */
export interface TaskRubric {
  task_id: string
  items: readonly { id: string; auto?: unknown }[]
}

export interface PairKappa extends Kappa {
  a: string
  b: string
}

/** The figures of one set of units (a rubric's, an item's, or all of them). */
export interface PanelAgreement {
  raw: RawAgreement
  /** Every pair of graders that rated a unit in common. */
  kappas: PairKappa[]
  alpha: Alpha
  f1: PairwiseF1
  /** Units with at least one rating, and the attempts they belong to. */
  units: number
  attempts: number
}

export interface ItemAgreement extends PanelAgreement {
  item: string
}

export interface GraderAgreement {
  grader: string
  /** Pairs that include this grader: how often the others rated as they did. */
  raw: RawAgreement
  /** Units this grader rated. */
  rated: number
}

export interface RubricAgreement extends PanelAgreement {
  task_id: string
  /** In the rubric's order. */
  items: ItemAgreement[]
  graders: GraderAgreement[]
  grid: DisagreementGrid
}

export interface AgreementReport {
  /** The figures over every rubric's units together. */
  overall: PanelAgreement
  rubrics: RubricAgreement[]
}

/** The agreement figures of the grades of the given rubrics' items (grades of other tasks or items are left out). */
export function agreementReport(grades: readonly Grade[], rubrics: readonly TaskRubric[], options: RatingOptions = {}): AgreementReport {
  const table = ratingTable(grades, options)
  const perRubric = rubrics.map((rubric) => {
    const items = rubric.items.filter((item) => item.auto === undefined).map((item) => item.id)
    const order = (unit: GradeUnit) => items.indexOf(unit.item)
    const units = table.units.filter((unit) => unit.task_id === rubric.task_id && order(unit) >= 0)
    // Stable sort: the rubric's item order, then the order the attempts came in.
    return { rubric, items, sub: narrowed(table, [...units].sort((x, y) => order(x) - order(y))) }
  })
  const everything = narrowed(table, perRubric.flatMap(({ sub }) => sub.units))
  return {
    overall: panel(everything),
    rubrics: perRubric.map(({ rubric, items, sub }) => ({
      task_id: rubric.task_id,
      ...panel(sub),
      items: items.map((item) => ({ item, ...panel(narrowed(sub, sub.units.filter((unit) => unit.item === item))) })),
      graders: sub.graders.map((grader) => ({
        grader,
        raw: rawAgreement(sub, { grader }),
        rated: sub.units.filter((unit) => unit.ratings.has(grader)).length,
      })),
      grid: disagreementGrid(sub),
    })),
  }
}

function panel(table: RatingTable<GradeUnit>): PanelAgreement {
  const kappas = graderPairs(table.graders).flatMap(([a, b]): PairKappa[] => {
    const kappa = cohensKappa(graderColumn(table, a), graderColumn(table, b))
    return kappa.n === 0 ? [] : [{ a, b, ...kappa }]
  })
  const rated = table.units.filter((unit) => unit.ratings.size > 0)
  return {
    raw: rawAgreement(table),
    kappas,
    alpha: krippendorffAlphaNominal(table),
    f1: pairwiseF1(table),
    units: rated.length,
    attempts: new Set(rated.map((unit) => `${unit.task_id}\u0000${unit.attempt}`)).size,
  }
}

/** Some units of a table, with only the graders who rated one of them. */
function narrowed(table: RatingTable<GradeUnit>, units: readonly GradeUnit[]): RatingTable<GradeUnit> {
  return { graders: table.graders.filter((grader) => units.some((unit) => unit.ratings.has(grader))), units }
}
