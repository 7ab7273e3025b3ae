/**
 * Trajectories as OpenAI Responses API items: one JSON line per trajectory
 * whose `input` is the conversation as input items and `tools` the offered
 * tools as Responses function tools, so that a line is close to a
 * `responses.create` request replaying the attempt.
 */
import type { AgentMessage, AssistantToolCall } from '../agent/types'
import { isPlainObject } from '../base/text'
import type { ToolSchema } from '../dataset/types'
import { trajectoryFields } from './collect'
import type { TrajectoryFields } from './collect'
import type { Trajectory } from './types'

type Text = { type: 'input_text'; text: string }
type OutputText = { type: 'output_text'; text: string; annotations: [] }

/** The input items written (a subset of the openai package's ResponseInputItem). */
export type ResponsesItem =
  | { type: 'message'; role: 'system' | 'user'; content: Text[] }
  | { type: 'message'; id: string; role: 'assistant'; status: 'completed'; content: OutputText[] }
  | { type: 'function_call'; call_id: string; name: string; arguments: string; status: 'completed' }
  | { type: 'function_call_output'; call_id: string; output: string }

/** A Responses function tool (the openai package's FunctionTool). */
export interface ResponsesTool {
  type: 'function'
  name: string
  description: string | null
  parameters: Record<string, unknown> | null
  strict: boolean
}

/** One line of responses.jsonl. */
export interface ResponsesLine extends TrajectoryFields {
  input: ResponsesItem[]
  tools: ResponsesTool[]
}

/**
 * Chat messages as input items: a system or user message as a message of
 * input_text; an assistant's text as an output message, each of its tool
 * calls as a function_call; a tool result as a function_call_output.
 */
export function responsesItems(messages: readonly AgentMessage[], lineId: string): ResponsesItem[] {
  const items: ResponsesItem[] = []
  messages.forEach((m, index) => {
    if (m.role === 'system' || m.role === 'user') items.push({ type: 'message', role: m.role, content: [{ type: 'input_text', text: m.content }] })
    else if (m.role === 'tool') items.push({ type: 'function_call_output', call_id: m.tool_call_id, output: m.content })
    else {
      if (m.content !== null) items.push({ type: 'message', id: `msg_${lineId}_${index}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: m.content, annotations: [] }] })
      for (const c of m.tool_calls ?? []) items.push({ type: 'function_call', call_id: c.id, name: c.function.name, arguments: c.function.arguments, status: 'completed' })
    }
  })
  return items
}

/**
 * Input items back as chat messages: an assistant message and the
 * function_calls right after it are one assistant turn (function_calls with
 * no message before them, a turn whose content is null).
 */
export function chatOfResponses(items: readonly unknown[]): AgentMessage[] {
  const messages: AgentMessage[] = []
  let turn: { role: 'assistant'; content: string | null; tool_calls?: AssistantToolCall[] } | undefined
  for (const item of items) {
    if (!isPlainObject(item)) continue
    if (item.type === 'function_call') {
      if (!turn) {
        turn = { role: 'assistant', content: null }
        messages.push(turn)
      }
      const call: AssistantToolCall = { id: String(item.call_id), type: 'function', function: { name: String(item.name), arguments: String(item.arguments) } }
      turn.tool_calls = [...(turn.tool_calls ?? []), call]
      continue
    }
    turn = undefined
    if (item.type === 'function_call_output') messages.push({ role: 'tool', tool_call_id: String(item.call_id), content: String(item.output) })
    else if (item.type === 'message') {
      const text = (Array.isArray(item.content) ? item.content : []).map((p) => (isPlainObject(p) && typeof p.text === 'string' ? p.text : '')).join('')
      if (item.role === 'assistant') {
        turn = { role: 'assistant', content: text }
        messages.push(turn)
      } else if (item.role === 'system' || item.role === 'user') messages.push({ role: item.role, content: text })
    }
  }
  return messages
}

/** A chat-completions function schema as a Responses function tool. */
export function responsesTool(tool: ToolSchema): ResponsesTool {
  return {
    type: 'function',
    name: tool.function.name,
    description: tool.function.description ?? null,
    parameters: (tool.function.parameters as Record<string, unknown> | undefined) ?? null,
    strict: false,
  }
}

export function responsesLine(t: Trajectory, index: number): ResponsesLine {
  return { ...trajectoryFields(t), input: responsesItems(t.messages, String(index)), tools: t.tools.map(responsesTool) }
}
