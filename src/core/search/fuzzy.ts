import Fuse from 'fuse.js'
import type { FuseOptionKey, IFuseOptions } from 'fuse.js'
import type { IndexedRecord } from './indexed'
import { KErrorsMatcher } from './kerrors'

/**
 * fuse.js settings: a field matches when its best alignment with the pattern
 * has at most 40% of the pattern's characters wrong, anywhere in the text.
 */
export const FUZZY_THRESHOLD = 0.3
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
 * Fuzzy search with fuse.js semantics, made fast on large phones by handing
 * fuse.js only the fields that match, so that it scores and ranks those:
 * - a match with at most k errors leaves one of k+1 pieces of the pattern
 *   intact (pigeonhole), so the record and the field must contain one piece;
 * - every pattern character absent from the field costs an error;
 * - what passes is decided exactly by a k-errors substring search.
 * Results and scores are exactly fuse.js's over the whole list (a property
 * test holds them to it).
 */
export class FuzzyIndex {
  private readonly keys: FuseOptionKey<IndexedRecord>[]
  private readonly keysJson: ReturnType<ReturnType<typeof Fuse.createIndex>['toJSON']>['keys']
  private readonly records: IndexRecord[]
  /** Per record, per key index: the text as fuse.js compares it, and its signature. */
  private readonly texts: { key: string; text: string; sig: number }[][]
  private readonly options: IFuseOptions<IndexedRecord>
  private readonly docs: IndexedRecord[]
  private full: Fuse<IndexedRecord> | undefined

  /**
   * @param candidates positions of the records that may contain one of the given
   *   lower-case pieces (undefined: all of them), from an index kept with the list
   */
  constructor(
    private readonly entries: readonly IndexedRecord[],
    field: string | undefined,
    private readonly ignoreCase: boolean,
    private readonly candidates: (lowerPieces: string[]) => number[] | undefined = () => undefined,
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
    const json = Fuse.createIndex(this.keys, this.docs).toJSON()
    this.keysJson = json.keys
    this.records = json.records as unknown as IndexRecord[]
    this.texts = this.records.map((r) =>
      Object.entries(r.$).map(([key, value]) => {
        const text = ignoreCase ? value.v.toLowerCase() : value.v
        return { key, text, sig: signature(text) }
      }),
    )
  }

  /** Records matching the pattern, best score first, then stored order. */
  search(pattern: string): { entry: IndexedRecord; score: number }[] {
    if (pattern.trim() === '') return this.entries.map((entry) => ({ entry, score: 0 }))
    const comparable = this.ignoreCase ? pattern.toLowerCase() : pattern
    const fuse = comparable.length > FUSE_MAX_PATTERN ? this.fullFuse() : this.candidateFuse(comparable)
    if (!fuse) return []
    return fuse
      .search(pattern)
      .map((r) => ({ entry: r.item, score: r.score ?? 0, order: r.refIndex }))
      .sort((a, b) => a.score - b.score || a.order - b.order)
      .map(({ entry, score }) => ({ entry, score }))
  }

  private fullFuse(): Fuse<IndexedRecord> {
    this.full ??= new Fuse(this.docs, this.options, Fuse.parseIndex(this.indexInput(this.records)))
    return this.full
  }

  private indexInput(records: IndexRecord[]): IndexInput {
    return { keys: this.keysJson, records } as unknown as IndexInput
  }

  private candidateFuse(pattern: string): Fuse<IndexedRecord> | undefined {
    const maxErrors = Math.floor(FUZZY_THRESHOLD * pattern.length + 1e-9)
    const pieces = splitPieces(pattern, maxErrors + 1)
    const bits = Array.from(pattern, (ch) => charBit(ch.charCodeAt(0)))
    const matcher = new KErrorsMatcher(pattern)
    const candidates: IndexRecord[] = []
    // Records that contain no piece cannot match: the bigram index rules most of them out at once.
    const lowerPieces = this.ignoreCase ? pieces : pieces.map((p) => p.toLowerCase())
    const positions = this.candidates(lowerPieces) ?? this.records.map((_, r) => r)
    for (const r of positions) {
      const record = this.records[r] as IndexRecord
      let kept: Record<string, FieldRecord> | undefined
      for (const field of this.texts[r] as { key: string; text: string; sig: number }[]) {
        if (!mayMatch(field, matcher, pieces, bits, maxErrors)) continue
        kept ??= {}
        kept[field.key] = record.$[field.key] as FieldRecord
      }
      if (kept) candidates.push({ i: record.i, $: kept })
    }
    if (candidates.length === 0) return undefined
    const index = Fuse.parseIndex<IndexedRecord>(this.indexInput(candidates))
    return new Fuse(this.docs, this.options, index)
  }
}

function mayMatch(field: { text: string; sig: number }, matcher: KErrorsMatcher, pieces: string[], bits: number[], maxErrors: number): boolean {
  let absent = 0
  for (const bit of bits) if ((field.sig & bit) === 0 && ++absent > maxErrors) return false
  if (!pieces.some((piece) => field.text.includes(piece))) return false
  // The cheap tests passed: decide exactly before fuse.js scores it.
  return maxErrors === 0 || matcher.matches(field.text, maxErrors)
}

/** Splits text into `count` contiguous pieces of near-equal length. */
function splitPieces(text: string, count: number): string[] {
  const pieces: string[] = []
  const n = Math.min(count, text.length)
  for (let i = 0; i < n; i++) pieces.push(text.slice(Math.floor((i * text.length) / n), Math.floor(((i + 1) * text.length) / n)))
  return pieces
}
