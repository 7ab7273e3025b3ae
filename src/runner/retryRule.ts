/**
 * When a model endpoint is worth asking again, and when: one rule for the
 * agent runner's retries (cli/sweep/retry.ts) and the LLM judge's
 * (./judge.ts), in the page and in Node alike.
 */

/** A status that another attempt can cure: rate limits, timeouts, server errors. Other 4xx (a bad key, a bad request) would fail the same way again. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500
}

/** What the server asked for, read from its headers: `retry-after-ms` (OpenAI's), else `Retry-After` in seconds or as an HTTP date. */
export function retryAfterFromHeaders(header: (name: string) => string | undefined, now = Date.now()): number | undefined {
  const ms = header('retry-after-ms')
  if (ms !== undefined && ms.trim() !== '' && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms)
  const value = header('retry-after')
  if (value === undefined || value.trim() === '') return undefined
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}
