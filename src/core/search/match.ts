import type { RE2JS } from 're2js'
import { regexEngine } from './engines'
import { FIELD_SEPARATOR, bigramIndexFor } from './indexed'
import type { IndexedRecord } from './indexed'
import { FuzzyIndex } from './fuzzy'
import { analyzeRegex } from './prefilter'
import type { RegexPrefilter } from './prefilter'
import { REGEX_MAX_INSTRUCTIONS, describePatternRefusal, estimateInstructions, lengthRefusal, programRefusal } from './limits'
import type { PatternRefusal } from './limits'

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

/** A pattern that cannot be searched for (an invalid regular expression, or one over its mode's length limit); `refusal` says why as data. */
export class PatternError extends Error {
  override name = 'PatternError'
  constructor(readonly refusal: PatternRefusal) {
    super(describePatternRefusal(refusal))
  }
}

/**
 * The records matching a query, in a stable order: stored order for `fixed`
 * and `regex`, best score first (then stored order) for `fuzzy`.
 */
export function findMatches(entries: readonly IndexedRecord[], query: SearchQuery): SearchHit[] {
  const tooLong = lengthRefusal(query.pattern, query.mode)
  if (tooLong) throw new PatternError(tooLong)
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

/** What a regex search needs, worked out once per pattern and case setting. */
interface RegexPlan {
  regex: RE2JS
  /** The same regex, line-wise, for the joined text (compiled when first needed); undefined when that test could miss a field's match. */
  anyLine: (() => RE2JS) | undefined
  prefilter: RegexPrefilter | undefined
  /** The joined text's line-wise test alone decides a record whose fields hold no line break. */
  lineWiseDecides: boolean
}

const planCache = new Map<string, RegexPlan>()

function regexPlan(pattern: string, ignoreCase: boolean): RegexPlan {
  const key = (ignoreCase ? 'i:' : 's:') + pattern
  const cached = planCache.get(key)
  if (cached) return cached
  const regex = compileRegex(pattern, ignoreCase)
  const joinedSafe = !UNSAFE_FOR_JOINED.test(pattern)
  const analysis = analyzeRegex(pattern, ignoreCase)
  let lineWise: RE2JS | undefined
  const plan: RegexPlan = {
    regex,
    anyLine: joinedSafe ? () => (lineWise ??= compileRegex(pattern, ignoreCase, true)) : undefined,
    prefilter: analysis.prefilter,
    lineWiseDecides: joinedSafe && analysis.noNewline,
  }
  remember(planCache, key, plan)
  return plan
}

/**
 * RE2 runs only where it can match: the literals every match contains rule a
 * record out with a substring test, then each field without them. A pattern
 * without such literals is tried line-wise on the joined record first, and
 * when no match can hold a line break that one test stands for all of its
 * fields. test/regex-prefilter.test.ts holds this to plain RE2, field by field.
 */
function regexMatches(entries: readonly IndexedRecord[], query: SearchQuery): SearchHit[] {
  const { regex, anyLine, prefilter, lineWiseDecides } = regexPlan(query.pattern, query.ignoreCase)
  const folded = prefilter?.folded ?? false
  const field = query.field
  const hits: SearchHit[] = []
  for (const entry of entries) {
    if (prefilter && !prefilter.test(folded ? entry.joinedFold : entry.joined)) continue
    // Without literals to look for, one test of the whole record rules most records out (and may decide it);
    // with them, the fields that hold them are fewer and shorter than the record.
    if (field === undefined && anyLine && !prefilter) {
      const lineMatch = anyLine().test(entry.joined)
      if (lineWiseDecides && !entry.multiline) {
        if (lineMatch) hits.push({ entry })
        continue
      }
      if (!lineMatch) continue
    }
    for (const f of entry.fields) {
      if (field !== undefined && f.key !== field) continue
      if (prefilter && !prefilter.test(folded ? f.fold : f.text)) continue
      if (regex.test(f.text)) {
        hits.push({ entry })
        break
      }
    }
  }
  return hits
}

function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= REGEX_CACHE_SIZE) {
    const oldest = cache.keys().next().value
    if (oldest !== undefined) cache.delete(oldest)
  }
  cache.set(key, value)
}

const REGEX_CACHE_SIZE = 256
/** Compiled regexes, and the refusals of patterns that do not compile, so that a retried one costs nothing. */
const regexCache = new Map<string, RE2JS | PatternError>()

/** Compiles with RE2 semantics (linear time, no backtracking); results, refusals included, are cached. */
export function compileRegex(pattern: string, ignoreCase: boolean, multiLine = false): RE2JS {
  const cacheKey = (ignoreCase ? 'i' : 's') + (multiLine ? 'm:' : ':') + pattern
  let regex = regexCache.get(cacheKey)
  if (!regex) {
    const engine = regexEngine()
    regex = compileChecked(pattern, (ignoreCase ? engine.CASE_INSENSITIVE : 0) | (multiLine ? engine.MULTILINE : 0), (multiLine ? '(?m)' : '') + (ignoreCase ? '(?i)' : ''))
    remember(regexCache, cacheKey, regex)
  }
  if (regex instanceof PatternError) throw regex
  return regex
}

/** `flagPrefix`: what re2js writes before the pattern for `flags`, and quotes back in its errors; the pattern is quoted as it was given. */
function compileChecked(pattern: string, flags: number, flagPrefix: string): RE2JS | PatternError {
  const estimate = estimateInstructions(pattern)
  // Clearly too big: refused before compiling, which alone would take long.
  if (estimate > 2 * REGEX_MAX_INSTRUCTIONS) return new PatternError(programRefusal(estimate, true) as PatternRefusal)
  let regex: RE2JS
  try {
    regex = regexEngine().compile(pattern, flags)
  } catch (err) {
    return new PatternError(invalidRefusal(pattern, err, flagPrefix))
  }
  const tooBig = programRefusal(regex.re2Input.numberOfInstructions())
  return tooBig ? new PatternError(tooBig) : regex
}

/** A compile error as a refusal; re2js's syntax errors name their error and the part of the pattern, which it quotes with `flagPrefix` before it. */
function invalidRefusal(pattern: string, err: unknown, flagPrefix: string): PatternRefusal {
  const unprefixed = (text: string) => (flagPrefix && text.startsWith(flagPrefix) ? text.slice(flagPrefix.length) : text)
  const message = (err instanceof Error ? err.message : String(err)).replaceAll(`\`${flagPrefix}`, '`')
  const refusal: Extract<PatternRefusal, { kind: 'invalid' }> = { kind: 'invalid', pattern, message }
  if (err instanceof Error && 'error' in err && typeof err.error === 'string') {
    refusal.code = err.error
    if ('input' in err && typeof err.input === 'string' && err.input !== '') refusal.fragment = unprefixed(err.input)
  }
  return refusal
}

/**
 * Why a search's pattern is refused, or undefined when it may be searched
 * for: the check `findMatches` makes, for a reader who has the query and not
 * the error (the phone, wording a refused search for a person). A regex is
 * checked with its engine, which a refused regex search has loaded.
 */
export function patternRefusal(query: Pick<SearchQuery, 'pattern' | 'mode' | 'ignoreCase'>): PatternRefusal | undefined {
  const tooLong = lengthRefusal(query.pattern, query.mode)
  if (tooLong || query.mode !== 'regex') return tooLong
  try {
    compileRegex(query.pattern, query.ignoreCase)
    return undefined
  } catch (err) {
    if (err instanceof PatternError) return err.refusal
    throw err
  }
}

/** Below this many records a plain scan is as fast as building and asking an index. */
const INDEX_MIN_RECORDS = 2000
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
