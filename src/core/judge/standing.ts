/**
 * "Check the judge": whether an LLM judge may count as a grader. It is on
 * probation (advisory) until its balanced F1 on met / not met against the
 * people's majority reaches the people's own pairwise F1, over enough
 * attempts that the figure means something.
 */
import { balancedF1, pairwiseF1, ratingTable } from '../grades/agreement'
import { majority } from '../grades/decide'
import type { Grade } from '../grades/types'

/** Attempts graded by both the judge and people before the judge's figure counts. */
export const JUDGE_MIN_ATTEMPTS = 30
/** F1s that differ by rounding alone are equal. */
const ROUNDING = 1e-9

export interface JudgeStandingInput {
  /** People's grades (other grades are left out). */
  people: readonly Grade[]
  /** One judge's grades (one model's: grades of several judges are refused). */
  judge: readonly Grade[]
  /** Whether a grade still applies to its task's rubric; stale ones are left out. Default: all apply. */
  applies?: (grade: Grade) => boolean
}

export interface JudgeStanding {
  /** Attempts with a readable judge grade and at least one item the people's majority decides: "n of 30". */
  attempts: number
  needed: number
  /** Items compared: those with a people's majority, on attempts the judge graded. */
  items: number
  /** The judge's balanced F1 against the people's majority; null with nothing to compare. */
  judgeF1: number | null
  /** The people's balanced F1, pair by pair, averaged; null without two people on one item. */
  peopleF1: number | null
  /** The judge's grades that could not be read (never counted). */
  invalid: number
  eligible: boolean
}

/**
 * The judge against the people. An item the people's majority decides (ties
 * and items nobody decided are left out) counts on every attempt the judge
 * graded; where the judge said "can't tell", it counts as wrong, so that
 * abstaining never raises its figure.
 */
export function judgeStanding(input: JudgeStandingInput): JudgeStanding {
  const applies = input.applies ?? (() => true)
  const people = ratingTable(
    input.people.filter((grade) => grade.grader.kind === 'human'),
    { applies },
  )
  const judgeGrades = input.judge.filter((grade) => grade.grader.kind === 'llm' && applies(grade))
  const judges = new Set(judgeGrades.map((grade) => grade.grader.id))
  if (judges.size > 1) throw new Error(`judgeStanding: grades of ${judges.size} judges (${[...judges].join(', ')}); check one at a time`)
  const judged = ratingTable(judgeGrades, { includeLlm: true })
  const judgeId = [...judges][0]
  const verdicts = new Map(judged.units.map((unit) => [unit.key, judgeId === undefined ? undefined : unit.ratings.get(judgeId)]))
  const truth: boolean[] = []
  const predicted: boolean[] = []
  const attempts = new Set<string>()
  for (const unit of people.units) {
    const ratings = [...unit.ratings.values()]
    const met = ratings.filter(Boolean).length
    const peoplesMajority = majority({ for: met, against: ratings.length - met })
    if (peoplesMajority === null || !verdicts.has(unit.key)) continue
    const verdict = verdicts.get(unit.key)
    truth.push(peoplesMajority)
    predicted.push(verdict ?? !peoplesMajority)
    attempts.add(`${unit.task_id}\u0000${unit.attempt}`)
  }
  const judgeF1 = balancedF1(truth, predicted)
  const peopleF1 = pairwiseF1(people).f1
  return {
    attempts: attempts.size,
    needed: JUDGE_MIN_ATTEMPTS,
    items: truth.length,
    judgeF1,
    peopleF1,
    invalid: invalidAttempts(judgeGrades),
    eligible: attempts.size >= JUDGE_MIN_ATTEMPTS && judgeF1 !== null && peopleF1 !== null && judgeF1 >= peopleF1 - ROUNDING,
  }
}

/** Attempts whose latest judge grade is invalid: shown beside the figures, since they are left out of them. */
function invalidAttempts(grades: readonly Grade[]): number {
  const latest = new Map<string, Grade>()
  for (const grade of grades) {
    const key = `${grade.task_id}\u0000${grade.attempt}`
    const before = latest.get(key)
    if (before === undefined || !(Date.parse(grade.at) < Date.parse(before.at))) latest.set(key, grade)
  }
  return [...latest.values()].filter((grade) => grade.invalid === true).length
}
