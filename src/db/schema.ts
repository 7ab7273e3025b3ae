import Dexie from 'dexie'
import { setOwn } from '../core'
import type { EntityTable } from 'dexie'
import type { SealedManifest } from '../core/seal'
import type { SlotUploads, StudyFile } from '../core/study'
import type { AgentCard, Grade, Skill } from '../core'
import type { AccessSetting, AppKey, AttemptInfo, AttemptSetting, AttemptVerdict, GoldReceipt, PhoneRecord, Profile, Task, TaskContent, TaskRecords, ToolSchema, TrajectoryStep } from '../core'
import { goldFromFinished } from './goldUpgrade'

export type { AccessSetting, AttemptSetting }

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
  /** A sealed folder's sealed.json: the tasks carry no gold, so nothing is scored (until it is unsealed). */
  sealed?: SealedManifest
  /** tools.json and profile.json (skills.json and agents.json) as imported, for exportDataset to give back (absent on data sets stored before it existed). */
  texts?: { tools?: string; profile?: string; skills?: string; agents?: string }
  /** A planner data set's skills.json and agents.json. */
  skills?: Skill[]
  agents?: AgentCard[]
  /** The profile before it was first edited in the page (for CHANGES.md), and who edited it. */
  profileEdits?: { original: Profile; authors: string[] }
  /** Loaded from a URL: the hash of the files as fetched (contentHash), to tell on a later visit whether the folder changed. */
  sourceHash?: string
}

export interface TaskRow {
  datasetId: string
  id: string
  /** Position in input_data.jsonl, to list tasks in file order. */
  order: number
  task: Task
  /**
   * The task version's content fingerprint (contentFingerprint of the task and
   * its records), kept at import, on save and on unsealing, so that opening
   * a task does not hash its records again. Missing on rows stored before it
   * was kept: then it is computed.
   */
  fingerprint?: string
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
  /** The task's non-empty app lists, in the registry's order. */
  records: TaskRecords
  /** records_db.json's app keys for the task in its order, empty lists included, when not those of `records` (for exportDataset). */
  apps?: string[]
  /** The task's place among records_db.json's tasks, when not its place in input_data.jsonl (for exportDataset). */
  at?: number
}

/** The verdict stored with a finished attempt. */
export type StoredVerdict = AttemptVerdict

/** What an annotator can say about a task after an attempt, for the task's author. */
export type FlagKind = 'ambiguous' | 'gold_wrong' | 'not_findable'

export interface AttemptFlag {
  kind: FlagKind
  comment: string
  /** Epoch ms. */
  at: number
}

/** An attempt as stored: the kernel's attempt, and what the page keeps with it. */
export interface AttemptRow extends AttemptInfo {
  datasetId: string
  /** The phone screen, as a deep-link route, so that a reload resumes it (a call's screen, when newer, is on its call row). */
  screen: string
  /** When a person last moved the phone (epoch ms), to weigh `screen` against the screens calls left. */
  screenAt?: number
  flags?: AttemptFlag[]
  /** Set on attempts merged from an export: the export's file name. */
  importedFrom?: string
  /**
   * The verdict under the task version the attempt was made on
   * (`taskFingerprint`), kept when a revision judged the attempt again (then
   * `verdict` is under the revision), or once the earlier-version review
   * judged it there.
   */
  madeOnVerdict?: { fingerprint: string; verdict: StoredVerdict }
}

/** A step as stored: the attempt's log, one row a call. */
export interface CallRow extends Omit<TrajectoryStep, 'data'> {
  attemptId: string
  at: number
  /** The screen this call moved the phone to (calls by programs move it). */
  screen?: string
  /** The attempt's active time when the call was made. */
  elapsedMs?: number
}

/**
 * One revision of a task, kept whole (tasks are small): revision 0 is the task
 * as imported or created, each save adds the next. An attempt keeps the
 * fingerprint of the version it was made on (AttemptInfo.taskFingerprint).
 */
export interface RevisionRow {
  datasetId: string
  taskId: string
  rev: number
  /** contentFingerprint of `content`. */
  fingerprint: string
  content: TaskContent
  /** Epoch ms; revision 0 of an imported task has the data set's import time. */
  at: number
  /** Who saved it; empty for revision 0 of an imported task. */
  author: string
  /** The task's id before this revision, when it renamed the task. */
  replaces?: string
}

/** A study the collector keeps with the unsealed data set it was made from (its assignment.json). */
export interface StudyRow {
  /** The study's id (assignment.json's `id`). */
  id: string
  datasetId: string
  study: StudyFile
  /** Epoch ms. */
  added: number
}

/** That an actor received a task's gold (the first time): their later attempts at it are practice (AttemptInfo.afterGold). */
export interface GoldRow extends GoldReceipt {
  datasetId: string
}

/**
 * A study link's return channel in this browser (issue #30): the slot the
 * participant claimed, its upload URLs, and what was sent, so that a reload
 * or a closed tab neither claims again nor loses an upload.
 */
export interface StudyReturnRow {
  study: string
  participant: string
  slot: string
  /** The slot's uploads/<slot>.json as it was when claimed (its URLs and headers). */
  uploads: SlotUploads
  /** Task id → SHA-256 of each attempt upload the store confirmed. */
  sent: Record<string, string>
  /** Set once the closing manifest is stored: the completion may be shown. */
  closed: boolean
  /** Epoch ms. */
  updated: number
}

/** One grade of a rubric's items (grades.jsonl's line), kept per data set; `key` makes a repeated grade one row. */
export interface GradeRow {
  datasetId: string
  /** The grade's task, attempt, grader and time (what makes two grades the same one, as core's mergeGrades says). */
  key: string
  grade: Grade
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

/**
 * What happened to a page's database connection, for the page to say so:
 * - `upgraded`: another tab opened a newer version of the database (or deleted
 *   it), or the database on disk is newer than this page's code. This page's
 *   connection is closed for good: only a reload (with the newer code) can go on.
 * - `blocked`: this page needs to upgrade the database and waits until the
 *   other tabs that hold the older version let go of it.
 * - `open`: the database is open (again): a `blocked` wait is over.
 * - `write-failed`: a write of what a person or an agent did failed.
 */
export type DatabaseEvent =
  | { type: 'upgraded' | 'blocked' | 'open'; db: SpievalDatabase }
  | { type: 'write-failed'; db: SpievalDatabase; error: Error }

const listeners = new Set<(event: DatabaseEvent) => void>()

/**
 * Subscribes to every database's events. The page's alerts hang on this
 * rather than on each caller's error handling, so that a failure is shown
 * however the caller copes with it (a rollback that fails in turn included).
 */
export function watchDatabase(listener: (event: DatabaseEvent) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function emit(event: DatabaseEvent): void {
  for (const listener of listeners) {
    try {
      listener(event)
    } catch (err) {
      console.error(err) // one broken listener must not keep the others from hearing about the database
    }
  }
}

/** The reason writes fail once another tab has upgraded the database. */
export class DatabaseSupersededError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the database was upgraded by a newer tab of this page; reload this page to go on', options)
    this.name = 'DatabaseSupersededError'
  }
}

/** The newest version below: a new version raises it (a prepared data set says which layout its rows are in). */
export const SCHEMA_VERSION = 9

/** The app's IndexedDB. Each schema change is a new version, so that stored data migrates instead of being wiped. */
export class SpievalDatabase extends Dexie {
  datasets!: EntityTable<DatasetRow, 'id'>
  tasks!: Dexie.Table<TaskRow, [string, string]>
  taskRecords!: Dexie.Table<TaskRecordsRow, [string, string]>
  attempts!: EntityTable<AttemptRow, 'id'>
  calls!: Dexie.Table<CallRow, [string, number]>
  meta!: EntityTable<MetaRow, 'key'>
  studies!: EntityTable<StudyRow, 'id'>
  revisions!: Dexie.Table<RevisionRow, [string, string, number]>
  goldSeen!: Dexie.Table<GoldRow, [string, string, string]>
  studyReturns!: Dexie.Table<StudyReturnRow, [string, string]>
  grades!: Dexie.Table<GradeRow, [string, string]>

  constructor(name = 'spieval-phone') {
    super(name)
    this.version(1).stores(SCHEMA_V1)
    // Version 2 groups version 1's per-app rows into one row a task; version 3 then drops the old table.
    this.version(2)
      .stores({ taskRecords: '[datasetId+taskId]' })
      .upgrade((tx) => mergeRecordsRows(tx.table<RecordsRowV1>('records'), tx.table<TaskRecordsRow>('taskRecords')))
    this.version(3).stores({ records: null })
    // Version 4 names an attempt's count of calls `callCount` (it was `steps`, which elsewhere is the list of steps).
    this.version(4)
      .stores({})
      .upgrade((tx) =>
        tx
          .table('attempts')
          .toCollection()
          .modify((row: { steps?: number; callCount?: number }) => {
            if (row.steps === undefined) return
            row.callCount = row.steps
            delete row.steps
          }),
      )
    // Version 5 keeps the studies made from a data set, for the collector (issue #17).
    this.version(5).stores({ studies: 'id, datasetId' })
    // Version 6 keeps each revision of a task, for the editor's history and an export's CHANGES.md (issue #16).
    this.version(6).stores({ revisions: '[datasetId+taskId+rev]' })
    // Version 7 keeps who received which task's gold, so that later attempts are practice (issue #24); the reviews of earlier finishes showed it.
    this.version(7)
      .stores({ goldSeen: '[datasetId+taskId+actor]' })
      .upgrade((tx) => goldFromFinished(tx.table<AttemptRow, string>('attempts'), tx.table<GoldRow>('goldSeen')))
    // Version 8 keeps a study link's claimed slot and its uploads (issue #30); a new table, nothing to carry over.
    this.version(8).stores({ studyReturns: '[study+participant]' })
    // Version 9 keeps people's grades of rubric items (issue #29); a new table, nothing to carry over.
    this.version(SCHEMA_VERSION).stores({ grades: '[datasetId+key]' })
    // Subscribers run newest first; false keeps Dexie's own handler (a close that lets the next query reopen) from running after this one.
    this.on('versionchange', () => {
      this.supersede()
      return false
    })
    // This page waits to upgrade; the older tabs got a versionchange and are told to reload.
    this.on('blocked', () => emit({ type: 'blocked', db: this }))
    this.on(
      'ready',
      () => {
        // Dexie opens a database newer than its schema without a word (it retries without a version): this code would then read and write a layout it does not know.
        if (this.backendDB().version >= (this.verno + 1) * 10) {
          this.supersede()
          throw new DatabaseSupersededError()
        }
        emit({ type: 'open', db: this })
      },
      true,
    )
  }

  /** Set once another tab upgraded the database: this connection never opens again. */
  superseded = false

  /**
   * Closes for good. Dexie's own handler closes too, but lets the next query
   * open the database again, at whatever version it then has; this page's code
   * must not touch a newer layout, and the person must learn why nothing saves.
   */
  private supersede(): void {
    if (this.superseded) return
    this.superseded = true
    this.close({ disableAutoOpen: true })
    emit({ type: 'upgraded', db: this })
  }

  /** An explicit open (the raw-IndexedDB writes call it) refuses too, not only Dexie's automatic one. */
  override open(): ReturnType<Dexie['open']> {
    if (this.superseded) return Dexie.Promise.reject(new DatabaseSupersededError()) as ReturnType<Dexie['open']>
    return super.open()
  }

  /**
   * Runs a write of what a person or an agent did. A failure is announced
   * (the storage alert) before the caller sees it, and after an upgrade by
   * another tab it says so rather than "Database has been closed".
   */
  async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (err) {
      const error = this.superseded ? new DatabaseSupersededError({ cause: err }) : err instanceof Error ? err : new Error(String(err))
      emit({ type: 'write-failed', db: this, error })
      throw error
    }
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
      setOwn(current.records, row.app, row.records)
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

/** An attempt's call rows in step order, from step `from` on (the calls table's key is [attemptId+seq]). */
export function attemptCallRows(db: SpievalDatabase, attemptId: string, from = -Infinity) {
  return db.calls.where('[attemptId+seq]').between([attemptId, from], [attemptId, Infinity])
}
