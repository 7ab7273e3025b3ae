import { callsOf, datasetAttempts, listRuns, loadTurns, runAttempts } from '../../db'
import type { AttemptRow, CallRow, StoredRun, StoredTurns } from '../../db'
import { useSession } from '../sessionStore'
import { jobKey, settledStatus, useRuns } from './store'
import type { JobProgress, RunProgress } from './store'

/** The newest attempt of each repeat and task of a run. */
function latestByJob(attempts: readonly AttemptRow[]): Map<string, AttemptRow> {
  const byJob = new Map<string, AttemptRow>()
  for (const a of attempts) if (a.run) byJob.set(jobKey(a.run.repeat, a.taskId), a)
  return byJob
}

export interface StoredJob {
  repeat: number
  taskId: string
  attempt?: AttemptRow
  turns?: StoredTurns
  calls?: CallRow[]
}

/** Each repeat and task of a run, in order, with its newest attempt and that attempt's stored turns. */
export async function storedJobs(run: StoredRun, options: { withCalls?: boolean; attempts?: readonly AttemptRow[] } = {}): Promise<StoredJob[]> {
  const byJob = latestByJob(options.attempts ?? (await runAttempts(run)))
  const attempts = [...byJob.values()]
  const callsById = options.withCalls ? await callsOf(attempts) : undefined
  const turnsById = new Map(await Promise.all(attempts.map(async (a) => [a.id, await loadTurns(a.id)] as const)))
  const jobs: StoredJob[] = []
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
export async function storedProgress(run: StoredRun, attempts?: readonly AttemptRow[]): Promise<RunProgress> {
  const jobs = (await storedJobs(run, attempts ? { attempts } : {})).map(({ repeat, taskId, attempt, turns }): JobProgress => ({
    repeat,
    taskId,
    status: attempt?.finished ? 'done' : turns?.error ? 'error' : attempt ? 'stopped' : 'pending',
    ...(attempt ? { attemptId: attempt.id } : {}),
    // The verdict stored at the finish: the one scorer on the kept calls, as for a person.
    ...(attempt?.verdict ? { correct: attempt.verdict.correct } : {}),
    turns: turns?.turns ?? 0,
    tokens: turns ? turns.usage.prompt + turns.usage.completion : 0,
    ...(turns?.error ? { error: turns.error } : {}),
  }))
  return { run, status: settledStatus(jobs).status, jobs }
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
