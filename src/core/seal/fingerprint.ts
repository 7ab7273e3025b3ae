/**
 * A task's fingerprint: what a participant saw (the instruction and the
 * records), hashed, so that their answers are matched to the same task of the
 * unsealed data set and never to a task of the same id that changed since.
 * SHA-256 comes from @noble/hashes rather than WebCrypto: `crypto.subtle`
 * exists only on https pages, and a study may be served over plain http.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { setOwn } from '../dataset/own'
import type { Dataset, Task, TaskRecords } from '../dataset/types'

/**
 * JSON with every object's keys sorted (by UTF-16 code units) and no spaces:
 * the same value gives the same text in any engine, whatever the key order it
 * was read in. Otherwise as JSON.stringify (undefined object values left out).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`
  const object = value as Record<string, unknown>
  const parts: string[] = []
  for (const key of Object.keys(object).sort()) {
    const v = object[key]
    if (v !== undefined && typeof v !== 'function') parts.push(`${JSON.stringify(key)}:${canonicalJson(v)}`)
  }
  return `{${parts.join(',')}}`
}

/**
 * SHA-256 (hex) of the canonical JSON of `{ instruction: [the user messages' texts], records }`.
 * A single string is the one user message.
 */
export async function taskFingerprint(instruction: string | readonly string[], records: TaskRecords | undefined): Promise<string> {
  return fingerprintNow(typeof instruction === 'string' ? [instruction] : instruction, records)
}

function fingerprintNow(instruction: readonly string[], records: TaskRecords | undefined): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson({ instruction, records: shownRecords(records) }))))
}

/**
 * The app lists a person sees: an empty list shows as no list, and a stored
 * data set keeps no empty lists, so the files and the page fingerprint alike.
 */
function shownRecords(records: TaskRecords | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [app, list] of Object.entries(records ?? {})) if (Array.isArray(list) && list.length > 0) setOwn(out, app, list)
  return out
}

/** The texts of a task's user messages, in order: what the fingerprint takes as the instruction. */
export function userTexts(task: Pick<Task, 'messages'>): string[] {
  return task.messages.filter((m) => m.role === 'user').map((m) => m.content)
}

/** Task id → fingerprint, for every task of a data set (sealed or not: both give the same figures). */
export async function datasetFingerprints(dataset: Pick<Dataset, 'tasks' | 'records'>): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const task of dataset.tasks) setOwn(out, task.id, fingerprintNow(userTexts(task), dataset.records[task.id]))
  return out
}

/**
 * Compares the fingerprints a participant's tasks had with a data set's:
 * `missing` ids are not in the data set, `changed` ones are there with another
 * instruction or other records. Both must be refused, naming the tasks.
 */
export async function compareFingerprints(
  expected: Readonly<Record<string, string>>,
  dataset: Pick<Dataset, 'tasks' | 'records'>,
): Promise<{ missing: string[]; changed: string[] }> {
  const actual = await datasetFingerprints(dataset)
  const missing: string[] = []
  const changed: string[] = []
  for (const [id, fingerprint] of Object.entries(expected)) {
    if (!Object.hasOwn(actual, id)) missing.push(id)
    else if (actual[id] !== fingerprint) changed.push(id)
  }
  return { missing, changed }
}
