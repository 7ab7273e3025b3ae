/**
 * The participant's side of a study's return channel, for any host: the page
 * gives it `fetch` (as a PutObject), the tests give it Node's. It claims a
 * slot, uploads each finished task's attempt and then the closing manifest,
 * each encrypted to the collector and written once (`If-None-Match: *`, the
 * headers of uploads/<slot>.json). Nothing here keeps state across a reload:
 * a host that resumes passes the slot it claimed and the hashes it sent.
 */
import { setOwn } from '../base/own'
import { encryptUpload } from './returnCrypto'
import type { ReturnCompletion, SlotUploads, StudyReturn } from './returnServe'
import { attemptUpload, claimUpload, manifestUpload, textSha256, uploadText } from './returnUpload'
import type { StudyUpload, UploadParticipant, UploadPlace } from './returnUpload'
import { slotProbeOrder } from './slots'

/** One HTTP PUT of a body with headers; resolves with the status (a network failure rejects). `fetch` fits it in a page. */
export type PutObject = (url: string, body: Uint8Array<ArrayBuffer>, headers: Readonly<Record<string, string>>) => Promise<{ status: number }>

/** `stored`: written now; `exists`: the store already has that object (written once: by this participant before, or by another). */
export type PutOutcome = 'stored' | 'exists'

/** A PUT the store refused for good (an expired URL is 403), or one still failing after its tries. */
export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message)
    this.name = 'UploadRefused'
  }
}

export interface PutOptions {
  /** How many times a PUT is tried when the network fails or the store answers 5xx or 429 (default 3). */
  tries?: number
  /** Waits between tries (the page passes a timer); none by default. */
  wait?: (ms: number) => Promise<void>
}

const retriable = (status: number): boolean => status >= 500 || status === 429

/** PUTs a body once: 2xx is `stored`, 412 (If-None-Match: the object is there) is `exists`, any other answer throws. */
export async function putUpload(put: PutObject, url: string, body: Uint8Array<ArrayBuffer>, headers: Readonly<Record<string, string>>, options: PutOptions = {}): Promise<PutOutcome> {
  const tries = Math.max(1, options.tries ?? 3)
  let last = ''
  let lastStatus: number | undefined
  for (let i = 0; i < tries; i++) {
    if (i > 0 && options.wait) await options.wait(500 * 2 ** (i - 1))
    let status: number
    try {
      status = (await put(url, body, headers)).status
    } catch (err) {
      last = `the upload failed (${err instanceof Error ? err.message : String(err)})`
      lastStatus = undefined
      continue
    }
    if (status >= 200 && status < 300) return 'stored'
    if (status === 412) return 'exists'
    last = `the store answered ${status}${status === 403 ? ' (the upload URL may have expired: the collector can issue new ones)' : ''}`
    lastStatus = status
    if (!retriable(status)) break
  }
  throw new UploadRefused(last, lastStatus)
}

async function sealed(upload: StudyUpload, recipient: string): Promise<{ text: string; body: Uint8Array<ArrayBuffer> }> {
  const text = uploadText(upload)
  return { text, body: await encryptUpload(text, recipient) }
}

export interface ClaimInput {
  study: StudyReturn
  participant: UploadParticipant
  /** Reads a slot's uploads/<slot>.json (the page fetches it beside study.json). */
  uploadsOf: (slot: string) => Promise<SlotUploads>
  put: PutObject
  /** A slot asked for by name (the address's `slot` parameter): only it is tried. */
  slot?: string
  now?: () => Date
  options?: PutOptions
}

/**
 * Claims a slot for a participant: tries their slots in
 * {@link slotProbeOrder} (or the one asked for) and keeps the first whose
 * claim the store writes. A claim that exists is someone's (maybe this
 * participant's on another device: a host that claimed before keeps its
 * slot and does not claim again). Undefined when every slot is taken.
 */
export async function claimSlot(input: ClaimInput): Promise<{ slot: string; uploads: SlotUploads } | undefined> {
  const { study, participant } = input
  const order = input.slot !== undefined ? [study.slots.indexOf(input.slot)] : slotProbeOrder(participant.id, study.study, study.slots.length)
  for (const index of order) {
    const slot = study.slots[index]
    if (slot === undefined) return undefined
    const uploads = await input.uploadsOf(slot)
    if (uploads.study !== study.study || uploads.slot !== slot) throw new UploadRefused(`uploads/${slot}.json is not slot ${slot} of study ${study.study}`, undefined)
    const at = (input.now ?? (() => new Date()))().toISOString()
    const { body } = await sealed(claimUpload({ study: study.study, slot, round: uploads.round, participant }, at), study.recipient)
    if ((await putUpload(input.put, uploads.claim, body, uploads.headers, input.options)) === 'stored') return { slot, uploads }
  }
  return undefined
}

/** Uploads one claimed slot's attempts and its closing manifest. */
export class StudyUploader {
  private readonly sent = new Map<string, string>()

  constructor(
    private readonly input: {
      study: StudyReturn
      uploads: SlotUploads
      participant: UploadParticipant
      put: PutObject
      /** Task id → SHA-256 of the attempt uploads sent before a reload. */
      sent?: Readonly<Record<string, string>>
      now?: () => Date
      options?: PutOptions
    },
  ) {
    for (const [task, hash] of Object.entries(input.sent ?? {})) this.sent.set(task, hash)
  }

  private get place(): UploadPlace {
    const { study, uploads, participant } = this.input
    return { study: study.study, slot: uploads.slot, round: uploads.round, participant }
  }

  /** Uploads a finished task's attempt (its response line, without a verdict) and the fingerprint of the task as shown. */
  async sendAttempt(task: string, fingerprint: string, line: Record<string, unknown>): Promise<PutOutcome> {
    const url = Object.hasOwn(this.input.uploads.tasks, task) ? this.input.uploads.tasks[task] : undefined
    if (url === undefined) throw new UploadRefused(`Task ${JSON.stringify(task)} is not one of slot ${this.input.uploads.slot}'s.`, undefined)
    const { text, body } = await sealed(attemptUpload(this.place, task, fingerprint, line), this.input.study.recipient)
    const outcome = await putUpload(this.input.put, url, body, this.input.uploads.headers, this.input.options)
    this.sent.set(task, textSha256(text))
    return outcome
  }

  /** Task id → SHA-256 of each attempt upload sent: what a host keeps to resume, and what the manifest lists. */
  sentHashes(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const [task, hash] of this.sent) setOwn(out, task, hash)
    return out
  }

  /** Uploads the closing manifest; after it is stored (or was), the participant may be sent to {@link completion}. */
  async close(): Promise<PutOutcome> {
    const at = (this.input.now ?? (() => new Date()))().toISOString()
    const { body } = await sealed(manifestUpload(this.place, at, this.sentHashes()), this.input.study.recipient)
    return putUpload(this.input.put, this.input.uploads.manifest, body, this.input.uploads.headers, this.input.options)
  }

  completion(): ReturnCompletion {
    return this.input.study.completion
  }
}
