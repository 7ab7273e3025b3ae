/**
 * npx tsx bench/serve-load.ts [--episodes 1000] [--sockets 1,2,4] [--data DIR] [--limit 180] [--url http://127.0.0.1:PORT] [--quick]
 * The episode server under load: N oracle episodes at once against
 * `npm run serve` on loopback (a child process, so client and server each
 * have a core), each sending the oracle's calls at its task; every verdict
 * compared with the in-process oracle's (solveWithOracle, what `npm run agent
 * --agent oracle` runs), and calls per second and p99 per call beside the
 * kernel in process in the same run, at each number of connections in
 * `--sockets` (a round trip waits behind the requests ahead of it on a
 * connection-limited client, so the p99 grows with the requests in flight
 * once they outnumber the cores). Bounded in time: it stops after --limit
 * seconds (default 180) and says so. Prints one JSON document; exits 1 if an
 * episode is lost or a verdict differs (never over timing).
 */
import { spawn } from 'node:child_process'
import { loadavg, cpus } from 'node:os'
import { join } from 'node:path'
import { TaskHost, defaultState, solveWithOracle } from '../src/core/index'
import type { Dataset, SubmittedVerdict } from '../src/core/index'
import { loadDatasetFolder } from '../cli/files'
import { JsonClient, openEpisode, verifyEpisode } from './serve-client'
import type { OpenedEpisode } from './serve-client'

const argv = process.argv.slice(2)
const option = (name: string, fallback: string): string => {
  const at = argv.indexOf(`--${name}`)
  return at >= 0 ? (argv[at + 1] ?? fallback) : fallback
}
const quick = argv.includes('--quick')
const episodes = Number(option('episodes', quick ? '200' : '1000'))
/** Requests in flight at once, one run each: as many as the cores, fewer, and twice as many. */
const socketCounts = option('sockets', '1,2,4').split(',').map(Number)
if (socketCounts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--sockets takes counts such as 1,2,4 (got ${option('sockets', '')})`)
const limitS = Number(option('limit', '180'))
const folder = option('data', join(import.meta.dirname, '..', 'public/data'))
const dataset = loadDatasetFolder(folder).dataset
/** `--url`: a server already running (on this machine: the load stays on loopback), serving the same data set with room for the episodes. */
const given = argv.includes('--url') ? option('url', '') : undefined
if (given !== undefined && !/^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(given)) throw new Error(`--url must be http://127.0.0.1:PORT (got ${given})`)
const taskIds = Array.from({ length: episodes }, (_, i) => dataset.tasks[i % dataset.tasks.length]?.id ?? '')

const log = (text: string) => void process.stderr.write(`[serve-load] ${text}\n`)

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

function summary(times: number[], wallMs: number) {
  const sorted = [...times].sort((a, b) => a - b)
  const round = (x: number) => Math.round(x * 1000) / 1000
  return {
    calls: times.length,
    callsPerSecond: Math.round(times.length / (wallMs / 1000)),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
    wallMs: Math.round(wallMs),
  }
}

/** An oracle episode's calls, in order, as the oracle sent them. */
type Script = { name: string; arguments: unknown }[]

/**
 * The reference: `npm run agent --agent oracle`'s episode of each task in
 * process (solveWithOracle: the oracle through a TaskHost in the task's
 * default state), its calls and verdict.
 */
async function references(data: Dataset): Promise<Map<string, { script: Script; verdict: SubmittedVerdict }>> {
  const out = new Map<string, { script: Script; verdict: SubmittedVerdict }>()
  for (const task of data.tasks) {
    const { steps, verdict } = await solveWithOracle(data, task.id, { state: defaultState(task) })
    out.set(task.id, { script: steps.map((s) => ({ name: s.name, arguments: s.arguments })), verdict })
  }
  return out
}

/**
 * The episodes in process, the kernel alone (no HTTP): all opened, their
 * oracle calls run one after another, each timed on its own (run all at once,
 * a call's time would be the other episodes' turns), then all submitted.
 */
async function inProcess(data: Dataset, reference: Map<string, { script: Script }>) {
  const times: number[] = []
  let t0 = performance.now()
  const hosts = await Promise.all(
    taskIds.map(async (taskId) => {
      const task = data.tasks.find((t) => t.id === taskId)
      if (!task) throw new Error(taskId)
      const host = new TaskHost(data)
      await host.open(taskId, 'paginated', { state: defaultState(task) })
      return { taskId, host }
    }),
  )
  const openMs = performance.now() - t0
  t0 = performance.now()
  for (const { taskId, host } of hosts)
    for (const call of reference.get(taskId)?.script ?? []) {
      const start = performance.now()
      await host.call(call.name, call.arguments, 'agent')
      times.push(performance.now() - start)
    }
  const calls = summary(times, performance.now() - t0)
  t0 = performance.now()
  for (const { host } of hosts) await host.submit()
  return { ...calls, opensPerSecond: perSecond(episodes, openMs), verifiesPerSecond: perSecond(episodes, performance.now() - t0) }
}

const perSecond = (count: number, ms: number) => Math.round(count / (ms / 1000))

/** `npm run serve` as a child process on a free loopback port; resolves with its address and a stop. */
async function startServer(): Promise<{ base: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'cli/serve.ts'), '--data', folder, '--port', '0', '--max-episodes', String(episodes)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out)
      if (match) resolve(match[0])
    })
    child.once('exit', (code) => reject(new Error(`npm run serve exited (${code}) before listening`)))
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM')
      return exited
    },
  }
}

/** An oracle episode's calls sent through `/call`, one after another, each round trip timed. */
async function replay(client: JsonClient, episode: OpenedEpisode, script: Script, times: { roundTrip: number[]; server: number[] }): Promise<void> {
  const path = `/episodes/${encodeURIComponent(episode.episode_id)}/call`
  for (const call of script) {
    const answer = await client.timed(200, 'POST', path, call)
    times.roundTrip.push(answer.ms)
    if (answer.serverMs !== undefined) times.server.push(answer.serverMs)
  }
}

/** The three phases over HTTP, all episodes at once in each: open, the oracle's loops, verify (and delete). */
async function httpPhases(client: JsonClient, reference: Map<string, { script: Script; verdict: SubmittedVerdict }>) {
  const times = { roundTrip: [] as number[], server: [] as number[] }
  const outcome = { lost: 0, differing: 0, firstDifference: [] as string[] }
  const lose = (taskId: string, err: unknown) => {
    outcome.lost++
    if (outcome.lost === 1) log(`episode of ${taskId} lost: ${err instanceof Error ? err.message : String(err)}`)
  }
  let t0 = performance.now()
  const opened = await Promise.all(taskIds.map((taskId) => openEpisode(client, taskId).catch((err: unknown) => lose(taskId, err))))
  const openMs = performance.now() - t0
  const episodesOpen = opened.filter((e) => e !== undefined)
  t0 = performance.now()
  const ran = await Promise.all(episodesOpen.map((e) => replay(client, e, reference.get(e.id)?.script ?? [], times).then(() => e, (err: unknown) => lose(e.id, err))))
  const callMs = performance.now() - t0
  const calls = summary(times.roundTrip, callMs)
  const serverSorted = [...times.server].sort((a, b) => a - b)
  const inServer = { p50Ms: percentile(serverSorted, 50), p99Ms: percentile(serverSorted, 99), maxMs: serverSorted[serverSorted.length - 1] ?? Number.NaN }
  t0 = performance.now()
  await Promise.all(
    ran
      .filter((e) => e !== undefined)
      .map(async (e) => {
        try {
          const verdict = await verifyEpisode(client, e)
          if (JSON.stringify(verdict) === JSON.stringify(reference.get(e.id)?.verdict)) return
          outcome.differing++
          if (outcome.firstDifference.length === 0) outcome.firstDifference.push(e.id, JSON.stringify(verdict), JSON.stringify(reference.get(e.id)?.verdict))
        } catch (err) {
          lose(e.id, err)
        }
      }),
  )
  return { ...calls, inServer, opensPerSecond: perSecond(episodesOpen.length, openMs), verifiesPerSecond: perSecond(episodesOpen.length, performance.now() - t0), ...outcome }
}

async function overHttp(reference: Map<string, { script: Script; verdict: SubmittedVerdict }>, sockets: number) {
  const server = given ? { base: given, stop: async () => null } : await startServer()
  const client = new JsonClient(server.base, { sockets })
  const deadline = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), limitS * 1000).unref())
  const ended = await Promise.race([httpPhases(client, reference), deadline])
  client.close()
  const exitCode = await server.stop()
  if (ended === 'timeout') return { episodes, sockets, finishedInTime: false, limitS, serverExit: exitCode }
  const { firstDifference, differing, ...figures } = ended
  return {
    ...figures,
    episodes,
    sockets,
    finishedInTime: true,
    verdictsDiffering: differing,
    ...(firstDifference.length > 0 ? { firstDifference } : {}),
    serverExit: exitCode,
  }
}

log(`${episodes} oracle episodes over ${dataset.tasks.length} tasks of ${folder}: the oracle's run of each task first`)
const reference = await references(dataset)
const kernel = await inProcess(dataset, reference)
log(`in process: ${kernel.calls} calls, ${kernel.callsPerSecond}/s; now over HTTP with ${socketCounts.join(', ')} connections`)
const http = []
for (const sockets of socketCounts) {
  const run = await overHttp(reference, sockets)
  log(`over HTTP: ${JSON.stringify(run)}`)
  http.push(run)
}
console.log(
  JSON.stringify(
    {
      machine: { cpus: cpus().length, loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100 },
      inProcess: kernel,
      http,
      note:
        "Each episode sends the oracle's calls of its task (solveWithOracle, as npm run agent --agent oracle runs it), in three phases: open every episode, send the calls, verify every episode. inProcess: the kernel alone, the calls one after another, each timed. http: npm run serve as a child process, every episode open at once and every episode's calls under way at once, at most `sockets` requests in flight; a call's time is its round trip over loopback from the moment it has a connection, and inServer the server's own time for it (its Server-Timing header: from the request's arrival to its answer); calls/s is /call requests over the call phase.",
    },
    null,
    2,
  ),
)
// Timing never fails the benchmark; a lost episode or a verdict that differs from the kernel's does.
if (http.some((run) => 'lost' in run && (run.lost > 0 || (run.verdictsDiffering ?? 0) > 0))) process.exitCode = 1
