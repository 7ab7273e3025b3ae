import Dexie from 'dexie'
import type { EntityTable } from 'dexie'
import type { AppKey, CallSource, PhoneRecord, Profile, Task, ToolKind, ToolSchema } from '../core'

/** A stored data set: its tools and profile, and counts for the picker. */
export interface DatasetRow {
  id: string
  name: string
  created: number
  tasks: number
  records: number
  tools: ToolSchema[]
  profile: Profile
  hasProfile: boolean
  /** Where it came from: "sample", a URL, "files", "folder", "drop", "api". */
  source: string
}

export interface TaskRow {
  datasetId: string
  id: string
  /** Position in input_data.jsonl, to list tasks in file order. */
  order: number
  task: Task
}

/** One app's records of one task. */
export interface RecordsRow {
  datasetId: string
  taskId: string
  app: AppKey
  records: PhoneRecord[]
}

/** How a person sees the records: free lists, or only through searches. */
export type AccessSetting = 'browse' | 'paginated' | 'full'

/** An attempt's setting: a person's access, or a model setting (`no_search` comes from agents). */
export type AttemptSetting = AccessSetting | 'no_search'

/** The verdict stored with a finished attempt. */
export interface StoredVerdict {
  correct: boolean
  errorType: string | null
  mismatches: unknown[]
}

export interface AttemptRow {
  id: string
  datasetId: string
  taskId: string
  access: AttemptSetting
  actor: string
  started: number
  /** Active time so far (the timer pauses while the tab is hidden). */
  elapsedMs: number
  finished: boolean
  ended?: number
  verdict?: StoredVerdict
  /** The phone screen, as a deep-link route, so that a reload resumes it. */
  screen: string
}

export interface CallRow {
  attemptId: string
  seq: number
  at: number
  name: string
  arguments: unknown
  source: CallSource
  kind: ToolKind
  ok: boolean
  content: string
  withdrawn?: boolean
}

export interface MetaRow {
  key: string
  value: unknown
}

/** The app's IndexedDB. Each schema change is a new version, so that stored data migrates instead of being wiped. */
export class SpievalDatabase extends Dexie {
  datasets!: EntityTable<DatasetRow, 'id'>
  tasks!: Dexie.Table<TaskRow, [string, string]>
  records!: Dexie.Table<RecordsRow, [string, string, string]>
  attempts!: EntityTable<AttemptRow, 'id'>
  calls!: Dexie.Table<CallRow, [string, number]>
  meta!: EntityTable<MetaRow, 'key'>

  constructor(name = 'spieval-phone') {
    super(name)
    this.version(1).stores({
      datasets: 'id, created',
      tasks: '[datasetId+id], [datasetId+order]',
      records: '[datasetId+taskId+app], [datasetId+taskId]',
      attempts: 'id, [datasetId+taskId], started',
      calls: '[attemptId+seq]',
      meta: 'key',
    })
  }
}

let shared: SpievalDatabase | undefined

/** The one database of this page. */
export function database(): SpievalDatabase {
  shared ??= new SpievalDatabase()
  return shared
}
