/**
 * Where a window.spieval.call's time goes: the oracle's calls over the sample
 * tasks in a page, as `npm run bench` makes them, with one of three lenses. A
 * developer's tool beside the benchmark; it prints and never fails.
 *
 *   tsx bench/profile-api.ts [--trace | --js] [--first] [--view runs] [--no-build] [--port 5312]
 *
 * - no lens: latencies only (first call of a task apart, the ten slowest named);
 * - `--trace`: Chromium's trace over the calls' own time windows: busy time per
 *   thread (renderer, raster, browser), the main thread's events and scripts;
 * - `--js`: each call profiled on its own (console.profile), self and
 *   inclusive time by function; slow, so its latencies mean nothing;
 * - `--first`: only the first call of each task is looked at;
 * - `--view runs`: another view open, so nothing of the phone is drawn.
 *
 * The site is built unminified, so that functions keep their names.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launch, loadHome, newPage, oracleScripts, quantile } from './browser'
import { serve } from './serve'

const ROOT = join(import.meta.dirname, '..')
const argv = process.argv.slice(2)
const option = (name: string) => {
  const at = argv.indexOf(name)
  return at >= 0 ? argv[at + 1] : undefined
}
const port = Number(option('--port') ?? 5312)
const view = option('--view')
const lens: 'latency' | 'trace' | 'js' = argv.includes('--trace') ? 'trace' : argv.includes('--js') ? 'js' : 'latency'
const firstOnly = argv.includes('--first')
const site = join(tmpdir(), 'spieval-bench', 'site-profile')
if (!argv.includes('--no-build') || !existsSync(site))
  execFileSync('npx', ['vite', 'build', '--outDir', site, '--emptyOutDir', '--logLevel', 'error', '--minify', 'false'], { cwd: ROOT, stdio: 'inherit' })

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}
interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  cat: string
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number; type?: string } }
}

const ms = (us: number) => (us / 1000).toFixed(1).padStart(8)
function summary(xs: readonly number[]): string {
  const at = (q: number) => quantile(xs, q).toFixed(1)
  return `n ${xs.length} p50 ${at(0.5)} p90 ${at(0.9)} p99 ${at(0.99)} max ${at(1)} ms`
}
function top<K>(entries: Map<K, number>, n: number): [K, number][] {
  return [...entries].sort((a, b) => b[1] - a[1]).slice(0, n)
}
const add = <K>(m: Map<K, number>, k: K, v: number) => m.set(k, (m.get(k) ?? 0) + v)

/** Trace events inside the calls' windows (performance marks around each looked-at call). */
function traceReport(events: TraceEvent[]): void {
  const marks = events.filter((e) => e.cat.includes('user_timing') && e.name.startsWith('call-')).sort((a, b) => a.ts - b.ts)
  const windows: [number, number][] = []
  for (let i = 0; i + 1 < marks.length; i++) if (marks[i]?.name === 'call-start' && marks[i + 1]?.name === 'call-end') windows.push([marks[i]?.ts ?? 0, marks[i + 1]?.ts ?? 0])
  const inCall = (ts: number) => windows.some(([a, b]) => ts >= a && ts <= b)
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined && inCall(e.ts))
  const threads = new Map<string, string>()
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '')
  const busy = new Map<string, number>()
  const busyThread = new Map<string, number>()
  for (const e of complete)
    if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'ThreadPool_RunTask') {
      add(busy, `${threads.get(`${e.pid}:${e.tid}`) ?? '?'} (${e.pid})`, e.dur ?? 0)
      add(busyThread, `${e.pid}:${e.tid}`, e.dur ?? 0)
    }
  // The page's main thread: the busiest renderer main thread.
  const mainId = top(new Map([...busyThread].filter(([id]) => threads.get(id) === 'CrRendererMain')), 1)[0]?.[0]
  console.log(`${windows.length} call windows, ${(windows.reduce((n, [a, b]) => n + b - a, 0) / 1000).toFixed(0)} ms in all`)
  console.log('busy per thread, per call:')
  for (const [k, us] of top(busy, 10)) console.log(`  ${(us / 1000 / Math.max(1, windows.length)).toFixed(2).padStart(8)} ms  ${k}`)
  const onMain = (e: TraceEvent) => `${e.pid}:${e.tid}` === mainId
  const byEvent = new Map<string, number>()
  const scripts = new Map<string, number>()
  for (const e of complete) {
    if (!onMain(e)) continue
    add(byEvent, e.name, e.dur ?? 0)
    if (['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame'].includes(e.name)) {
      const d = e.args?.data
      add(scripts, `${e.name} ${d?.type ?? ''} ${d?.functionName ?? ''} ${(d?.url ?? '').split('/').pop()}:${d?.lineNumber ?? ''}`, e.dur ?? 0)
    }
  }
  console.log('main thread events (inclusive; nested ones overlap):')
  for (const [k, us] of top(byEvent, 25)) console.log(`  ${ms(us)} ms  ${k}`)
  console.log('main thread scripts and events by function:')
  for (const [k, us] of top(scripts, 15)) console.log(`  ${ms(us)} ms  ${k}`)
}

/** Self and inclusive time by function over the calls' own profiles. */
function jsReport(profiles: Profile[]): void {
  const keyOf = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber}`
  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
    const parent = new Map<number, number>()
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
    profile.samples.forEach((id, i) => {
      const us = profile.timeDeltas[i] ?? 0
      const node = nodes.get(id)
      if (node) add(self, keyOf(node), us)
      const seen = new Set<string>()
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const n = nodes.get(at)
        if (n) seen.add(keyOf(n))
      }
      for (const k of seen) add(inclusive, k, us)
    })
  }
  console.log(`${profiles.length} call profiles; self time:`)
  for (const [k, us] of top(self, 25)) console.log(`  ${ms(us)} ms  ${k}`)
  console.log('inclusive time (named functions):')
  for (const [k, us] of top(new Map([...inclusive].filter(([k]) => !k.startsWith('('))), 40)) console.log(`  ${ms(us)} ms  ${k}`)
}

const server = await serve(site, {}, port)
const browser = await launch()
try {
  const page = await newPage(browser)
  await loadHome(page, () => page.goto(`http://127.0.0.1:${port}/`))
  if (view) {
    // Another view from the start (the phone is not drawn at all).
    await page.evaluate(`location.hash = '#/${view}'`)
    await page.reload()
    await page.waitForFunction('window.spieval !== undefined')
  }
  const { scripts } = await oracleScripts()
  const cdp = await page.context().newCDPSession(page)
  const profiles: Profile[] = []
  if (lens === 'js') {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    cdp.on('Profiler.consoleProfileFinished', (e) => void profiles.push(e.profile as unknown as Profile))
  }
  if (lens === 'trace')
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8', 'blink.user_timing', 'toplevel'] })
  const result = (await page.evaluate(`(async () => {
    const scripts = ${JSON.stringify(scripts)}
    const api = window.spieval
    const calls = []
    for (const s of scripts) {
      await api.open(s.id, { setting: 'paginated', actor: 'oracle' })
      for (const [i, c] of s.calls.entries()) {
        const looked = ${!firstOnly} || i === 0
        if (looked) performance.mark('call-start')
        if (looked && ${lens === 'js'}) console.profile('call')
        const t = performance.now()
        await api.call(c.name, c.arguments)
        const ms = performance.now() - t
        if (looked && ${lens === 'js'}) console.profileEnd('call')
        if (looked) performance.mark('call-end')
        calls.push({ ms, first: i === 0, name: s.id + ' #' + (i + 1) + ' ' + c.name })
      }
      await api.submit()
    }
    return calls
  })()`)) as { ms: number; first: boolean; name: string }[]
  if (lens === 'trace') traceReport((JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents)
  if (lens === 'js') {
    await new Promise((resolve) => setTimeout(resolve, 500)) // the last profiles arrive
    jsReport(profiles)
  }
  console.log(`calls: ${summary(result.map((c) => c.ms))}`)
  console.log(`first call of a task: ${summary(result.filter((c) => c.first).map((c) => c.ms))}`)
  console.log(`other calls: ${summary(result.filter((c) => !c.first).map((c) => c.ms))}`)
  console.log(`slowest: ${[...result].sort((a, b) => b.ms - a.ms).slice(0, 10).map((c) => `${c.ms.toFixed(1)} ${c.name}`).join(' | ')}`)
} finally {
  await browser.close()
  server.close()
}
