/**
 * Grades given to the scorer (`npm run score --grades F`): each response
 * line of a task with a rubric gets the decisions of its attempt
 * (src/core/grades/decide.ts), which the one scorer judges the rubric with.
 * Only the lines the scorer counts are graded (within a run the last line of
 * a task), so the figures say how many grades went where.
 */
import type { Task } from '../dataset/types'
import { attemptKeysOf } from '../grades/attemptKey'
import { decisionsFor } from '../grades/decide'
import type { GradedRubric } from '../grades/decide'
import type { Grade, JudgeMode } from '../grades/types'
import type { ResponseLine } from './responses'

/** Grades for the scorer, and how a judge's grades among them count. */
export interface Grading {
  grades: readonly Grade[]
  judge: JudgeMode
}

/** How the grades given were used, over the lines scored. */
export interface GradingFigures {
  /** Grades of a scored attempt, stale ones and invalid ones included. */
  matched: number
  /** Grades that name no scored attempt (another task, an attempt not in the responses, a line that did not count). */
  unmatched: number
  /** Of the matched: made under another version of the rubric, ignored. */
  stale: number
  /** Of the matched: a judge's answer that could not be read, never counted. */
  invalid: number
}

/** A grader for one scoring: the decisions of a line's attempt, and the figures once scoring is done. */
export function lineGrader(grading: Grading): { gradedOf: (task: Task, line: ResponseLine) => GradedRubric | undefined; figures: () => GradingFigures } {
  const byAttempt = new Map<string, Grade[]>()
  for (const grade of grading.grades) {
    const key = JSON.stringify([grade.task_id, grade.attempt])
    const list = byAttempt.get(key)
    if (list) list.push(grade)
    else byAttempt.set(key, [grade])
  }
  const used = new Set<string>()
  let stale = 0
  let invalid = 0
  let matched = 0
  const gradedOf = (task: Task, line: ResponseLine): GradedRubric | undefined => {
    if (!task.planner?.rubric) return undefined
    const [attempt = '', ...aliases] = attemptKeysOf(line)
    const key = JSON.stringify([task.id, attempt])
    // Grades made in the page name an imported line by the id the import gave it: the same attempt.
    const aliased = aliases.flatMap((alias) => (byAttempt.get(JSON.stringify([task.id, alias])) ?? []).map((grade) => ({ ...grade, attempt })))
    const grades = [...(byAttempt.get(key) ?? []), ...aliased]
    const graded = decisionsFor(task, attempt, grades, { judge: grading.judge })
    // A line's details are built lazily and may ask again: count each attempt once.
    if (!used.has(key)) {
      used.add(key)
      matched += grades.length
      stale += graded.stale
      invalid += graded.invalid
    }
    return graded
  }
  return { gradedOf, figures: () => ({ matched, unmatched: grading.grades.length - matched, stale, invalid }) }
}
