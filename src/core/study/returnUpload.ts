/**
 * What a participant's page uploads (before it is encrypted to the
 * collector, ./returnCrypto.ts): UTF-8 JSON, one object per upload.
 *
 * ```json
 * { "format": "spieval-study-upload", "version": 1, "kind": "claim",
 *   "study": "<study id>", "slot": "s007", "round": 1,
 *   "participant": { "id": "<PROLIFIC_PID>", "study": "<STUDY_ID>", "session": "<SESSION_ID>" },
 *   "at": "2026-03-14T09:00:00.000Z" }
 * { …, "kind": "attempt", "task": "<task id>", "fingerprint": "<sha-256 hex>", "line": { <the attempt's response line> } }
 * { …, "kind": "manifest", "at": "…", "tasks": { "<task id>": "<sha-256 hex of that attempt upload's text>" } }
 * ```
 *
 * - `claim`: written first, once per slot and round: the participant who
 *   took the slot (a second one is refused by the store and moves on).
 * - `attempt`: one per task, once the task is finished: `line` is the
 *   attempt as a participant's export has it (archiveResponseLine, without a
 *   verdict: a share has no gold), `fingerprint` the task as the participant
 *   saw it (assignment.json's, which the collector checks).
 * - `manifest`: last; it lists every attempt upload with the SHA-256 (hex)
 *   of its text, so the collector knows the session is whole and that each
 *   upload is the one the page sent. The page sends the participant to the
 *   completion link only after the manifest is stored.
 * `participant.study` and `.session` are there when the address had them.
 */
import { setOwn } from '../base/own'
import { isPlainObject } from '../base/text'
import { hexSha256 } from '../seal/fingerprint'
import type { UploadKind } from './returnObjects'

export const UPLOAD_FORMAT = 'spieval-study-upload'
export const UPLOAD_VERSION = 1

export interface UploadParticipant {
  id: string
  study?: string
  session?: string
}

interface UploadBase {
  format: typeof UPLOAD_FORMAT
  version: typeof UPLOAD_VERSION
  study: string
  slot: string
  round: number
  participant: UploadParticipant
}

export interface ClaimUpload extends UploadBase {
  kind: 'claim'
  at: string
}

export interface AttemptUpload extends UploadBase {
  kind: 'attempt'
  task: string
  fingerprint: string
  line: Record<string, unknown>
}

export interface ManifestUpload extends UploadBase {
  kind: 'manifest'
  at: string
  tasks: Record<string, string>
}

export type StudyUpload = ClaimUpload | AttemptUpload | ManifestUpload

/** Where an upload belongs: the study, the slot and its round, and who sends it. */
export type UploadPlace = Pick<UploadBase, 'study' | 'slot' | 'round' | 'participant'>

const base = (place: UploadPlace): UploadBase => ({
  format: UPLOAD_FORMAT,
  version: UPLOAD_VERSION,
  study: place.study,
  slot: place.slot,
  round: place.round,
  participant: participantOf(place.participant),
})

/** Only the participant's ids, in a fixed order. */
function participantOf(p: UploadParticipant): UploadParticipant {
  return { id: p.id, ...(p.study !== undefined ? { study: p.study } : {}), ...(p.session !== undefined ? { session: p.session } : {}) }
}

export const claimUpload = (place: UploadPlace, at: string): ClaimUpload => ({ ...base(place), kind: 'claim', at })

export const attemptUpload = (place: UploadPlace, task: string, fingerprint: string, line: Record<string, unknown>): AttemptUpload => ({
  ...base(place),
  kind: 'attempt',
  task,
  fingerprint,
  line,
})

export const manifestUpload = (place: UploadPlace, at: string, tasks: Readonly<Record<string, string>>): ManifestUpload => {
  const listed: Record<string, string> = {}
  for (const [id, hash] of Object.entries(tasks)) setOwn(listed, id, hash)
  return { ...base(place), kind: 'manifest', at, tasks: listed }
}

/** An upload's text: what is encrypted, and what the manifest's hashes are taken over. No time in an attempt's, so the same attempt gives the same text. */
export const uploadText = (upload: StudyUpload): string => JSON.stringify(upload)

/** SHA-256 (lowercase hex) of a text's UTF-8 bytes: the seal's own hash. */
export const textSha256 = hexSha256

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== ''
const SHA256_HEX = /^[0-9a-f]{64}$/

function readParticipant(value: unknown, problems: string[]): UploadParticipant | undefined {
  if (isPlainObject(value) && nonEmpty(value.id) && (value.study === undefined || typeof value.study === 'string') && (value.session === undefined || typeof value.session === 'string'))
    return participantOf(value as unknown as UploadParticipant)
  problems.push('"participant" must be {id, study?, session?}')
  return undefined
}

/**
 * Reads and checks an upload's text (decrypted); every problem is listed.
 * `expected` is what the object's name says: an upload whose kind, slot or
 * round is not its name's was put under another name, and is refused.
 */
export function readUpload(text: string, expected?: { kind: UploadKind; slot: string; round: number; study: string }): { upload: StudyUpload } | { problems: string[] } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    return { problems: [`not valid JSON (${err instanceof Error ? err.message : String(err)})`] }
  }
  if (!isPlainObject(value)) return { problems: ['must be a JSON object'] }
  if (value.format !== UPLOAD_FORMAT) return { problems: [`"format" must be "${UPLOAD_FORMAT}"`] }
  if (value.version !== UPLOAD_VERSION) return { problems: [`"version" must be ${UPLOAD_VERSION}`] }
  const problems: string[] = []
  const { kind, study, slot, round } = value
  if (kind !== 'claim' && kind !== 'attempt' && kind !== 'manifest') problems.push('"kind" must be "claim", "attempt" or "manifest"')
  if (!nonEmpty(study)) problems.push('"study" must be the study id')
  if (!nonEmpty(slot)) problems.push('"slot" must be the slot name')
  if (typeof round !== 'number' || !Number.isSafeInteger(round) || round < 1) problems.push('"round" must be a whole number of at least 1')
  const participant = readParticipant(value.participant, problems)
  if (kind === 'claim' || kind === 'manifest') {
    if (!nonEmpty(value.at) || Number.isNaN(Date.parse(value.at))) problems.push('"at" must be an ISO date')
  }
  if (kind === 'attempt') {
    if (!nonEmpty(value.task)) problems.push('"task" must be the task id')
    if (typeof value.fingerprint !== 'string' || !SHA256_HEX.test(value.fingerprint)) problems.push('"fingerprint" must be a SHA-256 in hex')
    if (!isPlainObject(value.line)) problems.push('"line" must be the attempt\'s response line (an object)')
  }
  const tasks: Record<string, string> = {}
  if (kind === 'manifest') {
    if (!isPlainObject(value.tasks)) problems.push('"tasks" must map task ids to SHA-256 hashes')
    else
      for (const [id, hash] of Object.entries(value.tasks)) {
        if (typeof hash === 'string' && SHA256_HEX.test(hash)) setOwn(tasks, id, hash)
        else problems.push(`"tasks.${id}" must be a SHA-256 in hex`)
      }
  }
  if (expected && problems.length === 0) {
    if (kind !== expected.kind) problems.push(`it is a ${String(kind)} upload under the name of a ${expected.kind} upload`)
    if (study !== expected.study) problems.push(`it belongs to study ${String(study)}, not ${expected.study}`)
    if (slot !== expected.slot || round !== expected.round) problems.push(`it belongs to slot ${String(slot)} round ${String(round)}, not slot ${expected.slot} round ${expected.round}`)
  }
  if (problems.length > 0 || !participant) return { problems }
  const place: UploadPlace = { study: study as string, slot: slot as string, round: round as number, participant }
  if (kind === 'claim') return { upload: claimUpload(place, value.at as string) }
  if (kind === 'manifest') return { upload: manifestUpload(place, value.at as string, tasks) }
  return { upload: attemptUpload(place, value.task as string, value.fingerprint as string, value.line as Record<string, unknown>) }
}
