/**
 * A task's predicted calls against one gold set (its `answer`, or one of a
 * planner task's alternatives): the pairing, each pair's parameter checks,
 * and the error they make in today's precedence (docs/reference.md, Scores).
 * The verdict is settled early where it can be ({@link toolsError},
 * {@link onlyPairingError}); src/core/score/task.ts decides which path a task takes.
 */
import { munkres } from 'munkres'
import type { Task } from '../dataset/types'
import { hasOwn, ownValue } from '../base/own'
import { checkParams, fitsSchema, isAcceptable, parsePredictedArguments } from './compare'
import type { ToolProperties } from './properties'
import type { BaseErrorType, Mismatch, ParamCheck, PredictedCall, TaskVerdict } from './types'

/** Cost of pairing calls of different tools: above any count of parameter mismatches. */
const NAME_MISMATCH_COST = 1_000_000_000
/**
 * A pair costs its mismatching parameters, then (to break ties the same way
 * whatever the order of the calls) its missing ones: of two equally good
 * pairings, the one that finds more parameters present is the best.
 */
const MISMATCH_WEIGHT = 1000

function pairCost(checks: ParamCheck[]): number {
  let cost = 0
  for (const c of checks) if (c.status !== 'ok') cost += MISMATCH_WEIGHT + (c.status === 'missing' ? 1 : 0)
  return cost
}

/**
 * The error the calls' tools alone make (`classify` before any parameter): a wrong count, or tools that are
 * not the gold's (in order where order counts); undefined when they are the gold's. Builds no list.
 */
export function toolsError(gold: readonly { name: string }[], predicted: readonly { name: string }[], ordered: boolean): BaseErrorType | undefined {
  if (gold.length !== predicted.length) return 'wrong_count'
  if (ordered || gold.length <= 1) return gold.every((call, i) => call.name === predicted[i]?.name) ? undefined : 'wrong_tool'
  // The same multiset of names: each name as often on both sides.
  for (const call of gold) {
    let balance = 0
    for (const other of gold) if (other.name === call.name) balance++
    for (const other of predicted) if (other.name === call.name) balance--
    if (balance !== 0) return 'wrong_tool'
  }
  return undefined
}

/**
 * The verdict where the tools allow one pairing only (by position in order; else each tool once on one side
 * or the other): null when every pair passes, else the error its failing checks make, as `classify` reads
 * them. Undefined when the assignment must choose between pairings.
 */
export function onlyPairingError(
  task: Pick<Task, 'answer' | 'freeParams'>,
  predicted: readonly PredictedCall[],
  properties: ToolProperties,
  ordered: boolean,
): BaseErrorType | null | undefined {
  const gold = task.answer
  const pairing = ordered ? gold.map((_, i) => [i, i] as [number, number]) : forcedPairing(gold, predicted)
  if (!pairing) return undefined
  let found = 0
  for (const [g, p] of pairing) found |= pairFindings(task, g, predicted[p], properties)
  if (found === 0) return null
  if ((found & FAILS_OTHERWISE) === 0) return 'other'
  return (found & MISSING) !== 0 ? 'missing_param' : 'wrong_value'
}

/** What a pair's checks find, as bits: a parameter missing, a failure other than unparseable arguments, unparseable arguments. */
const MISSING = 1
const FAILS_OTHERWISE = 2
const UNPARSEABLE = 4

/** The findings `checkParams` would make for a pair, without describing any (0: every parameter passes). */
function pairFindings(task: Pick<Task, 'answer' | 'freeParams'>, g: number, call: PredictedCall | undefined, properties: ToolProperties): number {
  const goldCall = task.answer[g]
  if (!goldCall || !call || goldCall.name !== call.name) return FAILS_OTHERWISE
  const args = parsePredictedArguments(call.arguments)
  if (args === undefined) return UNPARSEABLE
  const free = task.freeParams[g] ?? []
  const schemas = properties.get(goldCall.name) ?? {}
  let found = 0
  for (const param in goldCall.arguments) {
    if (!hasOwn(goldCall.arguments, param) || free.includes(param)) continue
    const acceptable = goldCall.arguments[param] ?? []
    const got = ownValue(args, param)
    if (got === undefined || got === null) {
      if (!acceptable.includes(null)) found |= MISSING | FAILS_OTHERWISE
    } else if (!isAcceptable(acceptable, got, ownValue(schemas, param))) found |= FAILS_OTHERWISE
  }
  for (const param in args) {
    if (!hasOwn(args, param)) continue
    const got = args[param]
    if (got === null || got === undefined) continue
    if (free.includes(param) ? !fitsSchema(ownValue(schemas, param), got) : !hasOwn(goldCall.arguments, param)) found |= FAILS_OTHERWISE
  }
  return found
}

/** The verdict with its whole explanation: the optimal pairing, each pair's parameter checks, and every mismatch. */
export function explainTask(
  task: Pick<Task, 'id' | 'answer' | 'freeParams'>,
  predicted: readonly PredictedCall[],
  properties: ToolProperties,
  ordered: boolean,
): TaskVerdict {
  const pairs = pairChecks(task, predicted, properties)
  return explainPairing(task.id, pairs, pairCalls(pairs, ordered), ordered)
}

/**
 * The best pairing as [gold index, predicted index], by gold index: by
 * position in order, else the optimal assignment. `ranks` (a planner task's
 * `order`, src/core/score/order.ts) break its ties.
 */
export function pairCalls(pairs: PairChecks, ordered: boolean, ranks?: readonly number[]): [number, number][] {
  const gold = pairs.task.answer
  const predicted = pairs.predicted
  const pairing: [number, number][] = ordered
    ? gold.slice(0, predicted.length).map((_, i) => [i, i] as [number, number])
    : gold.length > 0 && predicted.length > 0
      ? (forcedPairing(gold, predicted) ?? optimalPairing(pairs, ranks))
      : []
  return pairing.sort((a, b) => a[0] - b[0])
}

/** A pairing's verdict: each pair's checks, every mismatch (calls left unpaired too), and the error they make. */
export function explainPairing(id: string, pairs: PairChecks, pairing: [number, number][], ordered: boolean): TaskVerdict {
  const gold = pairs.task.answer
  const predicted = pairs.predicted
  const checks: TaskVerdict['checks'] = []
  const mismatches: Mismatch[] = []
  for (const [g, p] of pairing) {
    const tool = gold[g]?.name ?? ''
    const params = checksOf(pairs, g, p)
    if (params === null) {
      mismatches.push({ gold: g, predicted: p, tool, param: '(tool)', status: 'wrong_value', expected: [tool], got: predicted[p]?.name })
      continue
    }
    checks.push({ gold: g, predicted: p, tool, params })
    for (const c of params) if (c.status !== 'ok') mismatches.push({ gold: g, predicted: p, tool, ...c })
  }
  // Every call is paired when the counts agree: then there is nothing left to list.
  if (gold.length !== predicted.length) {
    const pairedGold = new Set(pairing.map(([g]) => g))
    const pairedPred = new Set(pairing.map(([, p]) => p))
    gold.forEach((call, g) => {
      if (!pairedGold.has(g)) mismatches.push({ gold: g, predicted: -1, tool: call.name, param: '(call)', status: 'missing' })
    })
    predicted.forEach((call, p) => {
      if (!pairedPred.has(p)) mismatches.push({ gold: -1, predicted: p, tool: call.name, param: '(call)', status: 'unexpected' })
    })
  }

  const errorType = classify(gold.map((c) => c.name), predicted.map((c) => c.name), mismatches, ordered)
  return { id, correct: errorType === null, errorType, mismatches, pairing, checks }
}

/** A task's calls and the checks of each pair, worked out once whether the assignment or the explanation asks first. */
export interface PairChecks {
  task: Pick<Task, 'answer' | 'freeParams'>
  predicted: readonly PredictedCall[]
  parsed: (Record<string, unknown> | undefined)[]
  properties: ToolProperties
  /** By gold index × predicted count + predicted index; null: calls of different tools. */
  checked: (ParamCheck[] | null)[]
  /** What else a pair of the same tool fails, counted as mismatching parameters are (a planner task's mentions). */
  failures?: PairFailures
}

/** How many checks beyond its parameters' a pair fails: gold call g with the arguments of a predicted call. */
export type PairFailures = (g: number, args: Record<string, unknown> | undefined) => number

/** Nothing checked yet: each pair is checked when first asked for. */
export function pairChecks(task: Pick<Task, 'answer' | 'freeParams'>, predicted: readonly PredictedCall[], properties: ToolProperties, failures?: PairFailures): PairChecks {
  const pairs: PairChecks = { task, predicted, parsed: predicted.map((call) => parsePredictedArguments(call.arguments)), properties, checked: [] }
  return failures ? { ...pairs, failures } : pairs
}

/** A pair's parameter checks (null: calls of different tools). */
export function checksOf(pairs: PairChecks, g: number, p: number): ParamCheck[] | null {
  const at = g * pairs.predicted.length + p
  const known = pairs.checked[at]
  if (known !== undefined) return known
  const goldCall = pairs.task.answer[g]
  const predCall = pairs.predicted[p]
  const checks =
    !goldCall || !predCall || goldCall.name !== predCall.name
      ? null
      : checkParams(goldCall, pairs.task.freeParams[g] ?? [], pairs.parsed[p], pairs.properties.get(goldCall.name) ?? {})
  pairs.checked[at] = checks
  return checks
}

/** What pairing gold call g with predicted call p costs the assignment. */
export function costOf(pairs: PairChecks, g: number, p: number): number {
  const checks = checksOf(pairs, g, p)
  if (checks === null) return NAME_MISMATCH_COST
  return pairCost(checks) + (pairs.failures ? MISMATCH_WEIGHT * pairs.failures(g, pairs.parsed[p]) : 0)
}

/**
 * The optimal assignment over every pair of calls. With `ranks`, of the
 * assignments that cost the same it takes one that pairs gold calls in rank
 * order with actions in the order made: each pair also costs the square of
 * the gap between its rank and its action's place, scaled below one unit of
 * the cost (a convex cost pairs a run of interchangeable calls in order).
 * Without room for that in exact integers (a task of very many calls), ties
 * are broken as without ranks.
 */
function optimalPairing(pairs: PairChecks, ranks?: readonly number[]): [number, number][] {
  const gold = pairs.task.answer.length
  const predicted = pairs.predicted.length
  const widest = Math.max(gold, predicted)
  const scale = ranks ? gold * predicted * widest * widest + 1 : 1
  const tieBreak = ranks !== undefined && NAME_MISMATCH_COST * scale * widest < Number.MAX_SAFE_INTEGER
  const matrix = pairs.task.answer.map((_, g) =>
    pairs.predicted.map((__, p) => (tieBreak ? costOf(pairs, g, p) * scale + ((ranks[g] ?? g) - p) ** 2 : costOf(pairs, g, p))),
  )
  return munkres(matrix).map(([g, p]) => [g, p] as [number, number])
}

/**
 * The pairing when only one is possible: each tool called at most once on
 * one side or the other, and every call that can pair with one of the same
 * tool. Calls of different tools cost more than any parameter mismatch, so
 * then these same-tool pairs are the optimal assignment whatever their
 * parameters; undefined when the assignment must choose.
 */
function forcedPairing(gold: readonly { name: string }[], predicted: readonly { name: string }[]): [number, number][] | undefined {
  const pairs: [number, number][] = []
  for (let g = 0; g < gold.length; g++) {
    const name = gold[g]?.name
    let partner = -1
    for (let p = 0; p < predicted.length; p++) {
      if (predicted[p]?.name !== name) continue
      if (partner >= 0) return undefined
      partner = p
    }
    if (partner < 0) continue
    // Another gold call of the tool could take this partner.
    for (let other = 0; other < gold.length; other++) if (other !== g && gold[other]?.name === name) return undefined
    pairs.push([g, partner])
  }
  return pairs.length === Math.min(gold.length, predicted.length) ? pairs : undefined
}

export function classify(goldNames: string[], predictedNames: string[], mismatches: Mismatch[], ordered: boolean): BaseErrorType | null {
  if (goldNames.length !== predictedNames.length) return 'wrong_count'
  // In order, a call of the right tool in the wrong place is a wrong tool there (one call is always in order).
  const inOrder = ordered || goldNames.length <= 1
  const sortedGold = inOrder ? goldNames : [...goldNames].sort()
  const sortedPred = inOrder ? predictedNames : [...predictedNames].sort()
  if (sortedGold.some((name, i) => name !== sortedPred[i])) return 'wrong_tool'
  if (mismatches.length === 0) return null
  if (mismatches.every((m) => m.status === 'unparseable')) return 'other'
  return mismatches.some((m) => m.status === 'missing') ? 'missing_param' : 'wrong_value'
}
