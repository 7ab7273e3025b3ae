// The page's upload queue of a study link (issue #30, src/studies/returnChannel/queue.ts): with the core uploader,
// the page's storage of what was sent (src/db/studyReturns.ts, on fake-indexeddb) and a store that can fail on
// demand, it sends in the slot's order, retries, loses nothing when the tab closes mid-study, and gives the
// completion only once the manifest is stored.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { RECRUITER_PARAMS, StudyUploader, UploadRefused, decryptUpload, newCollectorKey, readUpload } from '../src/core/study'
import type { PutObject, SlotUploads, StudyReturn } from '../src/core/study'
import { SpievalDatabase, loadStudyReturn, markStudyUploadSent, saveStudyReturn } from '../src/db/index'
import type { StudyReturnRow } from '../src/db/index'
import { UploadQueue } from '../src/studies/returnChannel/queue'
import type { QueueHost, QueueReport, StoredAttempt } from '../src/studies/returnChannel/queue'
import { problemKey, uploadProblem } from '../src/studies/returnChannel/problem'
import { returnChannelEn } from '../src/i18n/study/returnChannel'
import { returnChannelZh } from '../src/i18n/study/returnChannel.zh'

const STUDY = '0123456789abcdef'
const TASKS = ['t1', 't2', 't3']
const key = await newCollectorKey()
const study: StudyReturn = {
  format: 'spieval-study-return',
  version: 1,
  study: STUDY,
  setting: 'browse',
  recruiter: 'generic',
  params: RECRUITER_PARAMS.generic,
  completion: { code: 'DONE' },
  recipient: key.recipient,
  slots: ['s001'],
}
const uploads: SlotUploads = {
  format: 'spieval-study-uploads',
  version: 1,
  study: STUDY,
  slot: 's001',
  round: 1,
  expires: '2026-03-21T09:00:00.000Z',
  method: 'PUT',
  headers: { 'If-None-Match': '*' },
  claim: 'https://b.example/s001/claim',
  tasks: Object.fromEntries(TASKS.map((t) => [t, `https://b.example/s001/${t}`])),
  manifest: 'https://b.example/s001/manifest',
}
const participant = { id: 'PID-1', study: 'ST', session: 'SE' }

/** A bucket that writes each object once (412 after) and fails the PUTs a test asks it to. */
class Bucket {
  readonly objects = new Map<string, Uint8Array>()
  /** Every PUT tried, in order, by the object's last name. */
  readonly tried: string[] = []
  /** The next PUTs' answers, first to last (an error status, 'network' for a failed request, 'ok' to store as usual); then as usual. */
  failures: (number | 'network' | 'ok')[] = []
  /** While true, every PUT fails as the network does. */
  offline = false

  put: PutObject = async (url, body) => {
    this.tried.push(url.split('/').at(-1) ?? url)
    const failure = this.offline ? 'network' : this.failures.shift()
    if (failure === 'network') throw new TypeError('Failed to fetch')
    if (typeof failure === 'number') return { status: failure }
    if (this.objects.has(url)) return { status: 412 }
    this.objects.set(url, body)
    return { status: 200 }
  }

  stored(): string[] {
    return [...this.objects.keys()].map((url) => url.split('/').at(-1) ?? url)
  }
}

/** One open tab: its queue over the row stored in `db`, the attempts it sees, what it reported and whether it completed. */
async function openTab(db: SpievalDatabase, bucket: Bucket, attempts: StoredAttempt[]) {
  const row = (await loadStudyReturn(STUDY, participant.id, db)) as StudyReturnRow
  const reports: QueueReport[] = []
  const tab = { reports, completed: 0, lineReads: [] as string[] }
  const uploader = new StudyUploader({ study, uploads: row.uploads, participant, put: bucket.put, sent: row.sent, options: { tries: 3 } })
  const host: QueueHost = {
    attempts: () => attempts,
    actor: () => 's001',
    lineOf: async (task, attemptId) => {
      tab.lineReads.push(task)
      return { line: { id: task, attempt: attemptId, calls: [] }, fingerprint: 'f'.repeat(64) }
    },
    markSent: (task, hash) => markStudyUploadSent(STUDY, participant.id, task, hash, db),
    markClosed: async () => saveStudyReturn({ ...((await loadStudyReturn(STUDY, participant.id, db)) as StudyReturnRow), closed: true }, db),
    report: (r) => reports.push(r),
    complete: () => {
      tab.completed++
    },
  }
  return {
    reports,
    lineReads: tab.lineReads,
    get completed() {
      return tab.completed
    },
    queue: new UploadQueue(TASKS, row, uploader, host),
  }
}

const finished = (taskId: string, started: number, extra: Partial<StoredAttempt> = {}): StoredAttempt => ({ id: `a-${taskId}-${started}`, taskId, actor: 's001', started, finished: true, ...extra })

let dbCount = 0
async function freshStorage(): Promise<SpievalDatabase> {
  const db = new SpievalDatabase(`study-queue-${++dbCount}`)
  await saveStudyReturn({ study: STUDY, participant: participant.id, slot: 's001', uploads, sent: {}, closed: false, updated: 0 }, db)
  return db
}

describe('the upload queue of a study link', () => {
  it('sends each task once, in the slot\'s order, the first finished attempt at it, and nothing of others\' or unfinished ones', async () => {
    const db = await freshStorage()
    const bucket = new Bucket()
    // Finished out of order; t1 twice (the first is the one sent); t2 not finished; another actor's and a run's left out.
    const attempts = [finished('t3', 30), finished('t1', 20), finished('t1', 10), { ...finished('t2', 5), finished: false }, finished('t2', 1, { actor: 'someone' }), finished('t2', 2, { run: 1 })]
    const tab = await openTab(db, bucket, attempts)
    await tab.queue.pump()
    expect(bucket.stored()).toEqual(['t1', 't3'])
    const sentLine = JSON.parse((await readUploadText(bucket, 't1')).line) as { attempt: string }
    expect(sentLine.attempt).toBe('a-t1-10')
    expect(tab.reports.at(-1)).toEqual({ phase: 'working', sent: 2 })
    expect(Object.keys((await loadStudyReturn(STUDY, participant.id, db))?.sent ?? {})).toEqual(['t1', 't3'])
    // Pumped again with nothing new: nothing is sent twice.
    await tab.queue.pump()
    expect(bucket.tried).toEqual(['t1', 't3'])
    expect(tab.completed).toBe(0)
  })

  it('retries a failing upload, and after it gives up, sends it when asked again, without the completion until then', async () => {
    const db = await freshStorage()
    const bucket = new Bucket()
    const attempts = TASKS.map((t, i) => finished(t, i))
    const tab = await openTab(db, bucket, attempts)
    // t1: a 503 then a network failure, then stored on the third try. t2: three 500s: the queue gives up.
    bucket.failures = [503, 'network', 'ok', 500, 500, 500]
    await tab.queue.pump()
    expect(bucket.tried).toEqual(['t1', 't1', 't1', 't2', 't2', 't2'])
    expect(bucket.stored()).toEqual(['t1'])
    const failed = tab.reports.at(-1)
    expect(failed).toMatchObject({ phase: 'failed', sent: 1 })
    expect(uploadProblem(failed?.error)).toEqual({ kind: 'busy', detail: 'the store answered 500' })
    expect(tab.completed).toBe(0)
    // The participant's Try again.
    await tab.queue.pump()
    expect(bucket.stored()).toEqual(['t1', 't2', 't3', 'manifest'])
    expect(tab.reports.at(-1)).toEqual({ phase: 'done', sent: 3 })
    expect(tab.completed).toBe(1)
  })

  it('loses nothing on a closed tab: a new queue over the same storage sends only what was missing, then the manifest', async () => {
    const db = await freshStorage()
    const bucket = new Bucket()
    const attempts = [finished('t1', 1), finished('t2', 2)]
    const first = await openTab(db, bucket, attempts)
    // t1 goes; t2 cannot (the network is gone), and the participant closes the tab.
    bucket.failures = ['ok', 'network', 'network', 'network']
    await first.queue.pump()
    expect(bucket.stored()).toEqual(['t1'])
    expect(first.reports.at(-1)).toMatchObject({ phase: 'failed', sent: 1 })
    expect(uploadProblem(first.reports.at(-1)?.error)).toEqual({ kind: 'network', detail: 'the upload failed (Failed to fetch)' })

    // The next visit, with the network back: t2 (missing) and t3 (finished since) go, then the manifest.
    attempts.push(finished('t3', 3))
    const second = await openTab(db, bucket, attempts)
    await second.queue.pump()
    expect(second.lineReads).toEqual(['t2', 't3'])
    expect(bucket.stored()).toEqual(['t1', 't2', 't3', 'manifest'])
    expect(second.completed).toBe(1)
    expect((await loadStudyReturn(STUDY, participant.id, db))?.closed).toBe(true)
    // The manifest lists what the first visit sent too.
    const manifest = await readUploadText(bucket, 'manifest')
    expect(Object.keys(manifest.tasks ?? {}).sort()).toEqual(TASKS)

    // A third visit finds the slot closed: nothing is sent again.
    const third = await openTab(db, bucket, attempts)
    expect(third.queue.isClosed).toBe(true)
    const tried = bucket.tried.length
    await third.queue.pump()
    expect(bucket.tried).toHaveLength(tried)
  })

  it('keeps an upload confirmed before the tab closed, so that it is not sent twice', async () => {
    const db = await freshStorage()
    const bucket = new Bucket()
    const attempts = [finished('t1', 1)]
    const first = await openTab(db, bucket, attempts)
    await first.queue.pump()
    const second = await openTab(db, bucket, attempts)
    await second.queue.pump()
    expect(bucket.tried).toEqual(['t1'])
    expect(second.lineReads).toEqual([])
  })

  it('gives the completion only once the manifest is stored, and never when it is refused', async () => {
    const db = await freshStorage()
    const bucket = new Bucket()
    const attempts = TASKS.map((t, i) => finished(t, i))
    const tab = await openTab(db, bucket, attempts)
    // The attempts go; the manifest's PUT is refused (an expired URL).
    bucket.failures = ['ok', 'ok', 'ok', 403]
    await tab.queue.pump()
    expect(bucket.stored()).toEqual(['t1', 't2', 't3'])
    expect(tab.reports.map((r) => r.phase)).toEqual(['sending', 'sending', 'sending', 'closing', 'failed'])
    expect(uploadProblem(tab.reports.at(-1)?.error).kind).toBe('expired')
    expect(tab.completed).toBe(0)
    expect((await loadStudyReturn(STUDY, participant.id, db))?.closed).toBe(false)
    await tab.queue.pump()
    expect(bucket.stored()).toEqual(['t1', 't2', 't3', 'manifest'])
    expect(tab.completed).toBe(1)
    expect(tab.reports.at(-1)?.phase).toBe('done')
  })

  it('runs once more when a task finishes while it sends, and one at a time', async () => {
    const db = await freshStorage()
    const bucket = new Bucket()
    const attempts = [finished('t1', 1)]
    const tab = await openTab(db, bucket, attempts)
    const running = tab.queue.pump()
    attempts.push(finished('t2', 2))
    const again = tab.queue.pump()
    expect(again).toBe(running)
    await running
    expect(bucket.tried).toEqual(['t1', 't2'])
  })
})

/** The decrypted upload of an object, read as the collector reads it. */
async function readUploadText(bucket: Bucket, name: string): Promise<{ line: string; tasks?: Record<string, string> }> {
  const body = [...bucket.objects].find(([url]) => url.endsWith(`/${name}`))?.[1]
  if (!body) throw new Error(`no ${name}`)
  const text = await decryptUpload(body, key.identity)
  const kind = name === 'manifest' ? 'manifest' : 'attempt'
  const read = readUpload(text, { kind, slot: 's001', round: 1, study: STUDY })
  if ('problems' in read) throw new Error(read.problems.join('; '))
  const upload = read.upload as { line?: unknown; tasks?: Record<string, string> }
  return { line: JSON.stringify(upload.line ?? null), ...(upload.tasks ? { tasks: upload.tasks } : {}) }
}

describe('an upload problem, as the status region words it', () => {
  it('has a kind for each way an upload fails, and keeps the message as its detail', () => {
    expect(uploadProblem(new UploadRefused('the store answered 400', 400))).toEqual({ kind: 'refused', detail: 'the store answered 400' })
    expect(uploadProblem(new UploadRefused('the store answered 429', 429)).kind).toBe('busy')
    expect(uploadProblem(new UploadRefused('x', 403)).kind).toBe('expired')
    expect(uploadProblem(new UploadRefused('the upload failed (offline)', undefined)).kind).toBe('network')
    expect(uploadProblem(new Error('attempt a1 is not stored'))).toEqual({ kind: 'other', detail: 'attempt a1 is not stored' })
    // Each kind has its sentence in both languages.
    for (const kind of ['network', 'expired', 'busy', 'refused', 'other'] as const) {
      expect(Object.hasOwn(returnChannelEn, problemKey(kind)), kind).toBe(true)
      expect(Object.hasOwn(returnChannelZh, problemKey(kind)), kind).toBe(true)
    }
  })
})
