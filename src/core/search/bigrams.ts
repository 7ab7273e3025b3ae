/**
 * For each pair of adjacent characters, the set of texts (by position) that
 * contain it, as a bitset. It answers "which texts may contain this piece?"
 * in a few word operations instead of a substring scan of every text.
 */
export class BigramIndex {
  private readonly sets = new Map<number, Uint32Array>()
  private readonly words: number

  constructor(texts: readonly string[]) {
    this.words = Math.ceil(texts.length / 32)
    texts.forEach((text, t) => {
      const word = t >>> 5
      const bit = 1 << (t & 31)
      for (let i = 0; i + 1 < text.length; i++) {
        const key = text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1)
        let set = this.sets.get(key)
        if (!set) this.sets.set(key, (set = new Uint32Array(this.words)))
        set[word] = (set[word] ?? 0) | bit
      }
    })
  }

  /** The bitset of texts holding every bigram of a piece (of two or more characters); undefined = none does. */
  private containing(piece: string): Uint32Array | undefined {
    let all: Uint32Array | undefined
    for (let i = 0; i + 1 < piece.length; i++) {
      const set = this.sets.get(piece.charCodeAt(i) * 65536 + piece.charCodeAt(i + 1))
      if (!set) return undefined
      if (!all) all = set.slice()
      else for (let w = 0; w < this.words; w++) all[w] = (all[w] ?? 0) & (set[w] ?? 0)
    }
    return all
  }

  /** How many texts may contain the piece (two or more characters): what searching for it would cost. */
  count(piece: string): number {
    const set = this.containing(piece)
    let n = 0
    if (set) for (let w = 0; w < this.words; w++) n += popcount(set[w] ?? 0)
    return n
  }

  /**
   * Positions of the texts that may contain at least one of the pieces (each
   * must contain all of a piece's bigrams); undefined when a piece is too
   * short to narrow anything down.
   */
  anyOf(pieces: readonly string[]): number[] | undefined {
    if (pieces.some((p) => p.length < 2)) return undefined
    const union = new Uint32Array(this.words)
    for (const piece of pieces) {
      const all = this.containing(piece)
      if (all) for (let w = 0; w < this.words; w++) union[w] = (union[w] ?? 0) | (all[w] ?? 0)
    }
    const positions: number[] = []
    for (let w = 0; w < this.words; w++) {
      let bits = union[w] ?? 0
      while (bits !== 0) {
        const low = bits & -bits
        positions.push(w * 32 + 31 - Math.clz32(low))
        bits ^= low
      }
    }
    return positions
  }
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
