import { RE2JS } from 're2js'
import { FIELD_SEPARATOR } from './indexed'
import type { IndexedRecord } from './indexed'
import { FuzzyIndex } from './fuzzy'
import { BigramIndex } from './bigrams'

export type SearchMode = 'fixed' | 'regex' | 'fuzzy'

export interface SearchQuery {
  pattern: string
  /** Only this field; undefined = every field. */
  field?: string | undefined
  mode: SearchMode
  ignoreCase: boolean
}

/** A matching record; `score` is fuse.js's (0 = exact) for fuzzy searches. */
export interface SearchHit {
  entry: IndexedRecord
  score?: number
}

/** A pattern that cannot be searched for (an invalid regular expression). */
export class PatternError extends Error {
  override name = 'PatternError'
}

/**
 * The records matching a query, in a stable order: stored order for `fixed`
 * and `regex`, best score first (then stored order) for `fuzzy`.
 */
export function findMatches(entries: readonly IndexedRecord[], query: SearchQuery): SearchHit[] {
  switch (query.mode) {
    case 'fixed':
      if (query.field === undefined && !query.pattern.includes(FIELD_SEPARATOR)) return fixedAnyField(entries, query)
      return filterFields(entries, query.field, fixedTest(query.pattern, query.ignoreCase), query.pattern)
    case 'regex':
      return regexMatches(entries, query)
    case 'fuzzy':
      return fuzzyMatches(entries, query)
  }
}

function fixedAnyField(entries: readonly IndexedRecord[], query: SearchQuery): SearchHit[] {
  const hits: SearchHit[] = []
  const lower = query.pattern.toLowerCase()
  // A case-sensitive match is also a match ignoring case, so the lower-case index narrows both.
  const candidates = candidatesContaining(entries, [lower])
  const test = query.ignoreCase
    ? (entry: IndexedRecord) => entry.joinedLower.includes(lower)
    : (entry: IndexedRecord) => entry.joined.includes(query.pattern)
  if (candidates) {
    for (const position of candidates) {
      const entry = entries[position] as IndexedRecord
      if (test(entry)) hits.push({ entry })
    }
  } else for (const entry of entries) if (test(entry)) hits.push({ entry })
  return hits
}

type FieldTest = (field: { text: string; lower: string }) => boolean

function fixedTest(pattern: string, ignoreCase: boolean): FieldTest {
  if (!ignoreCase) return (field) => field.text.includes(pattern)
  const lower = pattern.toLowerCase()
  return (field) => field.lower.includes(lower)
}

function filterFields(entries: readonly IndexedRecord[], field: string | undefined, test: FieldTest, pattern?: string): SearchHit[] {
  const hits: SearchHit[] = []
  const candidates = pattern === undefined ? undefined : candidatesContaining(entries, [pattern.toLowerCase()])
  for (const entry of candidates ? candidates.map((p) => entries[p] as IndexedRecord) : entries) {
    for (const f of entry.fields) {
      if ((field === undefined || f.key === field) && test(f)) {
        hits.push({ entry })
        break
      }
    }
  }
  return hits
}

/** Inline flags or whole-text anchors could make a line-wise test of the joined text miss a field's match. */
const UNSAFE_FOR_JOINED = /\\[Az]|\(\?/

function regexMatches(entries: readonly IndexedRecord[], query: SearchQuery): SearchHit[] {
  const regex = compileRegex(query.pattern, query.ignoreCase)
  const fieldTest: FieldTest = (field) => regex.test(field.text)
  if (UNSAFE_FOR_JOINED.test(query.pattern)) return filterFields(entries, query.field, fieldTest)
  // One line-wise test of all fields rules out most records; the rest are confirmed field by field.
  const anyLine = compileRegex(query.pattern, query.ignoreCase, true)
  return filterFields(
    entries.filter((entry) => anyLine.test(entry.joined)),
    query.field,
    fieldTest,
  )
}

const REGEX_CACHE_SIZE = 256
const regexCache = new Map<string, RE2JS>()

/** Compiles with RE2 semantics (linear time, no backtracking); results are cached. */
export function compileRegex(pattern: string, ignoreCase: boolean, multiLine = false): RE2JS {
  const cacheKey = (ignoreCase ? 'i' : 's') + (multiLine ? 'm:' : ':') + pattern
  const cached = regexCache.get(cacheKey)
  if (cached) return cached
  let regex: RE2JS
  try {
    regex = RE2JS.compile(pattern, (ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (multiLine ? RE2JS.MULTILINE : 0))
  } catch (err) {
    throw new PatternError(`Invalid regular expression ${JSON.stringify(pattern)}: ${err instanceof Error ? err.message : String(err)}`)
  }
  if (regexCache.size >= REGEX_CACHE_SIZE) {
    const oldest = regexCache.keys().next().value
    if (oldest !== undefined) regexCache.delete(oldest)
  }
  regexCache.set(cacheKey, regex)
  return regex
}

/** Below this many records a plain scan is as fast as building and asking an index. */
const INDEX_MIN_RECORDS = 2000
const bigramCache = new WeakMap<readonly IndexedRecord[], BigramIndex>()

/** The lower-case bigram index of a record list, built on first use for large lists. */
export function bigramIndexFor(entries: readonly IndexedRecord[]): BigramIndex {
  let index = bigramCache.get(entries)
  if (!index) bigramCache.set(entries, (index = new BigramIndex(entries.map((e) => e.joinedLower))))
  return index
}

/** Positions of the records that may contain one of the (lower-case) pieces; undefined = scan them all. */
function candidatesContaining(entries: readonly IndexedRecord[], pieces: string[]): number[] | undefined {
  if (entries.length < INDEX_MIN_RECORDS) return undefined
  return bigramIndexFor(entries).anyOf(pieces)
}

const fuzzyCache = new WeakMap<readonly IndexedRecord[], Map<string, FuzzyIndex>>()

/** The fuzzy index of a record list for one scope, built on first use and kept with the list. */
function fuzzyIndexFor(entries: readonly IndexedRecord[], field: string | undefined, ignoreCase: boolean): FuzzyIndex {
  let perScope = fuzzyCache.get(entries)
  if (!perScope) {
    perScope = new Map()
    fuzzyCache.set(entries, perScope)
  }
  const scope = `${ignoreCase ? 'i' : 's'}:${field ?? ''}`
  let index = perScope.get(scope)
  if (!index) {
    index = new FuzzyIndex(entries, field, ignoreCase, () => (entries.length < INDEX_MIN_RECORDS ? undefined : bigramIndexFor(entries)))
    perScope.set(scope, index)
  }
  return index
}

function fuzzyMatches(entries: readonly IndexedRecord[], query: SearchQuery): SearchHit[] {
  return fuzzyIndexFor(entries, query.field, query.ignoreCase).search(query.pattern)
}
