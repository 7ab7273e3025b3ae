import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import {
  DEFAULT_SYSTEM_TEMPLATE,
  KeywordAgent,
  MAX_TURNS,
  OracleAgent,
  parseResponses,
  redactSecrets,
  runAgent,
  scoreFileTexts,
  scoreResponses,
  scoreTask,
  submittedOf,
  systemPrompt,
  toolProperties,
} from '../core'
import type { AgentMessage, ChatModel, Setting, Task, TokenUsage, ToolSchema } from '../core'
import {
  attemptCalls,
  callsOf,
  createAttempt,
  datasetAttempts,
  elapsedAfter,
  getAttempt,
  finishAttempt as finishStoredAttempt,
  listRuns,
  loadTask,
  loadTurns,
  runAttempts,
  saveRun,
  saveTurns,
  toSteps,
} from '../db'
import type { AttemptRow, CallRow, StoredRun, StoredTurns } from '../db'
import { newId } from '../core/ids'
import { endpointOf, keyForEndpoint, parseEndpointKeys, withEndpointKey } from '../runner/keys'
import { saveDownload } from './download'
import { Recorder } from './recorder'
import { routeToHash } from './routes'
import { upsertAttempt } from './progress'
import { callTool, currentToolSession, finishAttempt as finishOpenAttempt, openTask, useSession } from './session'

export type AgentKind = StoredRun['agent']

/** The runner's settings form; the API keys are not part of it (see {@link useRunnerKeys}). */
export interface RunForm {
  agent: AgentKind
  baseURL: string
  model: string
  /** Extra request JSON, as typed. */
  extra: string
  template: string
  setting: Setting
  maxTurns: number
  repeats: number
  concurrency: number
  /** The tasks to run; empty means every task of the data set. */
  tasks: string[]
  /** The task that plays live on the phone ('' for none). */
  watch: string
}

export const DEFAULT_FORM: RunForm = {
  agent: 'oracle',
  baseURL: 'http://127.0.0.1:8000/v1',
  model: '',
  extra: '',
  template: DEFAULT_SYSTEM_TEMPLATE,
  setting: 'paginated',
  maxTurns: MAX_TURNS,
  repeats: 3,
  concurrency: 4,
  tasks: [],
  watch: '',
}

/** The form, kept across visits in localStorage; it never holds the key. */
export const useRunForm = create<RunForm>()(persist(() => ({ ...DEFAULT_FORM }), { name: 'spieval-runner-form' }))

const KEYS_STORAGE = 'spieval-runner-keys'
/** Where one key was kept before keys were tied to their endpoint; such a key's endpoint is unknown, so it is dropped. */
const UNBOUND_KEY_STORAGE = 'spieval-runner-key'

function storedKeys(): Record<string, string> {
  try {
    if (typeof sessionStorage === 'undefined') return {}
    sessionStorage.removeItem(UNBOUND_KEY_STORAGE)
    return parseEndpointKeys(sessionStorage.getItem(KEYS_STORAGE))
  } catch {
    return {}
  }
}

function storeKeys(keys: Record<string, string>, remember: boolean): void {
  try {
    if (remember && Object.values(keys).some(Boolean)) sessionStorage.setItem(KEYS_STORAGE, JSON.stringify(keys))
    else sessionStorage.removeItem(KEYS_STORAGE)
  } catch {
    // no sessionStorage (private mode): the keys stay in memory
  }
}

/**
 * The API keys, each tied to the endpoint it was entered for (src/runner/keys.ts):
 * in memory only, or also in sessionStorage when the person ticks "remember".
 * They never go to IndexedDB, exports or logs.
 */
export const useRunnerKeys = create<{ keys: Record<string, string>; remember: boolean }>()(() => {
  const keys = storedKeys()
  return { keys, remember: Object.keys(keys).length > 0 }
})

/** The key entered for this base URL, or `undefined` (then the runner asks; it never sends another endpoint's key). */
export function runnerKeyFor(baseURL: string): string | undefined {
  return keyForEndpoint(useRunnerKeys.getState().keys, baseURL)
}

/** Ties a key to a base URL's endpoint; a base URL that is not http(s) takes no key. */
export function setRunnerKey(baseURL: string, apiKey: string): void {
  const { keys, remember } = useRunnerKeys.getState()
  const next = withEndpointKey(keys, baseURL, apiKey)
  useRunnerKeys.setState({ keys: next })
  storeKeys(next, remember)
}

export function setRememberKeys(remember: boolean): void {
  useRunnerKeys.setState({ remember })
  storeKeys(useRunnerKeys.getState().keys, remember)
}

export type JobStatus = 'pending' | 'running' | 'done' | 'stopped' | 'error'

/** One task of one repeat of a run. */
export interface JobProgress {
  repeat: number
  taskId: string
  status: JobStatus
  attemptId?: string
  correct?: boolean
  turns: number
  tokens: number
  error?: string
}

export interface RunProgress {
  run: StoredRun
  status: 'running' | 'stopped' | 'done'
  jobs: JobProgress[]
  error?: string
  /** Resume was asked for, but no key was entered for the run's endpoint: the card asks for one. */
  needsKey?: boolean
}

interface RunsState {
  datasetId?: string
  runs: RunProgress[]
  /** The task playing on the phone: its run and task. */
  watching?: { runId: string; taskId: string }
  formError?: string
}

export const useRuns = create<RunsState>()(() => ({ runs: [] }))

const controllers = new Map<string, AbortController>()

const jobKey = (repeat: number, taskId: string) => `${repeat}\u0000${taskId}`

function patchRun(runId: string, patch: (run: RunProgress) => RunProgress): void {
  useRuns.setState((s) => ({ runs: s.runs.map((r) => (r.run.id === runId ? patch(r) : r)) }))
}

function patchJob(runId: string, repeat: number, taskId: string, patch: Partial<JobProgress>): void {
  patchRun(runId, (r) => ({ ...r, jobs: r.jobs.map((j) => (j.repeat === repeat && j.taskId === taskId ? { ...j, ...patch } : j)) }))
}

/** Takes every key of this tab out of a text before it is shown or stored (the loop already did for the model's errors). */
function scrub(text: string): string {
  return redactSecrets(text, Object.values(useRunnerKeys.getState().keys))
}

/** The newest attempt of each repeat and task of a run. */
function latestByJob(attempts: readonly AttemptRow[]): Map<string, AttemptRow> {
  const byJob = new Map<string, AttemptRow>()
  for (const a of attempts) if (a.run) byJob.set(jobKey(a.run.repeat, a.taskId), a)
  return byJob
}

/** Each repeat and task of a run, in order, with its newest attempt and that attempt's stored turns. */
async function storedJobs(
  run: StoredRun,
  options: { withCalls?: boolean; attempts?: readonly AttemptRow[] } = {},
): Promise<{ repeat: number; taskId: string; attempt?: AttemptRow; turns?: StoredTurns; calls?: CallRow[] }[]> {
  const byJob = latestByJob(options.attempts ?? (await runAttempts(run)))
  const attempts = [...byJob.values()]
  const callsById = options.withCalls ? await callsOf(attempts) : undefined
  const turnsById = new Map(await Promise.all(attempts.map(async (a) => [a.id, await loadTurns(a.id)] as const)))
  const jobs = []
  for (let repeat = 0; repeat < run.repeats; repeat++)
    for (const taskId of run.tasks) {
      const attempt = byJob.get(jobKey(repeat, taskId))
      const turns = attempt ? turnsById.get(attempt.id) : undefined
      const calls = attempt ? callsById?.get(attempt.id) : undefined
      jobs.push({ repeat, taskId, ...(attempt ? { attempt } : {}), ...(turns ? { turns } : {}), ...(calls ? { calls } : {}) })
    }
  return jobs
}

/** A run's progress as stored (after a reload, or before a resume). */
async function storedProgress(run: StoredRun, attempts?: readonly AttemptRow[]): Promise<RunProgress> {
  const jobs = (await storedJobs(run, attempts ? { attempts } : {})).map(({ repeat, taskId, attempt, turns }): JobProgress => {
    return {
      repeat,
      taskId,
      status: attempt?.finished ? 'done' : turns?.error ? 'error' : attempt ? 'stopped' : 'pending',
      ...(attempt ? { attemptId: attempt.id } : {}),
      // The verdict stored at the finish: the one scorer on the kept calls, as for a person.
      ...(attempt?.verdict ? { correct: attempt.verdict.correct } : {}),
      turns: turns?.turns ?? 0,
      tokens: turns ? turns.usage.prompt + turns.usage.completion : 0,
      ...(turns?.error ? { error: turns.error } : {}),
    }
  })
  return { run, status: jobs.every((j) => j.status === 'done') ? 'done' : 'stopped', jobs }
}

/** Loads the active data set's runs (once per data set; runs going on stay as they are). */
export async function loadRuns(): Promise<void> {
  const dataset = useSession.getState().dataset
  if (!dataset || useRuns.getState().datasetId === dataset.id) return
  const stored = await listRuns(dataset.id)
  // The data set's attempts are read once for all its runs.
  const attempts = await datasetAttempts(dataset.id)
  const runs = await Promise.all(stored.map((run) => storedProgress(run, attempts.filter((a) => a.run?.id === run.id))))
  useRuns.setState({ datasetId: dataset.id, runs })
}

/** Checks the form and makes a run of it; throws with a message for the page. */
function runFromForm(form: RunForm): StoredRun {
  const { dataset, tasks } = useSession.getState()
  if (!dataset) throw new Error('No data set is loaded')
  const ids = form.tasks.length > 0 ? tasks.filter((t) => form.tasks.includes(t.id)).map((t) => t.id) : tasks.map((t) => t.id)
  if (ids.length === 0) throw new Error('Pick at least one task')
  const whole = (n: number, min: number) => Number.isInteger(n) && n >= min
  if (!whole(form.maxTurns, 1) || !whole(form.repeats, 1) || !whole(form.concurrency, 1))
    throw new Error('Max turns, repeats and concurrency must be whole numbers of at least 1')
  if (form.agent === 'endpoint') {
    if (!form.baseURL.trim() || !form.model.trim()) throw new Error('An endpoint needs a base URL and a model')
    if (endpointOf(form.baseURL) === undefined) throw new Error('The base URL must be an http:// or https:// address')
    if (form.extra.trim()) {
      let extra: unknown
      try {
        extra = JSON.parse(form.extra)
      } catch (err) {
        throw new Error(`Extra request JSON is not valid JSON: ${err instanceof Error ? err.message : String(err)}`, { cause: err })
      }
      if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) throw new Error('Extra request JSON must be an object')
    }
  }
  return {
    id: newId(),
    datasetId: dataset.id,
    created: Date.now(),
    agent: form.agent,
    model: form.agent === 'endpoint' ? form.model.trim() : form.agent,
    ...(form.agent === 'endpoint' ? { baseURL: form.baseURL.trim(), ...(form.extra.trim() ? { extra: form.extra.trim() } : {}) } : {}),
    ...(form.template !== DEFAULT_SYSTEM_TEMPLATE ? { template: form.template } : {}),
    setting: form.setting,
    maxTurns: form.maxTurns,
    repeats: form.repeats,
    concurrency: form.concurrency,
    tasks: ids,
    ...(form.watch && ids.includes(form.watch) ? { watch: form.watch } : {}),
  }
}

/** Starts a run with the form's settings. */
export async function startRun(): Promise<string | undefined> {
  let run: StoredRun
  try {
    run = runFromForm(useRunForm.getState())
  } catch (err) {
    useRuns.setState({ formError: err instanceof Error ? err.message : String(err) })
    return undefined
  }
  useRuns.setState({ formError: undefined })
  // The key in the form (none is a choice too) is the one entered for this run's endpoint: a resume in this tab uses it without asking.
  if (run.baseURL !== undefined) setRunnerKey(run.baseURL, runnerKeyFor(run.baseURL) ?? '')
  await saveRun(run)
  const progress = await storedProgress(run, []) // a new run has no attempts yet
  useRuns.setState((s) => ({ runs: [progress, ...s.runs] }))
  void execute(run)
  return run.id
}

/** Closes a run's key prompt without resuming. */
export function dismissKeyPrompt(runId: string): void {
  patchRun(runId, (r) => ({ ...r, needsKey: false }))
}

/** Stops a run: the model call in flight is aborted; what was stored stays, to resume. */
export function stopRun(runId: string): void {
  controllers.get(runId)?.abort()
}

/**
 * Continues a stopped run: unfinished tasks resume from their stored turns and steps.
 * An endpoint run needs the key entered for its own base URL: without one (a reload
 * forgot it, or the key in the form is another endpoint's), the run waits with
 * `needsKey` until a key is given here.
 */
export async function resumeRun(runId: string, key?: { apiKey: string }): Promise<void> {
  const progress = useRuns.getState().runs.find((r) => r.run.id === runId)
  if (!progress || controllers.has(runId)) return
  const { baseURL } = progress.run
  if (progress.run.agent === 'endpoint' && baseURL !== undefined) {
    if (key) setRunnerKey(baseURL, key.apiKey)
    if (runnerKeyFor(baseURL) === undefined) {
      patchRun(runId, (r) => ({ ...r, needsKey: true }))
      return
    }
  }
  patchRun(runId, (r) => ({ ...r, needsKey: false }))
  const fresh = await storedProgress(progress.run)
  patchRun(runId, () => fresh)
  await execute(progress.run)
}

async function modelFor(run: StoredRun, task: Task): Promise<ChatModel> {
  if (run.agent === 'oracle') return new OracleAgent(task)
  const profile = useSession.getState().dataset?.profile
  if (run.agent === 'keyword' && profile) return new KeywordAgent(profile)
  // The openai client is loaded only when a run needs it, to keep the first load small.
  const { OpenAIChatModel } = await import('../runner/openaiModel')
  const apiKey = runnerKeyFor(run.baseURL ?? '')
  // resumeRun asks first; this holds if anything else starts a run without a key for its endpoint.
  if (apiKey === undefined) throw new Error(`No API key was entered for ${run.baseURL ?? 'this run’s endpoint'}`)
  return new OpenAIChatModel({
    baseURL: run.baseURL ?? '',
    apiKey,
    model: run.model,
    ...(run.extra ? { extra: JSON.parse(run.extra) as Record<string, unknown> } : {}),
  })
}

/** Runs every unfinished task of every repeat, `concurrency` at a time; the watched one on the phone. */
async function execute(run: StoredRun): Promise<void> {
  const controller = new AbortController()
  controllers.set(run.id, controller)
  patchRun(run.id, (r) => ({ ...r, status: 'running', error: undefined }))
  const queue = (useRuns.getState().runs.find((r) => r.run.id === run.id)?.jobs ?? []).filter((j) => j.status !== 'done')
  // The watched task goes first, so that the phone shows it at once.
  queue.sort((a, b) => Number(isWatched(run, b)) - Number(isWatched(run, a)))
  const worker = async () => {
    for (let job = queue.shift(); job && !controller.signal.aborted; job = queue.shift()) await runJob(run, job, controller.signal)
  }
  await Promise.all(Array.from({ length: Math.min(run.concurrency, queue.length) }, worker))
  controllers.delete(run.id)
  patchRun(run.id, (r) => {
    const failed = r.jobs.find((j) => j.status === 'error')
    const done = r.jobs.every((j) => j.status === 'done')
    return { ...r, status: done ? 'done' : 'stopped', ...(failed?.error ? { error: failed.error } : {}) }
  })
}

const isWatched = (run: StoredRun, job: Pick<JobProgress, 'repeat' | 'taskId'>) => run.watch === job.taskId && job.repeat === 0

/** Where a task's calls go: the phone (the watched task) or a background recorder. */
interface CallPath {
  attemptId: string
  tools: ToolSchema[]
  call: (name: string, args: string) => Promise<{ content: string }>
  /** Ends the attempt; whether it is correct. */
  finish: (task: Task) => Promise<boolean | undefined>
}

/** The watched task opens on the phone and calls through the phone's one path, so that it plays live. */
async function phonePath(run: StoredRun, job: JobProgress, tag: NonNullable<AttemptRow['run']>): Promise<CallPath | undefined> {
  if (job.attemptId) await openTask(job.taskId, undefined, { setting: run.setting, actor: run.model, byAgent: true })
  else await openTask(job.taskId, { screen: 'home' }, { fresh: true, setting: run.setting, actor: run.model, run: tag, byAgent: true })
  const attempt = useSession.getState().attempt
  const session = currentToolSession()
  if (!attempt || !session || (job.attemptId && attempt.id !== job.attemptId)) return undefined
  useRuns.setState({ watching: { runId: run.id, taskId: job.taskId } })
  const attemptId = attempt.id
  return {
    attemptId,
    tools: session.runtime.offeredTools(),
    call: async (name, args) => {
      // Someone opened another task on the phone: the rest of this one goes on in the background.
      if (useSession.getState().attempt?.id !== attemptId) return (await backgroundCall(run, job.taskId, attemptId))(name, args)
      return callTool(name, args, 'agent')
    },
    finish: async () => {
      if (useSession.getState().attempt?.id === attemptId) return (await finishOpenAttempt())?.correct
      return finishInBackground(run, job.taskId, attemptId)
    },
  }
}

const backgroundRecorders = new Map<string, Recorder>()

/** A recorder for an attempt, opened from its stored steps. */
async function recorderFor(run: StoredRun, taskId: string, attempt: { id: string; elapsedMs: number }): Promise<Recorder> {
  const existing = backgroundRecorders.get(attempt.id)
  if (existing) return existing
  const dataset = useSession.getState().dataset
  const loaded = await loadTask(run.datasetId, taskId)
  if (!dataset || !loaded) throw new Error(`Task ${taskId} is not in this data set`)
  const calls = await attemptCalls(attempt.id)
  // The time goes on from the last call's (the attempt row's time trails its calls, see saveStep).
  const elapsedMs = elapsedAfter(attempt.elapsedMs, calls)
  const recorder = new Recorder().open(loaded.task, loaded.records, dataset.tools, run.setting, { id: attempt.id, elapsedMs }, toSteps(calls))
  backgroundRecorders.set(attempt.id, recorder)
  return recorder
}

async function backgroundCall(run: StoredRun, taskId: string, attemptId: string) {
  const recorder = await recorderFor(run, taskId, { id: attemptId, elapsedMs: 0 })
  return (name: string, args: string) => recorder.call(name, args, 'agent')
}

/** Ends a background attempt with a verdict on its kept calls, as a person's attempt is judged. */
async function finishInBackground(run: StoredRun, taskId: string, attemptId: string): Promise<boolean | undefined> {
  const dataset = useSession.getState().dataset
  const task = useSession.getState().tasks.find((t) => t.id === taskId)
  const recorder = await recorderFor(run, taskId, { id: attemptId, elapsedMs: 0 })
  if (!dataset || !task) return undefined
  const verdict = scoreTask(task, recorder.submittedCalls(), toolProperties(dataset.tools))
  const finished = await finishStoredAttempt(attemptId, {
    verdict: { correct: verdict.correct, errorType: verdict.errorType, mismatches: verdict.mismatches },
    elapsedMs: recorder.elapsedMs(),
    steps: recorder.callsMade(),
  })
  // The data set's list of attempts (Replay, Analysis) includes background runs as soon as they end.
  if (finished) upsertAttempt(finished)
  backgroundRecorders.delete(attemptId)
  return verdict.correct
}

async function recorderPath(run: StoredRun, job: JobProgress, tag: NonNullable<AttemptRow['run']>): Promise<CallPath> {
  const existing = job.attemptId ? await getAttempt(job.attemptId) : undefined
  const attempt =
    existing ??
    (await createAttempt({
      datasetId: run.datasetId,
      taskId: job.taskId,
      access: run.setting,
      actor: run.model,
      screen: routeToHash(job.taskId, { screen: 'home' }),
      run: tag,
    }))
  if (!existing) upsertAttempt(attempt)
  const recorder = await recorderFor(run, job.taskId, attempt)
  return {
    attemptId: attempt.id,
    tools: recorder.offeredTools(),
    call: (name, args) => recorder.call(name, args, 'agent'),
    finish: () => finishInBackground(run, job.taskId, attempt.id),
  }
}

/** One task of one repeat: the published loop, every turn stored, resumed from stored turns when there are some. */
async function runJob(run: StoredRun, job: JobProgress, signal: AbortSignal): Promise<void> {
  const { dataset, tasks } = useSession.getState()
  const task = tasks.find((t) => t.id === job.taskId)
  const loaded = await loadTask(run.datasetId, job.taskId)
  if (!dataset || !task || !loaded) {
    patchJob(run.id, job.repeat, job.taskId, { status: 'error', error: `Task ${job.taskId} is not in this data set` })
    return
  }
  const set = (patch: Partial<JobProgress>) => patchJob(run.id, job.repeat, job.taskId, patch)
  set({ status: 'running' })
  try {
    const tag = { id: run.id, repeat: job.repeat, model: run.model, ...(run.template ? { template: run.template } : {}) }
    const path = (isWatched(run, job) ? await phonePath(run, job, tag) : undefined) ?? (await recorderPath(run, job, tag))
    set({ attemptId: path.attemptId })
    const before = await loadTurns(path.attemptId)
    const usage: TokenUsage = { ...(before?.usage ?? { prompt: 0, completion: 0 }) }
    const base = await modelFor(run, task)
    // Counted here, not from runAgent's total: the bar shows tokens as each turn ends, and a resumed task adds to what it had.
    const model: ChatModel = {
      name: base.name,
      ...(base.secrets ? { secrets: base.secrets } : {}),
      complete: async (messages, tools, s) => {
        const reply = await base.complete(messages, tools, s)
        usage.prompt += reply.usage?.prompt ?? 0
        usage.completion += reply.usage?.completion ?? 0
        set({ tokens: usage.prompt + usage.completion })
        return reply
      },
    }
    const store = (messages: readonly AgentMessage[], turns: number, end?: { stop?: string; error?: string }) =>
      saveTurns(path.attemptId, { messages: [...messages], usage: { ...usage }, turns, ...end })
    const result = await runAgent({
      model,
      systemPrompt: systemPrompt({
        profile: dataset.profile,
        tools: dataset.tools,
        setting: run.setting,
        records: loaded.records,
        ...(run.template ? { template: run.template } : {}),
      }),
      instruction: task.instruction,
      tools: path.tools,
      maxTurns: run.maxTurns,
      signal,
      callTool: path.call,
      onTurn: async (messages, turns) => {
        await store(messages, turns)
        set({ turns })
      },
      ...(before && before.messages.length >= 2 ? { resume: before.messages } : {}),
    })
    if (result.stop === 'aborted') {
      set({ status: 'stopped' })
      return
    }
    if (result.stop === 'error') {
      const error = scrub(result.error ?? 'error')
      await store(result.messages, result.turns, { error })
      set({ status: 'error', error })
      return
    }
    await store(result.messages, result.turns, { stop: result.stop })
    const correct = await path.finish(task)
    set({
      status: 'done',
      ...(correct !== undefined ? { correct } : {}),
      turns: result.turns,
      error: undefined,
    })
  } catch (err) {
    set({ status: 'error', error: scrub(err instanceof Error ? err.message : String(err)) })
  }
}

/** The run's response lines (DESIGN.md, with `calls`, `messages`, `model`, `setting`, `run`), one per repeat and task that has turns. */
export async function runResponseLines(run: StoredRun): Promise<string[]> {
  return (await storedJobs(run, { withCalls: true })).flatMap(({ repeat, taskId, attempt, turns, calls }) =>
    attempt && turns
      ? [
          JSON.stringify({
            id: taskId,
            run: repeat,
            model: run.model,
            setting: run.setting,
            // What is scored: the kept valid calls, as in the page, `npm run agent` and the MCP server (an invalid call changes nothing).
            calls: submittedOf(calls ?? []),
            messages: turns.messages,
            turns: turns.turns,
            ...(turns.stop ? { stop: turns.stop } : {}),
            ...(turns.error ? { error: turns.error } : {}),
            finished: attempt.finished,
            // The same episode fields as `npm run agent` writes (OpenAI's usage names).
            usage: { prompt_tokens: turns.usage.prompt, completion_tokens: turns.usage.completion },
            wall_ms: attempt.elapsedMs,
            started: new Date(attempt.started).toISOString(),
            ...(attempt.ended !== undefined ? { ended: new Date(attempt.ended).toISOString() } : {}),
            attempt: attempt.id,
          }),
        ]
      : [],
  )
}

/** The run's scores over its tasks, from its response lines: what `npm run score` prints for the export. */
export async function runScores(run: StoredRun) {
  const { dataset, tasks } = useSession.getState()
  if (!dataset) throw new Error('No data set is loaded')
  const lines = await runResponseLines(run)
  const runTasks = tasks.filter((t) => run.tasks.includes(t.id))
  const scored = scoreResponses(runTasks, dataset.tools, parseResponses(lines.join('\n')).lines)
  return { lines, ...scored }
}

/** Downloads one of the run's files: `response.jsonl`, `result.json` or `details.jsonl` (as `npm run score` writes them). */
export async function exportRun(runId: string, file: 'response.jsonl' | 'result.json' | 'details.jsonl'): Promise<void> {
  const progress = useRuns.getState().runs.find((r) => r.run.id === runId)
  if (!progress) return
  let text: string
  if (file === 'response.jsonl') text = (await runResponseLines(progress.run)).join('\n') + '\n'
  else {
    const texts = scoreFileTexts(await runScores(progress.run))
    text = file === 'result.json' ? texts.result : texts.details
  }
  saveDownload(text, file, file.endsWith('.json') ? 'application/json' : 'application/x-ndjson')
}
