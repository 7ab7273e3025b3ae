/**
 * A response line's trajectory, as the memory and skill conditions and the
 * rubric read it and the runtime's gates judge it (docs/reference.md,
 * "Planner tasks"): the tool calls and the replies of its `messages` in
 * order, or, for a line with only `calls`, those calls (a line without
 * messages shows no reads and says nothing). Each call is answered again by
 * the runtime, never by the line's recorded reply: a call to a skill's tool
 * before the skill was loaded is refused, as on the page, and a memory read's
 * hits are replayed over the task's records by the conditions
 * (src/core/score/memoryReplay.ts). A line with both `calls` and `messages`
 * (a page export) also says, by step, which calls failed and which were
 * withdrawn: those count as on the page.
 */
import { isPlainObject, replyText } from '../base/text'
import type { Task, ToolSchema } from '../dataset/types'
import type { ConditionStep } from '../score/conditions'
import type { PredictedCall } from '../score/types'
import { isRetrievalToolName } from '../apps/registry'
import { isMemoryReadTool } from '../tools/memoryTools'
import { REPLY, loadedSkills } from '../tools/planner'
import { ToolRuntime } from '../tools/runtime'
import { SETTINGS } from '../tools/types'
import type { Setting } from '../tools/types'
import { executionCallsOf } from './responses'

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
  const named = tasks.flatMap((t) => [
    ...(t.planner?.skills?.required ?? []),
    ...(t.planner?.skills?.forbidden ?? []),
    ...(t.planner?.rubric?.items ?? []).flatMap((item) => (item.auto?.kind === 'skill_loaded' ? [item.auto.name] : [])),
  ])
  const conditioned = tasks.some((t) => t.planner?.memory !== undefined || t.planner?.skills !== undefined || t.planner?.rubric !== undefined)
  if (gatedBy.length === 0 && !conditioned) return undefined
  const names = [...new Set([...gatedBy, ...named])]
  const skills = names.map((name) => ({ name, description: name, body: '', tools: [] }))
  const runtime = new ToolRuntime([...tools], {}, { setting: 'full', ...(skills.length > 0 ? { planner: { skills } } : {}) })
  return { runtime, gated: gatedBy.length > 0 }
}

/** A call or a reply of a line, in the order of its messages. */
type LineEntry = { reply: false; name: string; arguments: unknown } | { reply: true; text: string }

/** A line's calls and replies judged in order: each call's kind, whether the runtime took it, and whether a skill's gate refused it; each reply as a step of kind `reply`. */
export function lineTrajectory(raw: Record<string, unknown>, runtime: ToolRuntime): LineStep[] {
  const entries: LineEntry[] = Array.isArray(raw.messages)
    ? messageEntries(raw.messages)
    : executionCallsOf(raw)
        .filter((c) => !isMemoryReadTool(c.name))
        .map((c) => ({ reply: false, ...c }))
  const loaded = new Set<string>()
  let asked = 0
  const steps = entries.map((entry): LineStep => {
    if (entry.reply) return { name: REPLY, arguments: { text: entry.text }, ok: true, kind: 'reply', refused: false }
    const answer = runtime.call(entry.name, entry.arguments, 'agent', { loaded, asked })
    // The runtime marks only a skill's gate as friction: the task's friction rules belong to the attempt, not to it.
    const refused = answer.friction === true
    for (const name of loadedSkills([answer])) loaded.add(name)
    if (answer.kind === 'ask' && answer.ok) asked++
    // A memory read answered here saw no items: whether it returned any is the replay's to say.
    const ok = isMemoryReadTool(entry.name) ? !refused : answer.ok
    return { name: entry.name, arguments: entry.arguments, ok, kind: answer.kind, refused }
  })
  if (Array.isArray(raw.messages) && Array.isArray(raw.calls)) markAsExported(raw, steps)
  return steps
}

/**
 * The tool calls and replies of a conversation's assistant messages, in
 * order. A reply is an assistant message without tool calls (an agent's last
 * answer, a person's message): the text beside tool calls is the model
 * thinking aloud, which the attempt does not keep as said to the user. The
 * tool messages' answers are only text, never read.
 */
function messageEntries(messages: readonly unknown[]): LineEntry[] {
  const entries: LineEntry[] = []
  for (const message of messages) {
    if (!isPlainObject(message) || message.role !== 'assistant') continue
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls : []
    if (calls.length === 0) entries.push({ reply: true, text: replyText(message.content) })
    for (const tc of calls) {
      const fn = isPlainObject(tc) ? tc.function : undefined
      if (isPlainObject(fn) && typeof fn.name === 'string') entries.push({ reply: false, name: fn.name, arguments: fn.arguments })
    }
  }
  return entries
}

/**
 * A page export's `failed` and `withdrawn` (src/core/attempt/responseLine.ts)
 * name steps by seq, which is the order of its messages' calls and replies:
 * a call that failed there (friction, a refused live change) took no effect,
 * and a withdrawn action was taken back.
 */
function markAsExported(raw: Record<string, unknown>, steps: LineStep[]): void {
  const at = (seq: unknown) => (typeof seq === 'number' ? steps[seq] : undefined)
  for (const seq of Array.isArray(raw.failed) ? raw.failed : []) {
    const step = at(seq)
    if (step && step.kind !== 'reply') step.ok = false
  }
  for (const seq of Array.isArray(raw.withdrawn) ? raw.withdrawn : []) {
    const step = at(seq)
    if (step?.kind === 'execution' && step.ok) step.withdrawn = true
  }
}

/** The calls a messages-only line submits once the gates apply: its execution calls as before, without those a skill's gate refused (replies are no calls). */
export function gatedCalls(steps: readonly LineStep[]): PredictedCall[] {
  return steps.filter((s) => s.kind !== 'reply' && !s.refused && !isRetrievalToolName(s.name)).map((s) => ({ name: s.name, arguments: s.arguments }))
}

/** The setting a line's calls were made in (a person's browse is full), for the pages of replayed reads; paginated when it does not say. */
export function lineSetting(raw: Record<string, unknown>): Setting {
  const setting = raw.setting === 'browse' ? 'full' : raw.setting
  return SETTINGS.find((s) => s === setting) ?? 'paginated'
}
