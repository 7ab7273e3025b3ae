import { fnv1a32 } from '../live/friction'

/**
 * mulberry32 (Tommy Ettinger's 32-bit generator, public domain): small, fast
 * and the same in every engine. Not for secrets: it decides who solves what.
 * Returns numbers in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000
  }
}

/** A generator for a study seed; the seed's text is hashed so that "1" and 1 give the same study. */
export function seededRandom(seed: number | string, purpose: string): () => number {
  return mulberry32(fnv1a32(`spieval-study:${purpose}:${String(seed)}`))
}

/** Fisher–Yates, in place, with the given generator. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const a = items[i] as T
    items[i] = items[j] as T
    items[j] = a
  }
  return items
}
