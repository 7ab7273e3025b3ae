/**
 * The edit distance (insert, delete, substitute) between a pattern and the
 * closest substring of a text: Myers' bit-parallel algorithm (1999) in its
 * substring form. Patterns of at most 32 UTF-16 units; O(text length).
 */
export class KErrorsMatcher {
  private readonly peq = new Map<number, number>()
  private readonly lastBit: number
  private readonly length: number

  constructor(pattern: string) {
    if (pattern.length === 0 || pattern.length > 32) throw new RangeError('pattern must have 1 to 32 characters')
    this.length = pattern.length
    for (let i = 0; i < pattern.length; i++) {
      const code = pattern.charCodeAt(i)
      this.peq.set(code, (this.peq.get(code) ?? 0) | (1 << i))
    }
    this.lastBit = 1 << (pattern.length - 1)
  }

  /**
   * The fewest edits that turn the pattern into some substring of `text`,
   * or -1 when that is more than `maxErrors`.
   */
  distance(text: string, maxErrors: number): number {
    let best = this.length
    let pv = -1
    let mv = 0
    let score = this.length
    for (let j = 0; j < text.length; j++) {
      const eq = this.peq.get(text.charCodeAt(j)) ?? 0
      const xv = eq | mv
      // The sum may pass 32 bits; `^` brings it back to a 32-bit word, as the algorithm needs.
      const xh = (((eq & pv) + pv) ^ pv) | eq
      let ph = mv | ~(xh | pv)
      let mh = pv & xh
      if (ph & this.lastBit) score++
      else if (mh & this.lastBit) score--
      // Substring search: the first row is all zeros, so nothing is shifted in.
      ph <<= 1
      mh <<= 1
      pv = mh | ~(xv | ph)
      mv = ph & xv
      if (score < best) {
        best = score
        if (best === 0) return 0
      }
    }
    return best <= maxErrors ? best : -1
  }
}
