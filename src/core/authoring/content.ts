/**
 * A task's content as an author edits it, and its fingerprint. The
 * fingerprint covers everything that decides a verdict or what a person sees
 * (the line's fields and the records), so an attempt that keeps it can tell
 * whether the task changed since it was made. It differs from the sealing
 * fingerprint (instruction and records only), which must stay the same when
 * only the gold is revised.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { setOwn } from '../base/own'
import { hasSubtle, subtle, utf8 } from '../base/webcrypto'
import type { Task, TaskRecords } from '../dataset/types'
import { canonicalJson } from '../seal/fingerprint'

/** One task and its records, app by app. */
export interface TaskContent {
  task: Task
  records: TaskRecords
}

/** The fields of a task that a revision can change, without where it was read from (line, source). */
export function contentOf(content: TaskContent): Record<string, unknown> {
  const { task } = content
  const records: Record<string, unknown> = {}
  // An empty list is no list: the page stores none, the files may have them.
  for (const [app, list] of Object.entries(content.records)) if (Array.isArray(list) && list.length > 0) setOwn(records, app, list)
  return {
    id: task.id,
    type: task.type,
    messages: task.messages,
    answer: task.answer,
    free_params: task.freeParams,
    reasoning_path: task.reasoningPath,
    distractors: task.distractors,
    ...(task.live ? { live: task.live } : {}),
    ...(task.sealed !== undefined ? { sealed: task.sealed } : {}),
    records,
  }
}

/** SHA-256 (hex) of the canonical JSON of {@link contentOf}: the same content in any key order gives the same fingerprint. */
export function contentFingerprint(content: TaskContent): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(contentOf(content)))))
}

/**
 * {@link contentFingerprint} of each content, with SHA-256 computed by the
 * platform's native WebCrypto where it is available (an import hashes a whole
 * data set, and @noble/hashes' JavaScript was the larger part of its time);
 * on a plain-http page, where `crypto.subtle` is missing, by @noble/hashes.
 */
export async function contentFingerprints(contents: readonly TaskContent[]): Promise<string[]> {
  if (!hasSubtle()) return contents.map(contentFingerprint)
  const crypto = subtle()
  // Each callback runs up to its await at once: the texts are written now, the digests come back together.
  return Promise.all(contents.map(async (content) => bytesToHex(new Uint8Array(await crypto.digest('SHA-256', utf8(canonicalJson(contentOf(content))))))))
}
