import { create } from 'zustand'
import { setOwn } from '../core'
import type { Task } from '../core'
import { datasetAttempts } from '../db'
import type { AttemptRow } from '../db'

/** Where a person stands on a task. */
export type TaskStatus = 'not_started' | 'in_progress' | 'correct' | 'wrong' | 'submitted' | 'flagged'

export const TASK_STATUSES: readonly TaskStatus[] = ['not_started', 'in_progress', 'correct', 'wrong', 'submitted', 'flagged']

/** In a sealed data set nothing is scored: a finished attempt is only submitted. */
export const SEALED_TASK_STATUSES: readonly TaskStatus[] = ['not_started', 'in_progress', 'submitted', 'flagged']

interface ProgressState {
  /** The active data set's attempts, by everyone, as stored. */
  attempts: AttemptRow[]
  /** Navigator filters: a capability type or "", a status or "". */
  capability: string
  status: TaskStatus | ''
}

export const useProgress = create<ProgressState>()(() => ({ attempts: [], capability: '', status: '' }))

/** Re-reads the data set's attempts (after boot, an import of attempts, a switch of data set). */
export async function refreshProgress(datasetId: string | undefined): Promise<void> {
  useProgress.setState({ attempts: datasetId ? await datasetAttempts(datasetId) : [] })
}

/** Keeps the list in step with one attempt just stored. */
export function upsertAttempt(row: AttemptRow): void {
  useProgress.setState((state) => {
    const i = state.attempts.findIndex((a) => a.id === row.id)
    if (i < 0) return { attempts: [...state.attempts, row] }
    const attempts = state.attempts.slice()
    attempts[i] = row
    return { attempts }
  })
}

/** Takes an attempt that is no longer stored off the list. */
export function forgetAttempt(attemptId: string): void {
  useProgress.setState((state) => ({ attempts: state.attempts.filter((a) => a.id !== attemptId) }))
}

export function setNavigatorFilter(change: Partial<Pick<ProgressState, 'capability' | 'status'>>): void {
  useProgress.setState(change)
}

/**
 * One person's status on each task: flagged if any of their attempts carries a
 * flag; else "in progress" if their newest attempt has calls and is open; else
 * the verdict of their newest finished attempt (submitted when it has none:
 * a sealed task); else not started.
 */
export function taskStatuses(attempts: readonly AttemptRow[], actor: string): Map<string, TaskStatus> {
  const byTask = new Map<string, AttemptRow[]>()
  for (const a of attempts) if (a.actor === actor) byTask.set(a.taskId, [...(byTask.get(a.taskId) ?? []), a])
  const out = new Map<string, TaskStatus>()
  for (const [taskId, rows] of byTask) {
    const newest = rows.slice().sort((a, b) => b.started - a.started)
    const finished = newest.find((a) => a.finished)
    let status: TaskStatus = 'not_started'
    if (rows.some((a) => (a.flags?.length ?? 0) > 0)) status = 'flagged'
    else if (newest[0] && !newest[0].finished && (newest[0].callCount ?? 0) > 0) status = 'in_progress'
    else if (finished) status = !finished.verdict ? 'submitted' : finished.verdict.correct ? 'correct' : 'wrong'
    out.set(taskId, status)
  }
  return out
}

/** The tasks the navigator lists, in data set order. */
export function filterTasks(tasks: readonly Task[], statuses: ReadonlyMap<string, TaskStatus>, capability: string, status: TaskStatus | ''): Task[] {
  return tasks.filter((t) => (!capability || t.type === capability) && (!status || (statuses.get(t.id) ?? 'not_started') === status))
}

/** Counts by status over the given tasks. */
export function statusCounts(tasks: readonly Task[], statuses: ReadonlyMap<string, TaskStatus>): Record<TaskStatus, number> {
  const counts: Record<TaskStatus, number> = { not_started: 0, in_progress: 0, correct: 0, wrong: 0, submitted: 0, flagged: 0 }
  for (const t of tasks) {
    const status = statuses.get(t.id) ?? 'not_started'
    setOwn(counts, status, counts[status] + 1)
  }
  return counts
}

/** The task after `currentId` in the filtered list (wrapping round), or the first one. */
export function nextTaskId(list: readonly Task[], currentId: string | undefined): string | undefined {
  if (list.length === 0) return undefined
  const i = list.findIndex((t) => t.id === currentId)
  return list[(i + 1) % list.length]?.id
}
