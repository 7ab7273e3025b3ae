/**
 * A planner task's call checks (docs/reference.md, "Planner tasks"), in the
 * one scorer. The verdict is the best over `answer` and each of
 * `alternatives`; `order` and `mentions` name `answer`'s calls, so they
 * check `answer` alone (an alternative is another way to do the task, with
 * its own calls); `extraneous` checks every gold set. Their errors count after
 * today's ones, in this order: wrong_order, extra_write, mention_missing.
 */
import type { AlternativeAnswer, Extraneous, Mention } from '../dataset/plannerTypes'
import type { Task } from '../dataset/types'
import { extraCalls, isSurplus } from './extraneous'
import { mentionFailures, mentionMismatches } from './mentions'
import { orderMismatches, orderRanks } from './order'
import { classify, explainPairing, pairCalls, pairChecks } from './pairing'
import type { ToolProperties } from './properties'
import type { SortedCalls } from './roles'
import type { ErrorType, TaskVerdict } from './types'

/** What a planner task's keys ask of its calls; undefined when they ask nothing of them. */
export interface CallChecks {
  order: readonly [number, number][]
  mentions: readonly Mention[]
  alternatives: readonly AlternativeAnswer[]
  /** The policy in effect: the task's, else `no_extra_writes` when it names a bucket; none outside the tool_call bucket (state tasks have the collateral check, behaviour tasks their rubric). */
  extraneous: Extraneous | undefined
}

const NO_EXTRA_WRITES: Extraneous = { policy: 'no_extra_writes', allow: {} }

export function callChecksOf(task: Pick<Task, 'planner' | 'live'>): CallChecks | undefined {
  const planner = task.planner
  if (!planner) return undefined
  const bucket = planner.bucket
  // A task verified by its state (bucket state_change, or the live verify "state" the loader holds it to) has the collateral check instead.
  const byCalls = bucket !== 'state_change' && bucket !== 'agent_behavior' && task.live?.verify !== 'state'
  const extraneous = byCalls ? (planner.extraneous ?? (bucket ? NO_EXTRA_WRITES : undefined)) : undefined
  const checks: CallChecks = { order: planner.order ?? [], mentions: planner.mentions ?? [], alternatives: planner.alternatives ?? [], extraneous }
  return checks.order.length > 0 || checks.mentions.length > 0 || checks.alternatives.length > 0 || extraneous ? checks : undefined
}

/**
 * Whether the checks can change this verdict. Under an extraneous policy
 * alone, calls that leave none over (and no ask to count) are judged as any
 * task's, so that they keep the scorer's early settling.
 */
export function needsPlannerChecks(checks: CallChecks, gold: readonly unknown[], calls: SortedCalls): boolean {
  if (checks.order.length > 0 || checks.mentions.length > 0 || checks.alternatives.length > 0) return true
  const surplus = calls.actions.length > gold.length
  return checks.extraneous?.policy === 'no_extra_writes' ? surplus || calls.asks.length > 0 : surplus
}

/** The best verdict over the gold sets: the first correct one, else the one with the fewest mismatches (`answer` first on a tie). */
export function judgePlannerTask(
  task: Pick<Task, 'id' | 'answer' | 'freeParams'>,
  checks: CallChecks,
  calls: SortedCalls,
  properties: ToolProperties,
  ordered: boolean,
): TaskVerdict {
  let best = judgeGoldSet(task.id, task, checks, calls, properties, ordered)
  const alternativeChecks = { order: [], mentions: [], extraneous: checks.extraneous }
  for (const [index, alternative] of checks.alternatives.entries()) {
    if (best.correct) break
    const verdict = judgeGoldSet(task.id, alternative, alternativeChecks, calls, properties, ordered)
    if (verdict.correct || verdict.mismatches.length < best.mismatches.length) best = { ...verdict, alternative: index }
  }
  return best
}

/** One gold set against the actions: the pairing's verdict, then the planner checks in their precedence. */
function judgeGoldSet(
  id: string,
  gold: Pick<Task, 'answer' | 'freeParams'> | AlternativeAnswer,
  checks: Pick<CallChecks, 'order' | 'mentions' | 'extraneous'>,
  calls: SortedCalls,
  properties: ToolProperties,
  ordered: boolean,
): TaskVerdict {
  const pairs = pairChecks(gold, calls.actions, properties, mentionFailures(checks.mentions))
  const pairing = pairCalls(pairs, ordered, checks.order.length > 0 ? orderRanks(gold.answer.length, checks.order) : undefined)
  const verdict = explainPairing(id, pairs, pairing, ordered)
  const extra = checks.extraneous ? extraCalls(checks.extraneous, verdict.mismatches, calls.asks) : undefined
  // Under a policy, calls left over are its to judge, not a wrong count: the pairs decide the rest, as if made alone.
  const leftOver = extra !== undefined && calls.actions.length > gold.answer.length
  const pairedNames = pairing.map(([, p]) => calls.actions[p]?.name ?? '')
  const baseError = leftOver ? classify(gold.answer.map((c) => c.name), pairedNames, verdict.mismatches.filter((m) => !isSurplus(m)), true) : verdict.errorType
  const broken = orderMismatches(pairs, pairing, checks.order)
  const unmentioned = mentionMismatches(pairs, pairing, checks.mentions)
  const plannerError: ErrorType | null = broken.length > 0 ? 'wrong_order' : (extra?.beyond ?? 0) > 0 ? 'extra_write' : unmentioned.length > 0 ? 'mention_missing' : null
  const errorType = baseError ?? plannerError
  const mismatches = [...(extra?.kept ?? verdict.mismatches), ...broken, ...(extra?.asks ?? []), ...unmentioned]
  return { id, correct: errorType === null, errorType, mismatches, pairing, checks: verdict.checks }
}
