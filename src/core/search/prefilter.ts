import { regexEngine } from './engines'

/**
 * A necessary condition for a regular expression to match: literals that every
 * match contains, read from the pattern. A plain substring test of them rules
 * out most records before RE2 runs. re2js has a prefilter of its own, but it
 * gives up on case-folded literals, and `ignore_case` is the default here.
 *
 * Soundness is the whole point: whatever this file does not understand makes
 * no requirement, and a construct it cannot place safely (an unusual `{`, a
 * POSIX class, a look-around) drops the prefilter for the whole pattern. The
 * pattern has already compiled in RE2, so only valid RE2 syntax reaches it.
 */
export interface RegexPrefilter {
  /** True when the text may hold a match; false only when it cannot. */
  test: (text: string) => boolean
  /** The condition, for people: `"tom"`, `"ruz" | "riz"`, `"fin" & "nce"`. */
  description: string
  /** Literals are folded: test `fold` texts (see foldText), not the raw ones. */
  folded: boolean
}

export interface RegexAnalysis {
  /** Undefined when no literal is required (then every record goes to RE2). */
  prefilter: RegexPrefilter | undefined
  /**
   * No match can contain a line break, so a line-wise match in the joined
   * text lies in one field and is that field's own match (given fields
   * without line breaks; anchors and \b see the separator as a text edge).
   */
  noNewline: boolean
}

/** Literal sets larger than this become an OR of their members' requirements. */
const MAX_EXACT = 16

type Need = { all: true } | { lit: string } | { and: Need[] } | { or: Need[] }
const ALL: Need = { all: true }

/** What is known of a sub-expression: the strings it can match (when few and known) and what every match contains. */
interface Info {
  exact?: string[]
  need: Need
}

const EMPTY: Info = { exact: [''], need: ALL }
const UNKNOWN: Info = { need: ALL }

/** Thrown inside the parser: the pattern holds something it will not guess about. */
class GiveUp extends Error {}

export function analyzeRegex(pattern: string, ignoreCase: boolean): RegexAnalysis {
  // An inline flag group can turn case folding on anywhere (and `s` lets `.` match a line break);
  // folding everything is the weaker test, true whenever the exact one is.
  const inlineFlags = /\(\?[imsU-]/.test(pattern)
  const folded = ignoreCase || inlineFlags
  const parser = new Parser(pattern, folded)
  let need: Need
  try {
    const info = parser.alternation()
    if (parser.pos < parser.chars.length) throw new GiveUp()
    need = simplify(needOf(info))
  } catch (err) {
    if (!(err instanceof GiveUp)) throw err
    return { prefilter: undefined, noNewline: false }
  }
  return {
    prefilter: 'all' in need ? undefined : { test: compileNeed(need), description: describe(need), folded },
    noNewline: !parser.newline && !inlineFlags,
  }
}

function needOf(info: Info): Need {
  if (!info.exact) return info.need
  if (info.exact.includes('')) return ALL
  return info.exact.length === 1 ? { lit: info.exact[0] as string } : { or: info.exact.map((lit) => ({ lit })) }
}

function and(a: Need, b: Need): Need {
  if ('all' in a) return b
  if ('all' in b) return a
  return { and: [...('and' in a ? a.and : [a]), ...('and' in b ? b.and : [b])] }
}

function simplify(need: Need): Need {
  if ('and' in need) {
    const parts = need.and.map(simplify).filter((p) => !('all' in p))
    return parts.length === 0 ? ALL : parts.length === 1 ? (parts[0] as Need) : { and: parts }
  }
  if ('or' in need) {
    const parts = need.or.map(simplify)
    if (parts.some((p) => 'all' in p)) return ALL
    return parts.length === 1 ? (parts[0] as Need) : { or: parts }
  }
  return need
}

function compileNeed(need: Need): (text: string) => boolean {
  if ('lit' in need) {
    const lit = need.lit
    return (text) => text.includes(lit)
  }
  if ('or' in need && need.or.every((p) => 'lit' in p)) {
    // The common case (a small alternation multiplied out): a plain loop, no closure per literal.
    const lits = need.or.map((p) => (p as { lit: string }).lit)
    return (text) => {
      for (const lit of lits) if (text.includes(lit)) return true
      return false
    }
  }
  if ('and' in need) {
    const parts = need.and.map(compileNeed)
    return (text) => parts.every((p) => p(text))
  }
  if ('or' in need) {
    const parts = need.or.map(compileNeed)
    return (text) => parts.some((p) => p(text))
  }
  return () => true
}

function describe(need: Need): string {
  if ('lit' in need) return JSON.stringify(need.lit)
  if ('and' in need) return need.and.map((p) => ('or' in p ? `(${describe(p)})` : describe(p))).join(' & ')
  if ('or' in need) return need.or.map((p) => ('and' in p ? `(${describe(p)})` : describe(p))).join(' | ')
  return 'true'
}

/** A sequence: runs of known strings are multiplied out (while few), the rest joins by AND. */
function concatAll(items: readonly Info[]): Info {
  const needs: Need[] = []
  let run: string[] = ['']
  for (const item of items) {
    if (item.exact && run.length * item.exact.length <= MAX_EXACT) {
      const next = new Set<string>()
      for (const x of run) for (const y of item.exact) next.add(x + y)
      run = [...next]
    } else {
      needs.push(needOf({ exact: run, need: ALL }))
      if (item.exact) run = item.exact
      else {
        needs.push(item.need)
        run = ['']
      }
    }
  }
  if (needs.length === 0) return { exact: run, need: ALL }
  needs.push(needOf({ exact: run, need: ALL }))
  return { need: needs.reduce(and, ALL) }
}

function alternate(branches: Info[]): Info {
  if (branches.length === 1) return branches[0] as Info
  if (branches.every((b) => b.exact)) {
    const exact = new Set(branches.flatMap((b) => b.exact as string[]))
    if (exact.size <= MAX_EXACT) return { exact: [...exact], need: ALL }
  }
  return { need: { or: branches.map(needOf) } }
}

function repeat(x: Info, min: number, max: number): Info {
  if (max === 0) return EMPTY
  if (min === 0) return max === 1 && x.exact ? { exact: [...new Set(['', ...x.exact])], need: ALL } : UNKNOWN
  // At least one copy, so whatever one copy needs.
  return { need: needOf(x) }
}

/** Characters whose case folding in RE2 is only themselves, by code point; filled on demand. */
const caseless = new Map<number, boolean>()
const CASELESS_CACHE = 4096

/**
 * Whether a non-ASCII character can stand in a folded literal as itself: RE2
 * folds it with nothing else (asked of RE2: a folded one-character pattern
 * keeps a literal prefix only then), and lower-casing leaves it alone, so a
 * folded text holds it exactly where the raw text does.
 */
export function foldsToItself(cp: number, ch: string): boolean {
  let known = caseless.get(cp)
  if (known === undefined) {
    const engine = regexEngine()
    known = ch.toLowerCase() === ch && engine.compile(`(?i)${engine.quote(ch)}`).re2Input.prefixComplete
    if (caseless.size >= CASELESS_CACHE) caseless.clear()
    caseless.set(cp, known)
  }
  return known
}

/** RE2 decodes unpaired surrogates as U+FFFD, so neither stands for itself in a text. */
function unsearchable(cp: number): boolean {
  return cp === 0xfffd || (cp >= 0xd800 && cp <= 0xdfff)
}

const ALNUM = /^[0-9A-Za-z]$/
const CONTROL_ESCAPES: Record<string, string> = { a: '\x07', f: '\f', t: '\t', n: '\n', r: '\r', v: '\v' }

/** A recursive-descent reader of RE2 (Perl) syntax that only collects literals. */
class Parser {
  readonly chars: string[]
  pos = 0
  /** Some part of the pattern may match a line break. */
  newline = false

  constructor(
    pattern: string,
    private readonly folded: boolean,
  ) {
    this.chars = Array.from(pattern)
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.pos + offset]
  }

  alternation(): Info {
    const branches = [this.concatenation()]
    while (this.peek() === '|') {
      this.pos++
      branches.push(this.concatenation())
    }
    return alternate(branches)
  }

  private concatenation(): Info {
    // Kept as a list so that a quantifier after \Q…\E applies to its last character only, as in RE2.
    const items: Info[] = []
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) {
      const quantifier = this.quantifier()
      if (quantifier) {
        const last = items.pop()
        if (!last) throw new GiveUp()
        items.push(repeat(last, quantifier.min, quantifier.max))
        continue
      }
      items.push(...this.atom())
    }
    return concatAll(items)
  }

  /** A quantifier at the current position (consumed, with a lazy `?`), or undefined. */
  private quantifier(): { min: number; max: number } | undefined {
    const c = this.peek()
    let q: { min: number; max: number } | undefined
    if (c === '*') q = { min: 0, max: Infinity }
    else if (c === '+') q = { min: 1, max: Infinity }
    else if (c === '?') q = { min: 0, max: 1 }
    if (q) this.pos++
    else if (c === '{') {
      const rest = this.chars.slice(this.pos, this.pos + 16).join('')
      const m = /^\{(\d+)(,(\d*))?\}/.exec(rest)
      // RE2 reads a brace that is not a repeat as a literal; rather than follow it there, give up.
      if (!m) throw new GiveUp()
      const min = Number(m[1])
      q = { min, max: m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]) }
      this.pos += m[0].length
    }
    if (q && this.peek() === '?') this.pos++
    return q
  }

  /** One atom (a \Q…\E run yields one per character). */
  private atom(): Info[] {
    const c = this.peek() as string
    this.pos++
    switch (c) {
      case '(':
        return this.group()
      case '[':
        this.skipClass()
        return [UNKNOWN]
      case '.':
        return [UNKNOWN]
      case '^':
      case '$':
        return [EMPTY]
      case '\\':
        return this.escape()
      case ']':
      case '}':
        // Literals in RE2; nothing is gained by requiring them.
        return [UNKNOWN]
      default:
        return [this.literal(c)]
    }
  }

  private literal(ch: string): Info {
    if (ch === '\n') this.newline = true
    const cp = ch.codePointAt(0) as number
    if (unsearchable(cp)) return UNKNOWN
    if (!this.folded) return { exact: [ch], need: ALL }
    if (cp < 0x80) return { exact: [ch.toLowerCase()], need: ALL }
    return foldsToItself(cp, ch) ? { exact: [ch], need: ALL } : UNKNOWN
  }

  /** A group, or nothing for a flag group such as `(?i)`: RE2 applies a quantifier after one to the atom before it. */
  private group(): Info[] {
    if (this.peek() === '?') {
      const rest = this.chars.slice(this.pos, this.pos + 12).join('')
      const flags = /^\?[imsU-]*([:)])/.exec(rest)
      if (flags) {
        this.pos += flags[0].length
        if (flags[1] === ')') return []
      } else if (/^\?P?</.test(rest)) {
        const close = this.chars.indexOf('>', this.pos)
        if (close < 0) throw new GiveUp()
        this.pos = close + 1
      } else throw new GiveUp()
    }
    const inner = this.alternation()
    if (this.peek() !== ')') throw new GiveUp()
    this.pos++
    return [inner]
  }

  /** Moves past a character class; notes whether it may match a line break. */
  private skipClass(): void {
    let first = true
    let negated = false
    if (this.peek() === '^') {
      negated = true
      this.pos++
    }
    for (;;) {
      const c = this.peek()
      if (c === undefined) throw new GiveUp()
      if (c === ']' && !first) break
      first = false
      if (c === '[' && this.peek(1) === ':') throw new GiveUp()
      if (c === '\\') {
        // \d, \s, \pL, \x{…}, \n…: whatever they stand for, assume a line break may be among it.
        this.newline = true
        const next = this.peek(1)
        if (next === undefined) throw new GiveUp()
        if (next === 'Q' || next === 'E') throw new GiveUp()
        this.pos += 2
        if ((next === 'p' || next === 'P' || next === 'x') && this.peek() === '{') this.skipBraces()
        continue
      }
      // A range that covers U+000A starts at or below it.
      if ((c.codePointAt(0) as number) <= 0x0a) this.newline = true
      this.pos++
    }
    this.pos++
    if (negated) this.newline = true
  }

  private skipBraces(): void {
    const close = this.chars.indexOf('}', this.pos)
    if (close < 0) throw new GiveUp()
    this.pos = close + 1
  }

  private escape(): Info[] {
    const c = this.peek()
    if (c === undefined) throw new GiveUp()
    this.pos++
    switch (c) {
      case 'd':
      case 'w':
      case 'S':
        return [UNKNOWN]
      case 'D':
      case 'W':
      case 's':
        this.newline = true
        return [UNKNOWN]
      case 'b':
      case 'B':
      case 'A':
      case 'z':
        return [EMPTY]
      case 'p':
      case 'P':
        this.newline = true
        if (this.peek() === '{') this.skipBraces()
        else if (this.peek() === undefined) throw new GiveUp()
        else this.pos++
        return [UNKNOWN]
      case 'x': {
        let hex: string
        if (this.peek() === '{') {
          const close = this.chars.indexOf('}', this.pos)
          if (close < 0) throw new GiveUp()
          hex = this.chars.slice(this.pos + 1, close).join('')
          this.pos = close + 1
        } else {
          hex = this.chars.slice(this.pos, this.pos + 2).join('')
          this.pos += 2
        }
        if (!/^[0-9A-Fa-f]{1,8}$/.test(hex)) throw new GiveUp()
        const cp = parseInt(hex, 16)
        if (cp > 0x10ffff) throw new GiveUp()
        return [this.literal(String.fromCodePoint(cp))]
      }
      case 'Q': {
        const items: Info[] = []
        while (this.pos < this.chars.length && !(this.peek() === '\\' && this.peek(1) === 'E')) {
          items.push(this.literal(this.peek() as string))
          this.pos++
        }
        if (this.pos < this.chars.length) this.pos += 2
        // An empty \Q\E followed by a quantifier: which atom RE2 repeats then is not worth guessing.
        if (items.length === 0) throw new GiveUp()
        return items
      }
    }
    if (c >= '0' && c <= '7') {
      // An octal escape of up to three digits: taking all of them can only leave a requirement out.
      for (let n = 1; n < 3 && /[0-7]/.test(this.peek() ?? ''); n++) this.pos++
      this.newline = true
      return [UNKNOWN]
    }
    const control = CONTROL_ESCAPES[c]
    if (control !== undefined) return [this.literal(control)]
    // Escaped ASCII punctuation stands for itself; anything else RE2 refuses, so it never gets here.
    if ((c.codePointAt(0) as number) < 0x80 && !ALNUM.test(c)) return [this.literal(c)]
    throw new GiveUp()
  }
}
