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
              resolve({ status: res.statusCode ?? 0, body: raw === '' ? undefined : (JSON.parse(raw) as unknown) })
            } catch (err) {
              reject(new Error(`${method} ${path}: answer ${res.statusCode} is not JSON: ${raw.slice(0, 200)}`, { cause: err }))
            }
          })
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(text)
    })
  }

  /** Like {@link send}, but a status other than `expected` rejects with the server's error. */
  async expect<T>(expected: number, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.send(method, path, body)
    if (answer.status !== expected) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
    return answer.body as T
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

/** One remote oracle episode: open, the oracle agent's loop through `/call` (each call's round trip timed), verify, delete. */
export async function oracleEpisode(
  client: JsonClient,
  dataset: Dataset,
  taskId: string,
  options: { setting?: string; state?: string; callTimes?: number[] } = {},
): Promise<{ episode: OpenedEpisode; verdict: SubmittedVerdict }> {
  const task = dataset.tasks.find((t) => t.id === taskId)
  if (!task) throw new Error(`Unknown task ${taskId}`)
  const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', {
    task_id: taskId,
    ...(options.setting ? { setting: options.setting } : {}),
    ...(options.state ? { state: options.state } : {}),
  })
  const path = `/episodes/${encodeURIComponent(episode.episode_id)}`
  await runAgent({
    model: new OracleAgent(task),
    systemPrompt: episode.system_prompt,
    instruction: episode.instruction,
    tools: episode.tools,
    callTool: async (name, args) => {
      const t0 = performance.now()
      const answer = await client.expect<{ ok: boolean; content: string }>(200, 'POST', `${path}/call`, { name, arguments: args })
      options.callTimes?.push(performance.now() - t0)
      return answer
    },
  })
  const verdict = await client.expect<SubmittedVerdict>(200, 'POST', `${path}/verify`)
  await client.expect(200, 'DELETE', path)
  return { episode, verdict }
}
