/**
 * A planner task's `extraneous` policy (docs/reference.md, "Planner tasks"),
 * in the tool_call bucket. Calls are paired with the gold first; what is left
 * over is surplus: the unpaired write and delegate calls, and every ask
 * (asking is never gold). Under `no_extra_writes` each tool may leave over as
 * many calls as its `allow` budget (the first ones, in the order made) and
 * each beyond it is an extra write (`extra_write`, not `wrong_count`); under
 * `lenient` none counts. Reads and meta calls never reach the scorer's count.
 */
import type { Extraneous } from '../dataset/plannerTypes'
import { ownValue } from '../base/own'
import { parsePredictedArguments } from './compare'
import type { Mismatch, PredictedCall } from './types'

/** A predicted call no gold call took: listed by the pairing's explanation as `(call)`, `unexpected`. */
export const isSurplus = (m: Mismatch): boolean => m.param === '(call)' && m.gold === -1

export interface ExtraCalls {
  /** The pairing's mismatches without the surplus calls the policy excuses. */
  kept: Mismatch[]
  /** The asks beyond their budget, each a mismatch of its own (param `(ask)`, no predicted index: an ask is not an action). */
  asks: Mismatch[]
  /** How many calls are beyond their budget: surplus actions and asks. */
  beyond: number
}

export function extraCalls(policy: Extraneous, mismatches: readonly Mismatch[], asks: readonly PredictedCall[]): ExtraCalls {
  if (policy.policy === 'lenient') return { kept: mismatches.filter((m) => !isSurplus(m)), asks: [], beyond: 0 }
  const used = new Map<string, number>()
  // The first calls of a tool spend its budget; the next are beyond it.
  const withinBudget = (tool: string): boolean => {
    const spent = used.get(tool) ?? 0
    used.set(tool, spent + 1)
    return spent < (ownValue(policy.allow, tool) ?? 0)
  }
  const kept = mismatches.filter((m) => !isSurplus(m) || !withinBudget(m.tool))
  const extraAsks = asks.flatMap((ask): Mismatch[] => {
    if (withinBudget(ask.name)) return []
    const args = parsePredictedArguments(ask.arguments)
    return [{ gold: -1, predicted: -1, tool: ask.name, param: '(ask)', status: 'unexpected', got: args ?? ask.arguments }]
  })
  return { kept, asks: extraAsks, beyond: kept.filter(isSurplus).length + extraAsks.length }
}
