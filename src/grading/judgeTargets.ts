/**
 * Which attempts the judge is asked about: the finished attempts at tasks
 * whose rubric has items for a grader, each with its steps in the replay's
 * order. An attempt the model has already graded readably under the current
 * rubric is left out, so running the judge again only fills the gaps.
 */
import { rubricHash } from '../core'
import type { Grade, Task } from '../core'
import { judgeGrader, judgedItems } from '../core/judge'
import type { JudgeStep } from '../core/judge'
import type { JudgeTarget } from './judgeRun'

export interface JudgeableAttempt {
  id: string
  taskId: string
  finished: boolean
}

export function judgeTargets(
  tasks: readonly Task[],
  attempts: readonly JudgeableAttempt[],
  steps: ReadonlyMap<string, readonly JudgeStep[]>,
  grades: readonly Grade[],
  model: string,
): JudgeTarget[] {
  const byId = new Map(tasks.filter((task) => judgedItems(task).length > 0).map((task) => [task.id, task]))
  const judge = judgeGrader(model).id
  const done = new Set(
    grades
      .filter((grade) => grade.grader.kind === 'llm' && grade.grader.id === judge && grade.invalid !== true)
      .filter((grade) => {
        const task = byId.get(grade.task_id)
        const hash = task ? rubricHash(task) : undefined
        return grade.rubric_hash === undefined || hash === undefined || grade.rubric_hash === hash
      })
      .map((grade) => `${grade.task_id}\u0000${grade.attempt}`),
  )
  return attempts.flatMap((attempt): JudgeTarget[] => {
    const task = byId.get(attempt.taskId)
    if (!task || !attempt.finished || done.has(`${attempt.taskId}\u0000${attempt.id}`)) return []
    return [{ task, attempt: attempt.id, trajectory: steps.get(attempt.id) ?? [] }]
  })
}
