import type Fuse from 'fuse.js'
import { fuzzyEngine } from './engines'
import type { FuseOptionKey, IFuseOptions } from 'fuse.js'
import type { IndexedRecord } from './indexed'
import { KErrorsMatcher } from './kerrors'
import type { BigramIndex } from './bigrams'

/**
 * fuse.js's threshold: a field matches when some part of it is within a
 * quarter of the pattern's length in edits (one typo in 4–7 characters, two
 * in 8–11, three in 12–15), anywhere in the text. Looser settings drown a
 * model in noise, and make every search of a large phone slow.
 */
export const FUZZY_THRESHOLD = 0.25
/** fuse.js compares patterns longer than this in chunks; the filter below holds only for one chunk. */
const FUSE_MAX_PATTERN = 32

type FieldRecord = { v: string; n: number }
type IndexInput = Parameters<typeof Fuse.parseIndex>[0]
type IndexRecord = { i: number; $: Record<string, FieldRecord> }

/** Bit of a character in a 32-bit set signature (collisions only weaken the filter, never break it). */
function charBit(code: number): number {
  return 1 << (code % 31)
}

function signature(text: string): number {
  let sig = 0
  for (let i = 0; i < text.length; i++) sig |= charBit(text.charCodeAt(i))
  return sig
}

/**
 * Fuzzy search with fuse.js's matches, scores and ranking, fast on large phones:
 * - a match with at most k errors leaves one of k+1 pieces of the pattern
 *   intact (pigeonhole), so the record and the field must contain one piece;
 * - every pattern character absent from the field costs an error;
 * - what passes is scored from its exact edit distance, as fuse.js scores it.
 * fuse.js builds the index (field norms) and searches patterns over 32
 * characters; property tests hold the rest to fuse.js's own results.
 */
export class FuzzyIndex {
  private readonly keys: FuseOptionKey<IndexedRecord>[]
  private readonly keysJson: ReturnType<ReturnType<typeof Fuse.createIndex>['toJSON']>['keys']
  private readonly records: IndexRecord[]
  /** Per record, per key index: the text as fuse.js compares it, its signature and norm. */
  private readonly texts: FieldText[][]
  private readonly options: IFuseOptions<IndexedRecord>
  private readonly docs: IndexedRecord[]
  private full: Fuse<IndexedRecord> | undefined

  /**
   * @param bigrams the lower-case bigram index kept with a large list (undefined for a small one)
   */
  constructor(
    private readonly entries: readonly IndexedRecord[],
    field: string | undefined,
    private readonly ignoreCase: boolean,
    private readonly bigrams: () => BigramIndex | undefined = () => undefined,
  ) {
    const keyNames = field === undefined ? [...new Set(entries.flatMap((e) => e.fields.map((f) => f.key)))] : [field]
    this.keys = keyNames.map((key) => ({
      name: key,
      getFn: (entry: IndexedRecord) => entry.fields.find((f) => f.key === key)?.text,
    }))
    this.options = {
      includeScore: true,
      ignoreLocation: true,
      threshold: FUZZY_THRESHOLD,
      isCaseSensitive: !ignoreCase,
      shouldSort: false,
      keys: this.keys,
    }
    this.docs = [...entries]
    const json = fuzzyEngine().createIndex(this.keys, this.docs).toJSON()
    this.keysJson = json.keys
    this.records = json.records as unknown as IndexRecord[]
    // fuse.js normalises key weights over all keys (each is 1 here) when it is constructed.
    const totalWeight = json.keys.reduce((sum, k) => sum + ((k as { weight?: number }).weight ?? 1), 0)
    this.texts = this.records.map((r) =>
      Object.entries(r.$).map(([key, value]) => {
        const text = ignoreCase ? value.v.toLowerCase() : value.v
        // fuse.js raises a field's score to (its key's normalised weight × its field norm).
        const weight = ((json.keys[Number(key)] as { weight?: number } | undefined)?.weight ?? 1) / totalWeight
        return { key, text, sig: signature(text), exponent: (weight || 1) * value.n }
      }),
    )
  }

  /** Records matching the pattern, best score first, then stored order. */
  search(pattern: string): { entry: IndexedRecord; score: number }[] {
    if (pattern.trim() === '') return this.entries.map((entry) => ({ entry, score: 0 }))
    const comparable = this.ignoreCase ? pattern.toLowerCase() : pattern
    const scored = comparable.length > FUSE_MAX_PATTERN ? this.fuseSearch(pattern) : this.bitParallelSearch(comparable)
    return scored.sort((a, b) => a.score - b.score || a.entry.index - b.entry.index)
  }

  /** fuse.js itself: long patterns, which it compares in chunks. */
  private fuseSearch(pattern: string): { entry: IndexedRecord; score: number }[] {
    const Engine = fuzzyEngine()
    this.full ??= new Engine(this.docs, this.options, Engine.parseIndex(this.indexInput(this.records)))
    return this.full.search(pattern).map((r) => ({ entry: r.item, score: r.score ?? 0 }))
  }

  private indexInput(records: IndexRecord[]): IndexInput {
    return { keys: this.keysJson, records } as unknown as IndexInput
  }

  /**
   * fuse.js's scores, computed faster: with its location ignored, fuse.js
   * scores a field max(0.001, e/m), where e is the fewest edits between the
   * pattern and a substring of the field (0 for the field itself), and a
   * record by the product of its matching fields' scores, each raised to its
   * key's weight times its field norm.
   */
  private bitParallelSearch(pattern: string): { entry: IndexedRecord; score: number }[] {
    const m = pattern.length
    const maxErrors = Math.floor(FUZZY_THRESHOLD * m + 1e-9)
    const bigrams = this.bigrams()
    const pieces = (bigrams && rarestPieces(pattern, maxErrors + 1, (piece) => bigrams.count(this.ignoreCase ? piece : piece.toLowerCase()))) ?? splitPieces(pattern, maxErrors + 1)
    const bits = Array.from(pattern, (ch) => charBit(ch.charCodeAt(0)))
    const matcher = new KErrorsMatcher(pattern)
    const positions = bigrams?.anyOf(this.ignoreCase ? pieces : pieces.map((p) => p.toLowerCase())) ?? this.records.map((_, r) => r)
    const hits: { entry: IndexedRecord; score: number }[] = []
    for (const r of positions) {
      let score = 1
      let matched = false
      for (const field of this.texts[r] as FieldText[]) {
        const fieldScore = fieldFuseScore(field, pattern, matcher, pieces, bits, maxErrors)
        if (fieldScore === undefined) continue
        matched = true
        // The same operations in the same (key) order as fuse.js, so that the floats agree exactly.
        score *= Math.pow(fieldScore === 0 ? Number.EPSILON : fieldScore, field.exponent)
      }
      if (matched) hits.push({ entry: this.entries[r] as IndexedRecord, score })
    }
    return hits
  }
}

type FieldText = { key: string; text: string; sig: number; exponent: number }

/** A field's fuse.js score for the pattern, or undefined when it does not match. */
function fieldFuseScore(field: FieldText, pattern: string, matcher: KErrorsMatcher, pieces: string[], bits: number[], maxErrors: number): number | undefined {
  if (field.text === pattern) return 0
  let absent = 0
  for (const bit of bits) if ((field.sig & bit) === 0 && ++absent > maxErrors) return undefined
  if (!pieces.some((piece) => field.text.includes(piece))) return undefined
  const errors = matcher.distance(field.text, maxErrors)
  if (errors < 0) return undefined
  const score = errors / pattern.length
  return score <= FUZZY_THRESHOLD ? Math.max(0.001, score) : undefined
}

/** Longest piece worth pricing: longer ones are rarely rarer. */
const MAX_PIECE = 6

/**
 * `count` disjoint pieces of the pattern (any such pieces serve the pigeonhole
 * argument; they need not cover it), each of two or more characters, chosen to
 * minimise the records that may hold one: a small dynamic programme over the
 * pattern, pricing each piece by the index. Undefined when the pattern is too short.
 */
function rarestPieces(pattern: string, count: number, cost: (piece: string) => number): string[] | undefined {
  const m = pattern.length
  if (m < 2 * count) return undefined
  const prices = new Map<string, number>()
  const price = (piece: string): number => {
    let p = prices.get(piece)
    if (p === undefined) prices.set(piece, (p = cost(piece)))
    return p
  }
  // best[i][j]: cheapest j pieces within pattern[0, i), with how it was reached.
  const best: { total: number; from: number; piece: number }[][] = Array.from({ length: m + 1 }, () =>
    Array.from({ length: count + 1 }, () => ({ total: Infinity, from: -1, piece: 0 })),
  )
  const at = (i: number, j: number) => (best[i] as { total: number; from: number; piece: number }[])[j] as { total: number; from: number; piece: number }
  at(0, 0).total = 0
  for (let i = 0; i < m; i++)
    for (let j = 0; j <= count; j++) {
      const here = at(i, j)
      if (here.total === Infinity) continue
      const skip = at(i + 1, j)
      if (here.total < skip.total) Object.assign(skip, { total: here.total, from: i, piece: 0 })
      if (j === count) continue
      for (let len = 2; len <= MAX_PIECE && i + len <= m; len++) {
        const next = at(i + len, j + 1)
        const total = here.total + price(pattern.slice(i, i + len))
        if (total < next.total) Object.assign(next, { total, from: i, piece: len })
      }
    }
  const pieces: string[] = []
  for (let i = m, j = count; i > 0; ) {
    const step = at(i, j)
    if (step.from < 0) return undefined
    if (step.piece > 0) {
      pieces.push(pattern.slice(step.from, step.from + step.piece))
      j--
    }
    i = step.from
  }
  return pieces.length === count ? pieces : undefined
}

/** Splits text into `count` contiguous pieces of near-equal length. */
function splitPieces(text: string, count: number): string[] {
  const pieces: string[] = []
  const n = Math.min(count, text.length)
  for (let i = 0; i < n; i++) pieces.push(text.slice(Math.floor((i * text.length) / n), Math.floor(((i + 1) * text.length) / n)))
  return pieces
}
