import { ASK_USER, LOAD_SKILL, isMemoryReadTool, rubricHash } from '../core'
import type { AutoCheck, Grade, Task, TrajectoryStep } from '../core'
import type { AttemptRow } from '../db'

/** One attempt waiting for grades, as the queue lists it: never its actor (grading is blind). */
export interface QueueEntry {
  attempt: AttemptRow
  task: Task
  /** People's grades of it under the current rubric: the queue puts the fewest first. */
  grades: number
  /** The person grading has graded it already: they may see every grade of it. */
  gradedByMe: boolean
}

/** The queue and what it leaves out. */
export interface GradingQueue {
  entries: QueueEntry[]
  /** The person's own attempts that wait for grades: nobody grades their own. */
  own: number
}

/** Whether a task has rubric items that people grade (items without an automatic check). */
export const hasManualItems = (task: Task): boolean => task.planner?.rubric?.items.some((item) => !item.auto) === true

/** Whether a grade counts for the task's current rubric: a grade made under another version of it is stale. */
export function isCurrent(grade: Grade, task: Task): boolean {
  const hash = rubricHash(task)
  return grade.rubric_hash === undefined || hash === undefined || grade.rubric_hash === hash
}

/** A person's grades of one attempt under the current rubric: what the queue counts. */
export function gradesOfAttempt(grades: readonly Grade[], attempt: AttemptRow, task: Task): Grade[] {
  return grades.filter((g) => g.task_id === attempt.taskId && g.attempt === attempt.id && isCurrent(g, task))
}

/**
 * Pure: the attempts to grade, for `me`. Every finished attempt whose verdict
 * waits for people's grades (`rubric_pending`), a person's, an agent run's or
 * an imported one, except `me`'s own; and those `me` graded already, after
 * the others. Fewest grades first, then the oldest.
 */
export function gradingQueue(attempts: readonly AttemptRow[], tasks: readonly Task[], grades: readonly Grade[], me: string): GradingQueue {
  const taskOf = new Map(tasks.map((t) => [t.id, t]))
  const entries: QueueEntry[] = []
  let own = 0
  for (const attempt of attempts) {
    const task = taskOf.get(attempt.taskId)
    if (!attempt.finished || !task || !hasManualItems(task)) continue
    const mine = gradesOfAttempt(grades, attempt, task)
    const people = mine.filter((g) => g.grader.kind === 'human')
    const gradedByMe = people.some((g) => g.grader.id === me)
    const pending = attempt.verdict?.errorType === 'rubric_pending'
    if (!pending && !gradedByMe) continue
    if (attempt.actor === me) {
      own++
      continue
    }
    entries.push({ attempt, task, grades: new Set(people.map((g) => g.grader.id)).size, gradedByMe })
  }
  entries.sort((a, b) => Number(a.gradedByMe) - Number(b.gradedByMe) || a.grades - b.grades || a.attempt.started - b.attempt.started || a.attempt.id.localeCompare(b.attempt.id))
  return { entries, own }
}

/**
 * The steps (1-based, as the replay numbers them) an automatic check reads,
 * to point a grader at them: never whether the check is met, which the one
 * scorer decides.
 */
export function checkSteps(check: AutoCheck, steps: readonly TrajectoryStep[]): number[] {
  const reads = (step: TrajectoryStep): boolean => {
    switch (check.kind) {
      case 'called':
      case 'not_called':
        return step.name === check.tool
      case 'called_before':
        return [check.first, check.then].some((name) => (name === 'write' ? step.kind === 'execution' : step.name === name))
      case 'said':
      case 'not_said':
        return step.kind === 'reply' || step.name === ASK_USER
      case 'memory_used':
        return isMemoryReadTool(step.name)
      case 'skill_loaded':
        return step.name === LOAD_SKILL
    }
  }
  return steps.flatMap((step, i) => (reads(step) ? [i + 1] : []))
}
