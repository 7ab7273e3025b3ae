/**
 * The rows of the page's disagreement grid: one per rubric item of an
 * attempt, with every grader's rating, so the units that need a look (or
 * another grade) come first.
 */
import type { GradeUnit, RatingTable } from './agreementTable'

export interface GridRow {
  key: string
  task_id: string
  attempt: string
  item: string
  /** Aligned with the grid's graders: met, not met, or null (not graded, or can't tell). */
  cells: (boolean | null)[]
  /** Graders who rated it met and not met: both non-zero is a disagreement. */
  met: number
  notMet: number
  disagrees: boolean
}

export interface DisagreementGrid {
  graders: readonly string[]
  rows: GridRow[]
}

/**
 * Rows with a disagreement first, then those with the fewest ratings (they
 * need another grader most); otherwise in the table's order.
 */
export function disagreementGrid(table: RatingTable<GradeUnit>): DisagreementGrid {
  const rows = table.units.map((unit): GridRow => {
    const ratings = [...unit.ratings.values()]
    const met = ratings.filter((rating) => rating).length
    const notMet = ratings.length - met
    return {
      key: unit.key,
      task_id: unit.task_id,
      attempt: unit.attempt,
      item: unit.item,
      cells: table.graders.map((grader) => unit.ratings.get(grader) ?? null),
      met,
      notMet,
      disagrees: met > 0 && notMet > 0,
    }
  })
  // Array.prototype.sort is stable, so ties keep the table's order.
  rows.sort((x, y) => Number(y.disagrees) - Number(x.disagrees) || x.met + x.notMet - (y.met + y.notMet))
  return { graders: table.graders, rows }
}
