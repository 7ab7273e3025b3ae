import type { AgentMessage, AssistantToolCall } from '../agent/types'
import { contentText, isPlainObject } from '../base/text'

/**
 * One chat message of an exported trajectory: the OpenAI chat shape with
 * every key present (null where it does not apply), so that a table of them
 * (Parquet, a Hugging Face data set) has one column type per key.
 */
export interface ChatRow {
  role: 'system' | 'user' | 'assistant' | 'tool'
  content: string | null
  tool_calls: AssistantToolCall[] | null
  tool_call_id: string | null
}

// Written once, in base; named here too for this folder's readers.
export { contentText }

/** A call's arguments as the chat format carries them: JSON text (an object is written out; nothing is `{}`). */
export function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(value ?? {}) ?? '{}'
}

/**
 * Chat messages as given in a response line (ours or a harness's) in one
 * shape: roles system, user, assistant and tool only (`developer` is read as
 * system; other roles are left out); content as text; an assistant's content
 * is null when it only called tools, and '' when it said nothing and called
 * nothing; every tool call has an id (`call_<n>` where it had none) and its
 * arguments as JSON text; a tool message without a `tool_call_id` answers
 * the earliest call still waiting for one.
 */
export function normalizeMessages(raw: readonly unknown[]): AgentMessage[] {
  const messages: AgentMessage[] = []
  const waiting: string[] = []
  let generated = 0
  for (const m of raw) {
    if (!isPlainObject(m)) continue
    const role = m.role === 'developer' ? 'system' : m.role
    if (role === 'system' || role === 'user') messages.push({ role, content: contentText(m.content) })
    else if (role === 'assistant') {
      const calls: AssistantToolCall[] = []
      for (const call of Array.isArray(m.tool_calls) ? m.tool_calls : []) {
        const fn = isPlainObject(call) ? call.function : undefined
        if (!isPlainObject(fn) || typeof fn.name !== 'string') continue
        const id = isPlainObject(call) && typeof call.id === 'string' && call.id !== '' ? call.id : `call_${generated++}`
        calls.push({ id, type: 'function', function: { name: fn.name, arguments: argumentsText(fn.arguments) } })
        waiting.push(id)
      }
      const text = contentText(m.content)
      messages.push(calls.length > 0 ? { role: 'assistant', content: text === '' ? null : text, tool_calls: calls } : { role: 'assistant', content: text })
    } else if (role === 'tool') {
      const given = typeof m.tool_call_id === 'string' && m.tool_call_id !== '' ? m.tool_call_id : undefined
      if (given !== undefined && waiting.includes(given)) waiting.splice(waiting.indexOf(given), 1)
      messages.push({ role: 'tool', tool_call_id: given ?? waiting.shift() ?? '', content: contentText(m.content) })
    }
  }
  return messages
}

/** A message as a table row (every key present). */
export function chatRow(message: AgentMessage): ChatRow {
  return {
    role: message.role,
    content: message.content,
    tool_calls: message.role === 'assistant' && message.tool_calls ? message.tool_calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.function.name, arguments: c.function.arguments } })) : null,
    tool_call_id: message.role === 'tool' ? message.tool_call_id : null,
  }
}

/**
 * A table row back as a chat message: the keys that do not apply are left
 * out again. Readers of Parquet may drop a null list or give '' for it, so
 * missing and empty are read alike.
 */
export function messageOfRow(row: unknown): AgentMessage {
  const [message] = normalizeMessages([row])
  if (!message) throw new Error(`Not a chat message: ${JSON.stringify(row)}`)
  return message
}
