import { create } from 'zustand'
import type { AttemptOutcome, LiveView, Task, TaskRecords, TrajectoryStep } from '../core'
import type { AttemptRow, DatasetRow } from '../db'

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
  /** Set once the attempt is finished; the gold is never rendered before. In live state it carries the state verdict and the calls' own. */
  verdict?: AttemptOutcome
  /** False while another tab leads this attempt: this one only watches. */
  leading: boolean
  /** Set while the phone shows a recorded attempt (a replay): nothing can be called or stored. */
  replaying?: { attemptId: string; step: number }
}

export const useSession = create<SessionState>()(() => ({ status: 'idle', tasks: [], steps: [], leading: true }))

