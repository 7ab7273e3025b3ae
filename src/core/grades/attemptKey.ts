/**
 * How a grade names the attempt it grades: the attempt's id, which a page
 * export's response line carries as `attempt`. A line without one (an agent's
 * run, a harness's file) is named by its run, `run:<run>`, or by the id the
 * page gave it when the line was imported there (a hash of the line), which
 * is what grades made in the page carry.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/** A UUID-shaped id (version 8, "custom") from a SHA-256 of a response line: the same on every import of it. */
export function importedAttemptId(lineText: string): string {
  const hex = bytesToHex(sha256(utf8ToBytes(lineText.trim()))).slice(0, 32).split('')
  hex[12] = '8'
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)
  const h = hex.join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** The attempt a response line stands for, as grades name it (the first of {@link attemptKeysOf}). */
export function attemptKeyOf(line: { run: number; raw: Record<string, unknown> }): string {
  const attempt = line.raw.attempt
  return typeof attempt === 'string' && attempt !== '' ? attempt : `run:${line.run}`
}

/**
 * Every name a grade may give the line's attempt: its `attempt` key; for a
 * line without one, `run:<run>` and, when the line's text is known, the id an
 * import into the page gives it.
 */
export function attemptKeysOf(line: { run: number; raw: Record<string, unknown>; text?: string }): string[] {
  const key = attemptKeyOf(line)
  return key.startsWith('run:') && line.text !== undefined ? [key, importedAttemptId(line.text)] : [key]
}
