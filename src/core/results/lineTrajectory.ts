/**
 * A response line's trajectory, as the memory and skill conditions read it
 * and the runtime's gates judge it (docs/reference.md, "Planner tasks"):
 * the tool calls of its `messages` in order, or, for a line with only
 * `calls`, those calls (a line without messages shows no reads). Each call is
 * answered again by the runtime, never by the line's recorded reply: a call
 * to a skill's tool before the skill was loaded is refused, as on the page,
 * and a memory read's hits are replayed over the task's records by the
 * conditions (src/core/score/memoryReplay.ts).
 */
import type { Task, ToolSchema } from '../dataset/types'
import type { ConditionStep } from '../score/conditions'
import type { PredictedCall } from '../score/types'
import { isRetrievalToolName } from '../apps/registry'
import { isMemoryReadTool } from '../tools/memoryTools'
import { loadedSkills } from '../tools/planner'
import { ToolRuntime } from '../tools/runtime'
import { SETTINGS } from '../tools/types'
import type { Setting } from '../tools/types'
import { executionCallsOf, toolCallsOf } from './responses'

/** A call of a line's trajectory; `refused` when a skill not loaded gated it (never a submitted action). */
export interface LineStep extends ConditionStep {
  refused: boolean
}

/** What judges lines' calls: a runtime over no records, and whether any tool waits for a skill. */
export interface LineReplay {
  runtime: ToolRuntime
  gated: boolean
}

/**
 * The runtime that answers lines' calls again, once per scoring: the data
 * set's tools, and `load_skill` for every skill a tool or a task names (the
 * ones a load can matter for; a data set's validation holds each to exist in
 * its skills.json, so these loads answer as the page's did). Undefined when
 * no task has conditions and no tool waits for a skill: a published data set
 * is scored without it.
 */
export function lineReplayOf(tasks: readonly Pick<Task, 'planner'>[], tools: readonly ToolSchema[]): LineReplay | undefined {
  const gatedBy = tools.flatMap((t) => t.function['x-skill'] ?? [])
  const named = tasks.flatMap((t) => [...(t.planner?.skills?.required ?? []), ...(t.planner?.skills?.forbidden ?? [])])
  const conditioned = tasks.some((t) => t.planner?.memory !== undefined || t.planner?.skills !== undefined)
  if (gatedBy.length === 0 && !conditioned) return undefined
  const names = [...new Set([...gatedBy, ...named])]
  const skills = names.map((name) => ({ name, description: name, body: '', tools: [] }))
  const runtime = new ToolRuntime([...tools], {}, { setting: 'full', ...(skills.length > 0 ? { planner: { skills } } : {}) })
  return { runtime, gated: gatedBy.length > 0 }
}

/** A line's calls judged in order: each call's kind, whether the runtime took it, and whether a skill's gate refused it. */
export function lineTrajectory(raw: Record<string, unknown>, runtime: ToolRuntime): LineStep[] {
  const calls = Array.isArray(raw.messages) ? toolCallsOf(raw.messages) : executionCallsOf(raw).filter((c) => !isMemoryReadTool(c.name))
  const loaded = new Set<string>()
  let asked = 0
  return calls.map((call) => {
    const answer = runtime.call(call.name, call.arguments, 'agent', { loaded, asked })
    // The runtime marks only a skill's gate as friction: the task's friction rules belong to the attempt, not to it.
    const refused = answer.friction === true
    for (const name of loadedSkills([answer])) loaded.add(name)
    if (answer.kind === 'ask' && answer.ok) asked++
    // A memory read answered here saw no items: whether it returned any is the replay's to say.
    const ok = isMemoryReadTool(call.name) ? !refused : answer.ok
    return { name: call.name, arguments: call.arguments, ok, kind: answer.kind, refused }
  })
}

/** The calls a messages-only line submits once the gates apply: its execution calls as before, without those a skill's gate refused. */
export function gatedCalls(steps: readonly LineStep[]): PredictedCall[] {
  return steps.filter((s) => !s.refused && !isRetrievalToolName(s.name)).map((s) => ({ name: s.name, arguments: s.arguments }))
}

/** The setting a line's calls were made in (a person's browse is full), for the pages of replayed reads; paginated when it does not say. */
export function lineSetting(raw: Record<string, unknown>): Setting {
  const setting = raw.setting === 'browse' ? 'full' : raw.setting
  return SETTINGS.find((s) => s === setting) ?? 'paginated'
}
