import { Attempt, attemptPrompt, defaultState, runAttemptAgent } from '../../core'
import type { AttemptState, FailureRate, Task, TaskVerdict } from '../../core'
import { getAttempt, loadTask } from '../../db'
import type { AttemptRow, DatasetRow, StoredRun } from '../../db'
import { createModel } from '../../runner/models'
import type { AgentChoice } from '../../runner/models'
import { currentAttempt, onPhoneOrAlone, openTask, pageSink } from '../attemptController'
import { attemptSource } from '../attemptSource'
import { upsertAttempt } from '../progress'
import { useSession } from '../sessionStore'
import { runnerKeyFor, scrub } from './form'
import { isWatched, patchJob, useRuns } from './store'
import type { JobProgress } from './store'

/** Where a job's calls go: the phone (the watched task) or the attempt alone (a background job). Both are the one kernel. */
interface CallPath {
  attempt: Attempt
  call: (name: string, args: string) => Promise<{ content: string }>
  /** Undefined for a sealed task: submitted, not scored. */
  finish: () => Promise<TaskVerdict | undefined>
}

/** When each background attempt's clock started (its active time is wall time since, plus what it had). */
const clocks = new Map<string, number>()

function jobSink(dataset: DatasetRow) {
  return pageSink(dataset, {
    elapsedMs: (attemptId) => Date.now() - (clocks.get(attemptId) ?? Date.now()),
    // The data set's list of attempts (Replay, Analysis) has background runs as they start, get their first call, and end; not at every call.
    onRow: (row, why) => {
      if (why !== 'step' || row.callCount === 1) upsertAttempt(row)
    },
  })
}

/** A run's state and random friction for a new attempt (no state: the phone picks the task's default). */
function runState(run: StoredRun, task?: Task): { state?: AttemptState; failure?: FailureRate } {
  const state = run.state ?? (task ? defaultState(task) : undefined)
  return { ...(state ? { state } : {}), ...(run.failure ? { failure: run.failure } : {}) }
}

/** The watched task opens on the phone and calls through the phone's one path, so that it plays live. */
async function phonePath(run: StoredRun, job: JobProgress, tag: NonNullable<AttemptRow['run']>): Promise<CallPath | undefined> {
  await openTask(
    job.taskId,
    job.attemptId ? undefined : { screen: 'home' },
    job.attemptId
      ? { attemptId: job.attemptId, byAgent: true, run: tag }
      : { fresh: true, setting: run.setting, actor: run.model, run: tag, byAgent: true, ...runState(run) },
  )
  const attempt = currentAttempt()
  if (!attempt || (job.attemptId && attempt.id !== job.attemptId)) return undefined
  useRuns.setState({ watching: { runId: run.id, taskId: job.taskId } })
  // Someone opened another task on the phone: the rest of this one goes on in the background, in the same attempt.
  return { attempt, ...onPhoneOrAlone(attempt) }
}

async function backgroundPath(run: StoredRun, job: JobProgress, tag: NonNullable<AttemptRow['run']>, dataset: DatasetRow): Promise<CallPath> {
  const loaded = await loadTask(run.datasetId, job.taskId)
  if (!loaded) throw new Error(`Task ${job.taskId} is not in this data set`)
  const source = attemptSource(dataset, loaded)
  const sink = jobSink(dataset)
  const existing = job.attemptId ? await getAttempt(job.attemptId) : undefined
  const attempt = existing
    ? await Attempt.resume({ ...source, attemptId: existing.id, sink, turnBased: true })
    : await Attempt.open({ ...source, setting: run.setting, actor: run.model, sink, run: tag, ...runState(run, loaded.task) })
  // The time goes on from what the attempt had (the row's time trails its calls, see withLatest).
  clocks.set(attempt.id, Date.now() - attempt.info.elapsedMs)
  return { attempt, call: (name, args) => attempt.call(name, args, 'agent'), finish: () => attempt.finish() }
}

export function choiceFor(run: StoredRun): AgentChoice {
  if (run.agent !== 'endpoint') return { agent: run.agent }
  const apiKey = runnerKeyFor(run.baseURL ?? '')
  // resumeRun asks first; this holds if anything else starts a run without a key for its endpoint.
  if (apiKey === undefined) throw new Error(`No API key was entered for ${run.baseURL ?? 'this run’s endpoint'}`)
  return {
    agent: 'endpoint',
    endpoint: { baseURL: run.baseURL ?? '', apiKey, model: run.model, ...(run.extra ? { extra: JSON.parse(run.extra) as Record<string, unknown> } : {}) },
  }
}

/** A model's error as a run keeps it: without any key of this tab. */
export const scrubbed = (error: string | undefined): string => scrub(error ?? 'error')

/** One task of one repeat: the published loop, every turn stored whole, resumed from the stored turns when there are some. */
export async function runJob(run: StoredRun, job: JobProgress, signal: AbortSignal): Promise<void> {
  const { dataset, tasks } = useSession.getState()
  const task = tasks.find((t) => t.id === job.taskId)
  const set = (patch: Partial<JobProgress>) => patchJob(run.id, job.repeat, job.taskId, patch)
  if (!dataset || !task) {
    set({ status: 'error', error: `Task ${job.taskId} is not in this data set` })
    return
  }
  set({ status: 'running' })
  try {
    const tag = { id: run.id, repeat: job.repeat, model: run.model, ...(run.template ? { template: run.template } : {}) }
    const path = (isWatched(run, job) ? await phonePath(run, job, tag) : undefined) ?? (await backgroundPath(run, job, tag, dataset))
    const { attempt } = path
    set({ attemptId: attempt.id })
    const before = attempt.storedTurns()
    const model = await createModel(choiceFor(run), task, dataset.profile)
    const result = await runAttemptAgent(attempt, {
      model,
      systemPrompt: attemptPrompt(attempt, dataset.profile, run.template),
      instruction: task.instruction,
      maxTurns: run.maxTurns,
      signal,
      callTool: path.call,
      // The bar shows tokens and turns as each turn ends; a resumed task adds to what it had.
      ...(before?.usage ? { usageBefore: before.usage } : {}),
      onTurn: (turns, usage) => set({ turns, tokens: usage.prompt + usage.completion }),
      scrub: scrubbed,
      ...(before && before.messages.length >= 2 ? { resume: before.messages } : {}),
    })
    if (result.stop === 'aborted') {
      set({ status: 'stopped' })
      return
    }
    if (result.stop === 'error') {
      set({ status: 'error', error: result.error ?? 'error' })
      return
    }
    const verdict = await path.finish()
    set({ status: 'done', correct: verdict?.correct, turns: result.turns, error: undefined })
  } catch (err) {
    set({ status: 'error', error: scrub(err instanceof Error ? err.message : String(err)) })
  }
}
