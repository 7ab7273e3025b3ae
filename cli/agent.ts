/**
 * npm run agent -- --data DIR --agent oracle|keyword|openai --out responses.jsonl [...]
 * npm run agent -- --input_file DIR/input_data.jsonl --output_dir OUT --model M --base_url URL [...]  (the Python harness's flags)
 * Runs an agent over a data set through the core's tool runtime, episodes in
 * parallel (--max_workers), resuming an existing output file; appends response
 * lines (with `messages`) that `npm run score` scores, and prints the table.
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { MAX_TURNS, TaskHost, defaultState, errorText, formatScoreTable, parseResponses, redactSecrets, responseLine, runAttemptAgent, scoreResponses } from '../src/core/index'
import type { FailureRate, Setting, Task } from '../src/core/index'
import { createModel } from '../src/runner/models'
import type { AgentChoice } from '../src/runner/models'
import { endpointOf } from '../src/runner/keys'
import { choice, readOptions, required, settingOption, wholeNumber } from './args'
import { CliError, exitOnError, keepSecret, systemReason } from './errors'
import { prepareOutputPath, checkTaskIds, loadDatasetFolder, makeFolder, readText } from './files'
import { pendingPairs, parseShard, planPairs, readExisting } from './sweep/plan'
import type { Pair } from './sweep/plan'
import { runPool } from './sweep/pool'
import { Progress, formatCount, formatDuration } from './sweep/progress'
import { RetryingModel } from './sweep/retry'

exitOnError()

const USAGE = `Usage: npm run agent -- --data DIR --agent oracle|keyword|openai --out responses.jsonl
  [--model NAME --base-url URL --api-key-env VAR --extra '{"reasoning_effort":"high"}']
  [--setting paginated|full|no_search] [--runs 3] [--tasks 推理1,推理2] [--max-turns 50]
  [--max_workers 4] [--timeout 300] [--max_retries 5] [--retry_failed] [--overwrite]
  [--shard 1/3] [--progress_interval 10]
  [--state static|live|auto] [--failure_rate P --seed S]
  --state live: execution calls change the task's records (docs/reference.md, live state); static: they
  never do (the published protocol). Default auto: live for tasks with expected_state or
  friction, static for the rest (so every published task runs static).
  --failure_rate P: each otherwise valid execution call fails transiently with
  probability P, decided by (seed, task, run, call index), so a rerun meets the same failures.
The Python harness's flags are taken as they are:
  --input_file DIR/input_data.jsonl (= --data DIR)   --output_dir D (= --out D/response.jsonl)
  --model M  --base_url URL  --api_key KEY  --search_mode paginated|full|no_search (= --setting)
  --thinking_level LEVEL (sent as reasoning_effort)  --repeat N (= --runs)
  --start_id A --end_id B (run ids A..B-1, as Python's range)  --max_workers N
  --api_key puts the key on the command line, where other users of the machine see it (ps, /proc)
  while the run lasts: prefer --api-key-env VAR (default OPENAI_API_KEY).`

const { values } = readOptions(
  {
    data: { type: 'string' },
    input_file: { type: 'string' },
    agent: { type: 'string' },
    out: { type: 'string' },
    output_dir: { type: 'string' },
    model: { type: 'string' },
    'base-url': { type: 'string' },
    base_url: { type: 'string' },
    'api-key-env': { type: 'string' },
    api_key: { type: 'string' },
    extra: { type: 'string' },
    thinking_level: { type: 'string' },
    setting: { type: 'string' },
    search_mode: { type: 'string' },
    runs: { type: 'string' },
    repeat: { type: 'string' },
    start_id: { type: 'string' },
    end_id: { type: 'string' },
    tasks: { type: 'string' },
    'max-turns': { type: 'string' },
    max_workers: { type: 'string' },
    timeout: { type: 'string' },
    max_retries: { type: 'string' },
    retry_failed: { type: 'boolean' },
    overwrite: { type: 'boolean' },
    shard: { type: 'string' },
    progress_interval: { type: 'string' },
    state: { type: 'string' },
    failure_rate: { type: 'string' },
    seed: { type: 'string' },
    help: { type: 'boolean' },
  },
  USAGE,
)
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

/** `--failure_rate P --seed S`: P in [0, 1]; the seed a whole number or a word (default 0). */
function failureOption(rate: string | boolean | undefined, seed: string | boolean | undefined): FailureRate | undefined {
  if (rate === undefined) {
    if (seed !== undefined) throw new CliError('--seed goes with --failure_rate: give both, or neither.', { usage: USAGE })
    return undefined
  }
  const p = typeof rate === 'string' && /^\s*\d*\.?\d+\s*$/.test(rate) ? Number(rate) : NaN
  if (!(p >= 0 && p <= 1)) throw new CliError(`--failure_rate must be a probability from 0 to 1, as 0.1 (got ${JSON.stringify(rate)}).`, { usage: USAGE })
  if (typeof seed === 'string' && !/^[\w.-]{1,64}$/.test(seed)) throw new CliError(`--seed must be a number or a word (got ${JSON.stringify(seed)}).`, { usage: USAGE })
  const s = typeof seed === 'string' ? (/^\d+$/.test(seed) ? Number(seed) : seed) : 0
  return p > 0 ? { rate: p, seed: s } : undefined
}

/** One value given under either of two names (ours and the harness's); both at once is refused unless they agree. */
function either(a: string, b: string): string | undefined {
  const x = values[a]
  const y = values[b]
  if (typeof x === 'string' && typeof y === 'string' && x !== y) throw new CliError(`--${a} and --${b} are the same option: give one.`, { usage: USAGE })
  return typeof x === 'string' ? x : typeof y === 'string' ? y : undefined
}

// Every flag is checked before the first task runs: a typo should not cost a run over a paid endpoint.
const inputFile = typeof values.input_file === 'string' ? values.input_file : undefined
if (inputFile !== undefined && typeof values.data === 'string') throw new CliError('--data and --input_file both name the data set: give one.', { usage: USAGE })
const folder = inputFile !== undefined ? dirname(inputFile) : required(values.data, 'data', USAGE)
if (inputFile !== undefined) readText(inputFile, 'Input file (--input_file)')
// A harness script names no agent: it always talks to a model.
const agentName = typeof values.agent === 'string' ? values.agent : typeof values.model === 'string' ? 'openai' : required(values.agent, 'agent', USAGE)
const agent = choice(agentName, 'agent', ['oracle', 'keyword', 'openai'] as const, USAGE)
const out = outputPath()
const setting: Setting = settingOption(either('setting', 'search_mode'), USAGE)
const stateChoice = choice(typeof values.state === 'string' ? values.state : 'auto', 'state', ['static', 'live', 'auto'] as const, USAGE)
const failure = failureOption(values.failure_rate, values.seed)
const maxTurns = wholeNumber(values['max-turns'], 'max-turns', MAX_TURNS, USAGE, 1)
const runIds = runRange()
const workers = wholeNumber(values.max_workers, 'max_workers', 1, USAGE, 1)
const timeoutS = wholeNumber(values.timeout, 'timeout', 300, USAGE, 1)
const maxRetries = wholeNumber(values.max_retries, 'max_retries', 5, USAGE, 0)
const progressS = wholeNumber(values.progress_interval, 'progress_interval', 10, USAGE, 1)
const shard = typeof values.shard === 'string' ? parseShard(values.shard) : undefined
if (typeof values.shard === 'string' && !shard) throw new CliError(`--shard must be i/n with 1 ≤ i ≤ n, as 2/3 (got ${JSON.stringify(values.shard)}).`, { usage: USAGE })
const endpoint = agent === 'openai' ? endpointOptions() : undefined

function outputPath(): string {
  if (typeof values.out === 'string' && typeof values.output_dir === 'string') throw new CliError('--out and --output_dir both name the output: give one.', { usage: USAGE })
  if (typeof values.output_dir === 'string' && values.output_dir !== '') {
    makeFolder(values.output_dir, 'Output folder (--output_dir)')
    const path = join(values.output_dir, 'response.jsonl')
    prepareOutputPath(path, 'Output file (--output_dir)')
    return path
  }
  const path = required(values.out, 'out', USAGE)
  prepareOutputPath(path, 'Output file (--out)')
  return path
}

/** The run ids: `--start_id A --end_id B` is Python's range(A, B); `--repeat N` alone is range(0, N); with `--start_id A` only, range(A, A + N). */
function runRange(): number[] {
  const repeatText = either('runs', 'repeat')
  const repeat = wholeNumber(repeatText, repeatText === values.runs ? 'runs' : 'repeat', 1, USAGE, 1)
  const start = wholeNumber(values.start_id, 'start_id', 0, USAGE, 0)
  const end = wholeNumber(values.end_id, 'end_id', start + repeat, USAGE, 1)
  if (end <= start) throw new CliError(`--end_id (${end}) must be above --start_id (${start}): the runs are start_id … end_id − 1.`, { usage: USAGE })
  if (values.end_id !== undefined && repeatText !== undefined && end - start !== repeat)
    throw new CliError(`--repeat ${repeat} disagrees with --start_id ${start} --end_id ${end} (${end - start} runs): give one or make them agree.`, { usage: USAGE })
  return Array.from({ length: end - start }, (_, i) => start + i)
}

function endpointOptions() {
  const baseURL = either('base-url', 'base_url')
  if (baseURL === undefined || baseURL === '') throw new CliError('Missing --base-url (or --base_url).', { usage: USAGE })
  if (!URL.canParse(baseURL)) throw new CliError(`--base-url is not a URL: ${baseURL}`, { usage: USAGE })
  const model = required(values.model, 'model', USAGE)
  let extra: Record<string, unknown> | undefined
  if (typeof values.extra === 'string') {
    let parsed: unknown
    try {
      parsed = JSON.parse(values.extra)
    } catch (err) {
      throw new CliError(`--extra is not valid JSON: ${err instanceof Error ? err.message : String(err)}`, { usage: USAGE, cause: err })
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new CliError('--extra must be a JSON object.', { usage: USAGE })
    extra = parsed as Record<string, unknown>
  }
  if (typeof values.thinking_level === 'string') {
    if (!/^[a-z_]+$/.test(values.thinking_level)) throw new CliError(`--thinking_level must be a word such as low, medium or high (got ${JSON.stringify(values.thinking_level)}).`, { usage: USAGE })
    if (extra && 'reasoning_effort' in extra && extra.reasoning_effort !== values.thinking_level)
      throw new CliError('--thinking_level and --extra both set reasoning_effort: give one.', { usage: USAGE })
    extra = { ...extra, reasoning_effort: values.thinking_level }
  }
  const keyVar = typeof values['api-key-env'] === 'string' ? values['api-key-env'] : undefined
  if (keyVar !== undefined && typeof values.api_key === 'string') throw new CliError('--api-key-env and --api_key both give the key: give one.', { usage: USAGE })
  if (keyVar !== undefined && !process.env[keyVar]) throw new CliError(`--api-key-env names ${keyVar}, which is not set.`, { usage: USAGE })
  const apiKey = typeof values.api_key === 'string' ? values.api_key : (process.env[keyVar ?? 'OPENAI_API_KEY'] ?? '')
  keepSecret(apiKey)
  return { baseURL, model, apiKey, ...(extra ? { extra } : {}) }
}

const dataset = loadDatasetFolder(folder).dataset
const wanted = typeof values.tasks === 'string' ? values.tasks.split(',').filter(Boolean) : undefined
if (wanted) checkTaskIds(dataset, wanted, folder)
const tasks = dataset.tasks.filter((t) => !wanted || wanted.includes(t.id))
const taskById = new Map(tasks.map((t) => [t.id, t]))

const agentChoice: AgentChoice = endpoint ? { agent: 'endpoint', endpoint } : agent === 'oracle' ? { agent: 'oracle' } : { agent: 'keyword' }
const modelName = endpoint ? endpoint.model : agent

// Resume: what the file already holds is kept, and only the rest runs.
const pairs = planPairs(tasks.map((t) => t.id), runIds, shard)
let existing = readExisting('')
if (existsSync(out) && !values.overwrite) {
  existing = readExisting(readText(out, 'Output file'))
  if (existing.bad.length > 0)
    throw new CliError(`${out}: line ${existing.bad[0]} is not a response line, so the file cannot be resumed; give another output or --overwrite.`, { exitCode: 1 })
  if (existing.repaired !== undefined) {
    process.stderr.write(`note: ${out}: ${existing.dropped}; dropped it (an episode cut off by an interruption) and will run that episode again.\n`)
    try {
      writeFileSync(out, existing.repaired)
    } catch (err) {
      throw new CliError(`Output file cannot be written: ${out} (${systemReason(err)})`, { cause: err })
    }
  }
  const other = existing.lines.find((l) => l.model !== modelName || l.setting !== setting)
  if (other)
    throw new CliError(
      `${out} holds lines of another sweep (model ${JSON.stringify(other.model)}, setting ${JSON.stringify(other.setting)}; this one is ${JSON.stringify(modelName)}, ${setting}): give another output or --overwrite.`,
      { exitCode: 1 },
    )
} else {
  try {
    writeFileSync(out, '')
  } catch (err) {
    throw new CliError(`Output file cannot be written: ${out} (${systemReason(err)})`, { cause: err })
  }
}
const pending = pendingPairs(pairs, existing.lines, values.retry_failed === true)
const skipped = pairs.length - pending.length
if (skipped > 0) process.stderr.write(`resuming ${out}: ${skipped} of ${pairs.length} episodes already there, ${pending.length} to run\n`)

/** One episode: the task opened on its own host, the agent loop, the kernel's finish; a line whatever happens. */
async function episode(pair: Pair, setting: Setting): Promise<{ line: Record<string, unknown>; correct: boolean }> {
  const task = taskById.get(pair.id) as Task
  const started = Date.now()
  const t0 = performance.now()
  let lineModel = modelName
  let secrets: readonly string[] = []
  const state = stateChoice === 'auto' ? defaultState(task) : stateChoice
  const base = { taskId: pair.id, run: pair.run, setting, instruction: task.instruction, started, state, ...(failure ? { failure } : {}) }
  const timing = () => ({ wallMs: Math.round(performance.now() - t0), ended: Date.now() })
  try {
    const inner = await createModel(agentChoice, task, dataset.profile)
    const model = endpoint ? new RetryingModel(inner, { maxRetries, timeoutMs: timeoutS * 1000, onRetry: (reason) => reportFirstRetry(reason, inner.secrets ?? []) }) : inner
    lineModel = model.name
    secrets = model.secrets ?? []
    const host = new TaskHost(dataset, undefined, model.name)
    const run = { id: 'cli', repeat: pair.run, model: modelName }
    const opened = await host.open(task.id, setting, { state, run, ...(failure ? { failure } : {}) })
    const attempt = host.openAttempt
    if (!attempt) throw new Error(`Task ${task.id} could not be opened`)
    const result = await runAttemptAgent(attempt, { model, systemPrompt: opened.systemPrompt, instruction: opened.instruction, maxTurns })
    const steps = [...host.trajectory()]
    const retries = model instanceof RetryingModel ? { retries: model.retries } : {}
    const loop = { turns: result.turns, stop: result.stop, usage: result.usage, ...retries, ...(result.error !== undefined ? { error: result.error } : {}) }
    // A failed episode is not finished: its line has no calls, so the scorer counts it no_response, not the half it got done.
    const verdict = result.error === undefined ? await host.submit() : undefined
    const line = responseLine({ ...base, model: lineModel, steps, messages: result.messages, finished: verdict !== undefined, loop, ...timing() })
    return { line, correct: verdict?.correct ?? false }
  } catch (err) {
    const loop = { turns: 0, stop: 'error', usage: { prompt: 0, completion: 0 }, error: errorText(err, secrets) }
    return { line: responseLine({ ...base, model: lineModel, steps: [], messages: [], finished: false, loop, ...timing() }), correct: false }
  }
}

const progress = new Progress({
  total: pending.length,
  tty: process.stderr.isTTY === true,
  write: (text) => void process.stderr.write(text),
  intervalMs: progressS * 1000,
  everyEpisodes: Math.max(1, Math.ceil(pending.length / 10)),
})
// Ctrl-C: every line written is whole, so say how to go on rather than leave the bar's line open.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    process.stderr.write(`\n${signal === 'SIGINT' ? 'interrupted' : 'terminated'}: ${progress.done} episodes written to ${out}; the same command resumes (episodes in flight run again).\n`)
    process.exit(130)
  })
const totals = { prompt: 0, completion: 0, failed: 0, turns: 0 }
/** Failed episodes named on stderr; the rest are counted at the end. A dead endpoint fails every episode alike, so more would only flood. */
const FAILURES_SHOWN = 3

/** Counts a failed episode and names the first few on stderr: the retries can take minutes, and the reason is otherwise only in the file. */
function reportFailure(pair: Pair, error: string): void {
  totals.failed++
  if (totals.failed > FAILURES_SHOWN + 1) return
  const text =
    totals.failed <= FAILURES_SHOWN
      ? `episode ${pair.id}${runIds.length > 1 ? ` (run ${pair.run})` : ''} failed: ${failureReason(error)}`
      : `more episodes failed: the count is at the end, each line's "error" in ${out}`
  sayAboveProgress(text)
}

/** A line on stderr. On a terminal the progress line is redrawn in place: it is cleared first, and the next episode draws it again below. */
function sayAboveProgress(text: string): void {
  process.stderr.write(`${process.stderr.isTTY ? '\r\x1b[K' : ''}${text}\n`)
}

let retryReported = false
/**
 * Says once, at the sweep's first retry, why a request failed and that it is being retried: with the default
 * retries an endpoint that cannot be reached fails its first episode only after about half a minute.
 */
function reportFirstRetry(reason: string, secrets: readonly string[]): void {
  if (retryReported) return
  retryReported = true
  sayAboveProgress(`retrying: ${failureReason(redactSecrets(reason, secrets).replace(/\.$/, ''))}; a request is tried up to ${maxRetries + 1} times (--max_retries ${maxRetries}) before its episode fails`)
}

/**
 * An episode's error with the endpoint it was sent to, which the error itself
 * does not name: "Connection error. (gave up after 6 attempts)" becomes
 * "Connection error (http://127.0.0.1:9/v1, gave up after 6 attempts)".
 */
function failureReason(error: string): string {
  if (!endpoint) return error
  // Origin and path only: a base URL may carry a key in its user part or its query.
  const where = endpointOf(endpoint.baseURL) ?? 'the endpoint'
  const retried = /^(.*?)\.?\s*\((gave up after [^)]*)\)$/s.exec(error)
  return retried ? `${retried[1]} (${where}, ${retried[2]})` : `${error} (${where})`
}
const sweepStart = performance.now()
progress.start()
await runPool(pending, workers, async (pair) => {
  const { line, correct } = await episode(pair, setting)
  // One write of the whole line and its newline: a kill can lose an episode in flight, never tear one already written.
  try {
    appendFileSync(out, JSON.stringify(line) + '\n')
  } catch (err) {
    throw new CliError(`Output file cannot be written: ${out} (${systemReason(err)})`, { cause: err })
  }
  const usage = line.usage as { prompt_tokens: number; completion_tokens: number }
  totals.prompt += usage.prompt_tokens
  totals.completion += usage.completion_tokens
  totals.turns += line.turns as number
  if (line.error !== undefined) reportFailure(pair, String(line.error))
  progress.episode({ correct, failed: line.error !== undefined, tokens: usage.prompt_tokens + usage.completion_tokens })
})
progress.finish()
const seconds = (performance.now() - sweepStart) / 1000

const text = readText(out, 'Output file')
const { result } = scoreResponses(tasks, dataset.tools, parseResponses(text).lines, { records: dataset.records, profile: dataset.profile })
console.log(formatScoreTable(result, modelName))
console.log(
  `\n${pending.length} episodes run in ${formatDuration(seconds)} (${pending.length > 0 && seconds > 0 ? (pending.length / seconds).toFixed(2) : '0'} ep/s, ${workers} worker${workers === 1 ? '' : 's'})` +
    `${skipped > 0 ? `, ${skipped} already done` : ''}; ${totals.turns} turns; tokens ${formatCount(totals.prompt)} prompt + ${formatCount(totals.completion)} completion` +
    `${totals.failed > 0 ? `; ${totals.failed} failed (scored as no_response; run again with --retry_failed)` : ''}`,
)
if (shard) console.log(`Shard ${shard.index}/${shard.count}: the table counts pairs of other shards as no_response; concatenate the shards' files to score the sweep.`)
if (wanted) console.log(`--tasks: the table counts the ${tasks.length} task${tasks.length === 1 ? '' : 's'} run; npm run score counts all ${dataset.tasks.length} of the data set, the others as no_response.`)
// The hint writes the scores next to the responses (run.jsonl → run.result.json, with run.result.details.jsonl), not into the working folder.
console.log(`Wrote ${out}; score it with: npm run score -- --input_data ${inputFile ?? join(folder, 'input_data.jsonl')} --input_response_data ${out} --output_file ${join(dirname(out), `${basename(out).replace(/\.jsonl?$/i, '')}.result.json`)}`)
