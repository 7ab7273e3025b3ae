/**
 * For each pair of adjacent characters, the set of texts (by position) that
 * contain it, as a bitset. It answers "which texts may contain this piece?"
 * in a few word operations instead of a substring scan of every text.
 *
 * It can follow its list's next version (a live attempt's records after a
 * change) instead of being built again: a text keeps its slot (bit) for good,
 * an appended text takes a new one, and a removed text's slot is left empty
 * and skipped when slots are read back as positions.
 */
export class BigramIndex {
  private readonly sets = new Map<number, Uint32Array>()
  /** Slots ever used, removed ones included. */
  private slots: number
  private words: number
  /** Removed slots, ascending. Their bits are clear: they only shift positions. */
  private readonly removedSlots: number[] = []

  constructor(texts: readonly string[]) {
    this.slots = texts.length
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

  /** How many texts it holds. */
  get size(): number {
    return this.slots - this.removedSlots.length
  }

  /** How many removed texts positions skip: past a share of the texts, a new index is cheaper to ask. */
  get removed(): number {
    return this.removedSlots.length
  }

  /** Adds a text after the last one. */
  append(text: string): void {
    const slot = this.slots++
    this.words = Math.ceil(this.slots / 32)
    this.mark(slot, text, true)
  }

  /** The text at `position` becomes `text` (it was `old`). */
  replace(position: number, old: string, text: string): void {
    const slot = this.slotAt(position)
    this.mark(slot, old, false)
    this.mark(slot, text, true)
  }

  /** Takes out the text at `position` (it was `old`); the texts after it move down one position. */
  remove(position: number, old: string): void {
    const slot = this.slotAt(position)
    this.mark(slot, old, false)
    const at = this.removedSlots.findIndex((s) => s > slot)
    this.removedSlots.splice(at < 0 ? this.removedSlots.length : at, 0, slot)
  }

  /** The slot of the text at a position: the position-th slot not removed. */
  private slotAt(position: number): number {
    let slot = position
    for (const removed of this.removedSlots) {
      if (removed > slot) break
      slot++
    }
    return slot
  }

  /** Sets or clears a slot's bit in the set of each bigram of a text. */
  private mark(slot: number, text: string, on: boolean): void {
    const word = slot >>> 5
    const bit = 1 << (slot & 31)
    for (let i = 0; i + 1 < text.length; i++) {
      const key = text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1)
      let set = this.sets.get(key)
      if (!on) {
        if (set && word < set.length) set[word] = (set[word] ?? 0) & ~bit
        continue
      }
      if (!set || word >= set.length) {
        // Room for more appended texts, so that a run of appends does not copy a set each time.
        const grown = new Uint32Array(this.words + (this.words >>> 3) + 1)
        if (set) grown.set(set)
        this.sets.set(key, (set = grown))
      }
      set[word] = (set[word] ?? 0) | bit
    }
  }

  /** The bitset of texts holding every bigram of a piece (of two or more characters); undefined = none does. */
  private containing(piece: string): Uint32Array | undefined {
    let all: Uint32Array | undefined
    for (let i = 0; i + 1 < piece.length; i++) {
      const set = this.sets.get(piece.charCodeAt(i) * 65536 + piece.charCodeAt(i + 1))
      if (!set) return undefined
      if (!all) {
        // A set made before later appends is shorter than the index: its missing words are empty.
        all = new Uint32Array(this.words)
        all.set(set.length > this.words ? set.subarray(0, this.words) : set)
      } else for (let w = 0; w < this.words; w++) all[w] = (all[w] ?? 0) & (set[w] ?? 0)
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
   * must contain all of a piece's bigrams), ascending; undefined when a piece
   * is too short to narrow anything down.
   */
  anyOf(pieces: readonly string[]): number[] | undefined {
    if (pieces.some((p) => p.length < 2)) return undefined
    const union = new Uint32Array(this.words)
    for (const piece of pieces) {
      const all = this.containing(piece)
      if (all) for (let w = 0; w < this.words; w++) union[w] = (union[w] ?? 0) | (all[w] ?? 0)
    }
    const positions: number[] = []
    const removed = this.removedSlots
    // Slots come in ascending order, so the removed slots below each are counted once.
    let below = 0
    for (let w = 0; w < this.words; w++) {
      let bits = union[w] ?? 0
      while (bits !== 0) {
        const low = bits & -bits
        const slot = w * 32 + 31 - Math.clz32(low)
        while (below < removed.length && (removed[below] ?? Infinity) < slot) below++
        positions.push(slot - below)
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
