import { parseArguments } from './runtime'
import type { ToolCall } from './types'
import type { PredictedCall } from '../dataset/types'

/**
 * Arguments that JSON cannot carry (NaN, a BigInt, a cycle, a function): the
 * call is refused before anything is recorded, because its stored and exported
 * forms would differ. Hosts answer it as `ok: false` with this message.
 */
export class RefusedArguments extends Error {
  override name = 'RefusedArguments'
}

/** A call in a trajectory: its place, and whether the solver took it back before finishing. */
export interface TrajectoryStep extends ToolCall {
  seq: number
  withdrawn?: boolean
  /** In a fork: copied from the parent attempt. */
  inherited?: boolean
}

/** A step's fields after its seq, as every store and file keeps them: the flags only when set, nothing else the source holds. */
export function stepFields(step: Omit<TrajectoryStep, 'seq'>): Omit<TrajectoryStep, 'seq'> {
  return {
    name: step.name,
    arguments: step.arguments,
    source: step.source,
    kind: step.kind,
    ok: step.ok,
    content: step.content,
    ...(step.withdrawn ? { withdrawn: true } : {}),
    ...(step.inherited ? { inherited: true } : {}),
    ...(step.friction ? { friction: true } : {}),
  }
}

/**
 * What a trajectory submits: its successful, not withdrawn execution calls
 * (actions), in order.
 */
export function submittedOf(steps: readonly Pick<TrajectoryStep, 'kind' | 'ok' | 'withdrawn' | 'name' | 'arguments'>[]): PredictedCall[] {
  return callsOf(steps.filter((s) => s.kind === 'execution' && s.ok && !s.withdrawn))
}

/**
 * What the scorer reads of a trajectory: the submitted actions and, in their
 * place among them, the questions answered by the user (`Ask_User`). The
 * scorer never pairs a question with the gold; a task's `extraneous` budget
 * counts them. A published trajectory has none, so this is its actions.
 */
export function scoredCallsOf(steps: readonly Pick<TrajectoryStep, 'kind' | 'ok' | 'withdrawn' | 'name' | 'arguments'>[]): PredictedCall[] {
  return callsOf(steps.filter((s) => ((s.kind === 'execution' && !s.withdrawn) || s.kind === 'ask') && s.ok))
}

/** Calls with their arguments as objects (a model sends them as JSON text; a successful call's text always parses). */
function callsOf(steps: readonly Pick<TrajectoryStep, 'name' | 'arguments'>[]): PredictedCall[] {
  return steps.map((s) => {
    const parsed = parseArguments(s.arguments)
    return { name: s.name, arguments: 'args' in parsed ? parsed.args : s.arguments }
  })
}
