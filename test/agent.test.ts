import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KeywordAgent, OracleAgent, REDACTED, TaskHost, loadDataset, parseResponses, redactSecrets, runAgent, scoreResponses } from '../src/core/index'
import type { ChatModel } from '../src/core/index'
import { endpointOf, keyForEndpoint, parseEndpointKeys, withEndpointKey } from '../src/runner/keys'
import { OpenAIChatModel } from '../src/runner/openaiModel'
import { readDatasetFolder } from '../cli/files'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { startStubServer } from './support/stub-server'
import type { StubServer } from './support/stub-server'
import { cliArgs } from './support/cli'

const dataset = loadDataset(readDatasetFolder(SAMPLE_DIR)).dataset

async function runOn(taskId: string, model: ChatModel, maxTurns?: number) {
  const host = new TaskHost(dataset)
  const opened = await host.open(taskId)
  const result = await runAgent({
    model,
    systemPrompt: opened.systemPrompt,
    instruction: opened.instruction,
    tools: opened.tools,
    callTool: async (name, args) => host.call(name, args, 'agent'),
    ...(maxTurns ? { maxTurns } : {}),
  })
  return { result, host, verdict: await host.submit() }
}

describe('the agent loop against an OpenAI-compatible stub server', () => {
  let stub: StubServer
  beforeAll(async () => {
    stub = await startStubServer()
  })
  afterAll(async () => stub.close())
  const model = (script: string) => new OpenAIChatModel({ baseURL: stub.url, apiKey: 'sk-test', model: script, extra: { reasoning_effort: 'high' } })

  it('runs every parallel call of a turn and answers each with a tool message, in order', async () => {
    const { result, verdict, host } = await runOn('推理1', model('solve-推理1'))
    expect(result.stop).toBe('answered')
    expect(result.turns).toBe(4)
    expect(result.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant'])
    const tools = result.messages.filter((m) => m.role === 'tool')
    expect(tools.map((m) => m.tool_call_id)).toEqual(['c0_0', 'c0_1', 'c1_0', 'c2_0'])
    expect(tools[1]?.content).toContain('Tom from Finance')
    expect(host.trajectory()).toHaveLength(0) // submitted and closed
    expect(verdict).toMatchObject({ correct: true, errorType: null })
    expect(result.usage).toEqual({ prompt: 400, completion: 40 })
    const first = stub.requests.find((r) => r.model === 'solve-推理1')
    expect(first).toMatchObject({ tools: 21, extra: { reasoning_effort: 'high' }, authorization: 'Bearer sk-test' })
  })

  it('answers arguments that are not JSON with an error result, and goes on', async () => {
    const { result, verdict } = await runOn('推理1', model('malformed'))
    const tool = result.messages.find((m) => m.role === 'tool')
    expect(tool?.content).toMatch(/arguments are not valid JSON/)
    expect(verdict.correct).toBe(true)
  })

  it('stops an endless loop at 50 turns', async () => {
    const before = stub.requests.length
    const { result } = await runOn('推理1', model('loop'))
    expect(result.stop).toBe('max_turns')
    expect(result.turns).toBe(50)
    expect(stub.requests.length - before).toBe(50)
  })

  it('resumes a stopped run from its messages', async () => {
    const host = new TaskHost(dataset)
    const opened = await host.open('推理1')
    const controller = new AbortController()
    const common = {
      model: model('solve-推理1'),
      systemPrompt: opened.systemPrompt,
      instruction: opened.instruction,
      tools: opened.tools,
      callTool: async (name: string, args: string) => host.call(name, args, 'agent'),
    }
    const stopped = await runAgent({ ...common, signal: controller.signal, onTurn: (_m, turn) => void (turn === 2 && controller.abort()) })
    expect(stopped).toMatchObject({ stop: 'aborted', turns: 2 })
    const resumed = await runAgent({ ...common, resume: stopped.messages })
    expect(resumed).toMatchObject({ stop: 'answered', turns: 4 })
    expect((await host.submit()).correct).toBe(true)
  })
})

describe('built-in agents on the sample data set', () => {
  it('oracle solves every task through the tools; keyword is a weak baseline; both score the same from their response lines', async () => {
    const lines: string[] = []
    for (const [run, make] of [
      [0, (t: (typeof dataset.tasks)[number]) => new OracleAgent(t)],
      [1, () => new KeywordAgent(dataset.profile)],
    ] as const) {
      for (const task of dataset.tasks) {
        const { result, verdict } = await runOn(task.id, make(task))
        // The page and the MCP server score the kept valid calls (an invalid call changes nothing): the oracle's are all valid.
        if (run === 0) expect(verdict, task.id).toMatchObject({ correct: true })
        lines.push(JSON.stringify({ id: task.id, run, model: run === 0 ? 'oracle' : 'keyword', setting: 'paginated', messages: result.messages }))
      }
    }
    const { result } = scoreResponses(dataset.tasks, dataset.tools, parseResponses(lines.join('\n')).lines)
    expect(result.per_run[0]?.overall).toBe(100)
    expect(result.per_run[1]?.overall).toBeLessThan(30)
    console.log(`oracle ${result.per_run[0]?.overall}%, keyword ${result.per_run[1]?.overall?.toFixed(1)}%`)
  })
})

/** A server that refuses every request and quotes the Authorization header back, as some proxies do. */
async function echoingServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const auth = req.headers.authorization ?? ''
      const key = auth.replace(/^Bearer /, '')
      const message = `Incorrect API key provided: ${key}; header was ${JSON.stringify(auth)}; retry at /v1?key=${encodeURIComponent(key)}`
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe('an API key never reaches the error text a run records', () => {
  // Quotes and slashes, so that the JSON-escaped and URL-encoded forms differ from the key as given.
  const KEY = 'sk-live-"quoted"/slash+plus-9f8e7d'
  let echo: Awaited<ReturnType<typeof echoingServer>>
  beforeAll(async () => {
    echo = await echoingServer()
  })
  afterAll(async () => echo.close())

  it('redacts a secret as given, URL-encoded and JSON-escaped, and leaves the rest of the text', () => {
    const text = `401 bad key ${KEY}, body {"key":${JSON.stringify(KEY)}}, url ?k=${encodeURIComponent(KEY)}`
    const out = redactSecrets(text, [KEY, ''])
    expect(out).toBe(`401 bad key ${REDACTED}, body {"key":"${REDACTED}"}, url ?k=${REDACTED}`)
    expect(redactSecrets('nothing secret here', ['', 'absent'])).toBe('nothing secret here')
  })

  it('the loop records a model error without the model\'s secrets', async () => {
    const model: ChatModel = {
      name: 'leaky',
      secrets: [KEY],
      complete: async () => {
        throw new Error(`connection refused; request headers: {"authorization":"Bearer ${KEY}"}`)
      },
    }
    const host = new TaskHost(dataset)
    const opened = await host.open('推理1')
    const result = await runAgent({ model, systemPrompt: opened.systemPrompt, instruction: opened.instruction, tools: opened.tools, callTool: async (n, a) => host.call(n, a, 'agent') })
    expect(result.stop).toBe('error')
    expect(result.error).toBe(`connection refused; request headers: {"authorization":"Bearer ${REDACTED}"}`)
  })

  it('the openai client\'s error for a server that quotes the key comes out redacted', async () => {
    const { result } = await runOn('推理1', new OpenAIChatModel({ baseURL: echo.url, apiKey: KEY, model: 'any' }))
    expect(result.stop).toBe('error')
    expect(result.error).toMatch(/^401 Incorrect API key provided: \[redacted\]/)
    expect(result.error).not.toContain(KEY)
    expect(result.error).not.toContain(encodeURIComponent(KEY))
    expect(result.error).not.toContain('live-')
  })

  it('npm run agent writes no key into a response line\'s error, nor to its output', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'agent-key-')), 'responses.jsonl')
    const args = [...cliArgs('cli/agent.ts'), '--data', SAMPLE_DIR, '--agent', 'openai', '--base-url', echo.url, '--model', 'm', '--tasks', '推理1', '--out', out]
    const r = await new Promise<{ stdout: string; stderr: string; code: number }>((resolve) => {
      execFile(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, OPENAI_API_KEY: KEY } }, (err, stdout, stderr) =>
        resolve({ stdout, stderr, code: err ? Number(err.code) : 0 }),
      )
    })
    expect(r.code).toBe(0)
    const text = readFileSync(out, 'utf8')
    const line = JSON.parse(text) as { stop: string; error?: string }
    expect(line.stop).toBe('error')
    expect(line.error).toMatch(/^401 Incorrect API key provided: \[redacted\]/)
    for (const written of [text, r.stdout, r.stderr]) expect(written).not.toContain('live-')
  })
})

describe('an API key is tied to the endpoint it was entered for', () => {
  it('names an endpoint by scheme, host, port and path, without trailing slashes, query or fragment', () => {
    expect(endpointOf(' HTTPS://API.Example.com/v1/ ')).toBe('https://api.example.com/v1')
    expect(endpointOf('https://api.example.com:443/v1?x=1#f')).toBe('https://api.example.com/v1')
    expect(endpointOf('http://user:pw@127.0.0.1:8000/v1')).toBe('http://127.0.0.1:8000/v1')
    for (const bad of ['', 'api.example.com/v1', 'javascript:alert(1)', 'file:///etc/passwd', 'data:,x']) expect(endpointOf(bad)).toBeUndefined()
  })

  it('offers a key only to its own endpoint: another host, port, scheme or path gets none', () => {
    const keys = withEndpointKey({}, 'http://127.0.0.1:8000/v1/', 'sk-a')
    expect(keyForEndpoint(keys, 'http://127.0.0.1:8000/v1')).toBe('sk-a')
    expect(keyForEndpoint(keys, 'http://127.0.0.1:8000/v1/?x')).toBe('sk-a')
    for (const other of ['http://127.0.0.1:8001/v1', 'https://127.0.0.1:8000/v1', 'http://localhost:8000/v1', 'http://127.0.0.1:8000/v2', 'http://127.0.0.1:8000', 'not a url'])
      expect(keyForEndpoint(keys, other), other).toBeUndefined()
    // "No key" is a key too: entered for an endpoint, it is not asked for again, and it is still not another endpoint's.
    const both = withEndpointKey(keys, 'https://api.example.com/v1', '')
    expect(keyForEndpoint(both, 'https://api.example.com/v1')).toBe('')
    expect(keyForEndpoint(both, 'http://127.0.0.1:8000/v1')).toBe('sk-a')
    expect(withEndpointKey(keys, 'not a url', 'sk-b')).toEqual(keys)
    // Names of Object.prototype are not endpoints with keys.
    expect(keyForEndpoint({}, 'http://constructor/')).toBeUndefined()
  })

  it('reads stored keys back only as endpoint → key pairs', () => {
    expect(parseEndpointKeys(JSON.stringify({ 'http://127.0.0.1:8000/v1': 'sk-a' }))).toEqual({ 'http://127.0.0.1:8000/v1': 'sk-a' })
    expect(parseEndpointKeys('sk-unbound-old-format')).toEqual({})
    expect(parseEndpointKeys(JSON.stringify({ 'http://127.0.0.1:8000/v1/': 'sk-a', 'http://x/v1': 3, nothttp: 'sk-b' }))).toEqual({})
    expect(parseEndpointKeys(null)).toEqual({})
  })
})
