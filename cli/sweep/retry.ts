/**
 * Retries for a model endpoint, in this one place: the openai client is built
 * with `maxRetries: 0` (src/runner/openaiModel.ts), so a request is never
 * retried twice over, and the page, which shares that client, keeps recording
 * exactly what happened.
 */
import { APIConnectionError } from 'openai'
import type { AbortSignalLike, AgentMessage, ChatModel, ToolSchema, TokenUsage } from '../../src/core/index'
import { retryAfterFromHeaders, retryableStatus } from '../../src/runner/retryRule'

export { retryableStatus }

export interface RetryOptions {
  /** Retries after the first attempt (0: none). */
  maxRetries: number
  /** Per request, attempt by attempt. */
  timeoutMs: number
  /** First backoff; it doubles each retry, up to `maxDelayMs`. */
  baseDelayMs?: number
  maxDelayMs?: number
  sleep?: (ms: number) => Promise<void>
  /** Told before each retry's wait, with why the request failed: a dead endpoint is otherwise silent until the retries are spent. */
  onRetry?: (reason: string) => void
}

const BASE_DELAY_MS = 1000
const MAX_DELAY_MS = 60_000

function header(err: unknown, name: string): string | undefined {
  const headers = (err as { headers?: unknown } | null)?.headers
  if (headers && typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  if (headers && typeof headers === 'object') {
    const value = (headers as Record<string, unknown>)[name]
    return typeof value === 'string' ? value : undefined
  }
  return undefined
}

/** What the server asked for, from the error's headers (src/runner/retryRule.ts reads them). */
export function retryAfterMs(err: unknown, now = Date.now()): number | undefined {
  return retryAfterFromHeaders((name) => header(err, name), now)
}

/** Whether the failure is worth another attempt: a retryable status, a lost connection, or our own timeout (the abort it causes has no status). */
export function isTransient(err: unknown, timedOut: boolean): boolean {
  if (timedOut) return true
  const status = (err as { status?: unknown } | null)?.status
  if (typeof status === 'number') return retryableStatus(status)
  // The openai client's error for a request that never got an answer (reset, refused, its own timeout; the timeout subclasses it).
  return err instanceof APIConnectionError
}

/** The wait before retry number `attempt` (0-based): the server's Retry-After when given, else exponential backoff with jitter. */
export function backoffMs(err: unknown, attempt: number, options: RetryOptions, random = Math.random): number {
  const max = options.maxDelayMs ?? MAX_DELAY_MS
  const asked = retryAfterMs(err)
  if (asked !== undefined) return Math.min(asked, max)
  const full = Math.min((options.baseDelayMs ?? BASE_DELAY_MS) * 2 ** attempt, max)
  // Half fixed, half random: workers that hit one rate limit together do not come back together.
  return full / 2 + (random() * full) / 2
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A model whose requests time out and are retried; `retries` counts the retries it made, for the response line. */
export class RetryingModel implements ChatModel {
  retries = 0
  get name(): string {
    return this.inner.name
  }
  get secrets(): readonly string[] | undefined {
    return this.inner.secrets
  }

  constructor(
    private readonly inner: ChatModel,
    private readonly options: RetryOptions,
  ) {}

  async complete(
    messages: readonly AgentMessage[],
    tools: readonly ToolSchema[],
    signal?: AbortSignalLike,
  ): Promise<{ message: Extract<AgentMessage, { role: 'assistant' }>; usage?: TokenUsage }> {
    const sleep = this.options.sleep ?? realSleep
    for (let attempt = 0; ; attempt++) {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), this.options.timeoutMs)
      try {
        return await this.inner.complete(messages, tools, controller.signal)
      } catch (err) {
        const timedOut = controller.signal.aborted
        if (signal?.aborted || !isTransient(err, timedOut)) throw err
        const reason = timedOut ? `no answer within ${this.options.timeoutMs / 1000} s` : err instanceof Error ? err.message : String(err)
        if (attempt >= this.options.maxRetries) {
          // The loop redacts this text with the model's secrets before any line keeps it.
          throw new Error(`${reason} (gave up after ${attempt + 1} attempt${attempt === 0 ? '' : 's'})`, { cause: err })
        }
        this.options.onRetry?.(reason)
        this.retries++
        await sleep(backoffMs(err, attempt, this.options))
      } finally {
        clearTimeout(timer)
      }
    }
  }
}
