import type { TrajectoryStep } from '../core'
import { database } from './schema'
import type { AttemptRow, AttemptSetting, CallRow, SpievalDatabase, StoredVerdict } from './schema'

/** Starts a fresh attempt at a task. */
export async function createAttempt(
  init: { datasetId: string; taskId: string; access: AttemptSetting; actor: string; screen: string },
  db: SpievalDatabase = database(),
): Promise<AttemptRow> {
  const row: AttemptRow = { id: crypto.randomUUID(), started: Date.now(), elapsedMs: 0, finished: false, ...init }
  await db.attempts.add(row)
  return row
}

/** The newest unfinished attempt at a task, to resume it. */
export async function openAttempt(datasetId: string, taskId: string, db: SpievalDatabase = database()): Promise<AttemptRow | undefined> {
  const rows = await db.attempts.where('[datasetId+taskId]').equals([datasetId, taskId]).toArray()
  return rows.filter((r) => !r.finished).sort((a, b) => b.started - a.started)[0]
}

export async function getAttempt(id: string, db: SpievalDatabase = database()): Promise<AttemptRow | undefined> {
  return db.attempts.get(id)
}

/** An attempt's calls in order. */
export async function attemptCalls(attemptId: string, db: SpievalDatabase = database()): Promise<CallRow[]> {
  return db.calls.where('[attemptId+seq]').between([attemptId, -Infinity], [attemptId, Infinity]).toArray()
}

/** Stores a call (or its withdrawal) together with the screen it leaves the phone on, in one transaction. */
export async function saveStep(
  attemptId: string,
  step: TrajectoryStep,
  screen: string | undefined,
  db: SpievalDatabase = database(),
): Promise<void> {
  const row: CallRow = {
    attemptId,
    seq: step.seq,
    at: Date.now(),
    name: step.name,
    arguments: step.arguments,
    source: step.source,
    kind: step.kind,
    ok: step.ok,
    content: step.content,
    ...(step.withdrawn ? { withdrawn: true } : {}),
  }
  await db.transaction('rw', [db.calls, db.attempts], async () => {
    await db.calls.put(row)
    if (screen !== undefined) await db.attempts.update(attemptId, { screen })
  })
}

/** Remembers where the phone is, so that a reload comes back to it. */
export async function saveScreen(attemptId: string, screen: string, db: SpievalDatabase = database()): Promise<void> {
  await db.attempts.update(attemptId, { screen })
}

/** Steps as the core's session takes them back on resume. */
export function toSteps(rows: readonly CallRow[]): TrajectoryStep[] {
  return rows.map((r) => ({
    seq: r.seq,
    name: r.name,
    arguments: r.arguments,
    source: r.source,
    kind: r.kind,
    ok: r.ok,
    content: r.content,
    ...(r.withdrawn ? { withdrawn: true } : {}),
  }))
}

/** Ends an attempt with its verdict; the write is committed before this resolves. */
export async function finishAttempt(
  attemptId: string,
  finish: { verdict: StoredVerdict; elapsedMs: number },
  db: SpievalDatabase = database(),
): Promise<AttemptRow | undefined> {
  await db.transaction('rw', db.attempts, async () => {
    await db.attempts.update(attemptId, { finished: true, ended: Date.now(), verdict: finish.verdict, elapsedMs: finish.elapsedMs })
  })
  return db.attempts.get(attemptId)
}
