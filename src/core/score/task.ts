import { munkres } from 'munkres'
import { isRetrievalToolName } from '../apps/registry'
import type { JsonSchema, Task, ToolSchema } from '../dataset/types'
import { hasOwn, ownValue } from '../base/own'
import { checkParams, fitsSchema, isAcceptable, parsePredictedArguments } from './compare'
import type { ErrorType, Mismatch, ParamCheck, PredictedCall, TaskVerdict } from './types'

/** Tool name → parameter schemas, for checking free parameters. */
export type ToolProperties = ReadonlyMap<string, Record<string, JsonSchema>>

/** Indexes tools.json for the scorer. */
export function toolProperties(tools: readonly ToolSchema[]): ToolProperties {
  return new Map(tools.map((t) => [t.function.name, t.function.parameters.properties ?? {}]))
}

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
 * Scores one task's predicted execution calls against its gold calls:
 * correct only when they pair one to one (any order) with the same tools and
 * every constrained parameter acceptable. Pairs by an optimal assignment
 * (fewest mismatching parameters, then fewest missing), never greedily; a
 * task with `ordered: true` (live metadata) pairs them by position instead.
 * The verdict comes with its whole explanation (see {@link judgeTask}).
 */
export function scoreTask(
  task: Pick<Task, 'id' | 'answer' | 'freeParams' | 'live'>,
  given: readonly PredictedCall[] | undefined,
  properties: ToolProperties,
): TaskVerdict {
  return judgeTask(task, given, properties).explain()
}

/** A task's verdict, with its explanation (pairing, checks, mismatches) worked out when asked for, once. */
export interface TaskJudgement {
  id: string
  correct: boolean
  errorType: ErrorType | null
  explain(): TaskVerdict
}

/**
 * The verdict {@link scoreTask} gives, settled as early as it can be: the
 * counts and the tools decide a wrong count or a wrong tool, and where only
 * one pairing is possible a correct verdict needs each pair's parameters
 * compared, not described. The explanation is built when `explain()` is
 * called (a sweep is scored for its accuracy, and explained line by line as
 * its details are written); any other verdict is explained as it is judged.
 */
export function judgeTask(
  task: Pick<Task, 'id' | 'answer' | 'freeParams' | 'live'>,
  given: readonly PredictedCall[] | undefined,
  properties: ToolProperties,
): TaskJudgement {
  if (given === undefined) {
    const verdict: TaskVerdict = { id: task.id, correct: false, errorType: 'no_response', mismatches: [], pairing: [], checks: [] }
    return { id: task.id, correct: false, errorType: 'no_response', explain: () => verdict }
  }
  // Retrieval calls are never scored, whichever path handed them in (docs/reference.md, Scores).
  const predicted = given.some((c) => isRetrievalToolName(c.name)) ? given.filter((c) => !isRetrievalToolName(c.name)) : given
  const ordered = task.live?.ordered === true
  const settled = toolsError(task.answer, predicted, ordered) ?? onlyPairingError(task, predicted, properties, ordered)
  if (settled !== undefined) {
    let explained: TaskVerdict | undefined
    return { id: task.id, correct: settled === null, errorType: settled, explain: () => (explained ??= explainTask(task, predicted, properties, ordered)) }
  }
  const verdict = explainTask(task, predicted, properties, ordered)
  return { id: verdict.id, correct: verdict.correct, errorType: verdict.errorType, explain: () => verdict }
}

/**
 * The error the calls' tools alone make (`classify` before any parameter): a wrong count, or tools that are
 * not the gold's (in order where order counts); undefined when they are the gold's. Builds no list.
 */
function toolsError(gold: readonly { name: string }[], predicted: readonly { name: string }[], ordered: boolean): ErrorType | undefined {
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
function onlyPairingError(
  task: Pick<Task, 'answer' | 'freeParams'>,
  predicted: readonly PredictedCall[],
  properties: ToolProperties,
  ordered: boolean,
): ErrorType | null | undefined {
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
function explainTask(
  task: Pick<Task, 'id' | 'answer' | 'freeParams'>,
  predicted: readonly PredictedCall[],
  properties: ToolProperties,
  ordered: boolean,
): TaskVerdict {
  const gold = task.answer
  const pairs: PairChecks = { task, predicted, parsed: predicted.map((call) => parsePredictedArguments(call.arguments)), properties, checked: [] }
  const pairing: [number, number][] = ordered
    ? gold.slice(0, predicted.length).map((_, i) => [i, i] as [number, number])
    : gold.length > 0 && predicted.length > 0
      ? (forcedPairing(gold, predicted) ?? optimalPairing(pairs))
      : []
  pairing.sort((a, b) => a[0] - b[0])

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
  return { id: task.id, correct: errorType === null, errorType, mismatches, pairing, checks }
}

/** A task's calls and the checks of each pair, worked out once whether the assignment or the explanation asks first. */
interface PairChecks {
  task: Pick<Task, 'answer' | 'freeParams'>
  predicted: readonly PredictedCall[]
  parsed: (Record<string, unknown> | undefined)[]
  properties: ToolProperties
  /** By gold index × predicted count + predicted index; null: calls of different tools. */
  checked: (ParamCheck[] | null)[]
}

function checksOf(pairs: PairChecks, g: number, p: number): ParamCheck[] | null {
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

/** The optimal assignment over every pair of calls. */
function optimalPairing(pairs: PairChecks): [number, number][] {
  const matrix = pairs.task.answer.map((_, g) =>
    pairs.predicted.map((__, p) => {
      const checks = checksOf(pairs, g, p)
      return checks === null ? NAME_MISMATCH_COST : pairCost(checks)
    }),
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

function classify(goldNames: string[], predictedNames: string[], mismatches: Mismatch[], ordered: boolean): ErrorType | null {
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
