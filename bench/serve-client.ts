/**
 * A plain HTTP client of the episode server (npm run serve), for its load
 * benchmark and its tests: keep-alive connections through node:http, and the
 * oracle agent run against an episode as any remote agent would run.
 */
import { Agent, request } from 'node:http'
import { OracleAgent, runAgent } from '../src/core/index'
import type { Dataset, SubmittedVerdict, ToolSchema } from '../src/core/index'

export interface JsonAnswer {
  status: number
  body: unknown
  /** From the moment the request had a connection to the end of the answer: the round trip, without waiting for a free connection. */
  ms: number
  /** The server's own time for the request (its Server-Timing header), when it says. */
  serverMs?: number
}

export class JsonClient {
  private readonly agent: Agent

  constructor(
    readonly base: string,
    options: { sockets?: number; token?: string } = {},
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: options.sockets ?? 64 })
    this.token = options.token
  }

  private readonly token: string | undefined

  /** Sends a request (a body as JSON) and parses the JSON answer, whatever its status. */
  send(method: string, path: string, body?: unknown): Promise<JsonAnswer> {
    const text = body === undefined ? undefined : JSON.stringify(body)
    return new Promise((resolve, reject) => {
      let sent = 0
      const req = request(
        new URL(path, this.base),
        {
          method,
          agent: this.agent,
          headers: {
            ...(text !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}),
            ...(this.token !== undefined ? { authorization: `Bearer ${this.token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8')
            try {
              const ms = performance.now() - sent
              const serverMs = Number(/handle;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? Number.NaN)
              resolve({ status: res.statusCode ?? 0, body: raw === '' ? undefined : (JSON.parse(raw) as unknown), ms, ...(Number.isFinite(serverMs) ? { serverMs } : {}) })
            } catch (err) {
              reject(new Error(`${method} ${path}: answer ${res.statusCode} is not JSON: ${raw.slice(0, 200)}`, { cause: err }))
            }
          })
          res.on('error', reject)
        },
      )
      req.on('socket', () => (sent = performance.now()))
      req.on('error', reject)
      req.end(text)
    })
  }

  /** Like {@link send}, but a status other than `expected` rejects with the server's error. */
  async expect<T>(expected: number, method: string, path: string, body?: unknown): Promise<T> {
    return (await this.timed<T>(expected, method, path, body)).body
  }

  /** {@link expect} with the round trip's time. */
  async timed<T>(expected: number, method: string, path: string, body?: unknown): Promise<{ body: T; ms: number; serverMs?: number }> {
    const answer = await this.send(method, path, body)
    if (answer.status !== expected) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
    return { body: answer.body as T, ms: answer.ms, ...(answer.serverMs !== undefined ? { serverMs: answer.serverMs } : {}) }
  }

  close(): void {
    this.agent.destroy()
  }
}

export interface OpenedEpisode {
  episode_id: string
  id: string
  instruction: string
  system_prompt: string
  tools: ToolSchema[]
}

/** Starts an episode of a task (`POST /episodes`). */
export function openEpisode(client: JsonClient, taskId: string, options: { setting?: string; state?: string } = {}): Promise<OpenedEpisode> {
  return client.expect<OpenedEpisode>(201, 'POST', '/episodes', {
    task_id: taskId,
    ...(options.setting ? { setting: options.setting } : {}),
    ...(options.state ? { state: options.state } : {}),
  })
}

/** The oracle agent's loop at an open episode, through `/call`, each call's round trip timed into `callTimes`. */
export async function runOracle(client: JsonClient, dataset: Dataset, episode: OpenedEpisode, callTimes?: number[]): Promise<void> {
  const task = dataset.tasks.find((t) => t.id === episode.id)
  if (!task) throw new Error(`Unknown task ${episode.id}`)
  const path = `/episodes/${encodeURIComponent(episode.episode_id)}/call`
  await runAgent({
    model: new OracleAgent(task),
    systemPrompt: episode.system_prompt,
    instruction: episode.instruction,
    tools: episode.tools,
    callTool: async (name, args) => {
      const answer = await client.timed<{ ok: boolean; content: string }>(200, 'POST', path, { name, arguments: args })
      callTimes?.push(answer.ms)
      return answer.body
    },
  })
}

/** Verifies an episode and deletes it: its verdict. */
export async function verifyEpisode(client: JsonClient, episode: OpenedEpisode): Promise<SubmittedVerdict> {
  const path = `/episodes/${encodeURIComponent(episode.episode_id)}`
  const verdict = await client.expect<SubmittedVerdict>(200, 'POST', `${path}/verify`)
  await client.expect(200, 'DELETE', path)
  return verdict
}

/** One remote oracle episode: open, the oracle agent's loop through `/call`, verify, delete. */
export async function oracleEpisode(
  client: JsonClient,
  dataset: Dataset,
  taskId: string,
  options: { setting?: string; state?: string; callTimes?: number[] } = {},
): Promise<{ episode: OpenedEpisode; verdict: SubmittedVerdict }> {
  const episode = await openEpisode(client, taskId, options)
  await runOracle(client, dataset, episode, options.callTimes)
  return { episode, verdict: await verifyEpisode(client, episode) }
}
