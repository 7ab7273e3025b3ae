import OpenAI from 'openai'
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions'
import type { AbortSignalLike, AgentMessage, AssistantToolCall, ChatModel, ToolSchema, TokenUsage } from '../core'

/** Where an OpenAI-compatible model lives; `extra` is merged into every request (reasoning effort and the like). */
export interface EndpointSettings {
  baseURL: string
  apiKey: string
  model: string
  extra?: Record<string, unknown>
}

/** Sent when no key was given: the client refuses an empty one, and local servers take any. */
const NO_KEY = 'none'

/** A model behind an OpenAI-compatible endpoint, through the official `openai` client (no retries: a run records what happened). */
export class OpenAIChatModel implements ChatModel {
  readonly name: string
  readonly secrets: readonly string[]
  private readonly client: OpenAI

  constructor(private readonly settings: EndpointSettings) {
    this.name = settings.model
    this.secrets = settings.apiKey ? [settings.apiKey] : []
    this.client = new OpenAI({ baseURL: settings.baseURL, apiKey: settings.apiKey || NO_KEY, dangerouslyAllowBrowser: true, maxRetries: 0 })
  }

  async complete(
    messages: readonly AgentMessage[],
    tools: readonly ToolSchema[],
    signal?: AbortSignalLike,
  ): Promise<{ message: Extract<AgentMessage, { role: 'assistant' }>; usage?: TokenUsage }> {
    const response = await this.client.chat.completions.create(
      {
        ...this.settings.extra,
        model: this.settings.model,
        messages: messages as ChatCompletionMessageParam[],
        ...(tools.length > 0 ? { tools: tools as unknown as ChatCompletionTool[] } : {}),
        stream: false,
      },
      signal ? { signal: signal as AbortSignal } : undefined,
    )
    const message = response.choices[0]?.message
    const toolCalls: AssistantToolCall[] = (message?.tool_calls ?? []).flatMap((c) =>
      c.type === 'function' ? [{ id: c.id, type: 'function' as const, function: { name: c.function.name, arguments: c.function.arguments } }] : [],
    )
    return {
      message: { role: 'assistant', content: message?.content ?? null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
      usage: { prompt: response.usage?.prompt_tokens ?? 0, completion: response.usage?.completion_tokens ?? 0 },
    }
  }
}
