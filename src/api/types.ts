/** The public `window.spieval` API (docs/reference.md). Change it only additively. */
import type { Profile, ToolSchema } from '../core'

export type ApiSetting = 'paginated' | 'full' | 'no_search'

export interface ApiTaskSummary {
  id: string
  type: string
  instruction: string
}

export interface ApiOpenedTask extends ApiTaskSummary {
  profile: Profile
  systemPrompt: string
  tools: ToolSchema[]
  /** The attempt this `open` started (docs/reference.md: `open` always starts a new attempt). */
  attemptId: string
}

export interface ApiCallResult {
  ok: boolean
  content: string
  data?: unknown
}

export interface ApiVerdict {
  id: string
  /** null for a sealed task: submitted, not scored (`sealed: true`). */
  correct: boolean | null
  errorType: string | null
  sealed?: true
  calls: { name: string; arguments: unknown }[]
  mismatches: unknown[]
}

export interface ApiAttempt {
  taskId: string
  attemptId: string
  setting: string
  state: 'static' | 'live'
  finished: boolean
  /** Set on a fork: the attempt it came from and how many of its calls it inherited. */
  parent?: { attemptId: string; step: number }
  /** Made after its actor received the task's gold: practice, left out of baselines, agreement and cross-validation. */
  afterGold?: true
  calls: { name: string; arguments: unknown; source: string; ok: boolean; content: string; withdrawn?: boolean; inherited?: boolean; friction?: boolean }[]
}

export interface ApiFork {
  attemptId: string
  id: string
  systemPrompt: string
  tools: ToolSchema[]
}

export interface SpievalApi {
  version: string
  tasks(): Promise<ApiTaskSummary[]>
  open(taskId: string, opts?: { setting?: ApiSetting; actor?: string; state?: 'static' | 'live' }): Promise<ApiOpenedTask>
  call(name: string, args: object | string): Promise<ApiCallResult>
  submit(): Promise<ApiVerdict>
  /** Keeps the assistant's message to the user with the open attempt (a rubric's `said` reads it); send it before submit. */
  reply(text: string): Promise<void>
  /** The tools the open attempt offers now: `open`'s, plus a skill's once `load_skill` has loaded it ([] with no task open). */
  tools(): Promise<ToolSchema[]>
  current(): Promise<ApiAttempt | null>
  fork(attemptId: string, step: number, opts?: { actor?: string }): Promise<ApiFork>
  importDataset(files: Record<string, string>, name?: string): Promise<{ id: string; tasks: number }>
  /** The active data set's files (input_data.jsonl, records_db.json, tools.json; profile.json and sealed.json when it has them). */
  exportDataset(): Promise<Record<string, string>>
}

declare global {
  interface Window {
    spieval?: SpievalApi
  }
}
