/**
 * Sealing and unsealing a data set folder (docs/reference.md, "Sealed data sets";
 * the format is described in ./manifest.ts). Only WebCrypto does the
 * cryptography, so that Node and the page seal and open the same bytes.
 */
import { loadDataset } from '../load/parse'
import type { DatasetFiles } from '../load/parse'
import { skillFolderFiles } from '../load/skillFolders'
import { isPlainObject, splitLines } from '../base/text'
import { setOwn } from '../base/own'
import { DATASET_FILES, SEALED_FILE } from '../dataset/types'
import { PLANNER_FILES } from '../dataset/plannerTypes'
import type { PlannerMetadata } from '../dataset/plannerTypes'
import { SEALED_PLANNER_KEY, SEALED_RUNTIME_KEY, defaultState } from '../live/read'
import type { Dataset, Task, TaskRecords } from '../dataset/types'
import {
  CHECK_TEXT,
  IV_BYTES,
  MAX_ITERATIONS,
  MIN_ITERATIONS,
  SALT_BYTES,
  SEALED_FORMAT,
  SEALED_VERSION,
  SealError,
  readSealedManifest,
} from '../dataset/sealedManifest'
import type { EncryptedManifest, SealedKdf, SealedManifest, SealedStudy } from '../dataset/sealedManifest'
import { fromBase64, fromUtf8, randomBytes, subtle, toBase64, utf8 } from '../base/webcrypto'
import type { SealKey } from '../base/webcrypto'

export interface SealOptions {
  /** Without one, the gold is removed instead of encrypted (`cipher: null`). */
  passphrase?: string
  /** PBKDF2 iterations; default and minimum {@link MIN_ITERATIONS}. */
  iterations?: number
  /** One participant's share of a study: only these tasks, in this order, with only their records. */
  study?: SealedStudy
}

const TASK_AAD = 'spieval-sealed:task:'
const CHECK_AAD = 'spieval-sealed:check'

/**
 * The AES-GCM key of a sealed folder: PBKDF2-SHA-256 of the passphrase. The
 * passphrase is taken in Unicode NFC, so that the same words typed on any
 * system give the same key.
 */
export async function deriveSealKey(passphrase: string, kdf: SealedKdf): Promise<SealKey> {
  const salt = fromBase64(kdf.salt)
  if (!salt || salt.length < SALT_BYTES) throw new SealError('malformed', `${SEALED_FILE}: "kdf.salt" must be base64 of at least ${SALT_BYTES} bytes`)
  checkIterations(kdf.iterations)
  const s = subtle()
  const base = await s.importKey('raw', utf8(passphrase.normalize('NFC')), 'PBKDF2', false, ['deriveKey'])
  return s.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: kdf.iterations }, base, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ])
}

function checkIterations(iterations: number): void {
  if (!Number.isSafeInteger(iterations) || iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS)
    throw new SealError('options', `PBKDF2 iterations must be a whole number from ${MIN_ITERATIONS} to ${MAX_ITERATIONS} (got ${iterations}).`)
}

async function encrypt(key: SealKey, text: string, aad: string): Promise<string> {
  const iv = randomBytes(IV_BYTES)
  const cipher = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: utf8(aad) }, key, utf8(text)))
  const out = new Uint8Array(iv.length + cipher.length)
  out.set(iv)
  out.set(cipher, iv.length)
  return toBase64(out)
}

/** The plaintext, or undefined when the value is not base64, was altered, or was sealed under another key or `aad`. */
async function decrypt(key: SealKey, sealed: string, aad: string): Promise<string | undefined> {
  const bytes = fromBase64(sealed)
  if (!bytes || bytes.length <= IV_BYTES) return undefined
  try {
    const plain = await subtle().decrypt({ name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: utf8(aad) }, key, bytes.subarray(IV_BYTES))
    return fromUtf8(new Uint8Array(plain))
  } catch {
    return undefined
  }
}

/**
 * A copy of a data set for participants (docs/reference.md, "Sealed data sets"):
 * records_db.json, tools.json and profile.json as they were (records_db.json
 * re-written with only a study's tasks when `study` is given), input_data.jsonl
 * with only each task's `id`, `type`, `messages`, what the runtime needs of a
 * live or planner task (`runtime`, see runtimeOf) and, with a passphrase, its `sealed`
 * value, and sealed.json. The data set must load; one that is
 * already sealed is refused.
 */
export async function sealDataset(files: DatasetFiles, options: SealOptions = {}): Promise<Record<string, string>> {
  checkSealOptions(options)
  return sealRead(readForSealing(files), options)
}

/** A data set read once, to seal several copies of (a study's folders): {@link readForSealing}, then {@link sealRead} for each. */
export interface SealSource {
  files: DatasetFiles
  dataset: Dataset
  /** input_data.jsonl's lines, each task's at its `line`. */
  lines: string[]
}

/** Loads a data set for sealing; one that is already sealed is refused. */
export function readForSealing(files: DatasetFiles): SealSource {
  if (files[SEALED_FILE] !== undefined) throw new SealError('already-sealed', `The data set is already sealed (it has ${SEALED_FILE}).`)
  return { files, dataset: loadDataset(files).dataset, lines: splitLines(files[DATASET_FILES.inputData] ?? '') }
}

function checkSealOptions(options: SealOptions): void {
  if (options.passphrase !== undefined && options.passphrase === '') throw new SealError('options', 'The passphrase is empty.')
  checkIterations(options.iterations ?? MIN_ITERATIONS)
}

/** {@link sealDataset} of a data set already read. */
export async function sealRead(source: SealSource, options: SealOptions = {}): Promise<Record<string, string>> {
  checkSealOptions(options)
  const { files, dataset, lines } = source
  const { passphrase, study } = options
  const iterations = options.iterations ?? MIN_ITERATIONS
  const tasks = study ? studyTasks(dataset.tasks, study) : dataset.tasks

  let manifest: SealedManifest = { format: SEALED_FORMAT, version: SEALED_VERSION, cipher: null, kdf: null, check: null }
  let key: SealKey | undefined
  if (passphrase !== undefined) {
    const kdf: SealedKdf = { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: toBase64(randomBytes(SALT_BYTES)) }
    key = await deriveSealKey(passphrase, kdf)
    manifest = { format: SEALED_FORMAT, version: SEALED_VERSION, cipher: 'AES-GCM', kdf, check: await encrypt(key, CHECK_TEXT, CHECK_AAD) }
  }
  if (study) manifest = { ...manifest, study: { id: study.id, person: study.person, tasks: tasks.map((t) => t.id), ...(study.setting ? { setting: study.setting } : {}), ...(study.durability ? { durability: study.durability } : {}) } }

  const sealedLines = await Promise.all(
    tasks.map(async (task) => {
      const raw = lines[task.line - 1] ?? ''
      // The loader read this line, so it is a JSON object with these keys.
      const parsed = JSON.parse(raw) as Record<string, unknown>
      const line: Record<string, unknown> = { id: task.id, type: task.type, messages: parsed.messages }
      const runtime = runtimeOf(task, parsed.prompt_metadata)
      if (runtime) setOwn(line, SEALED_RUNTIME_KEY, runtime)
      if (key) line.sealed = await encrypt(key, raw, TASK_AAD + task.id)
      return JSON.stringify(line)
    }),
  )
  const out: Record<string, string> = {
    [DATASET_FILES.inputData]: sealedLines.join('\n') + '\n',
    [DATASET_FILES.records]: study ? recordsOf(tasks, dataset.records) : (files[DATASET_FILES.records] ?? ''),
    [DATASET_FILES.tools]: files[DATASET_FILES.tools] ?? '',
    [SEALED_FILE]: JSON.stringify(manifest, null, 2) + '\n',
  }
  copyAlongside(files, out)
  return out
}

/**
 * profile.json, and a planner data set's skills (skills.json, or its
 * `skills/<name>/SKILL.md` folders) and agents.json: what the runtime reads,
 * and no gold, so they go as they are.
 */
function copyAlongside(files: Readonly<Partial<Record<string, string>>>, out: Record<string, string>): void {
  for (const name of [DATASET_FILES.profile, ...Object.values(PLANNER_FILES)]) {
    const text = files[name]
    if (text !== undefined) setOwn(out, name, text)
  }
  for (const { path, text } of skillFolderFiles(files)) setOwn(out, path, text)
}

/**
 * What a participant's phone needs to run a task as everyone else meets it
 * (docs/reference.md, "Sealed data sets"): that it runs live, and its
 * friction as written; for a planner task, that it is one (an agent's last
 * answer is then kept as its reply) and what `Ask_User` answers. Its expected
 * changes, verify mode and every other planner key judge it, so they are
 * sealed. A task with neither gets none (`state` alone would say nothing).
 */
function runtimeOf(task: Task, meta: unknown): Record<string, unknown> | undefined {
  const live = defaultState(task) === 'live'
  if (!live && !task.planner) return undefined
  const friction = isPlainObject(meta) && Object.hasOwn(meta, 'friction') ? meta.friction : undefined
  return {
    state: live ? 'live' : 'static',
    ...(live && task.live?.friction && friction !== undefined ? { friction } : {}),
    ...(task.planner ? { [SEALED_PLANNER_KEY]: plannerRuntime(task.planner) } : {}),
  }
}

/** The replies as the loader read them, one `{reply}` each: any other key a reply object held stays sealed. */
function plannerRuntime(planner: PlannerMetadata): Record<string, unknown> {
  return planner.userReplies ? { user_replies: planner.userReplies.map((reply) => ({ reply })) } : {}
}

function studyTasks(all: Task[], study: SealedStudy): Task[] {
  if (study.id === '' || study.person === '') throw new SealError('options', 'A study needs an id and a person.')
  const byId = new Map(all.map((t) => [t.id, t]))
  const unknown = study.tasks.filter((id) => !byId.has(id))
  if (unknown.length > 0) throw new SealError('options', `The study names tasks the data set does not have: ${unknown.map((id) => JSON.stringify(id)).join(', ')}.`)
  if (new Set(study.tasks).size !== study.tasks.length) throw new SealError('options', 'The study lists a task twice.')
  if (study.tasks.length === 0) throw new SealError('options', `The study gives ${study.person} no task.`)
  return study.tasks.map((id) => byId.get(id) as Task)
}

function recordsOf(tasks: Task[], records: Record<string, TaskRecords>): string {
  const subset: Record<string, TaskRecords> = {}
  for (const task of tasks) setOwn(subset, task.id, records[task.id] ?? {})
  return JSON.stringify(subset, null, 1) + '\n'
}

/**
 * Derives the key of a sealed folder and proves it on `check`: a wrong
 * passphrase is told apart from an altered task this way.
 */
export async function checkPassphrase(manifest: SealedManifest, passphrase: string): Promise<SealKey> {
  const encrypted = encryptedOf(manifest)
  const key = await deriveSealKey(passphrase, encrypted.kdf)
  const check = await decrypt(key, encrypted.check, CHECK_AAD)
  if (check === undefined) throw new SealError('wrong-passphrase', 'Wrong passphrase: it does not open this sealed data set.')
  if (check !== CHECK_TEXT) throw new SealError('tampered', `${SEALED_FILE}: "check" opens but does not hold the expected text: the file was altered.`)
  return key
}

function encryptedOf(manifest: SealedManifest): EncryptedManifest {
  if (manifest.cipher === null)
    throw new SealError('no-gold', 'This data set was sealed without a passphrase: its gold was removed, not encrypted, so only the original data set can score it.')
  return manifest
}

/** The public part of a task, as a sealed line shows it and as the original line must agree with. */
type PublicTask = Pick<Task, 'id' | 'type' | 'messages' | 'sealed'>

/**
 * Each task's original input_data.jsonl line, byte for byte as it was
 * sealed. A wrong passphrase rejects with `wrong-passphrase`; a task whose
 * value does not open, or opens to another task, with `tampered` naming it.
 */
export async function openSealedTasks(manifest: SealedManifest, tasks: readonly PublicTask[], passphrase: string): Promise<string[]> {
  const key = await checkPassphrase(manifest, passphrase)
  return Promise.all(tasks.map((task) => openTask(key, task)))
}

async function openTask(key: SealKey, task: PublicTask): Promise<string> {
  const tampered = (why: string) => new SealError('tampered', `Task "${task.id}": ${why}.`, task.id)
  if (task.sealed === undefined) throw tampered('it has no "sealed" value')
  const line = await decrypt(key, task.sealed, TASK_AAD + task.id)
  if (line === undefined) throw tampered('its sealed value does not open with this passphrase: it was altered, or sealed for another task or data set')
  let original: unknown
  try {
    original = JSON.parse(line)
  } catch {
    throw tampered('its sealed value does not hold a task line')
  }
  if (!isPlainObject(original) || original.id !== task.id || original.type !== task.type || !sameMessages(original.messages, task.messages))
    throw tampered('its sealed line does not match the task shown (id, type or messages differ)')
  return line
}

function sameMessages(value: unknown, shown: Task['messages']): boolean {
  if (!Array.isArray(value) || value.length !== shown.length) return false
  return value.every((m, i) => isPlainObject(m) && m.role === shown[i]?.role && m.content === shown[i]?.content)
}

/**
 * The original data set of a sealed folder: input_data.jsonl made of each
 * task's original line (byte for byte, one a line, in the folder's order, the
 * file ending with a newline), and the other files as the folder has them,
 * without sealed.json. Throws a {@link SealError} (not sealed, sealed without
 * a passphrase, wrong passphrase, a task altered) or a `DatasetError`
 * (the folder does not load).
 */
export async function unsealDataset(files: DatasetFiles, passphrase: string): Promise<Record<string, string>> {
  const manifestText = files[SEALED_FILE]
  if (manifestText === undefined) throw new SealError('not-sealed', `The data set is not sealed (it has no ${SEALED_FILE}).`)
  const read = readSealedManifest(manifestText)
  if ('problems' in read) throw new SealError('malformed', `${SEALED_FILE}: ${read.problems.join('; ')}`)
  encryptedOf(read.manifest)
  const { dataset } = loadDataset(files)
  const lines = await openSealedTasks(read.manifest, dataset.tasks, passphrase)
  const out: Record<string, string> = {
    [DATASET_FILES.inputData]: lines.join('\n') + '\n',
    [DATASET_FILES.records]: files[DATASET_FILES.records] ?? '',
    [DATASET_FILES.tools]: files[DATASET_FILES.tools] ?? '',
  }
  copyAlongside(files, out)
  return out
}

/** Whether a folder's files are a sealed data set's (they hold sealed.json; {@link readSealedManifest} checks it). */
export function isSealed(files: DatasetFiles): boolean {
  return files[SEALED_FILE] !== undefined
}
