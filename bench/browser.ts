/**
 * The browser figures of `npm run bench`, measured in headless Chromium against
 * a production build: cold and warm start, imports (SPIEval's size and 100
 * times it), opening a task, a 100,000-record list scrolling, initial JS,
 * and window.spieval calls in live attempts.
 * Each figure stands beside its target and, where it makes sense, a baseline
 * measured in the same run. Never fails over timing.
 *
 *   tsx bench/browser.ts [--quick] [--port 5304] [--only start,import,list,api,live,big]
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { SourceMapConsumer } from 'source-map-js'
import type { MappingItem, RawSourceMap } from 'source-map-js'
import type { Browser, Page } from '@playwright/test'
import { DATASET_FILES, loadDataset, solveWithOracle } from '../src/core/index'
import { readDatasetFolder } from '../cli/files'
import { generateRecords, generateTasks } from '../cli/gen/tasks'
import { chromiumLaunch } from '../playwright.config'
import { HOME_SIGNAL, PAGE_HELPERS } from './page'
import { serve } from './serve'
import { loadSkillFigures } from './plannerBrowser'

const ROOT = join(import.meta.dirname, '..')
const WORK = join(tmpdir(), 'spieval-bench')
const log = (message: string) => process.stderr.write(`[bench:browser] ${message}\n`)
const round = (x: number, digits = 1) => Number(x.toFixed(digits))

function percentiles(xs: number[]): { n: number; p50: number; p95: number; max: number } {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => round(s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0)
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: round(s[s.length - 1] ?? 0) }
}

function median(xs: number[]): number {
  return percentiles(xs).p50
}

/** `npx vite build` into a temporary folder (the production build the figures are about). */
function build(): string {
  const out = join(WORK, 'site')
  log('building the site (vite build)')
  // Hidden source maps: the files are byte for byte the ones shipped (no sourceMappingURL comment), and initialJs can say what they hold.
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--sourcemap', 'hidden', '--logLevel', 'error'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  return out
}

/** A data set from cli/gen.ts, cached between runs (tools.json is written last, so its presence means complete). */
function generated(name: string, args: string[]): string {
  const out = join(WORK, name)
  if (existsSync(join(out, DATASET_FILES.tools))) return out
  log(`generating data set ${name} (npm run gen -- ${args.join(' ')})`)
  rmSync(out, { recursive: true, force: true })
  execFileSync('npx', ['tsx', 'cli/gen.ts', '--out', out, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  return out
}

/** One task whose Contacts app holds 100,000 records (the task's own two contacts first, so its gold answer still resolves). */
/**
 * A data set of two tasks: one with `count` contacts (the list to scroll) and
 * a task of 20 records beside it (opening both compares a big task with a
 * small one in the same page).
 */
function bigListDataset(count: number): { dir: string; taskId: string; smallTaskId: string } {
  const out = join(WORK, `list-${count}-with-small`)
  const [task, small] = [...generateTasks({ tasks: 2, records: 20, seed: 7 })]
  if (!task || !small) throw new Error('no task generated')
  const taskId = String(task.line.id)
  const smallTaskId = String(small.line.id)
  if (existsSync(join(out, DATASET_FILES.tools))) return { dir: out, taskId, smallTaskId }
  log(`generating a task with ${count} contacts`)
  mkdirSync(out, { recursive: true })
  const contacts = [...(task.records.contacts ?? []), ...generateRecords('contacts', count - (task.records.contacts?.length ?? 0), 11)]
  writeFileSync(join(out, DATASET_FILES.inputData), JSON.stringify(task.line) + '\n' + JSON.stringify(small.line) + '\n')
  writeFileSync(join(out, DATASET_FILES.records), JSON.stringify({ [taskId]: { ...task.records, contacts }, [smallTaskId]: small.records }))
  copyFileSync(join(ROOT, 'public/data', DATASET_FILES.profile), join(out, DATASET_FILES.profile))
  copyFileSync(join(ROOT, 'public/data', DATASET_FILES.tools), join(out, DATASET_FILES.tools))
  return { dir: out, taskId, smallTaskId }
}

function folderMb(dir: string): number {
  return round(readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0) / 1048576)
}

/** gzip size of the JavaScript index.html loads (its module scripts and modulepreloads), against all JS built. */
function initialJs(site: string) {
  const html = readFileSync(join(site, 'index.html'), 'utf8')
  const urls = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g), ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '')
  const files = [...new Set(urls)].map((u) => join(site, u.replace(/^\.\//, '')))
  const gz = (f: string) => gzipSync(readFileSync(f)).length
  const kb = (bytes: number) => round(bytes / 1024)
  const initial = files.reduce((n, f) => n + gz(f), 0)
  const assets = readdirSync(join(site, 'assets')).filter((f) => f.endsWith('.js'))
  const all = assets.reduce((n, f) => n + gz(join(site, 'assets', f)), 0)
  return {
    initial_js_kb_gzip: kb(initial),
    initial_js_kb_raw: kb(files.reduce((n, f) => n + statSync(f).size, 0)),
    initial_files: files.length,
    baseline_all_js_kb_gzip: kb(all),
    js_chunks: assets.length,
    target_kb_gzip: 250,
    initial_js_holds_kb_raw: initialContents(files),
  }
}

/**
 * What the initial files hold: their minified bytes by package (node_modules) or source folder, from the
 * build's source maps, the largest first. Shows what to load later when the initial JavaScript grows.
 */
function initialContents(files: readonly string[]): Record<string, number> {
  const bytes = new Map<string, number>()
  for (const file of files) {
    if (!existsSync(`${file}.map`)) continue
    const lines = readFileSync(file, 'utf8').split('\n')
    const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap)
    let previous: MappingItem | undefined
    map.eachMapping((mapping) => {
      if (previous) {
        const end = previous.generatedLine === mapping.generatedLine ? mapping.generatedColumn : (lines[previous.generatedLine - 1]?.length ?? 0)
        const group = sourceGroup(previous.source)
        bytes.set(group, (bytes.get(group) ?? 0) + Math.max(0, end - previous.generatedColumn))
      }
      previous = mapping
    })
  }
  const top = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 25)
  return Object.fromEntries(top.map(([group, n]) => [group, round(n / 1024)]))
}

/** A package (`react-dom`, `@scope/name`) or a source folder two levels deep (`src/core/search`). */
function sourceGroup(source: string | null): string {
  if (!source) return '(generated)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
  if (pkg) return pkg[1] ?? source
  const own = /(?:^|\/)(src\/[^/]+(?:\/[^/.]+)?)/.exec(source)
  return own?.[1] ?? source
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumLaunch.executablePath,
    args: [...chromiumLaunch.args, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  })
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  await context.addInitScript(PAGE_HELPERS)
  // A named annotator, as after a first visit: the name dialog is not part of these figures.
  await context.addInitScript(
    `if (!localStorage.getItem('spieval-settings')) localStorage.setItem('spieval-settings', ${JSON.stringify(JSON.stringify({ state: { language: 'en', access: 'browse', actor: 'bench' }, version: 0 }))})`,
  )
  return context.newPage()
}

/**
 * Loads the page and waits until the home screen's Contacts icon is visible and clickable; ms from navigation start.
 * It waits for the console line the page's helper prints then, and asks the page nothing before: a question
 * (`waitForFunction`) injects Playwright's own script into the page while it boots, and that put the meter's work into
 * the figure (cold p50 850 against 806 ms, warm 345 against 287 ms, 10 alternating loads each, one machine).
 */
export async function loadHome(page: Page, load: () => Promise<unknown>): Promise<{ home_ms: number; dom_content_loaded_ms: number }> {
  const homeShown = page.waitForEvent('console', { predicate: (line) => line.text() === HOME_SIGNAL, timeout: 60_000 })
  await Promise.all([homeShown, load()])
  await page.getByRole('button', { name: 'Contacts' }).click({ trial: true, timeout: 5000 })
  const home = (await page.evaluate('window.__homeAt')) as number
  const nav = (await page.evaluate('window.__bench.navigation()')) as { dom_content_loaded_ms?: number }
  return { home_ms: round(home), dom_content_loaded_ms: nav.dom_content_loaded_ms ?? 0 }
}

async function startFigures(browser: Browser, base: string, runs: number) {
  const cold: { home_ms: number; dom_content_loaded_ms: number }[] = []
  const warm: { home_ms: number; dom_content_loaded_ms: number }[] = []
  for (let i = 0; i < runs; i++) {
    const page = await newPage(browser)
    cold.push(await loadHome(page, () => page.goto(base)))
    warm.push(await loadHome(page, () => page.reload()))
    await page.context().close()
  }
  // #27's targets are ratios to DOMContentLoaded of the same loads; the absolute ones are the older marks.
  const summary = (xs: typeof cold, target: number, targetRatio: number, what: string) => {
    const home = median(xs.map((x) => x.home_ms))
    const loaded = median(xs.map((x) => x.dom_content_loaded_ms))
    return {
      ms: percentiles(xs.map((x) => x.home_ms)),
      baseline_dom_content_loaded_ms: loaded,
      ratio_to_dom_content_loaded: round(home / Math.max(loaded, 0.001), 2),
      target_ratio: targetRatio,
      target_ms: target,
      what,
    }
  }
  return {
    cold_start: summary(cold, 1500, 1.8, 'new browser context (empty IndexedDB): navigation start → Contacts icon visible and enabled, including the sample\'s first import'),
    warm_start: summary(warm, 500, 1.5, 'reload with the sample stored: navigation start → Contacts icon visible and enabled'),
  }
}

/** `ms` until the page has opened the new data set; `stored_ms` until the page's mark that the files are stored. */
interface ImportRun { ms: number; stored_ms: number | null; tasks: number; peak_heap_mb_sampled: number }

/** The app's import beside JSON.parse and a raw IndexedDB put of the same text, `runs` times each, in one page. */
async function importFigures(page: Page, base: string, dataUrl: string, runs: number, target: number) {
  await loadHome(page, () => page.goto(base))
  const chars = (await page.evaluate(`window.__bench.fetchFiles(${JSON.stringify(dataUrl)})`)) as Record<string, number>
  const ours: ImportRun[] = []
  const parse: number[] = []
  const put: number[] = []
  for (let i = 0; i < runs; i++) {
    await page.evaluate('window.__bench.gc()')
    ours.push((await page.evaluate(`window.__bench.ours('bench ${i}')`)) as ImportRun)
    parse.push(((await page.evaluate('window.__bench.parse()')) as { ms: number }).ms)
    put.push(((await page.evaluate('window.__bench.rawPut()')) as { ms: number }).ms)
  }
  const parseP50 = median(parse)
  const putP50 = median(put)
  const stored = ours.flatMap((r) => (r.stored_ms === null ? [] : [r.stored_ms]))
  return {
    chars,
    tasks: ours[0]?.tasks,
    ms: percentiles(ours.map((r) => r.ms)),
    // The same imports until their files were stored, before the page opened the new data set.
    stored_ms: percentiles(stored),
    stored_ratio_to_baseline: round(median(stored) / (parseP50 + putP50), 2),
    baseline_json_parse_ms: parseP50,
    baseline_raw_indexeddb_put_ms: putP50,
    baseline_sum_ms: round(parseP50 + putP50),
    ratio_to_baseline: round(median(ours.map((r) => r.ms)) / (parseP50 + putP50), 2),
    target_ratio: 1.5,
    target_ms: target,
  }
}

/** Peak resident memory (VmHWM) and current RSS of every renderer process, from /proc. */
async function rendererMemory(browser: Browser): Promise<{ peak_rss_mb: number; rss_mb: number }> {
  const cdp = await browser.newBrowserCDPSession()
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] }
  await cdp.detach()
  let peak = 0
  let rss = 0
  for (const p of info.processInfo.filter((x) => x.type === 'renderer')) {
    try {
      const status = readFileSync(`/proc/${p.id}/status`, 'utf8')
      peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
      rss = Math.max(rss, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
    } catch {
      // not on Linux, or the process is gone
    }
  }
  return { peak_rss_mb: Math.round(peak), rss_mb: Math.round(rss) }
}

/** The big import in a browser of its own, so that the renderer's peak memory is this import's alone. */
async function bigImport(base: string, dataUrl: string, dir: string, label: string) {
  const browser = await launch()
  try {
    const page = await newPage(browser)
    let crashed = false
    page.on('crash', () => (crashed = true))
    await loadHome(page, () => page.goto(base))
    const chars = (await page.evaluate(`window.__bench.fetchFiles(${JSON.stringify(dataUrl)})`)) as Record<string, number>
    const heapBefore = (await page.evaluate('window.__bench.gc()')) as number
    const memBefore = await rendererMemory(browser)
    log(`importing ${label} through window.spieval.importDataset`)
    let ours: ImportRun | { error: string }
    try {
      ours = (await page.evaluate(`window.__bench.ours('bench ${label}')`)) as ImportRun
    } catch (err) {
      ours = { error: crashed ? 'the page crashed (out of memory?)' : String(err).slice(0, 300) }
    }
    const memAfter = await rendererMemory(browser)
    const result: Record<string, unknown> = {
      data_set_mb: folderMb(dir),
      chars,
      ours,
      js_heap_mb_before_import_with_texts_loaded: heapBefore,
      renderer_rss_mb_before_import: memBefore.rss_mb,
      renderer_peak_rss_mb_during_import: memAfter.peak_rss_mb,
      target_ms: 60_000,
    }
    if (crashed) return result
    log(`baseline for ${label}: JSON.parse and a raw IndexedDB put`)
    await page.evaluate('window.__bench.gc()')
    const parse = (await page.evaluate('window.__bench.parse()')) as { ms: number; heap_mb_after_parse: number }
    const put = (await page.evaluate('window.__bench.rawPut()')) as { ms: number }
    Object.assign(result, {
      baseline_json_parse_ms: parse.ms,
      baseline_js_heap_mb_holding_parsed_data: parse.heap_mb_after_parse,
      baseline_raw_indexeddb_put_ms: put.ms,
      baseline_sum_ms: round(parse.ms + put.ms),
      ...('ms' in ours ? { ratio_to_baseline: round(ours.ms / (parse.ms + put.ms), 2) } : {}),
      ...('stored_ms' in ours && ours.stored_ms !== null ? { stored_ratio_to_baseline: round(ours.stored_ms / (parse.ms + put.ms), 2) } : {}),
    })
    return result
  } finally {
    await browser.close()
  }
}

async function openTaskFigures(page: Page, samples: number) {
  const ids = ((await page.evaluate('window.spieval.tasks()')) as { id: string }[]).map((t) => t.id)
  const step = Math.max(1, Math.floor(ids.length / samples))
  const picked = ids.filter((_, i) => i % step === 0).slice(0, samples)
  const runs: { home_ms: number; rows_in_dom_ms: number; painted_ms: number }[] = []
  for (const id of picked) runs.push((await page.evaluate(`window.__bench.openFirstApp(${JSON.stringify(id)})`)) as (typeof runs)[number])
  const again: { painted_ms: number }[] = []
  for (let i = 0; i < Math.min(10, samples); i++) again.push((await page.evaluate('window.__bench.reenterApp()')) as (typeof again)[number])
  return {
    what: 'pick a task in the task picker → its home screen → open Contacts → rows in the DOM → next frame painted',
    tasks: runs.length,
    home_screen_ms: percentiles(runs.map((r) => r.home_ms)),
    first_app_rows_in_dom_ms: percentiles(runs.map((r) => r.rows_in_dom_ms)),
    first_app_painted_ms: percentiles(runs.map((r) => r.painted_ms)),
    baseline_reenter_app_same_task_painted_ms: percentiles(again.map((r) => r.painted_ms)),
    target_p95_ms: 100,
  }
}

/**
 * Opening a task through window.spieval (the kernel's open: its records read,
 * its content fingerprint taken as stored at import, the task drawn), the big
 * task and the small one in turn; p50 of each.
 */
async function openBigAndSmall(page: Page, list: { taskId: string; smallTaskId: string }, rounds: number) {
  const timeOpen = (id: string) =>
    page.evaluate(async (taskId) => {
      const t0 = performance.now()
      await window.spieval?.open(taskId, { setting: 'paginated', actor: 'bench' })
      return performance.now() - t0
    }, id)
  // The baseline: the browser's own read of the task's stored records (one row per task), with nothing else done.
  const timeRead = (id: string) =>
    page.evaluate(async (taskId) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('spieval-phone')
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      const keys = await new Promise<IDBValidKey[]>((resolve) => {
        const req = db.transaction('taskRecords').objectStore('taskRecords').getAllKeys()
        req.onsuccess = () => resolve(req.result)
      })
      const key = keys.find((k) => Array.isArray(k) && k[1] === taskId) as IDBValidKey
      const t0 = performance.now()
      await new Promise((resolve) => {
        const req = db.transaction('taskRecords').objectStore('taskRecords').get(key)
        req.onsuccess = () => resolve(req.result)
      })
      const ms = performance.now() - t0
      db.close()
      return ms
    }, id)
  const big: number[] = []
  const small: number[] = []
  const bigRead: number[] = []
  for (let i = 0; i < rounds; i++) {
    big.push(await timeOpen(list.taskId))
    small.push(await timeOpen(list.smallTaskId))
    bigRead.push(await timeRead(list.taskId))
  }
  const bigP50 = quantile(big, 0.5)
  const smallP50 = quantile(small, 0.5)
  return {
    what: 'window.spieval.open of the 100,000-record task and of a 20-record task in turn, after the list was shown; the page keeps the last two tasks opened in memory (db/recentTasks.ts), so a task opened again is not read from IndexedDB; the baseline is that read',
    big_task_open_ms: percentiles(big),
    small_task_open_ms: percentiles(small),
    baseline_read_of_big_task_records_row_ms: percentiles(bigRead),
    big_over_small_p50: round(bigP50 / Math.max(smallP50, 0.001)),
    target_big_over_small: 2,
  }
}

async function bigListFigures(browser: Browser, base: string, list: { dir: string; taskId: string; smallTaskId: string }, count: number, seconds: number) {
  const page = await newPage(browser)
  try {
    await loadHome(page, () => page.goto(base))
    await page.evaluate(`window.__bench.fetchFiles('bench-data/list/')`)
    const imported = (await page.evaluate(`window.__bench.ours('bench list')`)) as ImportRun
    await page.evaluate('window.__bench.dropFiles()')
    const open = (await page.evaluate(`window.__bench.openFirstApp(${JSON.stringify(list.taskId)})`)) as { painted_ms: number }
    const rows = await page.locator('.app-screen [role="listitem"]').count()
    const settled = (await page.evaluate('window.__bench.settle(20000)')) as { settle_ms: number; settled: boolean }
    const idle = await page.evaluate(`window.__bench.frames(${seconds * 500}, 0)`)
    const scroll = (await page.evaluate(`window.__bench.frames(${seconds * 1000}, 240)`)) as Record<string, number>
    const opening = await openBigAndSmall(page, list, 7)
    return {
      open_task_100k_records_vs_20: opening,
      records: count,
      import_ms: imported.ms,
      open_app_painted_ms: open.painted_ms,
      row_elements_after_open: rows,
      after_open_until_10_calm_frames_ms: settled.settle_ms,
      settled: settled.settled,
      scroll,
      baseline_idle_frames: idle,
      target: 'smooth: frame rate near the idle baseline, no long frames, row elements in the DOM stay small (virtualised)',
    }
  } finally {
    await page.context().close()
  }
}

/** The oracle's calls for every sample task, from a run of the core in Node (timed: the baseline without a page). */
export async function oracleScripts(): Promise<{ scripts: { id: string; calls: { name: string; arguments: unknown }[] }[]; node_ms: number }> {
  const dataset = loadDataset(readDatasetFolder(join(ROOT, 'public/data'))).dataset
  const t0 = performance.now()
  const scripts: { id: string; calls: { name: string; arguments: unknown }[] }[] = []
  for (const task of dataset.tasks) {
    const { steps } = await solveWithOracle(dataset, task.id, { setting: 'paginated' })
    scripts.push({ id: task.id, calls: steps.map((s) => ({ name: s.name, arguments: s.arguments })) })
  }
  return { scripts, node_ms: round(performance.now() - t0) }
}

/**
 * window.spieval.call latency and the oracle's wall time through the page,
 * beside a raw IndexedDB put and the core in Node. The first five tasks run
 * once before the measured pass (a fresh page compiles its code on first use);
 * their calls are reported apart, as the cold figures.
 */
async function apiFigures(browser: Browser, base: string) {
  const { scripts, node_ms } = await oracleScripts()
  const page = await newPage(browser)
  try {
    await loadHome(page, () => page.goto(base))
    const result = (await page.evaluate(`(async () => {
      const scripts = ${JSON.stringify(scripts)}
      const api = window.spieval
      const solve = async (tasks, latencies, slowest) => {
        let correct = 0
        for (const s of tasks) {
          await api.open(s.id, { setting: 'paginated', actor: 'oracle' })
          for (const [i, c] of s.calls.entries()) {
            const t = performance.now()
            await api.call(c.name, c.arguments)
            const ms = performance.now() - t
            latencies.push(ms)
            slowest.push({ ms: Math.round(ms * 10) / 10, call: s.id + ' #' + (i + 1) + ' ' + c.name })
          }
          if ((await api.submit()).correct) correct++
        }
        slowest.sort((a, b) => b.ms - a.ms).splice(5)
        return correct
      }
      const cold = []
      await solve(scripts.slice(0, 5), cold, [])
      const latencies = []
      const slowest = []
      const t0 = performance.now()
      const correct = await solve(scripts, latencies, slowest)
      const wall = performance.now() - t0
      // Baseline: the floor of "stored before answering", one small IndexedDB put per call.
      const db = await new Promise((resolve, reject) => {
        const req = indexedDB.open('bench-put-' + Math.random().toString(36).slice(2), 1)
        req.onupgradeneeded = () => req.result.createObjectStore('calls', { keyPath: 'seq' })
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
      const puts = []
      for (let i = 0; i < latencies.length; i++) {
        const t = performance.now()
        await new Promise((resolve, reject) => {
          const tx = db.transaction('calls', 'readwrite')
          tx.objectStore('calls').put({ seq: i, name: 'search_contacts', content: 'x'.repeat(400) })
          tx.oncomplete = resolve
          tx.onerror = () => reject(tx.error)
        })
        puts.push(performance.now() - t)
      }
      db.close()
      return { latencies, cold, slowest, wall, correct, tasks: scripts.length, puts }
    })()`)) as { latencies: number[]; cold: number[]; slowest: { ms: number; call: string }[]; wall: number; correct: number; tasks: number; puts: number[] }
    const withP99 = (xs: number[]) => ({ ...percentiles(xs), p99: round(quantile(xs, 0.99)) })
    return {
      what: 'the oracle agent through window.spieval in the phone view: open each sample task, replay its calls, submit',
      tasks: result.tasks,
      correct: result.correct,
      calls: result.latencies.length,
      call_ms: withP99(result.latencies),
      target_call_p99_ms: 10,
      slowest_calls_ms: result.slowest,
      cold_call_ms: { ...withP99(result.cold), what: 'the first five tasks on a fresh page, run before the measured pass' },
      oracle_wall_ms: round(result.wall),
      baseline_raw_indexeddb_put_ms: withP99(result.puts),
      baseline_oracle_in_node_ms: node_ms,
    }
  } finally {
    await page.context().close()
  }
}

/**
 * The sample as a live data set: its tasks, records and profile, and its tools
 * with a contact update (an `x-effect`). Each task's script: four inserts and,
 * where the task's first contact has a number no other contact has, an update of it.
 */
function liveSample(): { files: Record<string, string>; scripts: { id: string; calls: { name: string; arguments: unknown }[] }[] } {
  const dir = join(ROOT, 'public/data')
  const files = Object.fromEntries(Object.values(DATASET_FILES).filter((f) => existsSync(join(dir, f))).map((f) => [f, readFileSync(join(dir, f), 'utf8')]))
  const tools = JSON.parse(files[DATASET_FILES.tools] ?? '[]') as unknown[]
  tools.push({
    type: 'function',
    function: {
      name: 'Contact_Update',
      description: 'Change the note of the contact with this number.',
      parameters: { type: 'object', properties: { telephone: { type: 'string' }, note: { type: 'string' } }, required: ['telephone'] },
      'x-effect': { app: 'contacts', op: 'update', where: { 电话号码: 'telephone' }, fields: { note: '备注' } },
    },
  })
  files[DATASET_FILES.tools] = JSON.stringify(tools)
  const dataset = loadDataset(readDatasetFolder(dir)).dataset
  const scripts = dataset.tasks.map((task) => {
    const calls: { name: string; arguments: unknown }[] = [
      { name: 'Contacts_Create', arguments: { name: 'Ann Lee', telephone: '15000000001', note: 'met at the fair' } },
      { name: 'Clock_CreateAlarm', arguments: { time: '07:00:00', name: 'Run' } },
      { name: 'TodoList_Create', arguments: { content: 'Buy milk', date: '2026-03-15', time: '09:00' } },
      { name: 'Messages_Send', arguments: { telephone: '13911112222', text: 'On my way' } },
    ]
    const contacts = dataset.records[task.id]?.contacts ?? []
    const number = contacts[0]?.['电话号码']
    if (typeof number === 'string' && contacts.filter((c) => c['电话号码'] === number).length === 1)
      calls.push({ name: 'Contact_Update', arguments: { telephone: number, note: 'updated' } })
    return { id: task.id, calls }
  })
  return { files, scripts }
}

/**
 * window.spieval.call for execution calls in live attempts at task size,
 * beside the same calls in static attempts of the same tasks in the same page
 * (alternating which goes first). The data set is imported through
 * window.spieval.importDataset; the first three tasks warm up untimed.
 */
async function liveFigures(browser: Browser, base: string, rounds: number) {
  const { files, scripts } = liveSample()
  const page = await newPage(browser)
  try {
    await loadHome(page, () => page.goto(base))
    const result = (await page.evaluate(`(async () => {
      const files = ${JSON.stringify(files)}
      const scripts = ${JSON.stringify(scripts)}
      const api = window.spieval
      const imported = await api.importDataset(files, 'bench live')
      const times = { live: [], static: [] }
      const refused = { live: 0, static: 0 }
      const slowest = []
      // The floor of "stored before answering" under the same conditions: after each timed call, one small
      // put of a call row into the page's own database (it holds the imported data set), timed alike.
      const appDb = await new Promise((resolve, reject) => {
        const req = indexedDB.open('spieval-phone')
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
      const appPuts = []
      const appPut = async () => {
        const t = performance.now()
        await new Promise((resolve, reject) => {
          const tx = appDb.transaction('calls', 'readwrite')
          tx.objectStore('calls').put({ attemptId: 'bench-floor', seq: appPuts.length, at: Date.now(), name: 'Contacts_Create', arguments: {}, source: 'api', kind: 'execution', ok: true, content: 'x'.repeat(200) })
          tx.oncomplete = resolve
          tx.onerror = () => reject(tx.error)
        })
        appPuts.push(performance.now() - t)
      }
      const run = async (s, state, timed) => {
        await api.open(s.id, { setting: 'paginated', actor: 'bench', state })
        for (const [i, c] of s.calls.entries()) {
          const t = performance.now()
          const r = await api.call(c.name, c.arguments)
          const ms = performance.now() - t
          if (!timed) continue
          times[state].push(ms)
          if (!r.ok) refused[state]++
          slowest.push({ ms: Math.round(ms * 10) / 10, call: state + ' ' + s.id + ' #' + (i + 1) + ' ' + c.name })
          if (state === 'live') await appPut()
        }
      }
      for (const s of scripts.slice(0, 3)) for (const state of ['live', 'static']) await run(s, state, false)
      for (let round = 0; round < ${rounds}; round++)
        for (const [i, s] of scripts.entries()) for (const state of (i + round) % 2 ? ['static', 'live'] : ['live', 'static']) await run(s, state, true)
      slowest.sort((a, b) => b.ms - a.ms).splice(5)
      // One small IndexedDB put per call into a fresh, empty database, after the calls.
      const db = await new Promise((resolve, reject) => {
        const req = indexedDB.open('bench-live-put-' + Math.random().toString(36).slice(2), 1)
        req.onupgradeneeded = () => req.result.createObjectStore('calls', { keyPath: 'seq' })
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
      const puts = []
      for (let i = 0; i < times.live.length; i++) {
        const t = performance.now()
        await new Promise((resolve, reject) => {
          const tx = db.transaction('calls', 'readwrite')
          tx.objectStore('calls').put({ seq: i, name: 'Contacts_Create', content: 'x'.repeat(200) })
          tx.oncomplete = resolve
          tx.onerror = () => reject(tx.error)
        })
        puts.push(performance.now() - t)
      }
      db.close()
      return { tasks: imported.tasks, times, refused, slowest, puts, appPuts }
    })()`)) as { tasks: number; times: { live: number[]; static: number[] }; refused: { live: number; static: number }; slowest: { ms: number; call: string }[]; puts: number[]; appPuts: number[] }
    // Hundredths: these calls take about a millisecond.
    const withP99 = (xs: number[]) => ({ n: xs.length, p50: round(quantile(xs, 0.5), 2), p95: round(quantile(xs, 0.95), 2), p99: round(quantile(xs, 0.99), 2), max: round(quantile(xs, 1), 2) })
    const live = withP99(result.times.live)
    const staticCalls = withP99(result.times.static)
    const putAfterEach = withP99(result.appPuts)
    return {
      what: 'window.spieval.call of execution calls (four inserts and an update a task), each task opened live and static in turn, in one page',
      tasks: result.tasks,
      live_call_ms: live,
      baseline_static_call_ms: staticCalls,
      baseline_raw_indexeddb_put_ms: withP99(result.puts),
      baseline_put_after_each_live_call_ms: putAfterEach,
      refused: result.refused,
      slowest_calls_ms: result.slowest,
      // #27 restated the mark against what the same run measures (a call is stored before it answers).
      live_p99_over_static_p99_ms: round(live.p99 - staticCalls.p99, 2),
      live_p99_over_put_p99_ms: round(live.p99 - putAfterEach.p99, 2),
      target_over_static_p99_ms: 1,
      target_over_put_p99_ms: 1.5,
    }
  } finally {
    await page.context().close()
  }
}

/** The q-quantile by nearest rank (q = 1: the largest). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

/** Sections: start, import (with opening tasks), list, api, live, planner, big. */
export async function browserFigures(options: { quick: boolean; port: number; only?: string[] }): Promise<Record<string, unknown>> {
  const want = (section: string) => !options.only || options.only.includes(section)
  const started = performance.now()
  const { quick } = options
  mkdirSync(WORK, { recursive: true })
  const site = build()
  const spieval = generated('spieval', ['--size', 'spieval'])
  const big = !want('big') ? spieval : quick ? generated('10x', ['--tasks', '2500', '--records', '43350']) : generated('100x', ['--size', '100x'])
  const listCount = 100_000
  const list = bigListDataset(listCount)
  const server = await serve(site, { spieval, big, list: list.dir }, options.port)
  const base = `http://127.0.0.1:${options.port}/`
  const figures: Record<string, unknown> = { chromium: '', quick, initial_js: initialJs(site) }
  try {
    const browser = await launch()
    figures.chromium = browser.version()
    try {
      if (want('start')) {
        log('cold and warm start')
        Object.assign(figures, await startFigures(browser, base, quick ? 3 : 7))
      }
      if (want('import')) {
        log('import of a SPIEval-size data set, and opening tasks')
        const page = await newPage(browser)
        // Three runs at the least: the median of two is the larger one.
        figures.import_spieval_size = { data_set_mb: folderMb(spieval), ...(await importFigures(page, base, 'bench-data/spieval/', quick ? 3 : 5, 2000)) }
        await page.evaluate('window.__bench.dropFiles()')
        figures.open_task_first_app = await openTaskFigures(page, quick ? 10 : 30)
        await page.context().close()
      }
      if (want('api')) {
        log('window.spieval.call latency and the oracle through the page')
        figures.api_oracle = await apiFigures(browser, base)
      }
      if (want('live')) {
        log('window.spieval.call in live attempts at task size, beside static ones')
        figures.live_calls = await liveFigures(browser, base, quick ? 1 : 3)
      }
      if (want('planner')) {
        log('load_skill through window.spieval, beside static calls')
        figures.load_skill_calls = await loadSkillFigures(browser, base, quick ? 60 : 200)
      }
      if (want('list')) {
        log(`a list of ${listCount} contacts`)
        figures.list_100k_records = await bigListFigures(browser, base, list, listCount, quick ? 2 : 4)
      }
    } finally {
      await browser.close()
    }
    if (want('big')) figures[quick ? 'import_10x_size_quick' : 'import_100x_size'] = await bigImport(base, 'bench-data/big/', big, quick ? '10x' : '100x')
  } finally {
    server.close()
  }
  figures.seconds = round((performance.now() - started) / 1000)
  return figures
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2)
  const portAt = argv.indexOf('--port')
  const port = Number(portAt >= 0 ? argv[portAt + 1] : (process.env.BENCH_PORT ?? 5304))
  const onlyAt = argv.indexOf('--only')
  const only = onlyAt >= 0 ? argv[onlyAt + 1]?.split(',') : undefined
  const figures = await browserFigures({ quick: argv.includes('--quick'), port, ...(only ? { only } : {}) })
  console.log(JSON.stringify(figures, null, 2))
}
