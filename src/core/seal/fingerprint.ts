/**
 * A task's fingerprint: what a participant met, hashed, so that their answers
 * are matched to the same task of the unsealed data set and never to a task
 * of the same id that changed since.
 *
 * Version 2 (written now) takes every message of the task, its records, the
 * profile and the tool schemas with their effects: a profile or a tool edited
 * mid-study is caught on import. Version 1 (studies and exports made before)
 * took only the user messages and the records; a version 1 value is still
 * accepted where it matches ({@link fingerprintMatches}), so that those
 * studies import as they did, with only what version 1 checks checked.
 * SHA-256 comes from @noble/hashes rather than WebCrypto: `crypto.subtle`
 * exists only on https pages, and a study may be served over plain http.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { ownValue, setOwn } from '../base/own'
import type { Dataset, Profile, Task, TaskRecords, ToolSchema } from '../dataset/types'

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
 * Version 1: SHA-256 (hex) of the canonical JSON of `{ instruction: [the user messages' texts], records }`.
 * A single string is the one user message.
 */
export async function studyFingerprint(instruction: string | readonly string[], records: TaskRecords | undefined): Promise<string> {
  return fingerprintNow(typeof instruction === 'string' ? [instruction] : instruction, records)
}

function fingerprintNow(instruction: readonly string[], records: TaskRecords | undefined): string {
  return hexSha256(canonicalJson({ instruction, records: shownRecords(records) }))
}

/** SHA-256 (lowercase hex) of a text's UTF-8 bytes. */
export const hexSha256 = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)))

/** SHA-256 (hex) of a value's canonical JSON: e.g. a folder's files, to tell whether it changed. */
export function contentHash(value: unknown): string {
  return hexSha256(canonicalJson(value))
}

/** What every task of a data set shares and a fingerprint takes: the profile and the tool schemas (their `x-effect` included). */
export type FingerprintContext = Pick<Dataset, 'profile' | 'tools'>

/** The hash of a context, computed once for all the tasks of a data set. */
function contextHash(context: { profile: Profile; tools: readonly ToolSchema[] }): string {
  return hexSha256(canonicalJson({ profile: context.profile, tools: context.tools }))
}

function fingerprintV2(task: Pick<Task, 'messages'>, records: TaskRecords | undefined, context: string): string {
  const messages = task.messages.map((m) => ({ role: m.role, content: m.content }))
  return hexSha256(canonicalJson({ version: 2, messages, records: shownRecords(records), context }))
}

/**
 * Version 2: SHA-256 (hex) of the canonical JSON of `{ version: 2, messages:
 * [every message's role and content], records, context }`, where `context` is
 * the SHA-256 (hex) of the canonical JSON of `{ profile, tools }`.
 */
export function currentFingerprint(task: Pick<Task, 'messages'>, records: TaskRecords | undefined, context: FingerprintContext): string {
  return fingerprintV2(task, records, contextHash(context))
}

/** Whether a fingerprint given by an export or a study is this task's, under version 2 or (made before it) version 1. */
export function fingerprintMatches(given: string, task: Pick<Task, 'messages'>, records: TaskRecords | undefined, context: FingerprintContext): boolean {
  return given === currentFingerprint(task, records, context) || given === fingerprintNow(userTexts(task), records)
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

/** Task id → fingerprint (version 2), for every task of a data set (sealed or not: both give the same figures). */
export async function datasetFingerprints(dataset: Pick<Dataset, 'tasks' | 'records' | 'profile' | 'tools'>): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const context = contextHash(dataset)
  for (const task of dataset.tasks) setOwn(out, task.id, fingerprintV2(task, ownValue(dataset.records, task.id), context))
  return out
}

/**
 * Compares the fingerprints a participant's tasks had with a data set's:
 * `missing` ids are not in the data set, `changed` ones are there with another
 * message, other records, or (version 2) another profile or other tools. Both
 * must be refused, naming the tasks.
 */
export async function compareFingerprints(
  expected: Readonly<Record<string, string>>,
  dataset: Pick<Dataset, 'tasks' | 'records' | 'profile' | 'tools'>,
): Promise<{ missing: string[]; changed: string[] }> {
  const byId = new Map(dataset.tasks.map((t) => [t.id, t]))
  const missing: string[] = []
  const changed: string[] = []
  for (const [id, fingerprint] of Object.entries(expected)) {
    const task = byId.get(id)
    if (!task) missing.push(id)
    else if (!fingerprintMatches(fingerprint, task, ownValue(dataset.records, id), dataset)) changed.push(id)
  }
  return { missing, changed }
}
