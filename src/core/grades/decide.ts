/**
 * People's decisions on a rubric's items without an automatic check, from
 * the grades of one attempt (docs/reference.md, "Grades"): what the one
 * scorer is given as `RubricDecisions` (src/core/score/rubric.ts), and what
 * each decision rests on. The rules:
 *
 * - Only this task's and attempt's grades count, on items without `auto`.
 *   A grade whose `rubric_hash` is not the rubric's current hash is stale and
 *   ignored (counted); one without a hash applies. A judge's `invalid` grade
 *   is never counted (counted too), and does not replace an earlier one.
 * - A grader's latest grade (by `at`; on a tie, the later in the list)
 *   replaces their earlier ones on the attempt, every item at once; a
 *   lead's adjudications and their own vote are kept apart.
 * - A person's grade with role `adjudicator` decides each item it answers
 *   true or false, the latest adjudication first; the votes do not count then.
 * - Else an item is decided by the majority of the votes (met true or false;
 *   null, "can't tell", is no vote) once at least `graders.min` people voted;
 *   a tie leaves it undecided.
 * - An LLM judge (kind `llm`; its `role` is not read: a judge never
 *   adjudicates) counts as its mode says. `off` and `advisory`: never.
 *   `grader`: each judge's vote is one more in the majority, but only
 *   people's votes reach `graders.min`, so a judge never decides alone.
 *   `fallback`: the judges' majority decides an item no person voted on.
 */
import type { Task } from '../dataset/types'
import type { RubricDecisions } from '../score/rubric'
import { rubricHash } from './rubricHash'
import type { Grade, JudgeMode } from './types'

/** What decided an item: its automatic check, people's majority, an adjudicator, or the judge where no person voted. */
export type DecidedBy = 'auto' | 'people' | 'adjudicator' | 'judge_fallback'

/** One item's grading, as details.jsonl's `rubric_graded` gives it. */
export interface ItemGrading {
  id: string
  /** The votes counted for met and for not met: people's, and a judge's where its mode counts it. */
  for: number
  against: number
  /** Null while undecided (and for an automatic item, `auto`: its check decides, whatever the grades say). */
  decided_by: DecidedBy | null
}

/** An attempt's decisions, and what they rest on. */
export interface GradedRubric {
  decisions: RubricDecisions
  /** Every item of the rubric, in its order. */
  items: ItemGrading[]
  /** Grades of the attempt made under another rubric (their hash differs), ignored. */
  stale: number
  /** Judges' grades of the attempt whose answer could not be read, never counted. */
  invalid: number
}

export interface DecideOptions {
  judge: JudgeMode
}

/** The decisions of one attempt (its id, or `run:<run>` for a response line without one) from every grade given. */
export function decisionsFor(task: Pick<Task, 'id' | 'planner' | 'source'>, attempt: string, grades: readonly Grade[], options: DecideOptions): GradedRubric {
  const rubric = task.planner?.rubric
  const decisions = new Map<string, boolean | null>()
  if (!rubric) return { decisions, items: [], stale: 0, invalid: 0 }
  const current = rubricHash(task)
  let stale = 0
  let invalid = 0
  const counted: Grade[] = []
  for (const grade of grades) {
    if (grade.task_id !== task.id || grade.attempt !== attempt) continue
    if (grade.rubric_hash !== undefined && current !== undefined && grade.rubric_hash !== current) stale++
    else if (grade.invalid === true) invalid++
    else counted.push(grade)
  }
  const latest = latestPerGrader(counted)
  // Latest first; of two at the same time, the later in the list.
  const adjudications = latest
    .filter((g) => g.grader.kind === 'human' && g.grader.role === 'adjudicator')
    .reverse()
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
  const people = latest.filter((g) => g.grader.kind === 'human' && g.grader.role !== 'adjudicator')
  const judges = latest.filter((g) => g.grader.kind === 'llm')
  const items = rubric.items.map((item): ItemGrading => {
    if (item.auto) return { id: item.id, for: 0, against: 0, decided_by: 'auto' }
    const human = votesOn(people, item.id)
    const judge = votesOn(judges, item.id)
    const decide = (met: boolean | null, by: DecidedBy, votes: Votes): ItemGrading => {
      decisions.set(item.id, met)
      return { id: item.id, ...votes, decided_by: met === null ? null : by }
    }
    const votes = options.judge === 'grader' ? { for: human.for + judge.for, against: human.against + judge.against } : human
    const adjudicated = adjudications.map((g) => answerOn(g, item.id)).find((met) => met !== null)
    if (adjudicated !== undefined) return decide(adjudicated, 'adjudicator', votes)
    if (human.for + human.against >= rubric.graders.min) return decide(majority(votes), 'people', votes)
    if (options.judge === 'fallback' && human.for + human.against === 0) return decide(majority(judge), 'judge_fallback', judge)
    return decide(null, 'people', votes)
  })
  return { decisions, items, stale, invalid }
}

export interface Votes {
  for: number
  against: number
}

/**
 * Each grader's latest grade in each role (a person and a judge of the same id are two graders; a lead's
 * adjudication does not replace their own vote, which still counts on the items they did not adjudicate).
 */
function latestPerGrader(grades: readonly Grade[]): Grade[] {
  const latest = new Map<string, Grade>()
  for (const grade of grades) {
    const role = grade.grader.kind === 'human' && grade.grader.role === 'adjudicator' ? 'adjudicator' : 'grader'
    const key = JSON.stringify([grade.grader.kind, grade.grader.id, role])
    const before = latest.get(key)
    if (!before || Date.parse(grade.at) >= Date.parse(before.at)) latest.set(key, grade)
  }
  return [...latest.values()]
}

/** A grade's answer on an item: met, not met, or null (can't tell, or not graded). */
const answerOn = (grade: Grade, id: string): boolean | null => grade.items.find((item) => item.id === id)?.met ?? null

function votesOn(grades: readonly Grade[], id: string): Votes {
  const votes = { for: 0, against: 0 }
  for (const grade of grades) {
    const met = answerOn(grade, id)
    if (met === true) votes.for++
    else if (met === false) votes.against++
  }
  return votes
}

/** Met when more votes say so, not met when fewer; a tie (or no vote) decides nothing. Also the judge's standing's yardstick. */
export const majority = (votes: Votes): boolean | null => (votes.for > votes.against ? true : votes.against > votes.for ? false : null)
