/**
 * Drives the page's host of the attempt kernel without a browser: its own
 * IndexedDB (fake-indexeddb, a database per harness), a clock moved by hand,
 * a lock in memory, a session store of its own, and frames that come only
 * when the test says. `reload()` is a new page over the same storage.
 */
import 'fake-indexeddb/auto'
import { createStore } from 'zustand/vanilla'
import { MemoryLeadLock } from '../../src/core/index'
import type { AttemptSetting, LeadLock } from '../../src/core/index'
import { SpievalDatabase, importDataset, listTasks } from '../../src/db/index'
import type { AttemptRow } from '../../src/db/index'
import { PageHost } from '../../src/state/pageHost'
import type { PageClock } from '../../src/state/pageHost'
import { phonePlan } from '../../src/state/phonePlan'
import type { PhoneRoute } from '../../src/state/routes'
import type { SessionState } from '../../src/state/sessionStore'
import { readDatasetFolder } from '../../cli/files'

let databases = 0

/** A clock that moves only when told: the timer's active time and the wall clock alike. */
export class ManualClock implements PageClock {
  private base = 0
  private since: number | null = null
  private wall = 1_700_000_000_000
  start(baseMs: number, running: boolean): void {
    this.base = baseMs
    this.since = running ? this.wall : null
  }
  pause(): number {
    this.base = this.elapsed()
    this.since = null
    return this.base
  }
  resume(): void {
    if (this.since === null) this.since = this.wall
  }
  elapsed(): number {
    return this.base + (this.since === null ? 0 : this.wall - this.since)
  }
  now(): number {
    return this.wall
  }
  advance(ms: number): void {
    this.wall += ms
  }
  get running(): boolean {
    return this.since !== null
  }
}

export interface HarnessOptions {
  /** Shared storage (a reload); default: a new database. */
  db?: SpievalDatabase
  lock?: LeadLock
  actor?: string
  access?: AttemptSetting
}

export class PageHostHarness {
  readonly db: SpievalDatabase
  readonly clock = new ManualClock()
  readonly lock: LeadLock
  readonly session = createStore<SessionState>()(() => ({ status: 'idle', tasks: [], steps: [], leading: true }))
  /** The task list's copy of each attempt row, as the host last told it. */
  readonly progress = new Map<string, AttemptRow>()
  readonly phoneResets: { route: PhoneRoute; by: 'agent' | undefined }[] = []
  readonly storageErrors: unknown[] = []
  readonly settings: { actor: string; access: AttemptSetting }
  private readonly frameJobs = new Map<string, () => void>()
  readonly host: PageHost

  constructor(options: HarnessOptions = {}) {
    this.db = options.db ?? new SpievalDatabase(`page-host-harness-${databases++}`)
    this.lock = options.lock ?? new MemoryLeadLock()
    this.settings = { actor: options.actor ?? 'ann', access: options.access ?? 'browse' }
    this.host = new PageHost({
      db: this.db,
      clock: this.clock,
      lock: this.lock,
      session: this.session,
      progress: (row) => this.progress.set(row.id, row),
      forgetAttempt: (attemptId) => this.progress.delete(attemptId),
      phone: { plan: phonePlan, reset: (route, by) => this.phoneResets.push({ route, by }) },
      frames: {
        later: (key, job) => {
          this.frameJobs.delete(key)
          this.frameJobs.set(key, job)
        },
        flush: () => this.frame(),
      },
      settings: () => this.settings,
      storage: {
        report: (err) => {
          this.storageErrors.push(err)
          return err instanceof Error ? err : new Error(String(err))
        },
        clear: () => undefined,
      },
      visible: () => true,
    })
  }

  /** Imports a data set folder into this harness's storage and makes it the page's. */
  async load(folder: string, name = 'sample'): Promise<void> {
    const row = await importDataset(readDatasetFolder(folder), { name, source: 'files' }, this.db)
    await this.useDataset(row.id)
  }

  private async useDataset(id: string): Promise<void> {
    const dataset = await this.db.datasets.get(id)
    if (!dataset) throw new Error(`data set ${id} is not stored`)
    this.session.setState({ dataset, tasks: await listTasks(id, this.db), status: 'ready' })
  }

  /** The next frame: what programs did since the last one is shown. */
  frame(): void {
    const jobs = [...this.frameJobs.values()]
    this.frameJobs.clear()
    for (const job of jobs) job()
  }

  get state(): SessionState {
    return this.session.getState()
  }

  /** The same storage opened by a new page (the old one gone: its attempt let go, its lead released). */
  async reload(): Promise<PageHostHarness> {
    await this.host.leaveAttempt()
    const next = new PageHostHarness({ db: this.db, lock: this.lock, actor: this.settings.actor, access: this.settings.access })
    const dataset = this.state.dataset
    if (dataset) await next.useDataset(dataset.id)
    return next
  }
}
