/**
 * The LLM judge on an OpenAI-compatible endpoint (docs/reference.md, "Planner
 * tasks"), for the page and Node alike: one chat-completions request per
 * attempt, asked again when the answer cannot be read or the server asks to
 * be tried later, and the grade it gives. A judge that answers but never
 * readably gives an `invalid` grade (every item "can't tell"), never "not
 * met"; a judge that never answers gives no grade at all (JudgeUnavailable).
 */
import { redactSecrets } from '../core'
import type { Task } from '../core'
import { judgeGrade, judgeRequest, judgedItems, readJudgeAnswer } from '../core/judge'
import type { Grade, JudgeStep } from '../core/judge'
import { endpointOf } from './keys'
import { retryAfterFromHeaders, retryableStatus } from './retryRule'

/** Tries after the first: on an unreadable answer, a retryable status, a lost connection or a timeout. */
export const JUDGE_RETRIES = 3
const BASE_DELAY_MS = 1000
const MAX_DELAY_MS = 60_000
const TIMEOUT_MS = 120_000

/** The part of `fetch` the judge uses, so that tests and hosts can hand in their own. */
export type JudgeFetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ ok: boolean; status: number; headers: { get(name: string): string | null }; text(): Promise<string> }>

export interface GradeWithJudgeInput {
  /** The base URL, as the runner's (`https://host/v1`): the request goes to `<endpoint>/chat/completions`. */
  endpoint: string
  model: string
  /** Sent as a bearer token when not empty; never written into an error. */
  key: string
  task: Task
  /** The attempt's id; for a response line without an `attempt` key, `run:<run>`. */
  attempt: string
  /** Every step of the attempt, in the replay's order. */
  trajectory: readonly JudgeStep[]
  fetch: JudgeFetch
  /** The grade's time. */
  now: () => Date
  signal?: AbortSignal
  /** Waits between tries; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>
  timeoutMs?: number
}

/** The judge gave no answer at all: every try failed (a status, a lost connection, a timeout) or was refused for good. */
export class JudgeUnavailable extends Error {
  override name = 'JudgeUnavailable'
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message)
  }
}

/** A status that another try can cure: the runner's rule (./retryRule.ts). */
export const judgeRetryableStatus = retryableStatus

/** One attempt graded by the judge: a readable grade, or an `invalid` one after the last try. */
export async function gradeWithJudge(input: GradeWithJudgeInput): Promise<Grade> {
  const items = judgedItems(input.task)
  if (items.length === 0) throw new Error(`Task ${input.task.id} has no rubric item for a grader: there is nothing to judge`)
  const base = endpointOf(input.endpoint)
  if (base === undefined) throw new Error(`The judge's endpoint is not an http(s) URL: ${redactSecrets(input.endpoint, [input.key])}`)
  const body = JSON.stringify(judgeRequest(input.task, input.trajectory, input.model))
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(input.key ? { authorization: `Bearer ${input.key}` } : {}) }
  const sleep = input.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const ids = items.map((item) => item.id)
  let answered = false
  let failure: JudgeUnavailable | undefined
  for (let attempt = 0; attempt <= JUDGE_RETRIES; attempt++) {
    const reply = await post(`${base}/chat/completions`, headers, body, input)
    if ('text' in reply) {
      answered = true
      const read = readJudgeAnswer(reply.text, ids, input.trajectory.length)
      if ('items' in read) return grade(input, read.items)
      continue // an unreadable answer is asked again at once: nothing suggests the server needs a rest
    }
    failure = reply.failure
    if (!reply.retry) throw failure
    if (attempt < JUDGE_RETRIES) await sleep(reply.waitMs ?? Math.min(BASE_DELAY_MS * 2 ** attempt, MAX_DELAY_MS))
  }
  if (answered) return grade(input, undefined)
  throw failure ?? new JudgeUnavailable('The judge gave no answer', undefined)
}

function grade(input: GradeWithJudgeInput, items: Grade['items'] | undefined): Grade {
  return judgeGrade({ task: input.task, attempt: input.attempt, model: input.model, at: input.now(), items })
}

type Reply = { text: string } | { failure: JudgeUnavailable; retry: boolean; waitMs?: number }

/** One try: the answer's text (empty when the body is no chat completion: an unreadable answer), or why there is none. */
async function post(url: string, headers: Record<string, string>, body: string, input: GradeWithJudgeInput): Promise<Reply> {
  input.signal?.throwIfAborted()
  const controller = new AbortController()
  const stop = () => controller.abort()
  input.signal?.addEventListener('abort', stop)
  const timer = setTimeout(stop, input.timeoutMs ?? TIMEOUT_MS)
  try {
    const response = await input.fetch(url, { method: 'POST', headers, body, signal: controller.signal })
    const text = await response.text()
    if (response.ok) return { text: contentOf(text) }
    const message = redactSecrets(`The judge's endpoint answered ${response.status}: ${text.slice(0, 300)}`, [input.key])
    return { failure: new JudgeUnavailable(message, response.status), retry: judgeRetryableStatus(response.status), waitMs: waitAsked(response.headers) }
  } catch (err) {
    input.signal?.throwIfAborted()
    // A lost connection or our own timeout: worth another try, as the runner's retries hold.
    const reason = controller.signal.aborted ? 'no answer in time' : err instanceof Error ? err.message : String(err)
    return { failure: new JudgeUnavailable(redactSecrets(`The judge's endpoint could not be reached: ${reason}`, [input.key]), undefined), retry: true }
  } finally {
    clearTimeout(timer)
    input.signal?.removeEventListener('abort', stop)
  }
}

/** The assistant's text of a chat completion; empty for anything else (a proxy's page, a refusal), which reads as an unreadable answer. */
function contentOf(body: string): string {
  try {
    const content: unknown = (JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content
    return typeof content === 'string' ? content : ''
  } catch {
    return ''
  }
}

/** The wait the server asked for (./retryRule.ts reads it), capped. */
function waitAsked(headers: { get(name: string): string | null }): number | undefined {
  const ms = retryAfterFromHeaders((name) => headers.get(name) ?? undefined)
  return ms === undefined ? undefined : Math.min(ms, MAX_DELAY_MS)
}
