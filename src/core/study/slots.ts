/**
 * Slots of a study recruited through one link (issue #30): the study hands
 * its tasks out to N shares, the slots, and each participant who opens the
 * link takes one, chosen from their recruiter's participant id. The page and
 * the command line share these functions, so that a slot chosen in a
 * browser is the one the tests and the collector expect.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'

/** The most slots a study may have: each has its own share and upload URLs. */
export const MAX_SLOTS = 10_000

/**
 * The names of `count` slots: `s001`, `s002`, … (three digits at least, more
 * when the count needs them), so that they sort as they are numbered and
 * read as a person's name would in the study's files.
 */
export function slotNames(count: number): string[] {
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_SLOTS) throw new RangeError(`A study has 1 to ${MAX_SLOTS} slots (got ${count}).`)
  const width = Math.max(3, String(count).length)
  return Array.from({ length: count }, (_, i) => `s${String(i + 1).padStart(width, '0')}`)
}

/**
 * The slot a participant's id falls on, from 0 to `slots - 1`.
 *
 * The function, fixed for good (version 1): SHA-256 of the UTF-8 text
 * `spieval-slot:v1:<study id>:<participant id>` (the id exactly as the
 * recruiter gives it, no trimming or case folding); its first six bytes
 * read as a big-endian whole number (below 2^48, exact in a double) modulo
 * `slots`. The study id is in the text so that one participant of two
 * studies lands on unrelated slots. Over many ids the slots are evenly
 * filled (the modulo bias is below slots / 2^48).
 */
export function participantSlot(participantId: string, studyId: string, slots: number): number {
  if (!Number.isSafeInteger(slots) || slots < 1) throw new RangeError(`The number of slots must be a whole number of at least 1 (got ${slots}).`)
  const digest = sha256(utf8ToBytes(`spieval-slot:v1:${studyId}:${participantId}`))
  let n = 0
  for (let i = 0; i < 6; i++) n = n * 256 + (digest[i] ?? 0)
  return n % slots
}

/**
 * The slots a participant tries, in order: their own ({@link participantSlot}),
 * then the next ones, wrapping around, each once. Two participants whose ids
 * fall on one slot cannot both write it (uploads are written once), so the
 * one who comes second claims the next free slot instead (see claimSlot in
 * ./uploader.ts).
 */
export function slotProbeOrder(participantId: string, studyId: string, slots: number): number[] {
  const first = participantSlot(participantId, studyId, slots)
  return Array.from({ length: slots }, (_, i) => (first + i) % slots)
}
