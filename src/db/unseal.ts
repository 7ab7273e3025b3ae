import Dexie from 'dexie'
import { DATASET_FILES, PLANNER_FILES, contentFingerprint, loadDataset, underPlayedRules } from '../core'
import type { AttemptJudge, JudgedAttempt, Skill, Task, TaskRecords } from '../core'
import { SealError, openSealedTasks } from '../core/seal'
import type { SealedManifest } from '../core/seal'
import { archivedAttempt } from './archivedAttempt'
import { judgedCalls, judgedRow } from './judged'
import { attemptCallRows, database } from './schema'
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
 * judged by `judge`, the re-scoring service (src/core/verdict): its calls
 * replayed with the kernel's rules under the opened task's gold and the
 * friction rules the participant's sealed task had (underPlayedRules), and
 * its steps and verdict stored as judged, with the opened task's
 * fingerprint.
 *
 * All or nothing: a wrong passphrase (SealError `wrong-passphrase`), a
 * folder sealed without one (`no-gold`), an altered task (`tampered`, naming
 * it) or opened lines that do not load (DatasetError) change nothing. The
 * decryption and the replays run before the write; the write is one
 * transaction, which starts over when an attempt finished meanwhile.
 */
export async function unsealStoredDataset(datasetId: string, passphrase: string, judge: AttemptJudge, db: SpievalDatabase = database()): Promise<UnsealedDataset> {
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
      ...plannerFiles(row),
    }).dataset.tasks
    const mismatch = opened.findIndex((t, i) => t.id !== tasks[i]?.id)
    if (mismatch >= 0 || opened.length !== tasks.length)
      throw new SealError('tampered', `Task "${tasks[mismatch]?.id ?? opened[mismatch]?.id ?? ''}": the opened tasks are not the stored ones.`, tasks[mismatch]?.id)
    const fingerprints = opened.map((task) => contentFingerprint({ task, records: records[task.id] ?? {} }))
    const judged = await judgeAll(row, opened, fingerprints, tasks, records, attempts, judge)
    const done = await db.write(() =>
      db.transaction('rw', [db.datasets, db.tasks, db.attempts, db.calls], async () => {
        const now = await db.datasets.get(datasetId)
        if (!now) throw new Error(`Data set "${row.name}" was deleted meanwhile.`)
        if (!sameSeal(now.sealed, manifest)) throw new SealError('not-sealed', `Data set "${row.name}" was unsealed meanwhile.`)
        const finished = (await attemptsOf(db, datasetId)).filter((a) => a.finished)
        if (finished.map(stamp).sort().join('\n') !== attempts.map(({ row: a }) => stamp(a)).sort().join('\n')) return false
        await db.tasks.bulkPut(opened.map((task, order) => ({ datasetId, id: task.id, order, task, fingerprint: fingerprints[order] })))
        const { sealed: _sealed, ...unsealed } = now
        await db.datasets.put(unsealed)
        for (const { row: before, calls } of attempts) {
          const result = judged.get(before.id)
          if (!result?.verdict) continue
          const now = await db.attempts.get(before.id)
          if (now) await db.attempts.put(judgedRow(now, result))
          await db.calls.bulkPut(judgedCalls(before.id, calls, result.steps))
        }
        return true
      }),
    )
    if (done) {
      const scored = [...judged.values()].flatMap((j) => (j.verdict ? [j.verdict] : []))
      return { tasks: opened.length, scored: scored.length, correct: scored.filter((v) => v.correct).length }
    }
    if (attempt >= TRIES) throw new Error(`Attempts at data set "${row.name}" kept finishing while it was being unsealed; nothing was changed. Try again.`)
  }
}

/** A planner data set's skills.json and agents.json, as imported: its opened tasks name skills and tools that need them. */
function plannerFiles(row: DatasetRow): Record<string, string> {
  const skillEntry = ({ displayName, ...skill }: Skill) => (displayName === undefined ? skill : { ...skill, display_name: displayName })
  return {
    ...(row.skills ? { [PLANNER_FILES.skills]: row.texts?.skills ?? JSON.stringify(row.skills.map(skillEntry)) } : {}),
    ...(row.agents ? { [PLANNER_FILES.agents]: row.texts?.agents ?? JSON.stringify(row.agents) } : {}),
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
    const calls = await Promise.all(finished.map((a) => attemptCallRows(db, a.id).toArray()))
    return { ...content, attempts: finished.map((row, i): { row: AttemptRow; calls: CallRow[] } => ({ row, calls: calls[i] ?? [] })) }
  })
}

/** Each finished attempt judged under the opened task: attempt id → what the service gave. */
async function judgeAll(
  row: DatasetRow,
  tasks: readonly Task[],
  fingerprints: readonly string[],
  sealedTasks: readonly Task[],
  records: Record<string, TaskRecords>,
  attempts: readonly { row: AttemptRow; calls: CallRow[] }[],
  judge: AttemptJudge,
): Promise<Map<string, JudgedAttempt>> {
  const byId = new Map(tasks.map((t, i) => [t.id, { task: t, fingerprint: fingerprints[i] ?? '' }]))
  const played = new Map(sealedTasks.map((t) => [t.id, t]))
  const versions = new Map<string, { task: Task; records: TaskRecords; fingerprint: string }>()
  const judged = new Map<string, JudgedAttempt>()
  for (const { row: stored, calls } of attempts) {
    const opened = byId.get(stored.taskId)
    if (!opened) continue // an attempt kept from a task the data set no longer has
    const { task, fingerprint } = opened
    let version = versions.get(task.id)
    if (!version) {
      // The opened version's gold, under the rules the participant's sealed task had (src/core/verdict underPlayedRules).
      version = { task: underPlayedRules(task, played.get(task.id) ?? task), records: records[task.id] ?? {}, fingerprint }
      versions.set(task.id, version)
    }
    judged.set(stored.id, await judge(archivedAttempt(stored, calls), version, { tools: row.tools, profile: row.profile }))
  }
  return judged
}
