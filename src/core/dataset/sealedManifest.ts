/**
 * `sealed.json`, the file that marks a data set folder as sealed (docs/reference.md,
 * "Sealed data sets"). Format, version 1:
 *
 * ```json
 * {
 *   "format": "spieval-sealed",
 *   "version": 1,
 *   "cipher": "AES-GCM",
 *   "kdf": { "name": "PBKDF2", "hash": "SHA-256", "iterations": 600000, "salt": "<base64, 16 bytes>" },
 *   "check": "<base64: 12-byte IV, then AES-GCM ciphertext and tag of CHECK_TEXT>",
 *   "study": { "id": "<study id>", "person": "ann", "tasks": ["<task id>", "..."], "setting": "browse", "durability": "strict" }
 * }
 * ```
 *
 * - `cipher: "AES-GCM"`: each line of `input_data.jsonl` is
 *   `{"id", "type", "messages", "sealed"}`, where `sealed` is base64 of a fresh
 *   12-byte IV followed by the AES-GCM (256-bit key, 128-bit tag) encryption
 *   of the task's original line, byte for byte as it stood in the unsealed
 *   `input_data.jsonl` (UTF-8), with the additional data
 *   `spieval-sealed:task:<id>`, so that a value moved to another task does not
 *   decrypt. The key is PBKDF2-SHA-256 of the passphrase (UTF-8) with `kdf`'s
 *   salt and iterations (at least {@link MIN_ITERATIONS}); the salt is random
 *   per sealed folder.
 * - `check` is {@link CHECK_TEXT} encrypted the same way (additional data
 *   `spieval-sealed:check`): a passphrase that cannot open it is wrong, while
 *   a task that does not open under a key that opens `check` was altered.
 * - `cipher: null`: the gold was removed, not encrypted; each line is
 *   `{"id", "type", "messages"}`, and `kdf` and `check` are null.
 * - Either way, a task that runs live keeps readable what the runtime needs:
 *   `"runtime": {"state": "live", "friction"?: [...]}` (its expected changes
 *   and verify mode are sealed), so that participants meet the same live
 *   state and friction as everyone else. A reader of an older folder without
 *   it runs every task static.
 * - `study` (optional): the folder is one participant's share of a study
 *   (`npm run study`); `tasks` lists the folder's task ids in its order;
 *   `setting` (optional: `browse`, `paginated` or `full`) is the access
 *   setting every attempt of the participant is made in (the page offers no
 *   other); `durability: "strict"` (optional) asks the page to write each
 *   call with IndexedDB's strict durability (on disk before the call counts
 *   as stored), not the browser's default.
 *
 * Keys not named here are ignored, so that a later version may add some.
 */
import { isPlainObject, splitLines } from '../base/text'
import { parseJsonWithLine } from '../base/jsonLine'
import { isAccessSetting } from './types'
import type { AccessSetting } from './types'
import { fromBase64 } from '../base/webcrypto'

export const SEALED_FORMAT = 'spieval-sealed'
export const SEALED_VERSION = 1
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA-256; sealing and opening both refuse fewer. */
export const MIN_ITERATIONS = 600_000
/** A hostile sealed.json could otherwise ask the page for hours of key derivation. */
export const MAX_ITERATIONS = 10_000_000
export const SALT_BYTES = 16
export const IV_BYTES = 12
/** AES-GCM's tag, appended to every ciphertext by WebCrypto. */
export const TAG_BYTES = 16
/** The known plaintext of `check`. */
export const CHECK_TEXT = 'spieval-sealed check v1'

export interface SealedKdf {
  name: 'PBKDF2'
  hash: 'SHA-256'
  iterations: number
  /** base64, at least {@link SALT_BYTES} bytes */
  salt: string
}

/** Which participant of which study a sealed folder is for. */
export interface SealedStudy {
  id: string
  person: string
  /** The folder's task ids, in the order the person meets them. */
  tasks: string[]
  /** `strict`: every call is written with IndexedDB's strict durability; absent: the browser's default. */
  durability?: 'strict'
  /** The study's access setting: the participant's attempts are all made in it. */
  setting?: AccessSetting
}

interface ManifestBase {
  format: typeof SEALED_FORMAT
  version: typeof SEALED_VERSION
  study?: SealedStudy
}

/** The gold is in the folder, encrypted. */
export interface EncryptedManifest extends ManifestBase {
  cipher: 'AES-GCM'
  kdf: SealedKdf
  check: string
}

/** The gold was left out. */
export interface StrippedManifest extends ManifestBase {
  cipher: null
  kdf: null
  check: null
}

export type SealedManifest = EncryptedManifest | StrippedManifest

export type SealErrorCode = 'malformed' | 'not-sealed' | 'already-sealed' | 'no-gold' | 'wrong-passphrase' | 'tampered' | 'options'

/** A sealing or unsealing failure; `code` lets a page word it in its own language, `taskId` names the task concerned. */
export class SealError extends Error {
  readonly code: SealErrorCode
  readonly taskId: string | undefined
  constructor(code: SealErrorCode, message: string, taskId?: string) {
    super(message)
    this.name = 'SealError'
    this.code = code
    this.taskId = taskId
  }
}

/** A base64 value that decodes to at least `min` bytes. */
export function isBase64Of(value: unknown, min: number): value is string {
  if (typeof value !== 'string') return false
  const bytes = fromBase64(value)
  return bytes !== undefined && bytes.length >= min
}

/**
 * Reads and checks a sealed.json text; every problem is listed, in words
 * naming the key. The one validator: the loader, the page and the command
 * line all go through it.
 */
export function readSealedManifest(text: string): { manifest: SealedManifest } | { problems: string[] } {
  const parsed = parseJsonWithLine(splitLines(text).join('\n'))
  if ('error' in parsed) return { problems: [`not valid JSON: ${parsed.error}`] }
  return checkSealedManifest(parsed.value)
}

/** {@link readSealedManifest} for a value already parsed. */
export function checkSealedManifest(value: unknown): { manifest: SealedManifest } | { problems: string[] } {
  if (!isPlainObject(value)) return { problems: ['must be a JSON object'] }
  if (value.format !== SEALED_FORMAT) return { problems: [`"format" must be "${SEALED_FORMAT}"`] }
  if (value.version !== SEALED_VERSION) {
    const newer = typeof value.version === 'number' && value.version > SEALED_VERSION
    return { problems: [newer ? `version ${value.version} was written by a newer spieval-phone (this one reads version ${SEALED_VERSION})` : `"version" must be ${SEALED_VERSION}`] }
  }
  const problems: string[] = []
  const study = readStudy(value.study, problems)
  let manifest: SealedManifest | undefined
  if (value.cipher === null) {
    if (value.kdf !== null && value.kdf !== undefined) problems.push('"kdf" must be null when "cipher" is null')
    if (value.check !== null && value.check !== undefined) problems.push('"check" must be null when "cipher" is null')
    manifest = { format: SEALED_FORMAT, version: SEALED_VERSION, cipher: null, kdf: null, check: null }
  } else if (value.cipher === 'AES-GCM') {
    const kdf = readKdf(value.kdf, problems)
    if (!isBase64Of(value.check, IV_BYTES + TAG_BYTES)) problems.push('"check" must be base64 of an IV and an AES-GCM ciphertext')
    if (kdf && typeof value.check === 'string') manifest = { format: SEALED_FORMAT, version: SEALED_VERSION, cipher: 'AES-GCM', kdf, check: value.check }
  } else problems.push('"cipher" must be "AES-GCM" or null')
  if (problems.length > 0 || !manifest) return { problems }
  return { manifest: study ? { ...manifest, study } : manifest }
}

function readKdf(value: unknown, problems: string[]): SealedKdf | undefined {
  if (!isPlainObject(value)) return void problems.push('"kdf" must be an object')
  const before = problems.length
  if (value.name !== 'PBKDF2') problems.push('"kdf.name" must be "PBKDF2"')
  if (value.hash !== 'SHA-256') problems.push('"kdf.hash" must be "SHA-256"')
  const { iterations, salt } = value
  if (typeof iterations !== 'number' || !Number.isSafeInteger(iterations) || iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS)
    problems.push(`"kdf.iterations" must be a whole number from ${MIN_ITERATIONS} to ${MAX_ITERATIONS}`)
  if (!isBase64Of(salt, SALT_BYTES)) problems.push(`"kdf.salt" must be base64 of at least ${SALT_BYTES} bytes`)
  if (problems.length > before) return undefined
  return { name: 'PBKDF2', hash: 'SHA-256', iterations: iterations as number, salt: salt as string }
}

function readStudy(value: unknown, problems: string[]): SealedStudy | undefined {
  if (value === undefined || value === null) return undefined
  if (!isPlainObject(value)) return void problems.push('"study" must be an object')
  const { id, person, tasks, durability, setting } = value
  const before = problems.length
  if (durability !== undefined && durability !== 'strict') problems.push('"study.durability" must be "strict" when given')
  if (setting !== undefined && !isAccessSetting(setting)) problems.push('"study.setting" must be "browse", "paginated" or "full"')
  if (typeof id !== 'string' || id === '') problems.push('"study.id" must be a non-empty string')
  if (typeof person !== 'string' || person === '') problems.push('"study.person" must be a non-empty string')
  if (!Array.isArray(tasks) || !tasks.every((t) => typeof t === 'string' && t !== '')) problems.push('"study.tasks" must be a list of task ids')
  else if (new Set(tasks).size !== tasks.length) problems.push('"study.tasks" lists a task twice')
  if (problems.length > before) return undefined
  return { id: id as string, person: person as string, tasks: [...(tasks as string[])], ...(isAccessSetting(setting) ? { setting } : {}), ...(durability === 'strict' ? { durability } : {}) }
}
