import { execFile, spawn } from 'node:child_process'
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadDataset, parseResponses, scoreResponses } from '../src/core/index'
import type { AgentMessage, ChatModel } from '../src/core/index'
import { OpenAIChatModel } from '../src/runner/openaiModel'
import { readDatasetFolder } from '../cli/files'
import { inShard, parseShard, pendingPairs, planPairs, readExisting } from '../cli/sweep/plan'
import { runPool } from '../cli/sweep/pool'
import { Progress } from '../cli/sweep/progress'
import { RetryingModel, backoffMs, retryAfterMs } from '../cli/sweep/retry'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { startStubServer } from './support/stub-server'
import type { StubServer } from './support/stub-server'
import { cliArgs } from './support/cli'

const dataset = loadDataset(readDatasetFolder(SAMPLE_DIR)).dataset
const TASKS = dataset.tasks.slice(0, 8).map((t) => t.id)
const TIMING = ['wall_ms', 'started', 'ended']

type Line = Record<string, unknown> & { id: string; run: number }
const readLines = (path: string): Line[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
/** A line without what changes from one run to the next (its timing), as text to compare. */
const comparable = (line: Line): string => JSON.stringify(Object.fromEntries(Object.entries(line).filter(([k]) => !TIMING.includes(k))))
const keysOf = (lines: readonly Line[]) => lines.map((l) => `${l.run}/${l.id}`)
const scoreOf = (text: string) => scoreResponses(dataset.tasks.filter((t) => TASKS.includes(t.id)), dataset.tools, parseResponses(text).lines).result

function cli(args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...cliArgs('cli/agent.ts'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } }, (err, stdout, stderr) =>
      resolve({ stdout, stderr, code: err ? Number(err.code ?? 1) : 0 }),
    )
  })
}

describe('sweep planning', () => {
  it('reads i/n shards, 1-based, and refuses the rest', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 })
    for (const bad of ['0/3', '4/3', '1/0', 'a/b', '1', '-1/2']) expect(parseShard(bad), bad).toBeUndefined()
  })

  it('puts every pair in exactly one shard, whatever the selection', () => {
    const all = planPairs(dataset.tasks.map((t) => t.id), [0, 1, 2])
    const shards = [1, 2, 3].map((index) => planPairs(dataset.tasks.map((t) => t.id), [0, 1, 2], { index, count: 3 }))
    expect(shards.flat().map((p) => `${p.run}/${p.id}`).sort()).toEqual(all.map((p) => `${p.run}/${p.id}`).sort())
    for (const s of shards) expect(s.length).toBeGreaterThan(all.length / 6) // no shard nearly empty
    // A pair's shard does not depend on which other tasks were selected.
    const one = planPairs(['推理2'], [1], { index: 2, count: 3 })
    expect(one.length).toBe(inShard({ id: '推理2', run: 1 }, { index: 2, count: 3 }) ? 1 : 0)
  })

  it('drops a torn last line (no newline, or not JSON) and nothing else', () => {
    const a = '{"id":"a","run":0,"calls":[]}\n'
    expect(readExisting(a + '{"id":"b","ru')).toMatchObject({ repaired: a, lines: [{ id: 'a' }] })
    expect(readExisting(a + '{"id":"b","ru\n')).toMatchObject({ repaired: a, lines: [{ id: 'a' }] })
    expect(readExisting(a).repaired).toBeUndefined()
    expect(readExisting('{"id":"b","ru\n' + a).bad).toEqual([1])
    expect(readExisting('').lines).toEqual([])
  })

  it('skips complete pairs; a failed one only stands without --retry_failed', () => {
    const pairs = planPairs(['a', 'b', 'c'], [0])
    const { lines } = readExisting('{"id":"a","run":0,"calls":[]}\n{"id":"b","run":0,"error":"503"}\n')
    expect(pendingPairs(pairs, lines, false).map((p) => p.id)).toEqual(['c'])
    expect(pendingPairs(pairs, lines, true).map((p) => p.id)).toEqual(['b', 'c'])
    // The last line of a pair decides: a later success completes a failed pair.
    const later = readExisting('{"id":"b","run":0,"error":"503"}\n{"id":"b","run":0,"calls":[]}\n').lines
    expect(pendingPairs(pairs, later, true).map((p) => p.id)).toEqual(['a', 'c'])
  })

  it('runs at most N items at once in the pool, and all of them', async () => {
    let inFlight = 0
    let peak = 0
    const seen: number[] = []
    await runPool([...Array(10).keys()], 3, async (i) => {
      peak = Math.max(peak, ++inFlight)
      await new Promise((r) => setTimeout(r, 5))
      seen.push(i)
      inFlight--
    })
    expect(peak).toBe(3)
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(10).keys()])
  })

  it('shows progress as a redrawn line on a terminal and as occasional lines otherwise', () => {
    let t = 0
    const out: string[] = []
    const plain = new Progress({ total: 4, tty: false, write: (s) => void out.push(s), intervalMs: 10_000, everyEpisodes: 2, now: () => t })
    for (let i = 0; i < 4; i++) {
      t += 1000
      plain.episode({ correct: i % 2 === 0, failed: false, tokens: 1500 })
    }
    plain.finish()
    expect(out).toEqual(['2/4 episodes, 1 correct (50.0%), 3.0k tokens, 1.00 ep/s, ETA 2s\n', '4/4 episodes, 2 correct (50.0%), 6.0k tokens, 1.00 ep/s, ETA 0s\n'])
    const tty: string[] = []
    const bar = new Progress({ total: 2, tty: true, write: (s) => void tty.push(s), intervalMs: 1, everyEpisodes: 1, now: () => t })
    bar.episode({ correct: true, failed: true, tokens: 5 })
    expect(tty[0]).toMatch(/^\r\[#{10}\.{10}\] 1\/2 episodes, 1 correct \(100\.0%\), 1 failed, 5 tokens/)
  })
})

describe('retries', () => {
  const reply = { message: { role: 'assistant' as const, content: 'done' } }
  const failing = (errors: unknown[]): ChatModel & { calls: number } => {
    const model = {
      name: 'm',
      calls: 0,
      complete: async () => {
        const err = errors[model.calls++]
        if (err) throw err
        return reply
      },
    }
    return model
  }
  const status = (s: number, headers: Record<string, string> = {}) => Object.assign(new Error(`${s} refused`), { status: s, headers: new Headers(headers) })
  const noSleep = { sleep: async () => {} }
  const messages: AgentMessage[] = []

  it('reads Retry-After as seconds, as a date and as retry-after-ms', () => {
    expect(retryAfterMs(status(429, { 'retry-after': '2' }))).toBe(2000)
    expect(retryAfterMs(status(429, { 'retry-after-ms': '150' }))).toBe(150)
    expect(retryAfterMs(status(429, { 'retry-after': new Date(10_000).toUTCString() }), 4000)).toBe(6000)
    expect(retryAfterMs(status(429))).toBeUndefined()
    expect(backoffMs(status(429, { 'retry-after': '3' }), 5, { maxRetries: 9, timeoutMs: 1 })).toBe(3000)
    // Without one: doubling, jittered between half and all of it, capped.
    expect(backoffMs(status(503), 2, { maxRetries: 9, timeoutMs: 1, baseDelayMs: 100 }, () => 0)).toBe(200)
    expect(backoffMs(status(503), 2, { maxRetries: 9, timeoutMs: 1, baseDelayMs: 100 }, () => 1)).toBe(400)
    expect(backoffMs(status(503), 20, { maxRetries: 9, timeoutMs: 1, baseDelayMs: 100, maxDelayMs: 1000 }, () => 1)).toBe(1000)
  })

  it('retries 429 and 5xx, not other 4xx, and gives up after max_retries', async () => {
    const flaky = failing([status(429), status(502)])
    const retrying = new RetryingModel(flaky, { maxRetries: 2, timeoutMs: 1000, ...noSleep })
    await expect(retrying.complete(messages, [])).resolves.toEqual(reply)
    expect([flaky.calls, retrying.retries]).toEqual([3, 2])
    const bad = failing([status(401)])
    await expect(new RetryingModel(bad, { maxRetries: 5, timeoutMs: 1000, ...noSleep }).complete(messages, [])).rejects.toThrow('401 refused')
    expect(bad.calls).toBe(1)
    const down = failing([status(503), status(503), status(503)])
    await expect(new RetryingModel(down, { maxRetries: 1, timeoutMs: 1000, ...noSleep }).complete(messages, [])).rejects.toThrow('503 refused (gave up after 2 attempts)')
    expect(down.calls).toBe(2)
  })

  it('retries a connection the openai client could not make', async () => {
    const refused = new RetryingModel(new OpenAIChatModel({ baseURL: 'http://127.0.0.1:9/v1', apiKey: '', model: 'm' }), { maxRetries: 1, timeoutMs: 5000, ...noSleep })
    await expect(refused.complete(messages, [])).rejects.toThrow(/\(gave up after 2 attempts\)$/)
    expect(refused.retries).toBe(1)
  })

  it('times a request out and retries it', async () => {
    let calls = 0
    const hanging: ChatModel = {
      name: 'slow',
      complete: (_m, _t, signal) =>
        new Promise((resolve, reject) => {
          if (++calls > 1) return resolve(reply)
          const poll = setInterval(() => signal?.aborted && (clearInterval(poll), reject(new Error('aborted'))), 2)
        }),
    }
    const retrying = new RetryingModel(hanging, { maxRetries: 1, timeoutMs: 20, ...noSleep })
    await expect(retrying.complete(messages, [])).resolves.toEqual(reply)
    expect(calls).toBe(2)
    calls = -10
    await expect(new RetryingModel(hanging, { maxRetries: 0, timeoutMs: 20, ...noSleep }).complete(messages, [])).rejects.toThrow('no answer within 0.02 s (gave up after 1 attempt)')
  })
})

describe('npm run agent sweeps against the stub server', () => {
  let stub: StubServer
  let dir: string
  beforeAll(async () => {
    stub = await startStubServer()
    dir = mkdtempSync(join(tmpdir(), 'sweep-'))
  })
  afterAll(async () => stub.close())
  // The harness's flags, as a Python script passes them.
  const harness = (model: string, outDir: string, more: string[] = []) => [
    '--input_file', join(SAMPLE_DIR, 'input_data.jsonl'), '--output_dir', join(dir, outDir), '--model', model, '--base_url', stub.url,
    '--api_key', 'sk-sweep-secret', '--search_mode', 'paginated', '--thinking_level', 'low', '--tasks', TASKS.join(','), ...more,
  ]

  let reference: Line[] = []
  it('gives the same lines with two workers as with one (timing aside), in --output_dir/response.jsonl', async () => {
    const one = await cli(harness('delay5:solve-推理1', 'one', ['--repeat', '2']))
    expect(one.code, one.stderr).toBe(0)
    const two = await cli(harness('delay5:solve-推理1', 'two', ['--start_id', '0', '--end_id', '2', '--max_workers', '2']))
    expect(two.code, two.stderr).toBe(0)
    reference = readLines(join(dir, 'one', 'response.jsonl'))
    const parallel = readLines(join(dir, 'two', 'response.jsonl'))
    expect(reference).toHaveLength(TASKS.length * 2)
    expect(parallel.map(comparable).sort()).toEqual(reference.map(comparable).sort())
    expect(reference[0]).toMatchObject({ turns: 4, usage: { prompt_tokens: 400, completion_tokens: 40 }, retries: 0, setting: 'paginated' })
    expect(reference[0]?.wall_ms).toEqual(expect.any(Number))
    expect(stub.requests.find((r) => r.model === 'delay5:solve-推理1')?.extra).toMatchObject({ reasoning_effort: 'low' })
    expect(scoreOf(readFileSync(join(dir, 'one', 'response.jsonl'), 'utf8')).per_run.map((r) => r.overall)).toEqual([12.5, 12.5]) // 推理1 of 8
    for (const r of [one, two]) expect(r.stdout + r.stderr).not.toContain('sk-sweep-secret')
    expect(one.stdout).toMatch(/16 episodes run in .*; 64 turns; tokens 6\.4k prompt \+ 640 completion/)
  })

  it('resumes after a SIGKILL mid-run: the same (id, run) lines as an uninterrupted run, none twice', async () => {
    const out = join(dir, 'killed', 'response.jsonl')
    const args = harness('delay30:solve-推理1', 'killed', ['--repeat', '2', '--max_workers', '2'])
    const child = spawn(process.execPath, [...cliArgs('cli/agent.ts'), ...args], { cwd: ROOT, stdio: 'ignore' })
    const exited = new Promise((resolve) => child.on('exit', resolve))
    await expect
      .poll(() => (existsSync(out) ? readFileSync(out, 'utf8').split('\n').length - 1 : 0), { timeout: 30_000, interval: 20 })
      .toBeGreaterThanOrEqual(3)
    child.kill('SIGKILL')
    await exited
    const before = readLines(out)
    expect(before.length).toBeLessThan(TASKS.length * 2) // killed mid-run, or the test proves nothing
    // As if the kill had cut a write short: the torn line is dropped and its episode run.
    appendFileSync(out, '{"id":"推理1","run":1,"calls":[')
    const resumed = await cli(args)
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(resumed.stderr).toMatch(/note: .*the last line \(line \d+\) has no newline; dropped it/)
    expect(resumed.stderr).toContain(`${before.length} of ${TASKS.length * 2} episodes already there`)
    const after = readLines(out)
    expect(new Set(keysOf(after)).size).toBe(after.length)
    expect(keysOf(after).sort()).toEqual(keysOf(reference).sort())
    expect(after.slice(0, before.length)).toEqual(before) // what was there is kept as it was
    // And the content is what an uninterrupted run writes (the model name aside).
    const norm = (l: Line) => comparable({ ...l, model: 'm' })
    expect(after.map(norm).sort()).toEqual(reference.map(norm).sort())
  })

  it('retries 429 answers; a pair that still fails is written with its error (no key), scores no_response, and --retry_failed runs it again', async () => {
    stub.refuse.count = 3
    stub.refuse.status = 429
    stub.refuse.retryAfter = '0'
    const first = await cli(harness('solve-推理1', 'retry', ['--tasks', '推理1', '--max_retries', '3']))
    expect(first.code, first.stderr).toBe(0)
    const out = join(dir, 'retry', 'response.jsonl')
    expect(readLines(out)).toMatchObject([{ id: '推理1', run: 0, retries: 3, stop: 'answered', turns: 4 }])
    expect(stub.requests.filter((r) => r.status === 429)).toHaveLength(3)
    expect(stub.refuse.count).toBe(0)

    const failed = join(dir, 'failed', 'response.jsonl')
    stub.refuse.count = 1000
    stub.refuse.status = 503
    delete stub.refuse.retryAfter
    const down = await cli(harness('solve-推理1', 'failed', ['--tasks', '推理1', '--max_retries', '1']))
    stub.refuse.count = 0
    expect(down.code, down.stderr).toBe(0)
    const [line] = readLines(failed)
    expect(line).toMatchObject({ id: '推理1', stop: 'error', error: '503 refused with 503 (gave up after 2 attempts)', retries: 1 })
    expect(line?.calls).toBeUndefined()
    expect(readFileSync(failed, 'utf8')).not.toContain('sk-sweep-secret')
    expect(down.stdout).toMatch(/1 failed \(scored as no_response; run again with --retry_failed\)/)
    const details = scoreResponses(dataset.tasks, dataset.tools, parseResponses(readFileSync(failed, 'utf8')).lines).details
    expect(details.find((d) => d.id === '推理1')?.error_type).toBe('no_response')

    const again = await cli(harness('solve-推理1', 'failed', ['--tasks', '推理1']))
    expect(again.stdout).toContain('0 episodes run') // a failure stands without --retry_failed
    const retried = await cli(harness('solve-推理1', 'failed', ['--tasks', '推理1', '--retry_failed']))
    expect(retried.code, retried.stderr).toBe(0)
    expect(readLines(failed).map((l) => l.stop)).toEqual(['error', 'answered'])
    const now = scoreResponses(dataset.tasks, dataset.tools, parseResponses(readFileSync(failed, 'utf8')).lines).details
    expect(now.find((d) => d.id === '推理1')).toMatchObject({ correct: true, error_type: null }) // the last line of the pair wins
  })

  it('three shards, concatenated, score the same as one run and hold each pair once', async () => {
    const shards = await Promise.all([1, 2, 3].map((i) => cli(harness('delay5:solve-推理1', `shard${i}`, ['--repeat', '2', '--shard', `${i}/3`]))))
    for (const s of shards) expect(s.code, s.stderr).toBe(0)
    const texts = [1, 2, 3].map((i) => readFileSync(join(dir, `shard${i}`, 'response.jsonl'), 'utf8'))
    const merged = texts.join('')
    const lines = merged.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line)
    expect(keysOf(lines).sort()).toEqual(keysOf(reference).sort())
    for (const t of texts) expect(t.split('\n').filter(Boolean).length).toBeGreaterThan(0)
    expect(scoreOf(merged)).toEqual(scoreOf(readFileSync(join(dir, 'one', 'response.jsonl'), 'utf8')))
  })

  it('refuses flags that disagree before anything runs', async () => {
    const [r1, r2, r3, r4] = await Promise.all([
      cli(harness('m', 'bad1', ['--repeat', '3', '--start_id', '0', '--end_id', '2'])),
      cli(harness('m', 'bad2', ['--shard', '4/3'])),
      cli(harness('m', 'bad3', ['--setting', 'full'])),
      cli(harness('m', 'bad4', ['--search_mode', 'Full'])),
    ])
    expect([r1?.code, r1?.stderr.split('\n')[0]]).toEqual([2, '--repeat 3 disagrees with --start_id 0 --end_id 2 (2 runs): give one or make them agree.'])
    expect(r2?.stderr).toMatch(/^--shard must be i\/n/)
    expect(r3?.stderr).toMatch(/^--setting and --search_mode are the same option/)
    expect(r4?.stderr).toMatch(/^Unknown setting "Full"/)
    // A file of another model is not resumed into.
    const r5 = await cli(harness('other-model', 'one', ['--repeat', '2']))
    expect([r5.code, r5.stderr]).toEqual([1, expect.stringMatching(/holds lines of another sweep \(model "delay5:solve-推理1"/)])
  })
})
