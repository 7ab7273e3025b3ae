/**
 * A lead grader's adjudication of one rubric item of one attempt, as a grade
 * with the role "adjudicator" (decide.ts gives it the last word).
 */
import { rubricHash } from '../core'
import type { Grade, ItemGrade, Task } from '../core'

export interface AdjudicationInput {
  task: Pick<Task, 'id' | 'planner' | 'source'>
  attempt: string
  item: string
  met: boolean
  note: string
  /** The lead grader's id. */
  adjudicator: string
  at: Date
  /** The grades stored so far, to carry the adjudicator's earlier answers on this attempt forward. */
  grades: readonly Grade[]
}

/**
 * The adjudication grade. Only a grader's latest grade of an attempt counts,
 * as a whole, so an adjudication of one item repeats this adjudicator's
 * earlier answers on the attempt's other items (under the current rubric):
 * settling a second item must not unsettle the first.
 */
export function adjudicationGrade(input: AdjudicationInput): Grade {
  const adjudicator = input.adjudicator.trim()
  if (adjudicator === '') throw new Error('An adjudication needs the lead grader’s name')
  const hash = rubricHash(input.task)
  const earlier = latestAdjudication(input, adjudicator, hash)
  const item: ItemGrade = { id: input.item, met: input.met, evidence: [], note: input.note.trim() }
  const kept = (earlier?.items ?? []).filter((answer) => answer.id !== input.item && answer.met !== null)
  return {
    task_id: input.task.id,
    attempt: input.attempt,
    grader: { id: adjudicator, kind: 'human', role: 'adjudicator' },
    items: [...kept.map((answer) => ({ ...answer, evidence: [...answer.evidence] })), item],
    at: input.at.toISOString(),
    ...(hash !== undefined ? { rubric_hash: hash } : {}),
  }
}

function latestAdjudication(input: AdjudicationInput, adjudicator: string, hash: string | undefined): Grade | undefined {
  let latest: Grade | undefined
  for (const grade of input.grades) {
    if (grade.task_id !== input.task.id || grade.attempt !== input.attempt) continue
    if (grade.grader.kind !== 'human' || grade.grader.role !== 'adjudicator' || grade.grader.id !== adjudicator) continue
    // An adjudication under an earlier rubric is stale: its answers are not carried into the current one.
    if (grade.rubric_hash !== undefined && hash !== undefined && grade.rubric_hash !== hash) continue
    if (latest === undefined || !(Date.parse(grade.at) < Date.parse(latest.at))) latest = grade
  }
  return latest
}
