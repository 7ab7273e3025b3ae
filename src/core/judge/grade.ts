/**
 * The judge's grade of one attempt, in the shape of a person's
 * (src/core/grades/types.ts). When none of its answers could be read the
 * grade is kept, marked `invalid`, with every item "can't tell": an answer
 * the judge could not give is never counted as "not met".
 */
import type { Grade, Grader, ItemGrade } from '../grades/types'
import type { Task } from '../dataset/types'
import { rubricHash } from '../grades/rubricHash'
import { judgedItems } from './request'

/** The grader a judge's grades name: its model, so grades of two models never count as one grader. */
export function judgeGrader(model: string): Grader {
  return { id: `llm:${model}`, kind: 'llm' }
}

export interface JudgeGradeInput {
  task: Pick<Task, 'id' | 'planner' | 'source'>
  attempt: string
  model: string
  at: Date
  /** The items read from the judge's answer; undefined when no answer could be read. */
  items: ItemGrade[] | undefined
}

/** The grade, with the rubric's hash now: a later edit of the rubric makes it stale, as a person's grade. */
export function judgeGrade(input: JudgeGradeInput): Grade {
  const hash = rubricHash(input.task)
  const unread = judgedItems(input.task).map((item): ItemGrade => ({ id: item.id, met: null, evidence: [], note: '' }))
  return {
    task_id: input.task.id,
    attempt: input.attempt,
    grader: judgeGrader(input.model),
    items: input.items ?? unread,
    at: input.at.toISOString(),
    ...(hash !== undefined ? { rubric_hash: hash } : {}),
    ...(input.items === undefined ? { invalid: true } : {}),
  }
}
