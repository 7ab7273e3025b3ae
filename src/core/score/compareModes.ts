/**
 * A parameter's `x-compare` (docs/reference.md, "Planner tasks"): how its
 * submitted value is compared with the gold's acceptable values. `exact` (the
 * default, and all a published data set has) is {@link sameValue}'s equality;
 * each other mode first rewrites both sides the same way, then compares them
 * exactly. A mode forgives one kind of difference a person would not call
 * wrong, and nothing else:
 *
 * - `casefold`: letter case, and the compatibility forms NFKC unifies (a
 *   full-width `Ａ` is `a`, as Chinese input methods type it). JavaScript has
 *   no case folding: upper- then lower-casing folds `ß`/`SS`/`ss`, `ſ`/`s`
 *   and final `ς`/`σ` as folding does.
 * - `strip`: white space at either end (String#trim, which takes the
 *   ideographic space too); inner spaces still count.
 * - `digits`: everything but the digits (after NFKC, so full-width digits are
 *   digits), so that `138-2241 9087` is `13822419087` and a number is its
 *   decimal text. A value without a digit keeps its text: two empty phone
 *   numbers are not equal for lack of digits.
 * - `datetime`: how a date or time is written. A date is year, month, day
 *   between `-`, `/` or `.` (or 年 月 日); a time is hours and minutes, and
 *   optionally seconds, between `:`; a date and a time are joined by spaces or
 *   `T`. Each is written out as `YYYY-MM-DD HH:MM:SS` (seconds 00 when left
 *   out), or its date or time alone; a date never equals a date with a time.
 *   A value that does not read as one (a time zone, an impossible month)
 *   compares as its trimmed text.
 * - `set`: lists as sets: order and repeats do not count (exact compares them
 *   as multisets, where repeats do).
 *
 * The string modes rewrite strings, and the strings inside a list; other
 * values (booleans, objects) compare exactly.
 */
import { COMPARE_KEY, COMPARE_MODES } from '../dataset/plannerTypes'
import type { CompareMode } from '../dataset/plannerTypes'
import type { JsonSchema } from '../dataset/types'
import { isOneOf } from '../base/text'
import { ownValue } from '../base/own'

/** The mode a parameter's schema asks for: `exact` without one (the loader refuses an unknown one). */
export function compareModeOf(schema: JsonSchema | undefined): CompareMode {
  const mode = schema === undefined ? undefined : ownValue(schema, COMPARE_KEY)
  return isOneOf(mode, COMPARE_MODES) ? mode : 'exact'
}

/** A value as a mode other than `exact` and `set` compares it. */
export function rewritten(mode: Exclude<CompareMode, 'exact' | 'set'>, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => rewritten(mode, item))
  if (mode === 'digits' && typeof value === 'number' && Number.isFinite(value)) return digitsOf(String(value))
  if (typeof value !== 'string') return value
  switch (mode) {
    case 'casefold':
      return value.normalize('NFKC').toUpperCase().toLowerCase()
    case 'strip':
      return value.trim()
    case 'digits':
      return digitsOf(value)
    case 'datetime':
      return dateTimeText(value)
  }
}

function digitsOf(text: string): string {
  const digits = text.normalize('NFKC').replace(/[^0-9]/g, '')
  return digits === '' ? text : digits
}

const DATE = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?/
const TIME = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/

/** A date, a time or both written out as `YYYY-MM-DD HH:MM:SS`; the trimmed text when it is neither. */
function dateTimeText(value: string): string {
  const text = value.normalize('NFKC').trim()
  const date = DATE.exec(text)
  const rest = (date ? text.slice(date[0].length).replace(/^(T|\s+)/, '') : text).trim()
  const time = rest === '' ? undefined : TIME.exec(rest)
  if ((!date && !time) || time === null) return text
  const parts: string[] = []
  if (date) {
    const [month, day] = [Number(date[2]), Number(date[3])]
    if (month < 1 || month > 12 || day < 1 || day > 31) return text
    parts.push(`${date[1]}-${two(month)}-${two(day)}`)
  }
  if (time) {
    const [hours, minutes, seconds] = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)]
    if (hours > 23 || minutes > 59 || seconds > 59) return text
    parts.push(`${two(hours)}:${two(minutes)}:${two(seconds)}`)
  }
  return parts.join(' ')
}

const two = (n: number): string => String(n).padStart(2, '0')
