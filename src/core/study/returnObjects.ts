/**
 * The names of a study's uploads in the bucket. Under the `PREFIX` of
 * `--upload-to s3://BUCKET/PREFIX`:
 *
 * ```
 * <prefix><study id>/<slot>/r<round>/claim.age       the participant who took the slot
 * <prefix><study id>/<slot>/r<round>/task-001.age    the attempt at the slot's first task, …
 * <prefix><study id>/<slot>/r<round>/manifest.age    the closing manifest
 * ```
 *
 * A task is named by its place in the slot's list (from 001, three digits
 * at least), not by its id: ids may hold any character, and an object name
 * is part of a signed URL. Each object is written once, by a pre-signed PUT.
 */

export type UploadKind = 'claim' | 'attempt' | 'manifest'

/** A prefix as object names use it: '' or ending in "/" (a leading "/" dropped). */
export function normalPrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+/, '')
  return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`
}

/** Where one round of one slot keeps its objects. */
export function roundPrefix(prefix: string, studyId: string, slot: string, round: number): string {
  return `${normalPrefix(prefix)}${studyId}/${slot}/r${round}/`
}

/** Where every upload of a study is: what the collector lists. */
export function studyPrefix(prefix: string, studyId: string): string {
  return `${normalPrefix(prefix)}${studyId}/`
}

const taskName = (position: number): string => `task-${String(position).padStart(3, '0')}.age`

/** The object names of one round of a slot: its claim, each of its tasks (by id, in the slot's order) and its manifest. */
export function uploadObjectNames(
  prefix: string,
  studyId: string,
  slot: string,
  round: number,
  tasks: readonly string[],
): { claim: string; tasks: Map<string, string>; manifest: string } {
  const at = roundPrefix(prefix, studyId, slot, round)
  return {
    claim: `${at}claim.age`,
    tasks: new Map(tasks.map((id, i) => [id, `${at}${taskName(i + 1)}`])),
    manifest: `${at}manifest.age`,
  }
}

/** What an object's name says: its slot, round and kind, and for a task its place (from 1). */
export interface UploadObject {
  key: string
  slot: string
  round: number
  kind: UploadKind
  position?: number
}

/** Reads an object name of the study; undefined for any other name (a stray object in the bucket). */
export function readObjectName(key: string, prefix: string, studyId: string): UploadObject | undefined {
  const under = studyPrefix(prefix, studyId)
  if (!key.startsWith(under)) return undefined
  const match = /^([^/]+)\/r([1-9]\d{0,5})\/(claim\.age|manifest\.age|task-(\d{3,5})\.age)$/.exec(key.slice(under.length))
  if (!match) return undefined
  const [, slot = '', round = '', file = '', position] = match
  const base = { key, slot, round: Number(round) }
  if (file === 'claim.age') return { ...base, kind: 'claim' }
  if (file === 'manifest.age') return { ...base, kind: 'manifest' }
  const n = Number(position)
  return n >= 1 ? { ...base, kind: 'attempt', position: n } : undefined
}
