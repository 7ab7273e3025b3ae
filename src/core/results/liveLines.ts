/**
 * Live response lines (`state: "live"`): their state verdict, worked out from
 * the line alone, the same way the kernel works out an attempt's. The line's
 * scored calls (its kept calls) are replayed over the task's records; calls
 * the runtime would refuse change nothing, as in the kernel.
 */
import type { Profile, Task, TaskRecords, ToolSchema } from '../dataset/types'
import { liveOutcome } from '../live/outcome'
import type { LiveOutcome } from '../live/outcome'
import { effectsOf, stateOfCalls } from '../live/replayCalls'
import { stateVerdict } from '../live/verdict'
import { ToolRuntime } from '../tools/runtime'
import type { PredictedCall, TaskVerdict } from '../score/types'

/**
 * What scoring live lines needs beyond the tasks and tools: every task's
 * records and the profile effects stamp. A planner task's memory condition
 * reads its records too (its reads are answered again over its memory items).
 */
export interface LiveScoring {
  records: Readonly<Record<string, TaskRecords>>
  profile: Pick<Profile, 'now' | 'name' | 'phone' | 'paymentAccount'>
}

/** Whether a response line was made in live state (its calls changed the phone). */
export function isLiveLine(raw: Record<string, unknown>): boolean {
  return raw.state === 'live'
}

/** Scores a live line: the calls' verdict, the state its calls leave, and the task's verdict under its verify mode. */
export function scoreLiveLine(
  task: Task,
  calls: readonly PredictedCall[],
  callsVerdict: TaskVerdict,
  tools: readonly ToolSchema[],
  live: LiveScoring,
  effectOf: ReturnType<typeof effectsOf> = effectsOf(tools),
  // Only calls the runtime accepts change anything (schemas only: no records needed to check them).
  checker: ToolRuntime = schemaChecker(tools),
): LiveOutcome {
  const expected = task.live?.expectedState
  if (!expected) return liveOutcome(task, callsVerdict, undefined)
  const records = live.records[task.id] ?? {}
  // The line's calls are already gated (a messages-only line's skill calls as its loads allowed): here a skill's tool is checked by its schema alone.
  const loaded = new Set(tools.flatMap((t) => t.function['x-skill'] ?? []))
  const valid = calls.filter((c) => checker.call(c.name, c.arguments, 'agent', { loaded }).ok)
  const state = stateOfCalls(records, valid, effectOf, live.profile)
  return liveOutcome(task, callsVerdict, stateVerdict(records, state, expected))
}

/** A runtime over no records: it checks calls against their schemas, once built for every line of a file. */
export function schemaChecker(tools: readonly ToolSchema[]): ToolRuntime {
  return new ToolRuntime([...tools], {}, { setting: 'full' })
}
