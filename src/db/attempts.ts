import Dexie from 'dexie'
import type { TrajectoryStep } from '../core'
import { newId, stepFields } from '../core'
import { attemptCallRows, database } from './schema'
import type { AttemptFlag, AttemptRow, AttemptSetting, CallRow, SpievalDatabase, StoredVerdict } from './schema'

/** Starts a fresh attempt at a task. */
export async function createAttempt(
  init: { datasetId: string; taskId: string; access: AttemptSetting; actor: string; screen: string; run?: AttemptRow['run'] },
  db: SpievalDatabase = database(),
): Promise<AttemptRow> {
  const row: AttemptRow = { id: newId(), started: Date.now(), elapsedMs: 0, finished: false, callCount: 0, ...init }
  await storeAttempt(row, [], false, db)
  return row
}

/** Where the open attempt is kept: the one opened last on the phone, whoever opened it. */
const OPEN_ATTEMPT_KEY = 'openAttempt'

/**
 * Stores a new attempt with a fork's inherited calls, in one transaction;
 * with `open`, it becomes the open attempt in that same transaction, so that
 * a reload at any moment resumes it.
 */
export async function storeAttempt(row: AttemptRow, inherited: readonly TrajectoryStep[], open: boolean, db: SpievalDatabase = database()): Promise<void> {
  const at = row.started
  await db.write(() =>
    db.transaction('rw', [db.attempts, db.calls, db.meta], async () => {
      await db.attempts.add(row)
      if (inherited.length > 0) await db.calls.bulkAdd(inherited.map((step) => callRow(row.id, step, at, {})))
      if (open) await db.meta.put({ key: OPEN_ATTEMPT_KEY, value: { datasetId: row.datasetId, attemptId: row.id } })
    }),
  )
}

/** The open attempt of a data set, if it is still stored. */
export async function openAttempt(datasetId: string, db: SpievalDatabase = database()): Promise<AttemptRow | undefined> {
  const value = (await db.meta.get(OPEN_ATTEMPT_KEY))?.value as { datasetId?: unknown; attemptId?: unknown } | undefined
  if (value?.datasetId !== datasetId || typeof value.attemptId !== 'string') return undefined
  return db.attempts.get(value.attemptId)
}

/** Makes a stored attempt the open one (a person goes back to an attempt of theirs). */
export async function markOpen(row: Pick<AttemptRow, 'id' | 'datasetId'>, db: SpievalDatabase = database()): Promise<void> {
  await db.write(() => db.meta.put({ key: OPEN_ATTEMPT_KEY, value: { datasetId: row.datasetId, attemptId: row.id } }))
}

/**
 * Deletes an attempt that holds no work of anyone's: nobody's (no annotator named yet), unfinished, and without a
 * stored call. Any other attempt is kept. Resolves to whether it was deleted.
 */
export async function discardNobodysEmptyAttempt(attemptId: string, db: SpievalDatabase = database()): Promise<boolean> {
  return db.write(() =>
    db.transaction('rw', [db.attempts, db.calls], async () => {
      const row = await db.attempts.get(attemptId)
      if (!row || row.actor !== '' || row.finished) return false
      if ((await attemptCallRows(db, attemptId).count()) > 0) return false
      await db.attempts.delete(attemptId)
      return true
    }),
  )
}

/** Removes an attempt's calls from `from` on (those of an agent's turn that was never stored whole). */
export async function dropCalls(attemptId: string, from: number, db: SpievalDatabase = database()): Promise<void> {
  await db.write(() =>
    db.transaction('rw', [db.attempts, db.calls], async () => {
      await attemptCallRows(db, attemptId, from).delete()
      await db.attempts.where('id').equals(attemptId).modify((r) => void (r.callCount = Math.min(r.callCount ?? 0, from)))
    }),
  )
}

/** A data set's attempts, by everyone, in the order they were started. */
export async function datasetAttempts(datasetId: string, db: SpievalDatabase = database()): Promise<AttemptRow[]> {
  const rows = await db.attempts.where('[datasetId+taskId]').between([datasetId, Dexie.minKey], [datasetId, Dexie.maxKey]).toArray()
  return rows.sort((a, b) => a.started - b.started)
}

/** The newest attempt of one person at a task, finished or not; merged-in attempts of others with the same name are not theirs to resume. */
export async function latestAttempt(
  datasetId: string,
  taskId: string,
  actor: string,
  db: SpievalDatabase = database(),
): Promise<AttemptRow | undefined> {
  const rows = await db.attempts.where('[datasetId+taskId]').equals([datasetId, taskId]).toArray()
  return rows.filter((r) => r.actor === actor && r.importedFrom === undefined).sort((a, b) => b.started - a.started)[0]
}

export async function getAttempt(id: string, db: SpievalDatabase = database()): Promise<AttemptRow | undefined> {
  return db.attempts.get(id)
}

/** An attempt's calls in order. */
export async function attemptCalls(attemptId: string, db: SpievalDatabase = database()): Promise<CallRow[]> {
  return attemptCallRows(db, attemptId).toArray()
}

/** An attempt with something in it: finished, or with a call. An opened task without a call is a visit. */
export function isRecorded(row: AttemptRow): boolean {
  return row.finished || (row.callCount ?? 0) > 0
}

/** A finished attempt's calls never change: they are read once per page. */
const finishedCalls = new Map<string, CallRow[]>()

/** The calls of several attempts, by attempt id (finished ones from a cache). */
export async function callsOf(rows: readonly AttemptRow[], db: SpievalDatabase = database()): Promise<Map<string, CallRow[]>> {
  const entries = await Promise.all(
    rows.map(async (row): Promise<[string, CallRow[]]> => {
      const cached = row.finished ? finishedCalls.get(row.id) : undefined
      if (cached) return [row.id, cached]
      const calls = await attemptCalls(row.id, db)
      if (row.finished) finishedCalls.set(row.id, calls)
      return [row.id, calls]
    }),
  )
  return new Map(entries)
}

/**
 * Stores a call (or its withdrawal) with what it leaves behind: the screen it
 * moved the phone to and the active time so far. The call rows are the
 * attempt's log; the attempt row is a summary written at its first call (so
 * that it counts as started) and at checkpoints. `withLatest` reads both.
 * Writing one row per call keeps each call to one request: calls are the hot
 * path (an agent makes hundreds a second).
 */
export async function saveStep(
  attemptId: string,
  step: TrajectoryStep,
  change: { screen?: string; elapsedMs?: number; attempt?: AttemptRow; durability?: IDBTransactionDurability },
  db: SpievalDatabase = database(),
): Promise<void> {
  const row = callRow(attemptId, step, Date.now(), change)
  const first = step.seq === 0 && !step.withdrawn
  return db.write(() => writeStep(db, attemptId, step, row, first, change.attempt, change.durability))
}

function callRow(attemptId: string, step: TrajectoryStep, at: number, change: { screen?: string; elapsedMs?: number }): CallRow {
  return {
    attemptId,
    seq: step.seq,
    at,
    ...stepFields(step),
    ...(change.screen !== undefined ? { screen: change.screen } : {}),
    ...(change.elapsedMs !== undefined ? { elapsedMs: change.elapsedMs } : {}),
  }
}

/** One call row (and, at the first call, the attempt row) in one raw IndexedDB transaction. */
async function writeStep(
  db: SpievalDatabase,
  attemptId: string,
  step: TrajectoryStep,
  row: CallRow,
  first: boolean,
  leading: AttemptRow | undefined,
  durability: IDBTransactionDurability | undefined,
): Promise<void> {
  if (!db.isOpen()) await db.open()
  // Raw IndexedDB: Dexie's update reads keys and values before it writes, and its promises cost more than the write.
  const tx = db.backendDB().transaction(first ? [db.calls.name, db.attempts.name] : [db.calls.name], 'readwrite', durability ? { durability } : undefined)
  const calls = tx.objectStore(db.calls.name)
  await new Promise<void>((resolve, reject) => {
    const fail = () => reject(tx.error ?? new Error('The call could not be saved'))
    tx.oncomplete = () => resolve()
    tx.onerror = fail
    tx.onabort = fail
    if (step.withdrawn) {
      // A withdrawal keeps the time of the call it takes back, and what that call left behind.
      const previous = calls.get([attemptId, step.seq])
      previous.onsuccess = () => {
        const call = previous.result as CallRow | undefined
        if (call) row.at = call.at
        if (call?.screen !== undefined && row.screen === undefined) row.screen = call.screen
        if (call?.elapsedMs !== undefined && row.elapsedMs === undefined) row.elapsedMs = call.elapsedMs
        calls.put(row)
      }
    } else calls.put(row)
    if (!first) return
    const attempts = tx.objectStore(db.attempts.name)
    const read = attempts.get(attemptId)
    read.onsuccess = () => {
      const attempt = read.result as AttemptRow | undefined
      // The leading tab's copy of the row is the row (no other tab writes it), but for its task: an edit that renamed
      // the task since has moved the stored row, and the old id written back would undo the rename for this attempt.
      if (attempt) attempts.put(withLatest(leading ? { ...leading, taskId: attempt.taskId } : attempt, [row]))
    }
  })
}

/**
 * An attempt as its calls leave it: the summary row brought up to date with
 * the log (calls made, active time, and the newer of the screen a person
 * moved to and the screen a call moved to).
 */
export function withLatest(row: AttemptRow, calls: readonly CallRow[]): AttemptRow {
  let callCount = row.callCount ?? 0
  let screen = row.screen
  let screenAt = row.screenAt ?? Number.NEGATIVE_INFINITY
  for (const call of calls) {
    callCount = Math.max(callCount, call.seq + 1)
    if (call.screen !== undefined && call.at >= screenAt) {
      screen = call.screen
      screenAt = call.at
    }
  }
  // A finished attempt's time is final (stored with its verdict).
  return { ...row, callCount, elapsedMs: row.finished ? row.elapsedMs : elapsedAfter(row.elapsedMs, calls), screen }
}

/** The active time after these calls: the greater of a stored time and the time the last call carries. */
export function elapsedAfter(elapsedMs: number, calls: readonly CallRow[]): number {
  return calls.reduce((ms, call) => Math.max(ms, call.elapsedMs ?? 0), elapsedMs)
}

/** Remembers where a person moved the phone at `screenAt`, so that a reload comes back to it (the time decides against calls' screens). */
export async function saveScreen(attemptId: string, screen: string, screenAt: number, db: SpievalDatabase = database()): Promise<void> {
  await db.write(() => db.attempts.update(attemptId, { screen, screenAt }))
}

/** A checkpoint: the active time so far and the calls made (on leaving the tab, and every few seconds). */
export async function saveElapsed(attemptId: string, elapsedMs: number, callCount?: number, db: SpievalDatabase = database()): Promise<void> {
  await db.write(() =>
    db.attempts
      .where('id')
      .equals(attemptId)
      .and((r) => !r.finished)
      .modify((r) => {
        r.elapsedMs = elapsedMs
        if (callCount !== undefined) r.callCount = Math.max(r.callCount ?? 0, callCount)
      }),
  )
}

/** Steps as the core's session takes them back on resume. */
export function toSteps(rows: readonly CallRow[]): TrajectoryStep[] {
  return rows.map((r) => ({ seq: r.seq, ...stepFields(r) }))
}

/** Runs a read-modify-write of one attempt in a raw IndexedDB transaction with the given durability; resolves to the row as stored. */
function updateAttemptDurably(
  db: SpievalDatabase,
  attemptId: string,
  modify: (row: AttemptRow) => AttemptRow,
  durability: IDBTransactionDurability,
): Promise<AttemptRow | undefined> {
  // Dexie sets durability per database only; a finish alone asks for "strict".
  const tx = db.backendDB().transaction([db.attempts.name], 'readwrite', { durability })
  const store = tx.objectStore(db.attempts.name)
  let result: AttemptRow | undefined
  return new Promise((resolve, reject) => {
    const get = store.get(attemptId)
    get.onsuccess = () => {
      const row = get.result as AttemptRow | undefined
      if (!row) return
      store.put(modify(row))
      // What is now stored, read back in the same transaction: callers keep and show storage's row, not the value they meant to write.
      const stored = store.get(attemptId)
      stored.onsuccess = () => (result = stored.result as AttemptRow | undefined)
    }
    tx.oncomplete = () => resolve(result)
    tx.onerror = () => reject(tx.error ?? new Error('The attempt could not be saved'))
    tx.onabort = () => reject(tx.error ?? new Error('The attempt could not be saved'))
  })
}

/** Ends an attempt with its verdict. Resolves once the write is on disk (strict durability). */
export async function storeFinish(
  attemptId: string,
  finish: { verdict?: StoredVerdict; verdictFingerprint?: string; elapsedMs: number; callCount: number },
  db: SpievalDatabase = database(),
): Promise<AttemptRow | undefined> {
  return db.write(async () => {
    if (!db.isOpen()) await db.open()
    return updateAttemptDurably(
      db,
      attemptId,
      (row) => ({
        ...row,
        finished: true,
        ended: Date.now(),
        ...(finish.verdict ? { verdict: finish.verdict } : {}),
        ...(finish.verdict && finish.verdictFingerprint ? { verdictFingerprint: finish.verdictFingerprint } : {}),
        elapsedMs: finish.elapsedMs,
        callCount: Math.max(row.callCount ?? 0, finish.callCount),
      }),
      'strict',
    )
  })
}

/** Adds a flag for the task's author to a (finished) attempt. */
export async function addFlag(attemptId: string, flag: AttemptFlag, db: SpievalDatabase = database()): Promise<AttemptRow | undefined> {
  return db.write(() =>
    db.transaction('rw', db.attempts, async () => {
      const row = await db.attempts.get(attemptId)
      if (!row) return undefined
      const next = { ...row, flags: [...(row.flags ?? []), flag] }
      await db.attempts.put(next)
      return next
    }),
  )
}
