import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { solveWithOracle } from '../src/core/index'
import type { OpenedEpisode } from '../bench/serve-client'
import { MAX_WAITING_MESSAGES } from '../src/server/ws'
import { SAMPLE, startServer } from './support/episodeServer'

let stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops) await stop()
  stops = []
})

async function server() {
  const started = await startServer()
  stops.push(started.stop)
  return started
}

const TASK = '整合3'

/** The oracle's calls at the task, made in process: the script a remote client replays. */
async function oracleScript() {
  const { steps, verdict } = await solveWithOracle(SAMPLE, TASK)
  return { calls: steps.map((s) => ({ name: s.name, arguments: s.arguments })), verdict }
}

/** A WebSocket client that sends a message and waits for the answer carrying the same id. */
async function socketClient(url: string) {
  const socket = new WebSocket(url)
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const waiting = new Map<number, (message: Record<string, unknown>) => void>()
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>
    waiting.get(message.id as number)?.(message)
  })
  let next = 0
  return {
    socket,
    ask(message: Record<string, unknown> | string): Promise<Record<string, unknown>> {
      const id = ++next
      return new Promise((resolve) => {
        waiting.set(id, resolve)
        socket.send(typeof message === 'string' ? message : JSON.stringify({ ...message, id }))
        // A raw text message carries no id: its answer is the next one without an id.
        if (typeof message === 'string') socket.once('message', (data) => resolve(JSON.parse(String(data)) as Record<string, unknown>))
      })
    },
  }
}

describe('the episode server\'s WebSocket and MCP endpoints', () => {
  it('a WebSocket client solves a task with reset, step, state and verify', async () => {
    const { client, base } = await server()
    const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: TASK })
    const { calls, verdict } = await oracleScript()
    const ws = await socketClient(`${base.replace('http', 'ws')}/episodes/${episode.episode_id}/ws`)
    const reset = await ws.ask({ type: 'reset' })
    expect(reset).toMatchObject({ type: 'reset', done: false, observation: { episode_id: episode.episode_id, id: TASK, instruction: episode.instruction } })
    await ws.ask({ type: 'step', action: { name: 'search_contacts', arguments: { pattern: 'Claire' } } })
    const again = await ws.ask({ type: 'reset' })
    expect((again.observation as { attempt_id: string }).attempt_id).not.toBe((reset.observation as { attempt_id: string }).attempt_id)
    expect(await ws.ask({ type: 'state' })).toMatchObject({ state: { calls: [] } })
    for (const call of calls) {
      const step = await ws.ask({ type: 'step', action: call })
      expect(step).toMatchObject({ type: 'step', done: false, observation: { ok: true } })
    }
    expect(await ws.ask({ type: 'step', action: { name: 5 } })).toMatchObject({ type: 'error', status: 400 })
    expect(await ws.ask({ type: 'jump' })).toMatchObject({ type: 'error', status: 400, error: expect.stringContaining('reset') })
    expect(await ws.ask('{not json')).toMatchObject({ type: 'error', status: 400 })
    expect(await ws.ask({ type: 'state' })).toMatchObject({ type: 'state', state: { task_id: TASK, finished: false, calls: expect.any(Array) } })
    const verified = await ws.ask({ type: 'verify' })
    expect(verified).toMatchObject({ type: 'verify', done: true, reward: 1 })
    expect(verified.verdict).toEqual(verdict)
    expect(await ws.ask({ type: 'verify' })).toMatchObject({ type: 'error', status: 409 })
    // The verdict showed the gold: the episode cannot start over as if it had not.
    expect(await ws.ask({ type: 'reset' })).toMatchObject({ type: 'error', status: 409 })
    ws.socket.close()
  })

  it('closes a WebSocket that sends far faster than it reads its answers (1008), and the server keeps serving', async () => {
    const { client, base } = await server()
    const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: TASK })
    const ws = await socketClient(`${base.replace('http', 'ws')}/episodes/${episode.episode_id}/ws`)
    const closed = new Promise<number>((resolve) => ws.socket.once('close', (code) => resolve(code)))
    const step = JSON.stringify({ type: 'step', action: { name: 'search_phone', arguments: { pattern: 'a' } } })
    // All in one write, so that the server reads them before it has answered any.
    const tcp = (ws.socket as unknown as { _socket: { cork(): void; uncork(): void } })._socket
    tcp.cork()
    for (let i = 0; i < 2 * MAX_WAITING_MESSAGES; i++) ws.socket.send(step)
    tcp.uncork()
    expect(await closed).toBe(1008)
    expect(await client.expect(200, 'GET', `/episodes/${episode.episode_id}`)).toMatchObject({ finished: false })
  })

  it('stopping the server closes its WebSockets with 1001 and its keep-alive connections', async () => {
    // A grace far longer than the test may take: closing must not wait for it.
    const started = await startServer({ closeGraceMs: 10 * 60_000 })
    const episode = await started.client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: TASK })
    const ws = await socketClient(`${started.base.replace('http', 'ws')}/episodes/${episode.episode_id}/ws`)
    const closed = new Promise<number>((resolve) => ws.socket.once('close', (code) => resolve(code)))
    await started.served.close()
    expect(await closed).toBe(1001)
    started.client.close()
  })

  it('refuses a WebSocket to an unknown episode (404) and a plain GET of the WebSocket address (426)', async () => {
    const { base, client } = await server()
    const refused = new WebSocket(`${base.replace('http', 'ws')}/episodes/nope/ws`)
    const status = await new Promise<number>((resolve) => refused.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)))
    expect(status).toBe(404)
    const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: TASK })
    expect((await client.send('GET', `/episodes/${episode.episode_id}/ws`)).status).toBe(426)
  })

  it('the MCP SDK\'s client solves a task over the episode\'s endpoint, with no protocol session', async () => {
    const { client, base } = await server()
    const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: TASK })
    const { calls, verdict } = await oracleScript()
    const mcp = new Client({ name: 'spieval-test', version: '1.0.0' })
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/episodes/${episode.episode_id}/mcp`))
    await mcp.connect(transport)
    expect(transport.sessionId).toBeUndefined()
    expect(mcp.getInstructions()).toContain(episode.instruction)
    const { tools } = await mcp.listTools()
    const task = SAMPLE.tasks.find((t) => t.id === TASK)
    const before = JSON.stringify([mcp.getInstructions(), tools])
    for (const secret of [task?.reasoningPath ?? '', ...(task?.answer ?? []).map((c) => JSON.stringify(c.arguments))]) expect(before).not.toContain(secret)
    expect(tools.map((t) => t.name).sort()).toEqual([...episode.tools.map((t) => t.function.name), 'submit'].sort())
    for (const call of calls) {
      // The oracle sends arguments as a model does, as JSON text; MCP carries them as an object.
      const args = typeof call.arguments === 'string' ? (JSON.parse(call.arguments) as Record<string, unknown>) : (call.arguments as Record<string, unknown>)
      const reply = await mcp.callTool({ name: call.name, arguments: args })
      expect(reply.isError ?? false).toBe(false)
    }
    const bad = await mcp.callTool({ name: 'Meeting_Create', arguments: { dateStart: '2026-03-18' } })
    expect(bad.isError).toBe(true)
    const submitted = await mcp.callTool({ name: 'submit', arguments: {} })
    const text = (submitted.content as { type: string; text: string }[])[0]?.text ?? ''
    expect(JSON.parse(text)).toEqual(verdict)
    const view = await client.expect<{ finished: boolean; calls: { source: string }[] }>(200, 'GET', `/episodes/${episode.episode_id}`)
    expect(view.finished).toBe(true)
    expect(view.calls.every((c) => c.source === 'mcp')).toBe(true)
    await mcp.close()
  })

  it('answers MCP at an unknown episode with 404 and a GET of the MCP address with 405', async () => {
    const { base, client } = await server()
    const mcp = new Client({ name: 'spieval-test', version: '1.0.0' })
    await expect(mcp.connect(new StreamableHTTPClientTransport(new URL(`${base}/episodes/nope/mcp`)))).rejects.toThrow(/Unknown episode/)
    const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: TASK })
    expect((await client.send('GET', `/episodes/${episode.episode_id}/mcp`)).status).toBe(405)
  })
})
