import type { ToolSchema } from '../dataset/types'
import type { AbortSignalLike, AgentMessage, ChatModel, StopReason, TokenUsage } from './types'
import { errorText } from './redact'

/** Turns per task in the published protocol. */
export const MAX_TURNS = 50

export interface AgentRunInput {
  model: ChatModel
  systemPrompt: string
  instruction: string
  /** The tools offered, or a function giving those offered at each turn (a skill loaded in a turn offers its tools in the next). */
  tools: readonly ToolSchema[] | (() => readonly ToolSchema[])
  /** The one tool path (an Attempt of the kernel, window.spieval.call, …); it never throws for a bad call. */
  callTool: (name: string, args: string) => Promise<{ content: string }>
  maxTurns?: number
  signal?: AbortSignalLike
  /** Called after each turn with the messages and the tokens so far (to persist or show them). */
  onTurn?: (messages: readonly AgentMessage[], turn: number, usage: Readonly<TokenUsage>) => void | Promise<void>
  /** Messages of an earlier, stopped run of the same task, to resume it. */
  resume?: readonly AgentMessage[]
}

export interface AgentRunResult {
  messages: AgentMessage[]
  turns: number
  stop: StopReason
  usage: TokenUsage
  error?: string
}

/**
 * The published protocol's loop: the model answers; every tool call of a turn
 * runs (parallel calls included) and goes back as a `tool` message; arguments
 * that are not JSON get the runtime's error; the run ends when the model
 * answers without tool calls, or at the turn limit.
 */
export async function runAgent(input: AgentRunInput): Promise<AgentRunResult> {
  const maxTurns = input.maxTurns ?? MAX_TURNS
  const messages: AgentMessage[] = input.resume
    ? [...input.resume]
    : [
        { role: 'system', content: input.systemPrompt },
        { role: 'user', content: input.instruction },
      ]
  const usage: TokenUsage = { prompt: 0, completion: 0 }
  let turns = messages.filter((m) => m.role === 'assistant').length
  const done = (stop: StopReason, error?: string): AgentRunResult => ({ messages, turns, stop, usage, ...(error ? { error } : {}) })
  while (turns < maxTurns) {
    if (input.signal?.aborted) return done('aborted')
    let reply
    try {
      reply = await input.model.complete(messages, typeof input.tools === 'function' ? input.tools() : input.tools, input.signal)
    } catch (err) {
      if (input.signal?.aborted) return done('aborted')
      // The one place a model's failure becomes text that a run stores: without the key.
      return done('error', errorText(err, input.model.secrets ?? []))
    }
    turns++
    usage.prompt += reply.usage?.prompt ?? 0
    usage.completion += reply.usage?.completion ?? 0
    messages.push(reply.message)
    const calls = reply.message.tool_calls ?? []
    for (const call of calls) {
      const result = await input.callTool(call.function.name, call.function.arguments)
      messages.push({ role: 'tool', tool_call_id: call.id, content: result.content })
    }
    await input.onTurn?.(messages, turns, { ...usage })
    if (calls.length === 0) return done('answered')
  }
  return done('max_turns')
}
