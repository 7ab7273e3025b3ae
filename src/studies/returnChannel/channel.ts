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
import { StudyUploader } from '../../core/study'
import type { PutObject, ReturnCompletion, StudyReturn, UploadParticipant } from '../../core/study'
import { markStudyUploadSent, readAttemptExport, saveStudyReturn } from '../../db'
import type { DatasetRow, StudyReturnRow } from '../../db'
import { useProgress } from '../../state/progress'
import { useSession } from '../../state/session'
import { useSettings } from '../../state/settings'
import { uploadProblem } from './problem'
import type { UploadProblem } from './problem'
import { UploadQueue } from './queue'
import type { QueueHost, QueuePhase } from './queue'

interface ChannelState {
  phase?: QueuePhase
  sent: number
  total: number
  /** Why the last upload failed: its kind, in the participant's words, and the store's or the network's message. */
  problem?: UploadProblem
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

/** The page's side of the upload queue: the stored attempts, IndexedDB, the status region and the redirect. */
class ReturnChannel {
  private readonly queue: UploadQueue

  constructor(private readonly input: ChannelInput) {
    const { row, study, participant } = input
    const uploader = new StudyUploader({ study, uploads: row.uploads, participant, put: fetchPut, sent: row.sent, options: { tries: 3, wait: waitMs } })
    const host: QueueHost = {
      attempts: () => useProgress.getState().attempts,
      actor: () => useSettings.getState().actor,
      lineOf: (task, attemptId) => exportLine(this.datasetId(), useSettings.getState().actor, task, attemptId),
      markSent: (task, hash) => markStudyUploadSent(row.study, row.participant, task, hash),
      markClosed: () => saveStudyReturn({ ...row, sent: { ...this.queue.sentTasks() }, closed: true }),
      report: ({ phase, sent, error }) => useReturnChannel.setState({ phase, sent, problem: error === undefined ? undefined : uploadProblem(error) }),
      complete: () => leaveForCompletion(study.completion),
    }
    this.queue = new UploadQueue(Object.keys(row.uploads.tasks), row, uploader, host)
    const total = Object.keys(row.uploads.tasks).length
    useReturnChannel.setState({ phase: row.closed ? 'done' : 'working', total, sent: Object.keys(row.sent).length, completion: study.completion })
  }

  private dataset(): DatasetRow | undefined {
    const dataset = useSession.getState().dataset
    return dataset?.source === this.input.folder ? dataset : undefined
  }

  private datasetId(): string {
    const id = this.dataset()?.id
    if (id === undefined) throw new Error('the study\'s tasks are not the open data set')
    return id
  }

  watch(): void {
    if (this.queue.isClosed) return leaveForCompletion(this.input.study.completion)
    // Every stored attempt passes through the progress list: a finish is seen as soon as it is written.
    useProgress.subscribe(() => this.pump())
    useSession.subscribe((state, before) => {
      if (state.dataset !== before.dataset) this.pump()
    })
    this.pump()
  }

  /** Sends what is missing once the share is the open data set. */
  pump(): void {
    const dataset = this.dataset()
    if (!dataset) return
    useReturnChannel.setState({ datasetId: dataset.id })
    void this.queue.pump()
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
