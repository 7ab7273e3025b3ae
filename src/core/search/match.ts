import { RE2JS } from 're2js'
import Fuse from 'fuse.js'
import type { IndexedRecord } from './indexed'

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
      return filterFields(entries, query.field, fixedTest(query.pattern, query.ignoreCase))
    case 'regex': {
      const regex = compileRegex(query.pattern, query.ignoreCase)
      return filterFields(entries, query.field, (field) => regex.test(field.text))
    }
    case 'fuzzy':
      return fuzzyMatches(entries, query)
  }
}

type FieldTest = (field: { text: string; lower: string }) => boolean

function fixedTest(pattern: string, ignoreCase: boolean): FieldTest {
  if (!ignoreCase) return (field) => field.text.includes(pattern)
  const lower = pattern.toLowerCase()
  return (field) => field.lower.includes(lower)
}

function filterFields(entries: readonly IndexedRecord[], field: string | undefined, test: FieldTest): SearchHit[] {
  const hits: SearchHit[] = []
  for (const entry of entries) {
    for (const f of entry.fields) {
      if ((field === undefined || f.key === field) && test(f)) {
        hits.push({ entry })
        break
      }
    }
  }
  return hits
}

const REGEX_CACHE_SIZE = 256
const regexCache = new Map<string, RE2JS>()

/** Compiles with RE2 semantics (linear time, no backtracking); results are cached. */
export function compileRegex(pattern: string, ignoreCase: boolean): RE2JS {
  const cacheKey = (ignoreCase ? 'i:' : 's:') + pattern
  const cached = regexCache.get(cacheKey)
  if (cached) return cached
  let regex: RE2JS
  try {
    regex = RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0)
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

/** fuse.js settings: match anywhere in long texts, and stay strict enough to mean "similar". */
const FUSE_THRESHOLD = 0.4

const fuseCache = new WeakMap<readonly IndexedRecord[], Map<string, Fuse<IndexedRecord>>>()

function fuseFor(entries: readonly IndexedRecord[], field: string | undefined, ignoreCase: boolean): Fuse<IndexedRecord> {
  let perScope = fuseCache.get(entries)
  if (!perScope) {
    perScope = new Map()
    fuseCache.set(entries, perScope)
  }
  const scope = `${ignoreCase ? 'i' : 's'}:${field ?? ''}`
  let fuse = perScope.get(scope)
  if (!fuse) {
    const keys = field === undefined ? [...new Set(entries.flatMap((e) => e.fields.map((f) => f.key)))] : [field]
    fuse = new Fuse([...entries], {
      includeScore: true,
      ignoreLocation: true,
      threshold: FUSE_THRESHOLD,
      isCaseSensitive: !ignoreCase,
      shouldSort: false,
      keys: keys.map((key) => ({
        name: key,
        getFn: (entry: IndexedRecord) => entry.fields.find((f) => f.key === key)?.text,
      })),
    })
    perScope.set(scope, fuse)
  }
  return fuse
}

function fuzzyMatches(entries: readonly IndexedRecord[], query: SearchQuery): SearchHit[] {
  if (query.pattern === '') return entries.map((entry) => ({ entry }))
  const results = fuseFor(entries, query.field, query.ignoreCase).search(query.pattern)
  return results
    .map((r) => ({ entry: r.item, score: r.score ?? 0, order: r.refIndex }))
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .map(({ entry, score }) => ({ entry, score }))
}
