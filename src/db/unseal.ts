import Dexie from 'dexie'
import { DATASET_FILES, loadDataset, toolProperties } from '../core'
import type { Task, TaskRecords } from '../core'
import { needsKernel, rescoreAttempt } from '../core/archive'
import type { ArchivedVerdict } from '../core/archive'
import { SealError, openSealedTasks } from '../core/seal'
import type { SealedManifest } from '../core/seal'
import { archivedAttempt } from './archive'
import { database } from './schema'
import type { AttemptRow, CallRow, DatasetRow, SpievalDatabase } from './schema'

/** A stored data set read whole: its row, its tasks in file order and each task's records. */
export interface StoredDatasetContent {
  row: DatasetRow
  tasks: Task[]
  records: Record<string, TaskRecords>
}

/** A stored data set's row, tasks and records, read in one transaction; undefined when it is not stored. */
export async function readStoredDataset(datasetId: string, db: SpievalDatabase = database()): Promise<StoredDatasetContent | undefined> {
  return db.transaction('r', [db.datasets, db.tasks, db.taskRecords], async () => {
    const row = await db.datasets.get(datasetId)
    if (!row) return undefined
    const taskRows = await db.tasks.where('[datasetId+order]').between([datasetId, -Infinity], [datasetId, Infinity]).toArray()
    const recordRows = await db.taskRecords.where('[datasetId+taskId]').between([datasetId, Dexie.minKey], [datasetId, Dexie.maxKey]).toArray()
    const records: Record<string, TaskRecords> = {}
    for (const r of recordRows) Object.defineProperty(records, r.taskId, { value: r.records, enumerable: true, writable: true, configurable: true })
    return { row, tasks: taskRows.map((r) => r.task), records }
  })
}

/** What unsealing a stored data set did. */
export interface UnsealedDataset {
  /** Tasks opened (all of the data set's). */
  tasks: number
  /** Finished attempts scored now (they were stored without a verdict). */
  scored: number
  /** Of those, the ones the gold calls correct. */
  correct: number
}

/** A finished attempt as read, to tell whether it changed before the write. */
const stamp = (a: AttemptRow): string => `${a.id}:${a.ended ?? ''}:${a.callCount ?? ''}`

/** Retries when attempts finish while the work outside the transaction runs; more would mean something keeps finishing them. */
const TRIES = 3

/**
 * The seal's identity, to make sure the data set written over is the one
 * opened: it could have been unsealed meanwhile, in another tab.
 */
const sameSeal = (a: SealedManifest | undefined, b: SealedManifest): boolean => a !== undefined && a.check === b.check && a.kdf?.salt === b.kdf?.salt

/**
 * Opens a sealed data set in storage with its passphrase: every task's line
 * is decrypted and checked (src/core/seal openSealedTasks) and read again by
 * the one loader, against the stored records, tools and profile; the stored
 * tasks are replaced by the opened ones, `sealed` is dropped from the data
 * set, and every finished attempt at its tasks (stored without a verdict) is
 * scored by the one scorer, a live one or one with random failures by
 * running its calls again through the attempt kernel (rescoreAttempt). The
 * participant met no friction rule, whose rules were sealed with the gold, so
 * the replay leaves those rules out; the state it checks is the one the
 * participant left.
 *
 * All or nothing: a wrong passphrase (SealError `wrong-passphrase`), a
 * folder sealed without one (`no-gold`), an altered task (`tampered`, naming
 * it) or opened lines that do not load (DatasetError) change nothing. The
 * decryption and the replays run before the write; the write is one
 * transaction, which starts over when an attempt finished meanwhile.
 */
export async function unsealStoredDataset(datasetId: string, passphrase: string, db: SpievalDatabase = database()): Promise<UnsealedDataset> {
  for (let attempt = 1; ; attempt++) {
    const read = await readForUnseal(datasetId, db)
    const { row, tasks, records, attempts } = read
    const manifest = row.sealed
    if (!manifest) throw new SealError('not-sealed', `Data set "${row.name}" is not sealed.`)
    const lines = await openSealedTasks(manifest, tasks, passphrase)
    const opened = loadDataset({
      [DATASET_FILES.inputData]: lines.join('\n') + '\n',
      [DATASET_FILES.records]: JSON.stringify(Object.fromEntries(tasks.map((t) => [t.id, records[t.id] ?? {}]))),
      [DATASET_FILES.tools]: JSON.stringify(row.tools),
      ...(row.hasProfile ? { [DATASET_FILES.profile]: JSON.stringify(row.profile) } : {}),
    }).dataset.tasks
    const mismatch = opened.findIndex((t, i) => t.id !== tasks[i]?.id)
    if (mismatch >= 0 || opened.length !== tasks.length)
      throw new SealError('tampered', `Task "${tasks[mismatch]?.id ?? opened[mismatch]?.id ?? ''}": the opened tasks are not the stored ones.`, tasks[mismatch]?.id)
    const verdicts = await scoreAll(row, opened, records, attempts)
    const done = await db.write(() =>
      db.transaction('rw', [db.datasets, db.tasks, db.attempts], async () => {
        const now = await db.datasets.get(datasetId)
        if (!now) throw new Error(`Data set "${row.name}" was deleted meanwhile.`)
        if (!sameSeal(now.sealed, manifest)) throw new SealError('not-sealed', `Data set "${row.name}" was unsealed meanwhile.`)
        const finished = (await attemptsOf(db, datasetId)).filter((a) => a.finished)
        if (finished.map(stamp).sort().join('\n') !== attempts.map(({ row: a }) => stamp(a)).sort().join('\n')) return false
        await db.tasks.bulkPut(opened.map((task, order) => ({ datasetId, id: task.id, order, task })))
        const { sealed: _sealed, ...unsealed } = now
        await db.datasets.put(unsealed)
        for (const [id, verdict] of verdicts) await db.attempts.update(id, { verdict })
        return true
      }),
    )
    if (done) {
      const scored = [...verdicts.values()]
      return { tasks: opened.length, scored: scored.length, correct: scored.filter((v) => v.correct).length }
    }
    if (attempt >= TRIES) throw new Error(`Attempts at data set "${row.name}" kept finishing while it was being unsealed; nothing was changed. Try again.`)
  }
}

async function attemptsOf(db: SpievalDatabase, datasetId: string): Promise<AttemptRow[]> {
  return db.attempts.where('[datasetId+taskId]').between([datasetId, Dexie.minKey], [datasetId, Dexie.maxKey]).toArray()
}

/** What unsealing reads, in one transaction: the data set whole, and its finished attempts with their calls. */
async function readForUnseal(datasetId: string, db: SpievalDatabase) {
  return db.transaction('r', [db.datasets, db.tasks, db.taskRecords, db.attempts, db.calls], async () => {
    const content = await readStoredDataset(datasetId, db)
    if (!content) throw new Error(`No data set ${datasetId} is stored.`)
    const finished = (await attemptsOf(db, datasetId)).filter((a) => a.finished)
    const calls = await Promise.all(finished.map((a) => db.calls.where('[attemptId+seq]').between([a.id, -Infinity], [a.id, Infinity]).toArray()))
    return { ...content, attempts: finished.map((row, i): { row: AttemptRow; calls: CallRow[] } => ({ row, calls: calls[i] ?? [] })) }
  })
}

/** The friction rules a sealed task's attempt never met: they were sealed with the gold. */
function withoutFriction(task: Task): Task {
  if (!task.live?.friction) return task
  const { friction: _friction, ...live } = task.live
  const { live: _live, ...rest } = task
  return Object.keys(live).length > 0 ? { ...rest, live } : rest
}

/** Each finished attempt's verdict under the opened gold: attempt id → verdict. */
async function scoreAll(
  row: DatasetRow,
  tasks: readonly Task[],
  records: Record<string, TaskRecords>,
  attempts: readonly { row: AttemptRow; calls: CallRow[] }[],
): Promise<Map<string, ArchivedVerdict>> {
  const byId = new Map(tasks.map((t) => [t.id, t]))
  const properties = toolProperties(row.tools)
  const verdicts = new Map<string, ArchivedVerdict>()
  for (const { row: stored, calls } of attempts) {
    const task = byId.get(stored.taskId)
    if (!task) continue // an attempt kept from a task the data set no longer has
    const archived = archivedAttempt(stored, calls)
    const kernel = needsKernel(archived) ? { tools: row.tools, records: records[task.id] ?? {}, profile: row.profile } : undefined
    const { verdict } = await rescoreAttempt(archived, withoutFriction(task), properties, kernel)
    if (verdict) verdicts.set(stored.id, verdict)
  }
  return verdicts
}
