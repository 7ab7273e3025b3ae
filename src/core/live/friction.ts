/**
 * Friction: otherwise valid calls refused on purpose, so that a solver must
 * repair its plan (docs/reference.md, "Friction"). Task rules come from
 * `prompt_metadata.friction`; run-level random failures from a seed. Both are
 * deterministic, so a replayed trajectory meets the same refusals.
 */
import type { FrictionRule } from '../dataset/liveTypes'

/**
 * The rule that refuses this call, if any; the first in the task's order wins.
 * `priorSuccessful`: names of the tools that have had a successful call
 * earlier in the attempt. `nth`: which otherwise valid call of this tool this
 * is, 1-based, counting the ones friction refused.
 */
export function frictionFor(
  rules: readonly FrictionRule[] | undefined,
  toolName: string,
  priorSuccessful: ReadonlySet<string> | readonly string[],
  nth: number,
): FrictionRule | undefined {
  if (!rules) return undefined
  const succeeded = priorSuccessful instanceof Set ? priorSuccessful : new Set(priorSuccessful as readonly string[])
  return rules.find((rule) => {
    if (rule.tool !== toolName) return false
    if (rule.on && !rule.on.includes(nth)) return false
    if (rule.requires && rule.requires.every((t) => succeeded.has(t))) return false
    return true
  })
}

/**
 * Whether a run's random friction refuses a call: true with probability `p`,
 * decided by a hash of (seed, task, run, call index) alone, so every host and
 * every replay agrees. `callIndex` is the caller's count of calls it exposes
 * to random failure, counted the same way on replay.
 */
export function randomFailure(seed: number | string, taskId: string, run: number, callIndex: number, p: number): boolean {
  if (!(p > 0)) return false
  if (p >= 1) return true
  return unitHash(`${String(seed)}\u0000${taskId}\u0000${run}\u0000${callIndex}`) < p
}

/** A number in [0, 1) from a string: FNV-1a (32-bit) over its UTF-8 bytes, then murmur3's finaliser to spread the bits. */
export function unitHash(text: string): number {
  return fmix32(fnv1a32(text)) / 0x1_0000_0000
}

/** FNV-1a, 32-bit, over the UTF-8 encoding of `text`. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5
  const byte = (b: number): void => {
    hash ^= b
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0
    if (cp < 0x80) byte(cp)
    else if (cp < 0x800) {
      byte(0xc0 | (cp >> 6))
      byte(0x80 | (cp & 0x3f))
    } else if (cp < 0x10000) {
      byte(0xe0 | (cp >> 12))
      byte(0x80 | ((cp >> 6) & 0x3f))
      byte(0x80 | (cp & 0x3f))
    } else {
      byte(0xf0 | (cp >> 18))
      byte(0x80 | ((cp >> 12) & 0x3f))
      byte(0x80 | ((cp >> 6) & 0x3f))
      byte(0x80 | (cp & 0x3f))
    }
  }
  return hash >>> 0
}

function fmix32(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** What a call refused by a run's random friction answers: a transient fault, worth a retry. */
export const TRANSIENT_FAILURE = 'Error: The service is temporarily unavailable and nothing was changed. Please try again.'
