import type { SearchMode } from './match'

/**
 * Longest pattern, in characters (code points), each mode searches for.
 *
 * What is searched is short: SPIEval's instructions average 34 characters, a
 * stored value 16 (the longest of the published-size data 300), so a useful
 * pattern is a name, a number or a few words. Fuzzy search costs about the
 * pattern's length times the text's (fuse.js compares patterns over 32
 * characters in chunks, each a full pass) and lets a quarter of the pattern be
 * wrong, so a long fuzzy pattern is slow and matches noise: 200 characters is
 * already six times a whole instruction. Fixed and regex search stay linear in
 * the text whatever the pattern; 1,000 characters is over three times the
 * longest stored value and keeps compiling and checking any pattern well under
 * a second (test/search-limits.test.ts).
 */
export const PATTERN_LIMITS: Readonly<Record<SearchMode, number>> = { fixed: 1000, regex: 1000, fuzzy: 200 }

/**
 * Why a pattern cannot be searched for, as data: the model reads it as
 * {@link describePatternRefusal}'s sentence, a person in their own language
 * (the phone words it from the same fields).
 * - `tooLong`: more characters (code points) than its mode allows;
 * - `tooBig`: a regex whose program is over {@link REGEX_MAX_INSTRUCTIONS}
 *   (`estimated`: counted from its text, refused before compiling);
 * - `invalid`: a regex that does not compile. `message` is the engine's own
 *   account (the pattern quoted as sent); `code` is the engine's error
 *   (RE2's wording, e.g. `missing closing )`) and `fragment` the part of the
 *   pattern it points at, when it names them.
 */
export type PatternRefusal =
  | { kind: 'tooLong'; mode: SearchMode; length: number; limit: number }
  | { kind: 'tooBig'; instructions: number; limit: number; estimated: boolean }
  | { kind: 'invalid'; pattern: string; message: string; code?: string; fragment?: string }

/** The sentence a model reads for a refused pattern. */
export function describePatternRefusal(refusal: PatternRefusal): string {
  switch (refusal.kind) {
    case 'tooLong':
      return `The pattern is ${refusal.length} characters; the limit for ${refusal.mode} search is ${refusal.limit}. Search for a shorter distinctive part of it (a name, a number, a word or two).`
    case 'tooBig':
      return `The regular expression expands to ${refusal.estimated ? 'about ' : ''}${refusal.instructions} matching steps (a repeat such as {100} copies what it repeats); the limit is ${refusal.limit}. Use smaller repeat counts, or fewer repeated parts.`
    case 'invalid':
      return `Invalid regular expression ${JSON.stringify(refusal.pattern)}: ${refusal.message}`
  }
}

/** Why a pattern is refused in its mode for its length, or undefined when it may be searched for. */
export function lengthRefusal(pattern: string, mode: SearchMode): PatternRefusal | undefined {
  const limit = PATTERN_LIMITS[mode]
  // A code point is one or two UTF-16 units, so a short string needs no counting.
  if (pattern.length <= limit) return undefined
  let length = 0
  for (const _ of pattern) length++
  if (length <= limit) return undefined
  return { kind: 'tooLong', mode, length, limit }
}

/** Why a pattern is refused in a mode for its length (a message a model can act on), or undefined when it may be searched for. */
export function patternProblem(pattern: string, mode: SearchMode): string | undefined {
  const refusal = lengthRefusal(pattern, mode)
  return refusal && describePatternRefusal(refusal)
}

/**
 * Most RE2 instructions a regex may compile to. Repeats multiply what they
 * repeat (`.{1000}` is a thousand instructions), so a short pattern can make a
 * program whose compiling and matching take seconds: 8,000 copies of `\pL`
 * took over a second on the largest task of a busy machine, 2,000 a third of
 * that. A search for anything in a phone needs a few dozen; a 1,000-character
 * literal or list of names about a thousand, `.{0,1000}` 2,002.
 */
export const REGEX_MAX_INSTRUCTIONS = 2500

/** Why a regex of this many instructions is refused, or undefined (`estimated`: counted from its text). */
export function programRefusal(instructions: number, estimated = false): PatternRefusal | undefined {
  if (instructions <= REGEX_MAX_INSTRUCTIONS) return undefined
  return { kind: 'tooBig', instructions, limit: REGEX_MAX_INSTRUCTIONS, estimated }
}

/**
 * About how many instructions a pattern compiles to, read from its text
 * without compiling it: compiling a program of a hundred thousand
 * instructions takes longer than refusing it should. Atoms count one, a
 * repeat multiplies, an alternation adds one a branch. It only has to tell a
 * huge program from a plausible one; the compiled size decides the rest.
 */
export function estimateInstructions(pattern: string): number {
  const chars = Array.from(pattern)
  let pos = 0
  const alternation = (): number => {
    let size = concatenation()
    while (chars[pos] === '|') {
      pos++
      size += concatenation() + 1
    }
    return size
  }
  const concatenation = (): number => {
    let size = 0
    let last = 0
    while (pos < chars.length && chars[pos] !== '|' && chars[pos] !== ')') {
      const c = chars[pos] as string
      const repeat = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(chars.slice(pos, pos + 16).join('')) : undefined
      if (c === '*' || c === '+' || c === '?' || repeat) {
        pos += repeat ? repeat[0].length : 1
        if (chars[pos] === '?') pos++
        // x* x+ x? add a split; x{n} is n copies; x{n,m} n copies and m−n optional ones (a copy and a split each).
        let total = last + 1
        if (repeat) {
          const min = Number(repeat[1])
          const max = repeat[2] === undefined ? min : repeat[3] ? Number(repeat[3]) : undefined
          total = max === undefined ? last * (min + 1) + 1 : last * max + (max - min)
        }
        size += total - last
        last = total
        continue
      }
      last = atom()
      size += last
    }
    return size
  }
  const skipBraces = () => {
    if (chars[pos] !== '{') return
    while (pos < chars.length && chars[pos] !== '}') pos++
    pos++
  }
  const atom = (): number => {
    const c = chars[pos++]
    if (c === '(') {
      let flagsOnly = false
      if (chars[pos] === '?') {
        const header = /^\?(P?<[^>]*>|[imsU-]*[:)])/.exec(chars.slice(pos, pos + 40).join(''))
        if (header) {
          flagsOnly = header[0].endsWith(')')
          pos += header[0].length
        }
      }
      if (flagsOnly) return 0
      const inner = alternation()
      if (chars[pos] === ')') pos++
      return inner
    }
    if (c === '[') {
      if (chars[pos] === '^') pos++
      for (let first = true; pos < chars.length && (first || chars[pos] !== ']'); first = false) {
        if (chars[pos] === '\\') pos += 2
        else if (chars[pos] === '[' && chars[pos + 1] === ':') {
          const close = chars.indexOf(']', pos + 2)
          pos = close < 0 ? chars.length : close + 1
        } else pos++
        skipBraces()
      }
      pos++
      return 1
    }
    if (c === '\\') {
      const e = chars[pos++]
      if (e === 'Q') {
        let n = 0
        while (pos < chars.length && !(chars[pos] === '\\' && chars[pos + 1] === 'E')) {
          pos++
          n++
        }
        pos += 2
        return n
      }
      if (e === 'p' || e === 'P' || e === 'x') {
        if (chars[pos] === '{') skipBraces()
        else pos += e === 'x' ? 2 : 1
      }
      return 1
    }
    return 1
  }
  let size = 0
  while (pos < chars.length) {
    size += alternation()
    // An unmatched `)` is an error RE2 reports; step over it so that the count goes on.
    pos++
  }
  return size + 1
}
