/**
 * The call scorer as it was before its pairing took shortcuts (kept as the
 * reference of test/score-pairing.test.ts): it builds the whole cost matrix
 * and solves it, and builds every explanation. Do not optimise.
 */
import { munkres } from 'munkres'
import { isRetrievalToolName } from '../../src/core/apps/registry'
import type { Task } from '../../src/core/dataset/types'
import { checkParams, parsePredictedArguments } from '../../src/core/score/compare'
import type { ToolProperties } from '../../src/core/score/task'
import type { ErrorType, Mismatch, ParamCheck, PredictedCall, TaskVerdict } from '../../src/core/score/types'

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

const failing = (c: ParamCheck): boolean => c.status !== 'ok'

/**
 * Scores one task's predicted execution calls against its gold calls:
 * correct only when they pair one to one (any order) with the same tools and
 * every constrained parameter acceptable. Pairs by an optimal assignment
 * (fewest mismatching parameters, then fewest missing), never greedily; a
 * task with `ordered: true` (live metadata) pairs them by position instead.
 */
export function referenceScoreTask(
  task: Pick<Task, 'id' | 'answer' | 'freeParams' | 'live'>,
  given: readonly PredictedCall[] | undefined,
  properties: ToolProperties,
): TaskVerdict {
  if (given === undefined)
    return { id: task.id, correct: false, errorType: 'no_response', mismatches: [], pairing: [], checks: [] }
  // Retrieval calls are never scored, whichever path handed them in (docs/reference.md, Scores).
  const predicted = given.some((c) => isRetrievalToolName(c.name)) ? given.filter((c) => !isRetrievalToolName(c.name)) : given
  const gold = task.answer
  const parsed = predicted.map((call) => parsePredictedArguments(call.arguments))
  const checksFor = (g: number, p: number): ParamCheck[] | undefined => {
    const goldCall = gold[g]
    const predCall = predicted[p]
    if (!goldCall || !predCall || goldCall.name !== predCall.name) return undefined
    return checkParams(goldCall, task.freeParams[g] ?? [], parsed[p], properties.get(goldCall.name) ?? {})
  }
  const matrix = gold.map((_, g) =>
    predicted.map((__, p) => {
      const checks = checksFor(g, p)
      return checks === undefined ? NAME_MISMATCH_COST : pairCost(checks)
    }),
  )
  const ordered = task.live?.ordered === true
  const pairing: [number, number][] = ordered
    ? gold.slice(0, predicted.length).map((_, i) => [i, i] as [number, number])
    : gold.length > 0 && predicted.length > 0
      ? munkres(matrix).map(([g, p]) => [g, p] as [number, number])
      : []
  pairing.sort((a, b) => a[0] - b[0])

  const checks: TaskVerdict['checks'] = []
  const mismatches: Mismatch[] = []
  for (const [g, p] of pairing) {
    const tool = gold[g]?.name ?? ''
    const params = checksFor(g, p)
    if (params === undefined) {
      mismatches.push({ gold: g, predicted: p, tool, param: '(tool)', status: 'wrong_value', expected: [tool], got: predicted[p]?.name })
      continue
    }
    checks.push({ gold: g, predicted: p, tool, params })
    for (const c of params.filter(failing)) mismatches.push({ gold: g, predicted: p, tool, ...c })
  }
  const pairedGold = new Set(pairing.map(([g]) => g))
  const pairedPred = new Set(pairing.map(([, p]) => p))
  gold.forEach((call, g) => {
    if (!pairedGold.has(g)) mismatches.push({ gold: g, predicted: -1, tool: call.name, param: '(call)', status: 'missing' })
  })
  predicted.forEach((call, p) => {
    if (!pairedPred.has(p)) mismatches.push({ gold: -1, predicted: p, tool: call.name, param: '(call)', status: 'unexpected' })
  })

  const errorType = classify(gold.map((c) => c.name), predicted.map((c) => c.name), mismatches, ordered)
  return { id: task.id, correct: errorType === null, errorType, mismatches, pairing, checks }
}

function classify(goldNames: string[], predictedNames: string[], mismatches: Mismatch[], ordered: boolean): ErrorType | null {
  if (goldNames.length !== predictedNames.length) return 'wrong_count'
  // In order, a call of the right tool in the wrong place is a wrong tool there.
  const sortedGold = ordered ? goldNames : [...goldNames].sort()
  const sortedPred = ordered ? predictedNames : [...predictedNames].sort()
  if (sortedGold.some((name, i) => name !== sortedPred[i])) return 'wrong_tool'
  if (mismatches.length === 0) return null
  if (mismatches.every((m) => m.status === 'unparseable')) return 'other'
  return mismatches.some((m) => m.status === 'missing') ? 'missing_param' : 'wrong_value'
}
