import type { ToolSchema } from '../dataset/types'

/** An OpenAI-format tool call, as a model emits it: arguments are a JSON string. */
export interface AssistantToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/** The OpenAI chat messages the agent loop exchanges (and response lines keep). */
export type AgentMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: AssistantToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string }

export interface TokenUsage {
  prompt: number
  completion: number
}

/** The part of an AbortSignal the core reads (the core has no DOM types). */
export interface AbortSignalLike {
  readonly aborted: boolean
}

/** A model the loop can talk to: an OpenAI-compatible endpoint, or a built-in agent. */
export interface ChatModel {
  readonly name: string
  /**
   * What the model holds that must never be recorded (its API key). The loop
   * takes these out of an error's text before the run keeps it; a wrapper
   * around a model passes its model's secrets on.
   */
  readonly secrets?: readonly string[]
  complete(
    messages: readonly AgentMessage[],
    tools: readonly ToolSchema[],
    signal?: AbortSignalLike,
  ): Promise<{ message: Extract<AgentMessage, { role: 'assistant' }>; usage?: TokenUsage }>
}

/** How a run ended. */
export type StopReason = 'answered' | 'max_turns' | 'aborted' | 'error'

// Here so that the core's index, which re-exports this module, carries them to the page and the CLI.
export { REDACTED, errorText, redactSecrets } from './redact'
