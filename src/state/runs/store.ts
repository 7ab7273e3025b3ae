import { create } from 'zustand'
import type { StoredRun } from '../../db'

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
  /** `waiting`: another tab runs it; this one takes over when that tab closes or stops it. */
  status: 'running' | 'stopped' | 'done' | 'waiting'
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

export const jobKey = (repeat: number, taskId: string) => `${repeat}\u0000${taskId}`

/** A run's progress in the store. */
export function runProgress(runId: string): RunProgress | undefined {
  return useRuns.getState().runs.find((r) => r.run.id === runId)
}

export function patchRun(runId: string, patch: (run: RunProgress) => RunProgress): void {
  useRuns.setState((s) => ({ runs: s.runs.map((r) => (r.run.id === runId ? patch(r) : r)) }))
}

export function patchJob(runId: string, repeat: number, taskId: string, patch: Partial<JobProgress>): void {
  patchRun(runId, (r) => ({ ...r, jobs: r.jobs.map((j) => (j.repeat === repeat && j.taskId === taskId ? { ...j, ...patch } : j)) }))
}

/** Whether a job plays on the phone: the run's watched task, in its first repeat. */
export const isWatched = (run: StoredRun, job: Pick<JobProgress, 'repeat' | 'taskId'>) => run.watch === job.taskId && job.repeat === 0

/** A run's status once its jobs have stopped: done when every job is. */
export function settledStatus(jobs: readonly JobProgress[]): { status: 'done' | 'stopped'; error?: string } {
  const failed = jobs.find((j) => j.status === 'error')
  return { status: jobs.every((j) => j.status === 'done') ? 'done' : 'stopped', ...(failed?.error ? { error: failed.error } : {}) }
}
