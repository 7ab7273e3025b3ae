/**
 * A planner task's rubric (docs/reference.md, "Planner tasks"): each item is
 * met or not, by its automatic check (src/core/score/rubricChecks.ts) or by
 * people's decision. Score = points of the items met over the positive
 * points, clipped to 0..1 (a met item with negative points takes its points
 * off). It passes when the score reaches `pass.minScore` and every
 * `pass.required` item is met. An item without a check that nobody has
 * decided yet keeps the verdict open only while it could still change it:
 * the rubric is judged in the best and the worst case of the undecided
 * items, and it is pending only when those two disagree.
 */
import type { AutoCheck, Rubric } from '../dataset/plannerTypes'
import type { Task } from '../dataset/types'
import type { RubricErrorType, RubricItemOutcome, RubricVerdict } from './types'

/** People's decisions on a rubric's items without an automatic check, by item id: met, not met, or not decided (null, as absent). */
export type RubricDecisions = ReadonlyMap<string, boolean | null>

const NO_DECISIONS: RubricDecisions = new Map()

/** Scores compare with `pass.minScore` up to floating-point rounding, which fractional points can leave. */
const ROUNDING = 1e-9

/** Whether a task's rubric is its verdict: in the `agent_behavior` bucket it is, and the calls do not decide. */
export function rubricDecides(task: Pick<Task, 'planner'>): boolean {
  return task.planner?.bucket === 'agent_behavior'
}

/**
 * The rubric's verdict: each item with a check is decided by it, each other
 * item by `decisions` (a decision on an item with a check is ignored: the
 * check decides it).
 */
export function judgeRubric(rubric: Rubric, checkMet: (check: AutoCheck) => boolean, decides: boolean, decisions: RubricDecisions = NO_DECISIONS): RubricVerdict {
  const items: RubricItemOutcome[] = rubric.items.map((item) => ({ id: item.id, met: item.auto ? checkMet(item.auto) : (decisions.get(item.id) ?? null) }))
  const pending = items.filter((item) => item.met === null).map((item) => item.id)
  const pointsOf = new Map(rubric.items.map((item) => [item.id, item.points]))
  // Best case: every undecided item goes the rubric's way (a reward met, a penalty not); worst case: the other way.
  const resolved = (best: boolean) => items.map((item) => ({ id: item.id, met: item.met ?? ((pointsOf.get(item.id) ?? 0) > 0) === best }))
  const worst = passes(rubric, resolved(false))
  const best = passes(rubric, resolved(true))
  const notYet = items.map((item) => ({ id: item.id, met: item.met === true }))
  return { score: scoreOf(rubric, notYet), items, pending, passed: worst ? true : best ? null : false, decides }
}

/** What a rubric records for a task nobody answered: nothing was done, so no item is met and nothing waits for people. */
export function unansweredRubric(rubric: Rubric, decides: boolean): RubricVerdict {
  return { score: 0, items: rubric.items.map((item) => ({ id: item.id, met: false })), pending: [], passed: false, decides }
}

/** The error a rubric gives where it decides: pending while people's grades could still change it, failed when they cannot. */
export function rubricError(verdict: RubricVerdict): RubricErrorType | null {
  return verdict.passed === null ? 'rubric_pending' : verdict.passed ? null : 'rubric_failed'
}

function scoreOf(rubric: Rubric, outcomes: readonly { id: string; met: boolean }[]): number {
  const met = new Set(outcomes.filter((o) => o.met).map((o) => o.id))
  const positive = rubric.items.reduce((sum, item) => sum + Math.max(item.points, 0), 0)
  const points = rubric.items.reduce((sum, item) => sum + (met.has(item.id) ? item.points : 0), 0)
  return positive > 0 ? Math.min(1, Math.max(0, points / positive)) : 0
}

function passes(rubric: Rubric, outcomes: readonly { id: string; met: boolean }[]): boolean {
  const met = new Set(outcomes.filter((o) => o.met).map((o) => o.id))
  return scoreOf(rubric, outcomes) >= rubric.pass.minScore - ROUNDING && rubric.pass.required.every((id) => met.has(id))
}
