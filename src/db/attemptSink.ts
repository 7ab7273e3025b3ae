import type { AttemptEnd, AttemptSink, AttemptStart, GoldReceipt, StepNote, StoredAttempt, StoredTurns, TrajectoryStep } from '../core'
import { attemptCalls, dropCalls, storeFinish, getAttempt, saveStep, storeAttempt, toSteps, withLatest } from './attempts'
import { goldReceived, recordGold } from './gold'
import { loadTurns, saveTurns } from './runs'
import { database } from './schema'
import type { AttemptRow, SpievalDatabase } from './schema'

export interface IndexedDbSinkOptions {
  datasetId: string
  /** The screen a new attempt starts on (the task's home screen). */
  homeScreen: (taskId: string) => string
  /** The attempt's active time now, kept with each step (the page's timer, or a job's clock). */
  elapsedMs: (attemptId: string) => number
  /** A new attempt becomes the open attempt (the phone's), in the transaction that creates it. */
  recordOpen?: boolean
  /**
   * Told of the attempt row as this sink last stored it, and why. `step` comes
   * with every call: a list that needs only starts and ends can skip it.
   */
  onRow?: (row: AttemptRow, why: 'created' | 'read' | 'step' | 'finished') => void
  /** How each call is written: `strict` when a study asks for it (sealed.json), else the browser's default. */
  durability?: IDBTransactionDurability
  db?: SpievalDatabase
}

/**
 * The kernel's sink in the page: an attempt row and one call row a step in
 * IndexedDB, an agent's turns in a meta row. It keeps the rows it wrote, so
 * that a step's write need not read the attempt back (calls are the hot path).
 */
export class IndexedDbSink implements AttemptSink {
  private readonly rows = new Map<string, AttemptRow>()
  private readonly db: SpievalDatabase

  constructor(private readonly options: IndexedDbSinkOptions) {
    this.db = options.db ?? database()
  }

  /** The attempt row as this sink last stored or read it. */
  row(attemptId: string): AttemptRow | undefined {
    return this.rows.get(attemptId)
  }

  async create({ attempt, inherited }: AttemptStart): Promise<void> {
    const row: AttemptRow = { ...attempt, datasetId: this.options.datasetId, screen: this.options.homeScreen(attempt.taskId) }
    await storeAttempt(row, inherited, this.options.recordOpen === true, this.db)
    this.keep(row, 'created')
  }

  async read(attemptId: string): Promise<StoredAttempt | undefined> {
    const row = await getAttempt(attemptId, this.db)
    if (!row) return undefined
    const [calls, turns] = await Promise.all([attemptCalls(attemptId, this.db), loadTurns(attemptId, this.db)])
    const latest = withLatest(row, calls)
    this.keep(latest, 'read')
    return { attempt: latest, steps: toSteps(calls), ...(turns ? { turns } : {}) }
  }

  async writeStep(attemptId: string, step: TrajectoryStep, note: StepNote): Promise<void> {
    const row = this.rows.get(attemptId)
    const durability = this.options.durability
    await saveStep(attemptId, step, { ...note, elapsedMs: this.options.elapsedMs(attemptId), ...(row ? { attempt: row } : {}), ...(durability ? { durability } : {}) }, this.db)
    if (row) this.keep({ ...row, callCount: Math.max(row.callCount ?? 0, step.seq + 1), ...(note.screen ? { screen: note.screen } : {}) }, 'step')
  }

  writeTurns(attemptId: string, turns: StoredTurns): Promise<void> {
    return saveTurns(attemptId, turns, this.db)
  }

  async dropSteps(attemptId: string, from: number): Promise<void> {
    await dropCalls(attemptId, from, this.db)
    const row = this.rows.get(attemptId)
    if (row) this.keep({ ...row, callCount: Math.min(row.callCount ?? 0, from) }, 'step')
  }

  async finish(attemptId: string, end: AttemptEnd): Promise<void> {
    const stored = await storeFinish(attemptId, { ...end, elapsedMs: this.options.elapsedMs(attemptId) }, this.db)
    if (!stored) throw new Error('The attempt is no longer stored')
    this.keep(stored, 'finished')
  }

  recordGold(receipt: GoldReceipt): Promise<void> {
    return recordGold(this.options.datasetId, receipt, this.db)
  }

  goldReceived(actor: string, taskId: string): Promise<boolean> {
    return goldReceived(this.options.datasetId, actor, taskId, this.db)
  }

  /** Remembers a screen a person moved to, so that the next step's write carries the row as it is. */
  noteScreen(attemptId: string, screen: string, screenAt: number): void {
    const row = this.rows.get(attemptId)
    if (row) this.rows.set(attemptId, { ...row, screen, screenAt })
  }

  private keep(row: AttemptRow, why: 'created' | 'read' | 'step' | 'finished'): void {
    this.rows.set(row.id, row)
    this.options.onRow?.(row, why)
  }
}
