import { useMemo } from 'react'
import { create } from 'zustand'
import type { AttemptOutcome, LiveView, Task, TaskRecords, TrajectoryStep, VerdictExplanation } from '../core'
import type { AttemptRow, DatasetRow } from '../db'
import { storedOutcome } from './storedVerdict'

/** What the page shows: the active data set, and the attempt open on the phone (or a replay of one). */
export interface SessionState {
  /** `linkFailed`: the page's `?data=` link loaded nothing (useDataLink's `problem` says why), and no other data set is opened in its place. */
  status: 'idle' | 'loading' | 'ready' | 'error' | 'linkFailed'
  error?: string
  dataset?: DatasetRow
  tasks: Task[]
  task?: Task
  /** The records the phone shows: the task's, or in live state the attempt's as its calls left them. */
  records?: TaskRecords
  /** In live state: the records' ids and the changes against the task's (marks on the phone, the review's state diff). */
  live?: LiveView
  attempt?: AttemptRow
  steps: TrajectoryStep[]
  /**
   * How the kept calls pair with the gold, parameter by parameter: set once the
   * attempt's verdict may be shown (finished; a replay at its last step), and
   * only an explanation. The verdict itself is the stored one, `attempt.verdict`
   * (read it with useShownVerdict); the page keeps no copy of its own.
   */
  explanation?: VerdictExplanation
  /** False while another tab leads this attempt: this one only watches. */
  leading: boolean
  /** Set once a program (window.spieval, WebMCP, an agent run on the phone) has opened or called: the page then asks no person for a name. */
  programDriving?: true
  /** Set while the phone shows a recorded attempt (a replay): nothing can be called or stored. */
  replaying?: { attemptId: string; step: number }
  /**
   * Set while a task or a fork is being opened. The phone takes no input meanwhile: the open ends by putting the
   * phone on the attempt's screen, which would undo a tap made in between.
   */
  opening?: true
  /** A link named a task this data set does not have (`id`), while the phone shows the task `shown`: said until another task is shown. */
  missingTask?: { id: string; shown: string }
}

export const useSession = create<SessionState>()(() => ({ status: 'idle', tasks: [], steps: [], leading: true }))


/**
 * The verdict the page shows: the one storage keeps with the attempt row, laid
 * out with the session's explanation, and only while one may be shown.
 */
export function shownVerdict(state: { attempt?: Parameters<typeof storedOutcome>[0]; explanation?: VerdictExplanation }): AttemptOutcome | undefined {
  return state.attempt && state.explanation ? storedOutcome(state.attempt, state.explanation) : undefined
}

/**
 * {@link shownVerdict} for a view: the same object while the verdict and the
 * explanation are the same. It reads only what the verdict is made of: the
 * attempt row changes with every call (its step count and screen), and a view
 * that took the whole row would be drawn again for each.
 */
export function useShownVerdict(): AttemptOutcome | undefined {
  const taskId = useSession((s) => s.attempt?.taskId)
  const finished = useSession((s) => s.attempt?.finished)
  const verdict = useSession((s) => s.attempt?.verdict)
  const explanation = useSession((s) => s.explanation)
  return useMemo(
    () => (taskId === undefined || finished === undefined ? undefined : shownVerdict({ attempt: { taskId, finished, ...(verdict ? { verdict } : {}) }, explanation })),
    [taskId, finished, verdict, explanation],
  )
}
