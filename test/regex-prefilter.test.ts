import fc from 'fast-check'
import { RE2JS } from 're2js'
import { describe, expect, it } from 'vitest'
import { TaskIndex, compileRegex, findMatches } from '../src/core/index'
import type { IndexedRecord, PhoneRecord } from '../src/core/index'
import { foldText } from '../src/core/search/indexed'
import { analyzeRegex, foldsToItself } from '../src/core/search/prefilter'

/** Plain RE2, field by field: what the prefiltered search must return, exactly. */
function plainRe2(entries: readonly IndexedRecord[], pattern: string, field: string | undefined, ignoreCase: boolean): number[] {
  const re = RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0)
  return entries.filter((e) => e.fields.some((f) => (field === undefined || f.key === field) && re.test(f.text))).map((e) => e.index)
}

function compiles(pattern: string): boolean {
  try {
    compileRegex(pattern, false)
    return true
  } catch {
    return false
  }
}

/**
 * Characters where case folding and lower-casing part ways (ſ, K, Σ/σ/ς, ß/ẞ,
 * İ/ı, µ/μ, ǅ), Chinese and full-width text, and the separator of the joined text.
 */
const TRICKY = ['a', 'A', 's', 'S', 'ſ', 'k', 'K', 'K', 'i', 'I', 'İ', 'ı', 'σ', 'Σ', 'ς', 'ß', 'ẞ', 'µ', 'μ', 'Μ', 'ǅ', 'ǆ', 'é', 'É', '张', '三', '中', '文', '（', '）', '1', '2', ' ', '.', '-', '@', '\n', '😀']
const text = fc.array(fc.constantFrom(...TRICKY), { maxLength: 14 }).map((cs) => cs.join(''))

const LITERALS = [
  ...TRICKY.filter((c) => c !== '.' && c !== '\n'),
  'Tom', 'tom', 'SS', 'ss', '张三', '中文', '\\.', '\\-', '\\ ', '\\_', '\\n', '\\t', '\\x41', '\\x{5F20}', '\\x{17F}', '\\101', '\\Q.s\\E', '\\Qa+\\E',
]
const OTHERS = [  '.', '\\d', '\\D', '\\w', '\\W', '\\s', '\\S', '\\b', '\\B', '^', '$', '\\A', '\\z', '\\pL', '\\p{Han}', '\\PN',
  '[a-c]', '[^a]', '[]a]', '[张三]', '[sS]', '[[:alpha:]]', '[\\d.]', '(?i)', '(?-i)', '(?s)', '(?i:s)', '(?m)', '{', '}', ']', 'a{,2}',
]
const QUANTIFIERS = ['', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,2}', '{2,}', '*?', '+?', '{0}']

const regex: fc.Arbitrary<string> = fc.letrec<{ alt: string; seq: string; item: string }>((tie) => ({
  alt: fc.oneof({ weight: 3, arbitrary: tie('seq') }, { weight: 1, arbitrary: fc.array(tie('seq'), { minLength: 2, maxLength: 3 }).map((branches) => branches.join('|')) }),
  seq: fc.array(tie('item'), { minLength: 0, maxLength: 5 }).map((items) => items.join('')),
  item: fc
    .tuple(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...LITERALS) },
        { weight: 3, arbitrary: fc.constantFrom(...OTHERS) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom('(', '(?:', '(?P<g>', '(?i:'), tie('alt')).map(([open, inner]) => `${open}${inner})`) },
      ),
      fc.constantFrom(...QUANTIFIERS),
    )
    .map(([atom, q]) => atom + q),
})).alt.filter(compiles)

const record = fc.record({ 姓名: text, 备注: text, 电话号码: text }, { requiredKeys: ['姓名'] })

describe('the regex prefilter never changes what a search finds', () => {
  it('findMatches equals plain RE2 on random patterns, records, fields and case settings', () => {
    let prefiltered = 0
    let ruledOut = 0
    fc.assert(
      fc.property(regex, fc.array(record, { minLength: 1, maxLength: 8 }), fc.constantFrom(undefined, '姓名', '备注'), fc.boolean(), (pattern, records, field, ignoreCase) => {
        const entries = new TaskIndex({ contacts: records as PhoneRecord[] }).app('contacts')
        const expected = plainRe2(entries, pattern, field, ignoreCase)
        const pre = analyzeRegex(pattern, ignoreCase).prefilter
        if (pre) {
          prefiltered++
          ruledOut += entries.filter((e) => !pre.test(pre.folded ? e.joinedFold : e.joined)).length
        }
        expect(findMatches(entries, { pattern, field, mode: 'regex', ignoreCase }).map((h) => h.entry.index)).toEqual(expected)
      }),
      { numRuns: 2500 },
    )
    // The property means little unless the prefilter actually took part.
    expect(prefiltered).toBeGreaterThan(700)
    expect(ruledOut).toBeGreaterThan(2000)
  })

  it('a text RE2 matches always passes the prefilter (direct, many more cases)', () => {
    fc.assert(
      fc.property(regex, text, fc.boolean(), (pattern, t, ignoreCase) => {
        const pre = analyzeRegex(pattern, ignoreCase).prefilter
        if (!pre || !RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0).test(t)) return
        expect(pre.test(pre.folded ? foldText(t.toLowerCase()) : t)).toBe(true)
      }),
      { numRuns: 6000 },
    )
  })

  it('finds what case folding finds where lower-casing differs', () => {
    const records = [{ 姓名: 'ſam' }, { 姓名: 'Kelvin' }, { 姓名: 'ΟΔΥΣΣΕΥΣ' }, { 姓名: 'straße' }, { 姓名: 'STRAẞE' }, { 姓名: 'İstanbul' }, { 姓名: '张三（经理）' }, { 姓名: 'line one\nline two' }]
    const entries = new TaskIndex({ contacts: records }).app('contacts')
    const names = (pattern: string, ignoreCase = true) => findMatches(entries, { pattern, mode: 'regex', ignoreCase }).map((h) => h.entry.record['姓名'])
    expect(names('^sam')).toEqual(['ſam'])
    expect(names('kelvin')).toEqual(['Kelvin'])
    expect(names('σσευς')).toEqual(['ΟΔΥΣΣΕΥΣ'])
    expect(names('straße')).toEqual(['straße', 'STRAẞE'])
    expect(names('stanbul')).toEqual(['İstanbul'])
    expect(names('张三（经理）')).toEqual(['张三（经理）'])
    expect(names('经理|总监')).toEqual(['张三（经理）'])
    expect(names('^line two$')).toEqual([])
    expect(names('(?m)^line two$')).toEqual(['line one\nline two'])
    expect(names('SAM', false)).toEqual([])
    expect(names('(?i)SAM', false)).toEqual(['ſam'])
    for (const p of ['^sam', 'kelvin', 'σσευς', 'straße', 'stanbul', '(?i)SAM']) expect(names(p)).toEqual(plainRe2(entries, p, undefined, true).map((i) => records[i]?.['姓名']))
  })
})

describe('the literals read from a pattern', () => {
  const required = (pattern: string, ignoreCase = true) => analyzeRegex(pattern, ignoreCase).prefilter?.description
  it('joins runs of literals and multiplies small alternations out', () => {
    expect(required('^Tom')).toBe('"tom"')
    expect(required('^Tom', false)).toBe('"Tom"')
    expect(required('R(u|i)z')).toBe('"ruz" | "riz"')
    expect(required('Fin.nce')).toBe('"fin" & "nce"')
    expect(required('colou?r')).toBe('"color" | "colour"')
    expect(required('(?P<n>Tom) (?:Ruiz|Becker)')).toBe('"tom ruiz" | "tom becker"')
    expect(required('张三|李四')).toBe('"张三" | "李四"')
    expect(required('\\p{Han}经理')).toBe('"经理"')
    expect(required('a\\Qb.c\\E*d')).toBe('"ab." & "d"')
    expect(required('foo\\.bar\\x41')).toBe('"foo.bara"')
  })

  it('requires nothing it cannot be sure of', () => {
    for (const p of ['', '\\d{4}', 'a|', 'x*', '[abc]', '.', 'a{,3}', '[[:alpha:]]x', '(?:ab)?']) expect(required(p), p).toBeUndefined()
    // Characters that fold with others beyond lower case are left out, not guessed.
    expect(required('ſam')).toBe('"am"')
    expect(required('ſam', false)).toBe('"ſam"')
    expect(required('Σa')).toBe('"a"')
  })

  it('knows when no match can hold a line break', () => {
    const noNewline = (p: string) => analyzeRegex(p, true).noNewline
    expect(['^Tom$', '\\d{4}', '[A-Z][a-z]+', '\\w+\\S', 'a.b'].map(noNewline)).toEqual([true, true, true, true, true])
    expect(['a\\sb', '[^x]', '\\n', '(?s)a.b', '\\D', '\\pL', '[\\d]', '\\012'].map(noNewline)).toEqual([false, false, false, false, false, false, false, false])
  })
})

describe('the case-folding facts the prefilter rests on, asked of RE2', () => {
  /** All code points RE2 may fold (re2js folds nothing outside U+0041–U+1E943), surrogates left out. */
  const foldRange: number[] = []
  for (let cp = 0x41; cp <= 0x1e943; cp++) if (cp < 0xd800 || cp > 0xdfff) foldRange.push(cp)
  const hex = (cp: number) => `\\x{${cp.toString(16)}}`
  const classOf = (cps: readonly number[]) => `[${cps.map(hex).join('')}]`
  const textOf = (cps: readonly number[]) => cps.map((cp) => String.fromCodePoint(cp)).join('')

  it('every character RE2 folds with an ASCII character folds to it under foldText', () => {
    const scanned = [...Array.from({ length: 0x41 }, (_, i) => i), ...foldRange, ...Array.from({ length: 0x200 }, (_, i) => 0x1e944 + i)]
    const folds = new Map(scanned.map((cp) => [cp, foldText(String.fromCodePoint(cp).toLowerCase())]))
    const isLetter = (c: number) => /[a-z]/i.test(String.fromCharCode(c))
    // ASCII other than letters folds with nothing at all.
    const others = Array.from({ length: 0x80 }, (_, c) => c).filter((c) => !isLetter(c))
    const otherSet = new Set(others)
    expect(RE2JS.compile(`(?i)${classOf(others)}`).test(textOf(scanned.filter((cp) => !otherSet.has(cp))))).toBe(false)
    for (let c = 0x61; c <= 0x7a; c++) {
      const letter = String.fromCharCode(c)
      const rest = scanned.filter((cp) => folds.get(cp) !== letter)
      expect(RE2JS.compile(`(?i)${letter}`).test(textOf(rest)), letter).toBe(false)
    }
    // And the two that lower-casing alone misses are there: ſ with s, K with k.
    expect(RE2JS.compile('(?i)s').test('\u017f')).toBe(true)
    expect(RE2JS.compile('(?i)k').test('\u212a')).toBe(true)
  })

  it('a character foldsToItself says folds with nothing else, on a wide sample', () => {
    const sample = new Set<number>()
    for (let cp = 0x80; cp < 0x3100; cp++) sample.add(cp)
    for (const [lo, hi] of [[0x3400, 0x3500], [0x4e00, 0x5200], [0xac00, 0xac80], [0xff00, 0xfff0], [0x10400, 0x10500], [0x1e900, 0x1e944], [0x1f600, 0x1f650]] as const)
      for (let cp = lo; cp < hi; cp++) if (cp < 0xd800 || cp > 0xdfff) sample.add(cp)
    const caseless = [...sample].filter((cp) => foldsToItself(cp, String.fromCodePoint(cp)))
    expect(caseless.length).toBeGreaterThan(5000)
    // Found to fold with nothing else: the Latin letters, Greek and Cyrillic of the sample are not among them.
    for (const ch of ['é', 'É', 'µ', 'Σ', 'σ', 'ς', 'ß', 'ǅ', 'Ж', 'ж', 'Ａ', 'ａ', '𐐀']) expect(foldsToItself(ch.codePointAt(0) as number, ch), ch).toBe(false)
    for (const ch of ['张', '（', '，', '1', '😀', 'ı']) expect(foldsToItself(ch.codePointAt(0) as number, ch), ch).toBe(true)
    // Two characters that fold together differ in some bit, so one side of that bit's split finds the other.
    for (let bit = 0; bit < 17; bit++)
      for (const value of [0, 1]) {
        const side = caseless.filter((cp) => ((cp >> bit) & 1) === value)
        const sideSet = new Set(side)
        const rest = foldRange.filter((cp) => !sideSet.has(cp))
        expect(RE2JS.compile(`(?i)${classOf(side)}`).test(textOf(rest)), `bit ${bit} = ${value}`).toBe(false)
      }
    // A character that folds with another one is caught by the same test.
    const withK = [...caseless.filter((cp) => (cp & 1) === 0), 0x212a]
    const withKSet = new Set(withK)
    expect(RE2JS.compile(`(?i)${classOf(withK)}`).test(textOf(foldRange.filter((cp) => !withKSet.has(cp))))).toBe(true)
  })
})
