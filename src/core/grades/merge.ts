/**
 * Grades from several files (each grader's export, a judge's run) put
 * together. The same grade given twice (the same task, attempt, grader and
 * time) is one grade: a file read twice, or two exports that overlap, must
 * not count a vote twice. Grades that differ in any of those are all kept;
 * deciding which of a grader's grades counts is src/core/grades/decide.ts's.
 */
import type { Grade } from './types'

/** What makes two grades the same one. */
const keyOf = (grade: Grade): string => JSON.stringify([grade.task_id, grade.attempt, grade.grader.id, grade.at])

/** The grades of every list, in order, each once (the first kept); `skipped` counts the repeats left out. */
export function mergeGrades(lists: readonly (readonly Grade[])[]): { grades: Grade[]; skipped: number } {
  const seen = new Set<string>()
  const grades: Grade[] = []
  let skipped = 0
  for (const list of lists)
    for (const grade of list) {
      const key = keyOf(grade)
      if (seen.has(key)) skipped++
      else {
        seen.add(key)
        grades.push(grade)
      }
    }
  return { grades, skipped }
}
