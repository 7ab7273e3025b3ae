import { afterEach, describe, expect, it } from 'vitest'
import { defaultState, solveWithOracle } from '../src/core/index'
import type { Dataset, SubmittedVerdict } from '../src/core/index'
import { oracleEpisode } from '../bench/serve-client'
import type { JsonClient, OpenedEpisode } from '../bench/serve-client'
import { LIVE_SAMPLE, SAMPLE, startServer } from './support/episodeServer'

let stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops) await stop()
  stops = []
})

async function server(options: Parameters<typeof startServer>[0] = {}) {
  const started = await startServer(options)
  stops.push(started.stop)
  return started
}

/** The in-process kernel's verdict on the oracle's run, in the task's default state (what `npm run agent --agent oracle` does). */
async function inProcess(dataset: Dataset, taskId: string): Promise<SubmittedVerdict> {
  const task = dataset.tasks.find((t) => t.id === taskId)
  if (!task) throw new Error(taskId)
  return (await solveWithOracle(dataset, taskId, { state: defaultState(task) })).verdict
}

const open = (client: JsonClient, body: unknown) => client.send('POST', '/episodes', body)

describe('the episode server over HTTP', () => {
  it('lists the tasks and serves every sample task to the oracle with the in-process kernel\'s verdict', async () => {
    const lines: Record<string, unknown>[] = []
    const { client, served } = await server({ onFinished: (line) => lines.push(line) })
    const tasks = await client.expect<{ id: string; type: string; instruction: string }[]>(200, 'GET', '/tasks')
    expect(tasks).toEqual(SAMPLE.tasks.map((t) => ({ id: t.id, type: t.type, instruction: t.instruction })))
    for (const task of SAMPLE.tasks) {
      const { verdict } = await oracleEpisode(client, SAMPLE, task.id)
      expect(verdict, task.id).toEqual(await inProcess(SAMPLE, task.id))
    }
    expect(served.episodes.size).toBe(0)
    expect(lines.map((l) => l.id)).toEqual(SAMPLE.tasks.map((t) => t.id))
    expect(lines.every((l) => l.finished === true && Array.isArray(l.calls) && Array.isArray(l.messages))).toBe(true)
  })

  it('serves a live task: the verdict carries the state verdict, as in process', async () => {
    const { client } = await server({ dataset: LIVE_SAMPLE })
    const task = LIVE_SAMPLE.tasks.find((t) => t.live?.expectedState)
    if (!task) throw new Error('no live task with expected_state')
    const { verdict } = await oracleEpisode(client, LIVE_SAMPLE, task.id)
    expect(verdict.state).toBeDefined()
    expect(verdict).toEqual(await inProcess(LIVE_SAMPLE, task.id))
    expect(verdict.correct).toBe(true)
  })

  it('answers a call exactly as window.spieval.call does: ok false with the runtime\'s message for a bad call', async () => {
    const { client, base } = await server()
    const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: '整合3' })
    const bad = await client.expect(200, 'POST', `/episodes/${episode.episode_id}/call`, { name: 'Meeting_Create', arguments: { dateStart: '2026-03-18' } })
    expect(bad).toMatchObject({ ok: false, content: expect.stringContaining('Missing required parameter "dateEnd"') })
    const asText = await client.expect(200, 'POST', `/episodes/${episode.episode_id}/call`, { name: 'search_contacts', arguments: '{"pattern": "Claire"}' })
    expect(asText).toMatchObject({ ok: true })
    // A key named __proto__ in the body is an ordinary (unexpected) parameter, as everywhere.
    const odd = await fetch(`${base}/episodes/${episode.episode_id}/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "search_contacts", "arguments": {"pattern": "x", "__proto__": 1}}',
    })
    expect(await odd.json()).toMatchObject({ ok: false, content: expect.stringContaining('Unknown parameter "__proto__"') })
    // A bad pattern is quoted as it was sent, without the regex engine's own case flag.
    const badRegex = await client.expect<{ ok: boolean; content: string }>(200, 'POST', `/episodes/${episode.episode_id}/call`, { name: 'search_contacts', arguments: { pattern: '(unclosed', mode: 'regex' } })
    expect(badRegex).toMatchObject({ ok: false, content: expect.stringContaining('missing closing ): `(unclosed`') })
    expect(badRegex.content).not.toContain('(?i)')
    const view = await client.expect<{ calls: unknown[]; finished: boolean }>(200, 'GET', `/episodes/${episode.episode_id}`)
    expect(view.calls).toHaveLength(4)
    expect(view.finished).toBe(false)
  })

  it('resets before verify; verifies once: a second verify, a call or a reset after it are refused with 409, and the view then shows the verdict', async () => {
    const { client } = await server()
    const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: '推理1' })
    const path = `/episodes/${episode.episode_id}`
    await client.expect(200, 'POST', `${path}/call`, { name: 'search_contacts', arguments: { pattern: 'a' } })
    const reset = await client.expect<{ episode_id: string; attempt_id: string }>(200, 'POST', `${path}/reset`)
    expect(reset.episode_id).toBe(episode.episode_id)
    expect(await client.expect(200, 'GET', path)).toMatchObject({ calls: [] })
    const verdict = await client.expect<SubmittedVerdict>(200, 'POST', `${path}/verify`)
    expect(verdict).toMatchObject({ id: '推理1', correct: false, errorType: 'wrong_count' })
    expect((await client.send('POST', `${path}/reset`)).status).toBe(409)
    expect(await client.send('POST', `${path}/verify`)).toMatchObject({ status: 409, body: { error: expect.stringContaining('final') } })
    expect((await client.send('POST', `${path}/call`, { name: 'search_contacts', arguments: { pattern: 'a' } })).status).toBe(409)
    expect(await client.expect(200, 'GET', path)).toMatchObject({ finished: true, verdict })
    expect(await client.expect(200, 'DELETE', path)).toEqual({ episode_id: episode.episode_id, deleted: true })
    expect((await client.send('GET', path)).status).toBe(404)
  })

  it('takes failure_rate and seed into the kernel: the same seed meets the same failures', async () => {
    const { client } = await server()
    const { steps } = await solveWithOracle(SAMPLE, '整合3')
    const valid = steps.find((s) => s.kind === 'execution' && s.ok)
    if (!valid) throw new Error('no valid execution call')
    const outcomes = async (seed: number) => {
      const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: '整合3', failure_rate: 0.5, seed, state: 'static' })
      const out: boolean[] = []
      for (let i = 0; i < 8; i++)
        out.push((await client.expect<{ ok: boolean }>(200, 'POST', `/episodes/${episode.episode_id}/call`, { name: valid.name, arguments: valid.arguments })).ok)
      return out
    }
    const first = await outcomes(7)
    expect(first).toContain(true)
    expect(first).toContain(false)
    expect(await outcomes(7)).toEqual(first)
  })

  it('refuses a setting, state, failure rate or seed that is not valid, naming the valid values (400), and an unknown task (404)', async () => {
    const { client } = await server()
    expect(await open(client, { task_id: '推理1', setting: 'fast' })).toMatchObject({ status: 400, body: { error: expect.stringContaining('paginated, full, no_search') } })
    expect(await open(client, { task_id: '推理1', setting: 3 })).toMatchObject({ status: 400, body: { error: expect.stringContaining('paginated, full, no_search') } })
    expect(await open(client, { task_id: '推理1', state: 'frozen' })).toMatchObject({ status: 400, body: { error: expect.stringContaining('static, live') } })
    expect(await open(client, { task_id: '推理1', failure_rate: 2 })).toMatchObject({ status: 400, body: { error: expect.stringContaining('failure_rate') } })
    expect(await open(client, { task_id: '推理1', seed: 3 })).toMatchObject({ status: 400, body: { error: expect.stringContaining('seed') } })
    expect(await open(client, { task_id: '推理1', failure_rate: 0.1, seed: { a: 1 } })).toMatchObject({ status: 400 })
    expect(await open(client, { task_id: '推理1', colour: 'red' })).toMatchObject({ status: 400, body: { error: expect.stringContaining('colour') } })
    expect(await open(client, { task_id: 'nope' })).toMatchObject({ status: 404, body: { error: expect.stringContaining('GET /tasks') } })
    expect(await open(client, { task_id: 5 })).toMatchObject({ status: 400 })
  })

  it('gives no gold in any answer before verify', async () => {
    const { client } = await server({ dataset: LIVE_SAMPLE })
    for (const task of LIVE_SAMPLE.tasks.slice(0, 6)) {
      const answers: unknown[] = [await client.expect(200, 'GET', '/tasks')]
      const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: task.id })
      answers.push(episode)
      const calls: { name: string; arguments: unknown }[] = []
      await oracleEpisodeCalls(client, episode, calls, answers)
      answers.push(await client.expect(200, 'GET', `/episodes/${episode.episode_id}`))
      const text = JSON.stringify(answers)
      const gold = [task.reasoningPath, task.distractors, ...task.answer.map((c) => JSON.stringify(c.arguments)), JSON.stringify(task.live?.expectedState ?? null)]
      for (const secret of gold.filter((s) => s.length > 8)) expect(text, `${task.id}: ${secret.slice(0, 40)}`).not.toContain(secret)
      expect(text).not.toMatch(/"(answer|reasoning_path|expected_state|free_params)"/)
    }
  })
})

/** Sends the gold calls (as an agent that knew them would) and keeps every answer. */
async function oracleEpisodeCalls(client: JsonClient, episode: OpenedEpisode, calls: { name: string; arguments: unknown }[], answers: unknown[]): Promise<void> {
  const task = LIVE_SAMPLE.tasks.find((t) => t.id === episode.id)
  for (const call of task?.answer ?? []) {
    calls.push(call)
    const args = Object.fromEntries(Object.entries(call.arguments).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]))
    answers.push(await client.expect(200, 'POST', `/episodes/${episode.episode_id}/call`, { name: call.name, arguments: args }))
  }
}

describe('the episode server\'s limits', () => {
  it('refuses hostile bodies with 4xx and keeps serving', async () => {
    const { client, base } = await server()
    const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: '推理1' })
    const call = `${base}/episodes/${episode.episode_id}/call`
    const post = (url: string, body: string, type = 'application/json') => fetch(url, { method: 'POST', headers: { 'content-type': type }, body })
    const huge = await post(call, JSON.stringify({ name: 'search_contacts', arguments: { pattern: 'x'.repeat(2 * 1024 * 1024) } }))
    expect(huge.status).toBe(413)
    // Without a Content-Length (chunked), the bytes are counted as they come.
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const chunked = await fetch(call, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit)
    expect(chunked.status).toBe(413)
    const deep = await post(call, '['.repeat(200_000) + ']'.repeat(200_000))
    expect(deep.status).toBe(400)
    expect(await deep.json()).toMatchObject({ error: expect.stringContaining('nested') })
    expect((await post(call, '{"name": ')).status).toBe(400)
    expect((await post(call, '"just a string"')).status).toBe(400)
    expect((await post(call, '[1, 2]')).status).toBe(400)
    expect((await post(call, JSON.stringify({ name: ['search_contacts'], arguments: {} }))).status).toBe(400)
    expect((await post(call, JSON.stringify({ name: 'search_contacts', arguments: 3 }))).status).toBe(400)
    expect((await post(call, JSON.stringify({ name: 'search_contacts', arguments: [] }))).status).toBe(400)
    expect((await post(call, JSON.stringify({ name: 'search_contacts', arguments: {} }), 'text/plain')).status).toBe(415)
    expect((await post(call, '\uD800')).status).toBe(400)
    const invalidUtf8 = await fetch(call, { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array([0x7b, 0xff, 0x7d]) })
    expect(invalidUtf8.status).toBe(400)
    expect((await post(`${base}/episodes`, JSON.stringify([{ task_id: '推理1' }]))).status).toBe(400)
    expect((await fetch(`${base}/episodes/%E0%A4%A/call`, { method: 'POST' })).status).toBe(400)
    expect((await fetch(`${base}/tasks`, { method: 'DELETE' })).status).toBe(405)
    expect((await fetch(`${base}/nowhere`)).status).toBe(404)
    expect((await fetch(`${base}/episodes/nope/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' })).status).toBe(404)
    // Arguments deeper than the runtime takes (but within the body's limit) are the runtime's ok: false, as in the page.
    let nested: unknown = 'x'
    for (let i = 0; i < 34; i++) nested = { a: nested }
    expect(await client.expect(200, 'POST', `/episodes/${episode.episode_id}/call`, { name: 'search_contacts', arguments: nested })).toMatchObject({ ok: false })
    expect((await client.send('GET', '/tasks')).status).toBe(200)
    expect(await client.expect(200, 'POST', `/episodes/${episode.episode_id}/call`, { name: 'search_contacts', arguments: { pattern: 'Claire' } })).toMatchObject({ ok: true })
  })

  it('holds at most --max-episodes: one more is a 429 saying what to do, and a DELETE makes room', async () => {
    const { client } = await server({ maxEpisodes: 2 })
    const first = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: '推理1' })
    await client.expect(201, 'POST', '/episodes', { task_id: '推理2' })
    expect(await open(client, { task_id: '推理3' })).toMatchObject({ status: 429, body: { error: expect.stringContaining('maximum of 2 episodes') } })
    await client.expect(200, 'DELETE', `/episodes/${first.episode_id}`)
    await client.expect(201, 'POST', '/episodes', { task_id: '推理3' })
  })

  it('drops an episode left idle past the limit (the clock moved, no waiting)', async () => {
    let now = 1_000_000
    const { client, served } = await server({ idleMs: 60_000, now: () => now })
    const kept = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: '推理1' })
    const idle = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: '推理2' })
    now += 40_000
    await client.expect(200, 'GET', `/episodes/${kept.episode_id}`)
    now += 40_000
    expect(await client.send('POST', `/episodes/${idle.episode_id}/call`, { name: 'search_contacts', arguments: { pattern: 'a' } })).toMatchObject({
      status: 404,
      body: { error: expect.stringContaining('idle for more than 60 s') },
    })
    expect(served.episodes.size).toBe(1)
    await client.expect(200, 'POST', `/episodes/${kept.episode_id}/call`, { name: 'search_contacts', arguments: { pattern: 'a' } })
    now += 61_000
    expect(served.episodes.expireIdle()).toBe(1)
    expect(served.episodes.size).toBe(0)
  })

  it('with a token, refuses a request without it (401) and serves one with it, whatever the Host', async () => {
    const token = 'a-token-of-some-length'
    const { base } = await server({ token })
    expect((await fetch(`${base}/tasks`)).status).toBe(401)
    expect((await fetch(`${base}/tasks`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
    expect((await fetch(`${base}/tasks`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
  })

  it('without a token, refuses a request addressed to another name (DNS rebinding)', async () => {
    const { base } = await server()
    const { request } = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${base}/tasks`, { headers: { host: 'attacker.example:80' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(403)
  })
})
