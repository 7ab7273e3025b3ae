/**
 * The state an attempt's kept calls leave: each successful execution call's
 * effect applied in order over the task's records. The kernel builds a live
 * attempt's state this way (so a resume, a withdrawal and a fork agree), and
 * `npm run score` builds a live response line's state the same way.
 */
import type { Profile, TaskRecords, ToolSchema } from '../dataset/types'
import { parseArguments } from '../tools/runtime'
import { toolEffect } from './builtin'
import { LiveState } from './state'
import type { Effect } from '../dataset/liveTypes'

/** Tool name → its effect (x-effect, or the built-in one), read once per tool list. */
export function effectsOf(tools: readonly ToolSchema[]): (name: string) => Effect | undefined {
  const effects = new Map<string, Effect | undefined>()
  for (const tool of tools) effects.set(tool.function.name, toolEffect(tool))
  return (name) => effects.get(name)
}

/** A call's arguments as the effect takes them: parsed, nulls left out (an explicit null is the parameter left out). */
export function effectArguments(raw: unknown): Record<string, unknown> {
  const parsed = parseArguments(raw)
  const args = 'args' in parsed ? parsed.args : {}
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null))
}

/** The state left by `calls` (kept, successful execution calls, in order) over `records`. */
export function stateOfCalls(
  records: TaskRecords,
  calls: readonly { name: string; arguments: unknown }[],
  effectOf: (name: string) => Effect | undefined,
  profile: Pick<Profile, 'now' | 'name' | 'phone' | 'paymentAccount'>,
): LiveState {
  return LiveState.replay(records, calls.map((c) => ({ name: c.name, arguments: effectArguments(c.arguments) })), effectOf, profile).state
}
