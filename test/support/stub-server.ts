/**
 * A local OpenAI-compatible chat completions server with scripted answers,
 * for agent tests. The request's `model` names the script; the turn is the
 * number of assistant messages already in the conversation. A `slow:` prefix
 * (`slow:loop`) answers the same script after a short delay, so that a browser
 * test can stop a run in flight; `delayN:` (`delay50:loop`) waits N ms
 * instead. `refuse` makes the next requests fail with a status (429, 503),
 * for retry tests. CORS is open, for the in-page runner. A model named after
 * one of JUDGE_SCRIPTS answers text instead, as an LLM judge does.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

type ScriptedCall = { name: string; arguments: string }
type Script = (turn: number) => ScriptedCall[] | null

const call = (name: string, args: unknown): ScriptedCall => ({ name, arguments: typeof args === 'string' ? args : JSON.stringify(args) })

export const SCRIPTS: Record<string, Script> = {
  /** Solves 推理1 with a parallel first turn. */
  'solve-推理1': (turn) =>
    [
      [call('search_contacts', { pattern: 'manager' }), call('search_voicemail', { pattern: 'Rachel' })],
      [call('search_contacts', { pattern: 'Tom' })],
      [call('Phone_Call', { telephone: '13822419087' })],
    ][turn] ?? null,
  /** A search and a call with arguments that are not JSON (in one turn), then a correct call. */
  malformed: (turn) =>
    [[call('search_contacts', '{"pattern": "Tom"'), call('Phone_Call', '{"telephone": ')], [call('Phone_Call', { telephone: '13822419087' })]][turn] ?? null,
  /**
   * One long turn (60 searches, then the call that solves 推理1), then an
   * answer: long enough for a browser test to reload the page in the middle of it.
   */
  wide: (turn) =>
    turn === 0 ? [...Array.from({ length: 60 }, (_, i) => call('search_sms', { pattern: `w${i}` })), call('Phone_Call', { telephone: '13822419087' })] : null,
  /** Never stops searching. */
  loop: () => [call('search_contacts', { pattern: 'Tom' })],
}

/** An LLM judge's answer text, from its request (whose response_format lists the rubric items to grade) and how many requests it got before. */
type JudgeScript = (request: Record<string, unknown>, earlier: number) => string

/** The item ids a judge's request asks about: the enum of `id` in its answer schema. */
function judgedIds(request: Record<string, unknown>): string[] {
  const format = request.response_format as { json_schema?: { schema?: { properties?: { items?: { items?: { properties?: { id?: { enum?: string[] } } } } } } } }
  return format.json_schema?.schema?.properties?.items?.items?.properties?.id?.enum ?? []
}

/** Every item graded: the even ones met, the odd ones not, each citing step 1. */
const goodGrades = (request: Record<string, unknown>) =>
  JSON.stringify({ items: judgedIds(request).map((id, i) => ({ id, met: i % 2 === 0, evidence: [1], note: `judged ${id}` })) })

/** Scripted judges (test/judge-runner.test.ts), answering text instead of tool calls. */
export const JUDGE_SCRIPTS: Record<string, JudgeScript> = {
  'judge-good': goodGrades,
  /** The grades after a sentence, in a ```json fence, as models often answer. */
  'judge-prose': (request) => `Here is my grading of the attempt.\n\n\`\`\`json\n${goodGrades(request)}\n\`\`\`\n`,
  /** Never JSON. */
  'judge-garbage': () => 'The assistant did a reasonable job overall, I would say.',
  /** Garbage first, then the grades. */
  'judge-late': (request, earlier) => (earlier === 0 ? 'Let me think about it.' : goodGrades(request)),
}

const SLOW = 'slow:'
const SLOW_MS = 150
const DELAY = /^delay(\d+):/

export interface StubServer {
  url: string
  requests: { model: string; turn: number; tools: number; extra: Record<string, unknown>; authorization: string | undefined; status: number }[]
  /** The next `count` requests are answered with `status` (and `Retry-After` when given) instead of a completion. */
  refuse: { count: number; status: number; retryAfter?: string }
  close: () => Promise<void>
}

/** Starts the stub on a free loopback port. */
export async function startStubServer(): Promise<StubServer> {
  const requests: StubServer['requests'] = []
  const refuse: StubServer['refuse'] = { count: 0, status: 429 }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => void answer())
    const answer = async () => {
      res.setHeader('access-control-allow-origin', '*')
      if (req.method === 'OPTIONS') {
        res
          .writeHead(204, {
            'access-control-allow-methods': 'POST, OPTIONS',
            'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
            'access-control-max-age': '600',
          })
          .end()
        return
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end()
        return
      }
      const request = JSON.parse(body) as { model: string; messages: { role: string }[]; tools?: unknown[]; [k: string]: unknown }
      const turn = request.messages.filter((m) => m.role === 'assistant').length
      const { model, messages: _m, tools, ...extra } = request
      const refused = refuse.count > 0
      if (refused) refuse.count--
      requests.push({ model, turn, tools: tools?.length ?? 0, extra, authorization: req.headers.authorization, status: refused ? refuse.status : 200 })
      if (refused) {
        res
          .writeHead(refuse.status, { 'content-type': 'application/json', ...(refuse.retryAfter !== undefined ? { 'retry-after': refuse.retryAfter } : {}) })
          .end(JSON.stringify({ error: { message: `refused with ${refuse.status}`, type: 'rate_limit_error' } }))
        return
      }
      const slow = model.startsWith(SLOW)
      const delay = DELAY.exec(model)
      const script = SCRIPTS[slow ? model.slice(SLOW.length) : delay ? model.slice(delay[0].length) : model]
      if (slow || delay) await new Promise((resolve) => setTimeout(resolve, delay ? Number(delay[1]) : SLOW_MS))
      const judge = JUDGE_SCRIPTS[model]
      if (judge) {
        const earlier = requests.filter((r) => r.model === model && r.status === 200).length - 1
        const message = { role: 'assistant', content: judge(request, earlier) }
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ id: `r${requests.length}`, object: 'chat.completion', created: 0, model, choices: [{ index: 0, message, finish_reason: 'stop' }] }),
        )
        return
      }
      if (!script) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no script ${model}` } }))
        return
      }
      const calls = script(turn)
      const message = calls
        ? { role: 'assistant', content: null, tool_calls: calls.map((c, i) => ({ id: `c${turn}_${i}`, type: 'function', function: c })) }
        : { role: 'assistant', content: 'All done: the requested actions have been carried out.' }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `r${requests.length}`,
          object: 'chat.completion',
          created: 0,
          model,
          choices: [{ index: 0, message, finish_reason: calls ? 'tool_calls' : 'stop' }],
          usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
        }),
      )
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    refuse,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections() // a browser keeps its connections open
      }),
  }
}
