/**
 * The return channel of a study link while the page is open: it watches the
 * attempts as stored, sends each finished task's attempt (its export line,
 * encrypted to the collector) as soon as it is stored, then the closing
 * manifest, and only once the store confirmed the manifest gives the
 * completion. What was sent is kept in IndexedDB (src/db), so a reload sends
 * only what is missing. Nothing is scored here: the share has no gold.
 */
import { create } from 'zustand'
import { buildArchive, ARCHIVE_FILES } from '../../core/archive'
import { setOwn } from '../../core'
import { StudyUploader } from '../../core/study'
import type { PutObject, ReturnCompletion, StudyReturn, UploadParticipant } from '../../core/study'
import { markStudyUploadSent, readAttemptExport, saveStudyReturn } from '../../db'
import type { DatasetRow, StudyReturnRow } from '../../db'
import { useProgress } from '../../state/progress'
import { useSession } from '../../state/session'
import { useSettings } from '../../state/settings'
import { pendingUploads, readyToClose } from './queue'

export type ChannelPhase = 'working' | 'sending' | 'closing' | 'done' | 'failed'

interface ChannelState {
  phase?: ChannelPhase
  sent: number
  total: number
  /** Why the last upload failed, in the store's or the network's words. */
  reason?: string
  completion?: ReturnCompletion
  datasetId?: string
}

export const useReturnChannel = create<ChannelState>()(() => ({ sent: 0, total: 0 }))

/** The browser's fetch as the core uploader's PUT. */
export const fetchPut: PutObject = async (url, body, headers) => {
  const answer = await fetch(url, { method: 'PUT', body, headers: { ...headers }, credentials: 'omit', cache: 'no-store' })
  return { status: answer.status }
}

export const waitMs = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Where the participant goes once done: a redirect when the completion has a URL (Prolific's). */
export function leaveForCompletion(completion: ReturnCompletion): void {
  if (completion.url !== undefined) window.location.assign(completion.url)
}

export interface ChannelInput {
  study: StudyReturn
  participant: UploadParticipant
  row: StudyReturnRow
  /** The share's folder URL, as its data set's `source`. */
  folder: string
}

let current: ReturnChannel | undefined

/** Starts (once a page) the channel of the claimed slot; it begins sending once the share is the open data set. */
export function startChannel(input: ChannelInput): void {
  if (current) return
  current = new ReturnChannel(input)
  current.watch()
}

/** Tries the failed uploads again (the participant's button). */
export function retryChannel(): void {
  current?.pump()
}

class ReturnChannel {
  private row: StudyReturnRow
  private readonly uploader: StudyUploader
  private running = false
  private again = false

  constructor(private readonly input: ChannelInput) {
    this.row = input.row
    this.uploader = new StudyUploader({
      study: input.study,
      uploads: input.row.uploads,
      participant: input.participant,
      put: fetchPut,
      sent: input.row.sent,
      options: { tries: 3, wait: waitMs },
    })
    const total = Object.keys(input.row.uploads.tasks).length
    useReturnChannel.setState({ phase: input.row.closed ? 'done' : 'working', total, sent: Object.keys(input.row.sent).length, completion: input.study.completion })
  }

  private dataset(): DatasetRow | undefined {
    const dataset = useSession.getState().dataset
    return dataset?.source === this.input.folder ? dataset : undefined
  }

  watch(): void {
    if (this.row.closed) return leaveForCompletion(this.input.study.completion)
    // Every stored attempt passes through the progress list: a finish is seen as soon as it is written.
    useProgress.subscribe(() => this.pump())
    useSession.subscribe((state, before) => {
      if (state.dataset !== before.dataset) this.pump()
    })
    this.pump()
  }

  /** Sends what is missing, one upload at a time; a call while sending runs once more after. */
  pump(): void {
    if (this.running) {
      this.again = true
      return
    }
    const dataset = this.dataset()
    if (!dataset || this.row.closed) return
    this.running = true
    useReturnChannel.setState({ datasetId: dataset.id })
    void this.send(dataset)
      .catch((err: unknown) => useReturnChannel.setState({ phase: 'failed', reason: err instanceof Error ? err.message : String(err) }))
      .finally(() => {
        this.running = false
        if (this.again) {
          this.again = false
          if (useReturnChannel.getState().phase !== 'failed') this.pump()
        }
      })
  }

  private async send(dataset: DatasetRow): Promise<void> {
    const tasks = Object.keys(this.row.uploads.tasks)
    const actor = useSettings.getState().actor
    for (const { task, attemptId } of pendingUploads(useProgress.getState().attempts, tasks, this.row.sent, actor)) {
      useReturnChannel.setState({ phase: 'sending', reason: undefined })
      const { line, fingerprint } = await exportLine(dataset.id, actor, task, attemptId)
      await this.uploader.sendAttempt(task, fingerprint, line)
      const hash = this.uploader.sentHashes()[task] ?? ''
      const sent = { ...this.row.sent }
      setOwn(sent, task, hash)
      this.row = { ...this.row, sent }
      await markStudyUploadSent(this.row.study, this.row.participant, task, hash)
      useReturnChannel.setState({ sent: Object.keys(this.row.sent).length })
    }
    if (!readyToClose(tasks, this.row.sent)) {
      useReturnChannel.setState({ phase: 'working', reason: undefined })
      return
    }
    useReturnChannel.setState({ phase: 'closing', reason: undefined })
    await this.uploader.close()
    this.row = { ...this.row, closed: true }
    await saveStudyReturn(this.row)
    useReturnChannel.setState({ phase: 'done' })
    leaveForCompletion(this.input.study.completion)
  }
}

/**
 * One finished attempt's line as the participant's export writes it (read
 * from storage, the export's format, no verdict: the share is sealed) and the
 * fingerprint of its task as shown.
 */
async function exportLine(datasetId: string, actor: string, task: string, attemptId: string): Promise<{ line: Record<string, unknown>; fingerprint: string }> {
  const { input } = await readAttemptExport(datasetId, { actor, finishedOnly: true, taskIds: [task] })
  const attempt = input.attempts.find((a) => a.id === attemptId)
  if (!attempt) throw new Error(`attempt ${attemptId} is not stored`)
  const { files, manifest } = buildArchive({ ...input, attempts: [attempt], exportedAt: new Date().toISOString() })
  const text = (files[ARCHIVE_FILES.responses] ?? '').split('\n')[0] ?? ''
  const fingerprint = manifest.sealed?.fingerprints[task]
  if (text === '' || fingerprint === undefined) throw new Error(`the attempt at task ${task} has no export line`)
  return { line: JSON.parse(text) as Record<string, unknown>, fingerprint }
}
