// The LLM judge on an OpenAI-compatible endpoint (#29), against the local stub's judge scripts: a readable answer, one
// in prose, garbage (retried, then an invalid grade with every item null, never "not met"), a 503 before the answer,
// and statuses that give no grade at all.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadDataset } from '../src/core/index'
import type { Task } from '../src/core/index'
import type { JudgeStep } from '../src/core/judge'
import { rubricHash } from '../src/core/grades/rubricHash'
import { JUDGE_RETRIES, JudgeUnavailable, gradeWithJudge, judgeRetryableStatus } from '../src/runner/judge'
import type { JudgeFetch } from '../src/runner/judge'
import { retryableStatus } from '../cli/sweep/retry'
import { rubricFiles, rubricOf } from './support/rubricFixture'
import { startStubServer } from './support/stub-server'
import type { StubServer } from './support/stub-server'

const KEY = 'sk-judge-secret'
const AT = new Date('2025-06-01T10:00:00Z')

const { dataset } = loadDataset(
  rubricFiles({
    rubric: rubricOf([
      { id: 'r1', points: 2 },
      { id: 'r2', points: 1, auto: { kind: 'said', all: ['manager'] } },
      { id: 'r3', points: 1 },
    ]),
  }),
)
const task = dataset.tasks[0] as Task

const TRAJECTORY: JudgeStep[] = [
  { name: 'search_contacts', arguments: { pattern: 'manager' }, kind: 'retrieval', ok: true, content: 'Found 1 contact: Tom Ruiz (manager)' },
  { name: 'Ask_User', arguments: { question: 'Call Tom Ruiz?' }, kind: 'ask', ok: true, content: 'Yes, please.' },
  { name: 'Phone_Call', arguments: { telephone: '13933334444' }, kind: 'execution', ok: true, content: 'Calling 13933334444' },
  { name: 'reply', arguments: { text: 'I am calling your manager Tom now.' }, kind: 'reply', ok: true },
]

let stub: StubServer
let bodies: Record<string, unknown>[]
let headers: Record<string, string>[]
let urls: string[]
let waits: number[]

/** The real fetch, with each request's URL, headers and body kept for the test to read. */
const recording: JudgeFetch = async (url, init) => {
  urls.push(url)
  headers.push(init.headers)
  bodies.push(JSON.parse(init.body) as Record<string, unknown>)
  return fetch(url, init)
}

const judge = (model: string, overrides: Partial<Parameters<typeof gradeWithJudge>[0]> = {}) =>
  gradeWithJudge({
    endpoint: `${stub.url}/`,
    model,
    key: KEY,
    task,
    attempt: 'att-1',
    trajectory: TRAJECTORY,
    fetch: recording,
    now: () => AT,
    sleep: async (ms) => void waits.push(ms),
    ...overrides,
  })

beforeAll(async () => {
  stub = await startStubServer()
})
afterAll(async () => {
  await stub.close()
})
beforeEach(() => {
  stub.requests.length = 0
  stub.refuse.count = 0
  delete stub.refuse.retryAfter
  bodies = []
  headers = []
  urls = []
  waits = []
})

const READ = [
  { id: 'r1', met: true, evidence: [1], note: 'judged r1' },
  { id: 'r3', met: false, evidence: [1], note: 'judged r3' },
]

describe('gradeWithJudge against an OpenAI-compatible endpoint', () => {
  it('sends one request with the whole trajectory and reads a good answer into a grade', async () => {
    const grade = await judge('judge-good')
    expect(grade).toEqual({ task_id: task.id, attempt: 'att-1', grader: { id: 'llm:judge-good', kind: 'llm' }, items: READ, at: AT.toISOString(), rubric_hash: rubricHash(task) })
    expect(stub.requests).toHaveLength(1)
    expect(urls).toEqual([`${stub.url}/chat/completions`])
    expect(headers[0]?.authorization).toBe(`Bearer ${KEY}`)
    const body = bodies[0] as { messages: { content: string }[]; response_format: { type: string } }
    expect(body.response_format.type).toBe('json_schema')
    const user = body.messages[1]?.content ?? ''
    for (const part of [
      '1. tool call search_contacts {"pattern":"manager"}',
      'answer: Found 1 contact: Tom Ruiz (manager)',
      '2. question to the user Ask_User {"question":"Call Tom Ruiz?"}',
      'answer: Yes, please.',
      '3. tool call Phone_Call {"telephone":"13933334444"}',
      '4. reply to the user: I am calling your manager Tom now.',
      task.instruction,
    ])
      expect(user).toContain(part)
  })

  it('reads JSON wrapped in prose and a fence', async () => {
    expect((await judge('judge-prose')).items).toEqual(READ)
    expect(stub.requests).toHaveLength(1)
  })

  it(`asks again after garbage, ${JUDGE_RETRIES} times, then gives an invalid grade with every item null (never "not met")`, async () => {
    const grade = await judge('judge-garbage')
    expect(stub.requests).toHaveLength(1 + JUDGE_RETRIES)
    expect(grade.invalid).toBe(true)
    expect(grade.items.map((item) => item.met)).toEqual([null, null])
    expect(grade.items.map((item) => item.id)).toEqual(['r1', 'r3'])
    expect(grade.grader).toEqual({ id: 'llm:judge-garbage', kind: 'llm' })
    // An unreadable answer is asked again at once.
    expect(waits).toEqual([])
  })

  it('takes a readable answer that comes after an unreadable one', async () => {
    const grade = await judge('judge-late')
    expect(stub.requests).toHaveLength(2)
    expect(grade.invalid).toBeUndefined()
    expect(grade.items).toEqual(READ)
  })

  it('waits and asks again after a 503, as the server asks (Retry-After), then reads the answer', async () => {
    stub.refuse.count = 1
    stub.refuse.status = 503
    stub.refuse.retryAfter = '2'
    const grade = await judge('judge-good')
    expect(stub.requests.map((r) => r.status)).toEqual([503, 200])
    expect(waits).toEqual([2000])
    expect(grade.items).toEqual(READ)
  })

  it('gives no grade when the endpoint never answers, and none at once for a status another try cannot cure', async () => {
    stub.refuse.count = 10
    stub.refuse.status = 503
    const never = await judge('judge-good').catch((err: unknown) => err)
    expect(never).toBeInstanceOf(JudgeUnavailable)
    expect((never as JudgeUnavailable).status).toBe(503)
    expect(stub.requests).toHaveLength(1 + JUDGE_RETRIES)
    expect(waits).toEqual([1000, 2000, 4000])

    stub.requests.length = 0
    stub.refuse.count = 10
    stub.refuse.status = 401
    const refused = await judge('judge-good').catch((err: unknown) => err)
    expect((refused as JudgeUnavailable).status).toBe(401)
    expect(stub.requests).toHaveLength(1)
    expect(String((refused as Error).message)).not.toContain(KEY)
  })

  it('gives no grade for a server that cannot be reached, and never sends the key into the error', async () => {
    const unreachable = await judge('judge-good', { endpoint: 'http://127.0.0.1:9/v1', fetch: async () => Promise.reject(new TypeError(`fetch failed for ${KEY}`)) }).catch(
      (err: unknown) => err,
    )
    expect(unreachable).toBeInstanceOf(JudgeUnavailable)
    expect((unreachable as Error).message).not.toContain(KEY)
    expect(waits).toHaveLength(JUDGE_RETRIES)
  })

  it('retries the statuses the runner retries', () => {
    for (let status = 100; status < 600; status++) expect(judgeRetryableStatus(status), String(status)).toBe(retryableStatus(status))
  })
})
