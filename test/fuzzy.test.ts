import fc from 'fast-check'
import Fuse from 'fuse.js'
import { describe, expect, it } from 'vitest'
import { TaskIndex, compileRegex, findMatches } from '../src/core/index'
import type { IndexedRecord } from '../src/core/index'
import { FUZZY_THRESHOLD, FuzzyIndex } from '../src/core/search/fuzzy'
import { KErrorsMatcher } from '../src/core/search/kerrors'
import { generateRecords } from '../cli/gen/tasks'

/** fuse.js over the whole list, with no filtering: what FuzzyIndex must reproduce exactly. */
function plainFuse(entries: IndexedRecord[], pattern: string, field: string | undefined, ignoreCase: boolean) {
  const keys = field === undefined ? [...new Set(entries.flatMap((e) => e.fields.map((f) => f.key)))] : [field]
  const fuse = new Fuse(entries, {
    includeScore: true,
    ignoreLocation: true,
    threshold: FUZZY_THRESHOLD,
    isCaseSensitive: !ignoreCase,
    keys: keys.map((key) => ({ name: key, getFn: (e: IndexedRecord) => e.fields.find((f) => f.key === key)?.text })),
  })
  return fuse
    .search(pattern)
    .map((r) => ({ index: r.refIndex, score: r.score ?? 0 }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
}

describe('FuzzyIndex gives exactly fuse.js results, only faster', () => {
  const contacts = generateRecords('contacts', 300, 3)
  const entries = new TaskIndex({ contacts }).app('contacts')
  const words = contacts.flatMap((c) => String(c['姓名']).split(' ').concat(String(c['备注']).split(' ')))
  const pattern = fc.oneof(
    fc.constantFrom(...words),
    fc.constantFrom(...words).chain((w) => fc.nat({ max: Math.max(0, w.length - 1) }).map((i) => w.slice(0, i) + 'x' + w.slice(i + 1))),
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.string({ unit: fc.constantFrom('a', 'e', 'r', 'n', ' ', 'R', 'é', '1'), minLength: 1, maxLength: 40 }),
  )
  const cache = new Map<string, FuzzyIndex>()

  it('on random patterns, fields and case settings', () => {
    fc.assert(
      fc.property(pattern, fc.constantFrom(undefined, '姓名', '备注', '电子邮件'), fc.boolean(), (p, field, ignoreCase) => {
        const key = `${field ?? ''}|${ignoreCase}`
        let index = cache.get(key)
        if (!index) cache.set(key, (index = new FuzzyIndex(entries, field, ignoreCase)))
        const ours = index.search(p).map((h) => ({ index: h.entry.index, score: h.score }))
        expect(ours).toEqual(plainFuse(entries, p, field, ignoreCase))
      }),
      { numRuns: 400 },
    )
  })
})

/** Smallest edit distance between the pattern and any substring of the text (Sellers' dynamic programme). */
function substringDistance(text: string, pattern: string): number {
  let previous = Array.from({ length: pattern.length + 1 }, (_, i) => i)
  let best = previous[pattern.length] ?? 0
  for (let j = 1; j <= text.length; j++) {
    const current = [0]
    for (let i = 1; i <= pattern.length; i++) {
      const cost = text[j - 1] === pattern[i - 1] ? 0 : 1
      current[i] = Math.min((previous[i - 1] ?? 0) + cost, (previous[i] ?? 0) + 1, (current[i - 1] ?? 0) + 1)
    }
    best = Math.min(best, current[pattern.length] ?? 0)
    previous = current
  }
  return best
}

describe('KErrorsMatcher', () => {
  it('agrees with the dynamic programme on every pattern, text and error budget', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', ' '), maxLength: 40 })
    const pattern = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 32 })
    fc.assert(
      fc.property(text, pattern, fc.nat({ max: 10 }), (t, p, k) => {
        const d = substringDistance(t, p)
        expect(new KErrorsMatcher(p).distance(t, k)).toBe(d <= k ? d : -1)
      }),
      { numRuns: 3000 },
    )
  })
})

describe('large lists use the bigram index and find exactly what a scan finds', () => {
  const contacts = generateRecords('contacts', 2600, 5)
  const entries = new TaskIndex({ contacts }).app('contacts')
  const words = contacts.flatMap((c) => String(c['姓名']).split(' ').concat(String(c['电子邮件'])))
  const pattern = fc.oneof(
    fc.constantFrom(...words).map((w) => w.slice(0, 5)),
    fc.constantFrom(...words).map((w) => w.toUpperCase()),
    fc.string({ unit: fc.constantFrom('a', 'n', 'e', '.', '@', 'M'), minLength: 1, maxLength: 6 }),
  )

  it('fixed, over every field or one, with and without case', () => {
    fc.assert(
      fc.property(pattern, fc.constantFrom(undefined, '姓名', '电子邮件'), fc.boolean(), (p, field, ignoreCase) => {
        const found = findMatches(entries, { pattern: p, field, mode: 'fixed', ignoreCase }).map((h) => h.entry.index)
        const needle = ignoreCase ? p.toLowerCase() : p
        const expected = entries
          .filter((e) => e.fields.some((f) => (field === undefined || f.key === field) && (ignoreCase ? f.lower : f.text).includes(needle)))
          .map((e) => e.index)
        expect(found).toEqual(expected)
      }),
      { numRuns: 150 },
    )
  })

  it('fuzzy', () => {
    fc.assert(
      fc.property(pattern, fc.boolean(), (p, ignoreCase) => {
        const ours = findMatches(entries, { pattern: p, mode: 'fuzzy', ignoreCase }).map((h) => ({ index: h.entry.index, score: h.score }))
        expect(ours).toEqual(plainFuse(entries, p, undefined, ignoreCase))
      }),
      { numRuns: 25 },
    )
  })
})

describe('regex: the line-wise test of the joined record never loses a field match', () => {
  const records = [
    ...generateRecords('contacts', 60, 9),
    { 姓名: 'Multi\nLine Name', 备注: 'first line\nsecond line', 电话号码: '13900000000' },
    { 姓名: 'Tom', 备注: '' },
  ]
  const entries = new TaskIndex({ contacts: records }).app('contacts')
  const atom = fc.constantFrom('a', 'e', 'Tom', 'line', '\\d', '\\w+', '.', '.*', '[A-Z]', '\\b', ' ', '@', 'com', 'x?')
  const regex = fc
    .tuple(fc.constantFrom('', '^', '(?i)', '\\A', '(?s)'), fc.array(atom, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '$', '\\z'))
    .map(([start, middle, end]) => start + middle.join('') + end)

  it('matches exactly the records a field-by-field test matches', () => {
    fc.assert(
      fc.property(regex, fc.constantFrom(undefined, '姓名', '备注'), fc.boolean(), (pattern, field, ignoreCase) => {
        const re = compileRegex(pattern, ignoreCase)
        const expected = entries.filter((e) => e.fields.some((f) => (field === undefined || f.key === field) && re.test(f.text))).map((e) => e.index)
        expect(findMatches(entries, { pattern, field, mode: 'regex', ignoreCase }).map((h) => h.entry.index)).toEqual(expected)
      }),
      { numRuns: 500 },
    )
  })
})
