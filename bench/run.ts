/**
 * npm run bench — prints JSON figures for the core, each beside a naive
 * baseline measured in the same run. Never fails over timing.
 *
 *   tsx bench/run.ts [--quick] [--only regex|scorer|planner]
 */
import Fuse from 'fuse.js'
import { PHONE_APP_KEYS, findMatches, loadDataset, parseResponses, parseTools, resultText, ToolRuntime, scoreFileTexts, scoreResponses, judgeTask, scoreResponsesLazily, scoreTask, toolProperties } from '../src/core/index'
import type { PhoneRecord, PredictedCall, Task, TaskRecords } from '../src/core/index'
import { readDatasetFolder } from '../cli/files'
import { generateRecords } from '../cli/gen/tasks'
import { cpuRate, latency, rate, round } from './measure'
import { plannerScorerRate } from './plannerScore'
import { memorySearchLatency } from './memorySearch'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const tools = parseTools(readFileSync(join(ROOT, 'public/data/tools.json'), 'utf8'))
const quick = process.argv.includes('--quick')
const budget = quick ? 300 : 1500
const onlyAt = process.argv.indexOf('--only')
/** `--only regex`: just the regex search against the Python baseline; `--only scorer`: just the scorer against the naive loop; `--only planner`: just bench/plannerScore.ts and bench/memorySearch.ts. */
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined

/** The naive baseline: a plain loop over JSON-stringified records. */
function naiveSearch(records: PhoneRecord[], pattern: string, mode: 'fixed' | 'regex' | 'fuzzy'): string {
  const texts = records.map((r) => JSON.stringify(r))
  let hits: string[]
  if (mode === 'fixed') hits = texts.filter((t) => t.toLowerCase().includes(pattern.toLowerCase()))
  else if (mode === 'regex') {
    const re = new RegExp(pattern, 'i')
    hits = texts.filter((t) => re.test(t))
  } else hits = new Fuse(texts, { ignoreLocation: true, threshold: 0.4 }).search(pattern).map((r) => r.item)
  return `${hits.length} results\n${hits.slice(0, 5).join('\n')}`
}

function retrievalRates() {
  const dataset = loadDataset(readDatasetFolder(join(ROOT, 'public/data'))).dataset
  const task = dataset.tasks.find((t) => t.id === '推理1') ?? dataset.tasks[0]
  const records: TaskRecords = dataset.records[task?.id ?? ''] ?? {}
  const contacts = records.contacts ?? []
  const runtime = new ToolRuntime(tools, records, { setting: 'paginated' })
  const patterns = { fixed: ['Tom', 'manager', 'Finance', 'zzz', '139'], regex: ['^Tom', 'R(u|i)z', '\\d{4}', 'Fin.nce', 'x+y'], fuzzy: ['Tom Ruis', 'manger', 'Finnance', 'Rachael', 'plumer'] }
  const out: Record<string, unknown> = { task: task?.id, records: Object.values(records).reduce((n, l) => n + (l?.length ?? 0), 0), app_records: contacts.length }
  for (const mode of ['fixed', 'regex', 'fuzzy'] as const) {
    const list = patterns[mode]
    const ours = rate((i) => runtime.call('search_contacts', { pattern: list[i % list.length], mode }, 'test'), budget)
    const naive = rate((i) => naiveSearch(contacts, list[i % list.length] ?? '', mode), budget)
    out[mode] = { calls_per_s: Math.round(ours), naive_calls_per_s: Math.round(naive), speedup: round(ours / naive) }
  }
  const phone = rate((i) => runtime.call('search_phone', { pattern: patterns.fixed[i % 5] }, 'test'), budget)
  out.search_phone_fixed = { calls_per_s: Math.round(phone) }
  return out
}

const REGEX_PATTERNS = ['^Tom', 'R(u|i)z', '\\d{4}', 'Fin.nce', 'x+y']

/**
 * Regex search at task size against a plain Python implementation of the same
 * semantics (bench/regex_baseline.py): three alternating rounds of each, so
 * that both see the same load on a shared machine, each measured in wall-clock
 * and in CPU time (less disturbed by other processes). Ratios are per round.
 */
function regexVsPython() {
  const dataset = loadDataset(readDatasetFolder(join(ROOT, 'public/data'))).dataset
  const taskId = '推理1'
  const records: TaskRecords = dataset.records[taskId] ?? {}
  const contacts = records.contacts ?? []
  const runtime = new ToolRuntime(tools, records, { setting: 'paginated' })
  const call = (pattern: string) => runtime.call('search_contacts', { pattern, mode: 'regex' }, 'test')
  const next = (i: number) => REGEX_PATTERNS[i % REGEX_PATTERNS.length] ?? ''
  const totals = REGEX_PATTERNS.map((p) => (call(p).data as { total?: number } | undefined)?.total ?? 0)
  const out: Record<string, unknown> = { task: taskId, app_records: contacts.length, patterns: REGEX_PATTERNS, totals }
  type PythonFigures = { calls_per_s: number; calls_per_cpu_s: number; totals: number[]; python: string }
  const python = (): PythonFigures | string => {
    try {
      const stdout = execFileSync('python3', [join(import.meta.dirname, 'regex_baseline.py')], {
        input: JSON.stringify({ records: contacts, patterns: REGEX_PATTERNS, ms: budget, tool: 'search_contacts', app: 'contacts' }),
        encoding: 'utf8',
        stdio: ['pipe', 'pipe', 'inherit'],
      })
      return JSON.parse(stdout) as PythonFigures
    } catch (err) {
      return `python3 failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`
    }
  }
  const rounds: { ours: number; python: number; ratio: number; ours_cpu: number; python_cpu: number; ratio_cpu: number }[] = []
  for (let r = 0; r < 3; r++) {
    const ours = rate((i) => call(next(i)), budget)
    const oursCpu = cpuRate((i) => call(next(i)), budget)
    const py = python()
    if (typeof py === 'string') return { ...out, calls_per_s: Math.round(ours), python: py }
    out.python_version = py.python
    out.python_totals_agree = JSON.stringify(py.totals) === JSON.stringify(totals)
    rounds.push({
      ours: Math.round(ours),
      python: Math.round(py.calls_per_s),
      ratio: round(ours / py.calls_per_s),
      ours_cpu: Math.round(oursCpu),
      python_cpu: Math.round(py.calls_per_cpu_s),
      ratio_cpu: round(oursCpu / py.calls_per_cpu_s),
    })
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
  const entries = runtime.records.app('contacts')
  // Where a call's time goes: the search itself, against a call whose search costs next to nothing.
  const perCallUs = (fn: (i: number) => void) => round(1e6 / cpuRate(fn, budget / 2))
  return {
    ...out,
    rounds,
    calls_per_s: median(rounds.map((r) => r.ours)),
    python_calls_per_s: median(rounds.map((r) => r.python)),
    ratio_median: median(rounds.map((r) => r.ratio)),
    ratio_min: Math.min(...rounds.map((r) => r.ratio)),
    ratio_cpu_median: median(rounds.map((r) => r.ratio_cpu)),
    ratio_cpu_min: Math.min(...rounds.map((r) => r.ratio_cpu)),
    cpu_us_per_call: {
      regex_call: perCallUs((i) => call(next(i))),
      find_matches_alone: perCallUs((i) => findMatches(entries, { pattern: next(i), mode: 'regex', ignoreCase: true })),
      fixed_call_finding_nothing: perCallUs(() => runtime.call('search_contacts', { pattern: 'zzzz' }, 'test')),
    },
    target_ratio: 3,
  }
}

/** Queries a person or a model would type: names, surnames, typos, words of a note, and misses. */
function realisticQueries(contacts: PhoneRecord[], count: number): string[] {
  const pick = (i: number) => contacts[(i * 7919) % contacts.length] ?? {}
  return Array.from({ length: count }, (_, i) => {
    const name = String(pick(i)['姓名'] ?? 'x')
    const [first = name, last = name] = name.split(' ')
    const note = String(pick(i)['备注'] ?? 'x').split(' ')
    switch (i % 6) {
      case 0: return name
      case 1: return last
      case 2: return first
      case 3: return last.length > 3 ? last.slice(0, 2) + 'x' + last.slice(3) : last // one typo
      case 4: return note.find((w) => w.length >= 5) ?? 'report'
      default: return ['invoice 2291', 'no-such-thing', 'Zyxwvut'][i % 3] ?? 'zzz'
    }
  })
}

function bigPhoneLatency() {
  const n = quick ? 20_000 : 100_000
  const contacts = generateRecords('contacts', n, 42)
  const queries = realisticQueries(contacts, 60)
  const runtime = new ToolRuntime(tools, { contacts }, { setting: 'paginated' })
  let t = performance.now()
  runtime.call('search_contacts', { pattern: 'warm' }, 'test')
  const out: Record<string, unknown> = { records: n, queries: 'names, surnames, first names, one-typo surnames, note words, misses', first_call_ms_builds_text_index: round(performance.now() - t) }
  t = performance.now()
  runtime.call('search_contacts', { pattern: 'warm', mode: 'fuzzy' }, 'test')
  out.first_fuzzy_call_ms_builds_fuzzy_index = round(performance.now() - t)
  const samples = quick ? 30 : 120
  for (const mode of ['fixed', 'regex', 'fuzzy'] as const) {
    const query = (i: number) => (mode === 'regex' ? `^${queries[i % queries.length]}` : queries[i % queries.length] ?? '')
    const ours = latency((i) => runtime.call('search_contacts', { pattern: query(i), mode }, 'test'), samples)
    const naive = latency((i) => naiveSearch(contacts, query(i), mode), mode === 'fuzzy' ? 3 : Math.min(samples, 20))
    out[mode] = { ...ours, naive }
  }
  out.fuzzy_two_letter_pattern = latency((i) => runtime.call('search_contacts', { pattern: ['al', 'er', 'on'][i % 3], mode: 'fuzzy' }, 'test'), quick ? 3 : 9)
  const phone = new ToolRuntime(tools, Object.fromEntries(PHONE_APP_KEYS.map((app, i) => [app, generateRecords(app, n / PHONE_APP_KEYS.length, 100 + i)])), { setting: 'paginated' })
  phone.call('search_phone', { pattern: 'warm' }, 'test')
  out.search_phone_fixed_all_apps = latency((i) => phone.call('search_phone', { pattern: queries[i % queries.length] }, 'test'), samples)
  return out
}

function scorerRate() {
  const dataset = loadDataset(readDatasetFolder(join(ROOT, 'public/data'))).dataset
  const props = toolProperties(tools)
  // 250 tasks: the 50 sample tasks five times; 3 runs: gold, trap-like (first value changed), empty.
  const tasks: Task[] = Array.from({ length: 250 }, (_, i) => dataset.tasks[i % dataset.tasks.length] as Task)
  const runs: PredictedCall[][][] = [
    tasks.map((t) => t.answer.map((c) => ({ name: c.name, arguments: Object.fromEntries(Object.entries(c.arguments).map(([k, v]) => [k, v[0]])) }))),
    tasks.map((t) => t.answer.map((c) => ({ name: c.name, arguments: JSON.stringify(Object.fromEntries(Object.entries(c.arguments).map(([k, v]) => [k, v.at(-1) ?? 'x']))) }))),
    tasks.map((t) => t.answer.slice(1).map((c) => ({ name: c.name, arguments: {} }))),
  ]
  const verdicts = 250 * 3
  // The verdict (what accuracy counts), its explanation built on demand: what `npm run score` and a sweep pay per line.
  const score = () => {
    for (const run of runs) run.forEach((calls, i) => judgeTask(tasks[i] as Task, calls, props))
  }
  // Every verdict explained as well (the pairing, each parameter's check, the mismatches): what a review or details.jsonl reads.
  const explained = () => {
    for (const run of runs) run.forEach((calls, i) => scoreTask(tasks[i] as Task, calls, props))
  }
  const naiveLoop = () => {
    for (const run of runs) run.forEach((calls, i) => naiveScore(tasks[i] as Task, calls))
  }
  // Three alternating rounds in CPU time, so that both see the same load on a shared machine; the ratio is per round.
  // A first round of each, not counted, lets the JIT settle.
  cpuRate(score, budget)
  cpuRate(naiveLoop, budget)
  cpuRate(explained, budget)
  const rounds = Array.from({ length: 3 }, () => {
    const ours = cpuRate(score, budget) * verdicts
    const naive = cpuRate(naiveLoop, budget) * verdicts
    const withExplanations = cpuRate(explained, budget) * verdicts
    return {
      verdicts_per_cpu_s: Math.round(ours),
      naive_verdicts_per_cpu_s: Math.round(naive),
      speedup: round(ours / naive),
      explained_verdicts_per_cpu_s: Math.round(withExplanations),
    }
  })
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
  return {
    tasks: 250,
    runs: 3,
    rounds,
    verdicts_per_s: median(rounds.map((r) => r.verdicts_per_cpu_s)),
    naive_verdicts_per_s: median(rounds.map((r) => r.naive_verdicts_per_cpu_s)),
    speedup: median(rounds.map((r) => r.speedup)),
    speedup_min: Math.min(...rounds.map((r) => r.speedup)),
    explained_verdicts_per_s: median(rounds.map((r) => r.explained_verdicts_per_cpu_s)),
    target_speedup: 1,
  }
}

/**
 * A responses file whose every line has its own `run` (runs × tasks pairs,
 * nearly all unanswered): scored and written lazily (what `npm run score` does)
 * beside every pair's details built as objects and joined into one text.
 */
function distinctRunsScoring() {
  const dataset = loadDataset(readDatasetFolder(join(ROOT, 'public/data'))).dataset
  const count = quick ? 5000 : 20_000
  const text = Array.from({ length: count }, (_, run) => {
    const task = dataset.tasks[run % dataset.tasks.length] as Task
    return JSON.stringify({ id: task.id, run, calls: task.answer.map((c) => ({ name: c.name, arguments: Object.fromEntries(Object.entries(c.arguments).map(([k, v]) => [k, v[0]])) })) })
  }).join('\n')
  const lines = parseResponses(text).lines
  const time = (fn: () => number) => {
    const start = performance.now()
    const size = fn()
    return { ms: Math.round(performance.now() - start), details_chars: size }
  }
  const lazy = time(() => {
    const scores = scoreResponsesLazily(dataset.tasks, tools, lines)
    let size = resultText(scores.result).length
    for (const line of scores.detailTexts()) size += line.length + 1
    return size
  })
  const full = time(() => {
    const texts = scoreFileTexts(scoreResponses(dataset.tasks, tools, lines))
    return texts.result.length + texts.details.length
  })
  return { lines: count, tasks: dataset.tasks.length, pairs: count * dataset.tasks.length, lazy_ms: lazy.ms, materialized_ms: full.ms, chars: lazy.details_chars }
}

/** Naive baseline: try every permutation, comparing stringified values. */
function naiveScore(task: Task, calls: PredictedCall[]): boolean {
  if (calls.length !== task.answer.length) return false
  const permutations = (xs: number[]): number[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])))
  return permutations(calls.map((_, i) => i)).some((perm) =>
    perm.every((p, g) => {
      const gold = task.answer[g]
      const call = calls[p]
      if (!gold || !call || gold.name !== call.name) return false
      const args = (typeof call.arguments === 'string' ? JSON.parse(call.arguments) : call.arguments) as Record<string, unknown>
      return Object.entries(gold.arguments).every(([k, ok]) => ok.some((v) => JSON.stringify(v) === JSON.stringify(args[k] ?? null)))
    }),
  )
}

const started = performance.now()
const figures =
  only === 'regex'
    ? { node: process.version, quick, regex_vs_python: regexVsPython(), seconds: 0 }
    : only === 'scorer'
      ? { node: process.version, quick, scorer: scorerRate(), seconds: 0 }
      : only === 'planner'
        ? { node: process.version, quick, planner_scorer: plannerScorerRate(quick), memory_search: memorySearchLatency(quick), seconds: 0 }
        : {
        node: process.version,
        quick,
        retrieval_calls_per_s: retrievalRates(),
        regex_vs_python: regexVsPython(),
        search_latency_ms_one_app: bigPhoneLatency(),
        scorer: scorerRate(),
        scorer_distinct_runs: distinctRunsScoring(),
        planner_scorer: plannerScorerRate(quick),
        memory_search: memorySearchLatency(quick),
        targets: {
          retrieval_calls_per_s: { fixed: 200_000, regex: 100_000, fuzzy: 20_000 },
          regex_vs_python_ratio: 3,
          search_latency_ms: { fixed_p95: 25, fuzzy_p95: 150 },
          scorer_verdicts_per_s: 100_000,
        },
        seconds: 0,
      }
figures.seconds = round((performance.now() - started) / 1000, 1)
console.log(JSON.stringify(figures, null, 2))
