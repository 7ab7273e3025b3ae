/**
 * What both tabs read the grades against: the data set's rubrics with items
 * for graders, and whether a grade still applies to its task's rubric (a
 * grade made under an earlier rubric is stale and left out of every figure).
 */
import { rubricHash } from '../core'
import type { Grade, Task } from '../core'
import type { TaskRubric } from '../core'
import { judgedItems } from '../core/judge'

/** The tasks whose rubric has items that people grade, as the agreement report takes them. */
export function gradedRubrics(tasks: readonly Task[]): TaskRubric[] {
  return tasks.flatMap((task) => (task.planner?.rubric && judgedItems(task).length > 0 ? [{ task_id: task.id, items: task.planner.rubric.items }] : []))
}

/** A grade applies when it names no rubric hash, its task has none, or the hashes agree; a grade of an unknown task never applies. */
export function gradeApplies(tasks: readonly Task[]): (grade: Grade) => boolean {
  const hashes = new Map(tasks.map((task) => [task.id, rubricHash(task)]))
  return (grade) => {
    if (!hashes.has(grade.task_id)) return false
    const current = hashes.get(grade.task_id)
    return grade.rubric_hash === undefined || current === undefined || grade.rubric_hash === current
  }
}

/** A grid as pairAttempts reads it: its graders, and each row's attempt and ratings (aligned with the graders). */
export interface PairGrid {
  graders: readonly string[]
  rows: readonly { task_id: string; attempt: string; cells: readonly (boolean | null)[] }[]
}

/** The attempts on which both graders rated at least one item in common: what a pair's κ rests on. */
export function pairAttempts(grids: readonly PairGrid[], a: string, b: string): number {
  const attempts = new Set<string>()
  for (const grid of grids) {
    const left = grid.graders.indexOf(a)
    const right = grid.graders.indexOf(b)
    if (left < 0 || right < 0) continue
    for (const row of grid.rows) if ((row.cells[left] ?? null) !== null && (row.cells[right] ?? null) !== null) attempts.add(`${row.task_id}\u0000${row.attempt}`)
  }
  return attempts.size
}
