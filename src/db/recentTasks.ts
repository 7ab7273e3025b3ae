import type { Task, TaskRecords } from '../core'
import { database } from './schema'
import type { SpievalDatabase } from './schema'

/** A task version as loadTask gives it. */
export interface LoadedTask {
  task: Task
  records: TaskRecords
  fingerprint?: string
}

/**
 * The records of the tasks last opened on the phone, kept in memory, so that
 * going back and forth between tasks does not read a big task's records from
 * IndexedDB again: a task of 100,000 records took about half a second to
 * read and clone, one of 20 about 30 ms. Each open still reads the task's
 * small row, and its content fingerprint (computed at import and on every
 * save) says whether the kept records are still the stored ones: an edited
 * task has a new fingerprint and is read again. A row without a fingerprint
 * is never kept. Records are never changed in place (a live attempt's
 * changes make new lists), so the kept lists can be handed out again.
 */
export class RecentTasks {
  private readonly kept = new Map<string, { fingerprint: string; records: TaskRecords }>()

  constructor(private readonly size = 2) {}

  async load(datasetId: string, taskId: string, db: SpievalDatabase = database()): Promise<LoadedTask | undefined> {
    const key = `${datasetId}\u0000${taskId}`
    const kept = this.kept.get(key)
    // A task not kept has its row and records read at once, in parallel, as before there was a cache: reading
    // them one after the other made every first open of a task wait for one more round trip to IndexedDB.
    const [row, unkept] = await Promise.all([db.tasks.get([datasetId, taskId]), kept ? undefined : db.taskRecords.get([datasetId, taskId])])
    if (!row) return undefined
    const fingerprint = row.fingerprint
    if (kept && fingerprint !== undefined && kept.fingerprint === fingerprint) {
      // Most recent last: the oldest is the first to go.
      this.kept.delete(key)
      this.kept.set(key, kept)
      return { task: row.task, records: kept.records, fingerprint }
    }
    const records = (kept ? await db.taskRecords.get([datasetId, taskId]) : unkept)?.records ?? {}
    if (fingerprint === undefined) return { task: row.task, records }
    this.kept.delete(key)
    this.kept.set(key, { fingerprint, records })
    while (this.kept.size > this.size) {
      const oldest = this.kept.keys().next().value
      if (oldest === undefined) break
      this.kept.delete(oldest)
    }
    return { task: row.task, records, fingerprint }
  }
}
