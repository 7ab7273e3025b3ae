/**
 * People's grades laid out as ratings: units (one rubric item of one attempt)
 * × graders, each cell met (true), not met (false) or missing. The agreement
 * figures read this table, never the grades themselves.
 */
import type { Grade } from './types'

/** A nominal category: met / not met for grades, any label for published examples. */
export type Category = string | number | boolean

/** One unit's ratings, by grader id; a grader without an entry did not rate it (or could not tell). */
export interface RatingUnit<C extends Category = Category> {
  key: string
  ratings: ReadonlyMap<string, C>
}

/** A unit made from grades: one rubric item of one attempt of one task. */
export interface GradeUnit extends RatingUnit<boolean> {
  task_id: string
  attempt: string
  item: string
}

export interface RatingTable<U extends RatingUnit = RatingUnit> {
  /** Every grader with at least one rating, in a stable order. */
  graders: readonly string[]
  units: readonly U[]
}

export interface RatingOptions {
  /** Count an LLM judge's grades as ratings too (never the ones marked invalid). Default: people only. */
  includeLlm?: boolean
  /** Count adjudications as ratings. Default: no, since an adjudication decides items rather than rating them. */
  includeAdjudicators?: boolean
  /** Whether a grade still applies to its task's rubric; a stale one is left out. Default: every grade applies. */
  applies?: (grade: Grade) => boolean
}

/** A unit's key: task, attempt and item, joined by a character none of them holds. */
export function unitKey(task_id: string, attempt: string, item: string): string {
  return `${task_id}\u0000${attempt}\u0000${item}`
}

/**
 * The rating table of some grades: of each grader, only the latest grade of
 * each attempt counts (a regrade replaces the earlier one). A grader's
 * "can't tell" leaves the cell missing; a unit that only ever got "can't
 * tell" is still listed, with no ratings, so the grid can show it.
 */
export function ratingTable(grades: readonly Grade[], options: RatingOptions = {}): RatingTable<GradeUnit> {
  const units = new Map<string, { task_id: string; attempt: string; item: string; ratings: Map<string, boolean> }>()
  const graders = new Set<string>()
  for (const grade of latestGrades(grades.filter((grade) => counts(grade, options)))) {
    for (const item of grade.items) {
      const key = unitKey(grade.task_id, grade.attempt, item.id)
      let unit = units.get(key)
      if (unit === undefined) {
        unit = { task_id: grade.task_id, attempt: grade.attempt, item: item.id, ratings: new Map() }
        units.set(key, unit)
      }
      if (item.met === null) continue
      unit.ratings.set(grade.grader.id, item.met)
      graders.add(grade.grader.id)
    }
  }
  return {
    graders: [...graders].sort(byCodeUnits),
    units: [...units].map(([key, unit]) => ({ key, ...unit })),
  }
}

/** One grader's ratings, aligned with the table's units (null where missing). */
export function graderColumn<C extends Category>(table: RatingTable<RatingUnit<C>>, grader: string): (C | null)[] {
  return table.units.map((unit) => unit.ratings.get(grader) ?? null)
}

/** A table with only the units `keep` accepts (its graders list stays whole). */
export function someUnits<U extends RatingUnit>(table: RatingTable<U>, keep: (unit: U) => boolean): RatingTable<U> {
  return { graders: table.graders, units: table.units.filter(keep) }
}

/** Every unordered pair of graders, in the table's order. */
export function graderPairs(graders: readonly string[]): [string, string][] {
  return graders.flatMap((a, i) => graders.slice(i + 1).map((b): [string, string] => [a, b]))
}

function counts(grade: Grade, options: RatingOptions): boolean {
  if (grade.grader.kind === 'llm' && (options.includeLlm !== true || grade.invalid === true)) return false
  if (grade.grader.role === 'adjudicator' && options.includeAdjudicators !== true) return false
  return options.applies?.(grade) ?? true
}

/** The latest grade per grader per attempt; on equal times (or unreadable ones) the later line wins, as files append. */
function latestGrades(grades: readonly Grade[]): Grade[] {
  const latest = new Map<string, Grade>()
  for (const grade of grades) {
    const key = `${grade.grader.id}\u0000${grade.task_id}\u0000${grade.attempt}`
    const before = latest.get(key)
    if (before === undefined || !(time(grade) < time(before))) latest.set(key, grade)
  }
  return [...latest.values()]
}

/** A grade's time in ms; an unreadable one counts as earliest, so a readable regrade replaces it. */
function time(grade: Grade): number {
  const ms = Date.parse(grade.at)
  return Number.isNaN(ms) ? -Infinity : ms
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
