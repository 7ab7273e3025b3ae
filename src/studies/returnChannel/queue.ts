/**
 * The upload queue of a study link's slot: which tasks still have an attempt
 * to send, sending them one at a time in the slot's order, and the closing
 * manifest once every one is stored. What was sent is decided from storage
 * (the finished attempts, the hashes kept after each confirmed upload), so a
 * reload or a closed tab resumes with what is missing and nothing twice. It
 * knows nothing of React or IndexedDB: the channel gives it its host.
 */
import { setOwn } from '../../core'

export interface StoredAttempt {
  id: string
  taskId: string
  actor: string
  started: number
  finished: boolean
  run?: unknown
}

/**
 * The attempt to send for each of the slot's tasks not sent yet: the
 * participant's first finished attempt at it (an upload is written once, so
 * the first stays the one sent, whatever came after), in the slot's order.
 */
export function pendingUploads(attempts: readonly StoredAttempt[], slotTasks: readonly string[], sent: Readonly<Record<string, string>>, actor: string): { task: string; attemptId: string }[] {
  const first = new Map<string, StoredAttempt>()
  for (const a of attempts) {
    if (!a.finished || a.run !== undefined || a.actor !== actor) continue
    const held = first.get(a.taskId)
    if (!held || a.started < held.started) first.set(a.taskId, a)
  }
  const out: { task: string; attemptId: string }[] = []
  for (const task of slotTasks) {
    const attempt = first.get(task)
    if (attempt && !Object.hasOwn(sent, task)) out.push({ task, attemptId: attempt.id })
  }
  return out
}

/** Every task of the slot has its attempt stored: the closing manifest may go. */
export const readyToClose = (slotTasks: readonly string[], sent: Readonly<Record<string, string>>): boolean =>
  slotTasks.length > 0 && slotTasks.every((task) => Object.hasOwn(sent, task))

/** The core uploader as the queue uses it (StudyUploader). */
export interface QueueUploader {
  sendAttempt(task: string, fingerprint: string, line: Record<string, unknown>): Promise<unknown>
  sentHashes(): Record<string, string>
  close(): Promise<unknown>
}

export type QueuePhase = 'working' | 'sending' | 'closing' | 'done' | 'failed'

/** How the queue stands, for the status region; `error` only with `failed`. */
export interface QueueReport {
  phase: QueuePhase
  sent: number
  error?: unknown
}

/** What the queue reads and writes around it: the page gives the stored attempts and IndexedDB, a test its own. */
export interface QueueHost {
  /** The attempts as stored now (finished or not, anyone's: the queue picks). */
  attempts(): readonly StoredAttempt[]
  actor(): string
  /** The attempt's line as the participant's export writes it, and the fingerprint of its task as shown. */
  lineOf(task: string, attemptId: string): Promise<{ line: Record<string, unknown>; fingerprint: string }>
  /** Keeps a confirmed upload, before the queue moves on: a tab closed after this does not send it again. */
  markSent(task: string, hash: string): Promise<void>
  /** Keeps that the manifest is stored. */
  markClosed(): Promise<void>
  report(report: QueueReport): void
  /** Only after the manifest is stored and kept: the completion code or the way back to the recruiter. */
  complete(): void
}

export class UploadQueue {
  private sent: Record<string, string>
  private closed: boolean
  private running: Promise<void> | undefined
  private again = false
  private failed = false

  constructor(
    private readonly tasks: readonly string[],
    state: { sent: Readonly<Record<string, string>>; closed: boolean },
    private readonly uploader: QueueUploader,
    private readonly host: QueueHost,
  ) {
    this.sent = { ...state.sent }
    this.closed = state.closed
  }

  get isClosed(): boolean {
    return this.closed
  }

  sentTasks(): Readonly<Record<string, string>> {
    return this.sent
  }

  /**
   * Sends what is missing. A call while sending runs once more after (an
   * attempt finished meanwhile); after a failure only a new call (the
   * participant's Try again, a new visit) tries again. Resolves when idle.
   */
  pump(): Promise<void> {
    if (this.closed) return Promise.resolve()
    if (this.running) {
      this.again = true
      return this.running
    }
    this.failed = false
    this.running = this.send()
      .catch((error: unknown) => {
        this.failed = true
        this.host.report({ phase: 'failed', sent: this.count(), error })
      })
      .finally(() => {
        this.running = undefined
      })
      .then(() => {
        if (!this.again) return
        this.again = false
        if (!this.failed) return this.pump()
      })
    return this.running
  }

  private count(): number {
    return Object.keys(this.sent).length
  }

  private async send(): Promise<void> {
    for (const { task, attemptId } of pendingUploads(this.host.attempts(), this.tasks, this.sent, this.host.actor())) {
      this.host.report({ phase: 'sending', sent: this.count() })
      const { line, fingerprint } = await this.host.lineOf(task, attemptId)
      await this.uploader.sendAttempt(task, fingerprint, line)
      const hash = this.uploader.sentHashes()[task] ?? ''
      await this.host.markSent(task, hash)
      const sent = { ...this.sent }
      setOwn(sent, task, hash)
      this.sent = sent
    }
    if (!readyToClose(this.tasks, this.sent)) return this.host.report({ phase: 'working', sent: this.count() })
    this.host.report({ phase: 'closing', sent: this.count() })
    await this.uploader.close()
    await this.host.markClosed()
    this.closed = true
    this.host.report({ phase: 'done', sent: this.count() })
    this.host.complete()
  }
}
