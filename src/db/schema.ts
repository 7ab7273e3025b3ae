import Dexie from 'dexie'
import type { EntityTable } from 'dexie'
import type { AppKey, CallSource, PhoneRecord, Profile, Task, TaskRecords, ToolKind, ToolSchema } from '../core'

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

/** One app's records of one task: the version 1 layout, kept to migrate from. */
export interface RecordsRowV1 {
  datasetId: string
  taskId: string
  app: AppKey
  records: PhoneRecord[]
}

/**
 * All records of one task, app by app. One row a task rather than one a
 * task's app: IndexedDB's cost is mostly per row, and a task is always loaded
 * whole, so a 100-times-SPIEval import writes 25,000 rows instead of 175,000.
 */
export interface TaskRecordsRow {
  datasetId: string
  taskId: string
  records: TaskRecords
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

/** What an annotator can say about a task after an attempt, for the task's author. */
export type FlagKind = 'ambiguous' | 'gold_wrong' | 'not_findable'

export interface AttemptFlag {
  kind: FlagKind
  comment: string
  /** Epoch ms. */
  at: number
}

export interface AttemptRow {
  id: string
  datasetId: string
  taskId: string
  access: AttemptSetting
  /** Who made the attempt: the annotator's name, or a model's. */
  actor: string
  /** Epoch ms. */
  started: number
  /** Active time so far (the timer pauses while the tab is hidden). */
  elapsedMs: number
  finished: boolean
  ended?: number
  verdict?: StoredVerdict
  /** The phone screen, as a deep-link route, so that a reload resumes it (a call's screen, when newer, is on its call row). */
  screen: string
  /** When a person last moved the phone (epoch ms), to weigh `screen` against the screens calls left. */
  screenAt?: number
  flags?: AttemptFlag[]
  /** Calls made, as of the first call and the last checkpoint (exact once finished), so that lists need not read the calls table. */
  steps?: number
  /** Set on attempts merged from an export: the export's file name. */
  importedFrom?: string
  /** Set on an agent runner's attempts: which run, which repeat, which model (and the prompt template, when not the default). */
  run?: { id: string; repeat: number; model: string; template?: string }
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
  /** The screen this call moved the phone to (calls by programs move it). */
  screen?: string
  /** The attempt's active time when the call was made. */
  elapsedMs?: number
}

export interface MetaRow {
  key: string
  value: unknown
}

/** The first released schema; later versions change it step by step. */
export const SCHEMA_V1 = {
  datasets: 'id, created',
  tasks: '[datasetId+id], [datasetId+order]',
  records: '[datasetId+taskId+app], [datasetId+taskId]',
  attempts: 'id, [datasetId+taskId], started',
  calls: '[attemptId+seq]',
  meta: 'key',
} as const

/** The app's IndexedDB. Each schema change is a new version, so that stored data migrates instead of being wiped. */
export class SpievalDatabase extends Dexie {
  datasets!: EntityTable<DatasetRow, 'id'>
  tasks!: Dexie.Table<TaskRow, [string, string]>
  taskRecords!: Dexie.Table<TaskRecordsRow, [string, string]>
  attempts!: EntityTable<AttemptRow, 'id'>
  calls!: Dexie.Table<CallRow, [string, number]>
  meta!: EntityTable<MetaRow, 'key'>

  constructor(name = 'spieval-phone') {
    super(name)
    this.version(1).stores(SCHEMA_V1)
    // Version 2 groups version 1's per-app rows into one row a task; version 3 then drops the old table.
    this.version(2)
      .stores({ taskRecords: '[datasetId+taskId]' })
      .upgrade((tx) => mergeRecordsRows(tx.table<RecordsRowV1>('records'), tx.table<TaskRecordsRow>('taskRecords')))
    this.version(3).stores({ records: null })
  }
}

/** Rows of the old table are read page by page in key order, so one task's apps arrive together and memory stays bounded. */
async function mergeRecordsRows(from: Dexie.Table<RecordsRowV1>, to: Dexie.Table<TaskRecordsRow>): Promise<void> {
  const PAGE = 2000
  let current: TaskRecordsRow | undefined
  let after: [string, string, string] | undefined
  for (;;) {
    const page = await (after ? from.where(':id').above(after) : from.orderBy(':id')).limit(PAGE).toArray()
    const done: TaskRecordsRow[] = []
    for (const row of page) {
      if (!current || current.datasetId !== row.datasetId || current.taskId !== row.taskId) {
        if (current) done.push(current)
        current = { datasetId: row.datasetId, taskId: row.taskId, records: {} }
      }
      current.records[row.app] = row.records
    }
    const last = page.at(-1)
    if (!last) break
    after = [last.datasetId, last.taskId, last.app]
    await to.bulkAdd(done)
  }
  if (current) await to.add(current)
}

let shared: SpievalDatabase | undefined

/** The one database of this page. */
export function database(): SpievalDatabase {
  shared ??= new SpievalDatabase()
  return shared
}
