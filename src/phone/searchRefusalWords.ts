import type { TFunction } from 'i18next'
import type { PatternRefusal } from '../core'

/** RE2's syntax errors (re2js quotes them as `code`), by the key of their words; an error not here is shown as the engine says it. */
const REASONS: Readonly<Record<string, string>> = {
  'invalid character class range': 'range',
  'invalid escape sequence': 'escape',
  'invalid named capture': 'namedGroup',
  'invalid or unsupported Perl syntax': 'perl',
  'invalid nested repetition operator': 'nestedRepeat',
  'invalid repeat count': 'repeatCount',
  'missing closing ]': 'bracket',
  'missing closing )': 'paren',
  'missing argument to repetition operator': 'nothingToRepeat',
  'trailing backslash at end of expression': 'trailingBackslash',
  'duplicate capture group name': 'duplicateName',
  'unexpected )': 'unexpectedParen',
  'expression nests too deeply': 'nesting',
  'expression too large': 'large',
  'invalid UTF-8': 'utf8',
}

/**
 * Why a search's pattern was refused, in the reader's language: the same
 * refusal the model reads as `describePatternRefusal`'s sentence (core),
 * without the tool's name, the JSON quoting or the engine's English.
 */
export function searchRefusalWords(t: TFunction, refusal: PatternRefusal): string {
  switch (refusal.kind) {
    case 'tooLong':
      return t('searchRefusal.tooLong', { length: refusal.length, limit: refusal.limit, mode: t(`modes.${refusal.mode}`) })
    case 'tooBig':
      return t('searchRefusal.tooBig', { instructions: refusal.instructions, limit: refusal.limit })
    case 'invalid': {
      const reason = refusal.code === undefined ? undefined : REASONS[refusal.code]
      const words = reason === undefined ? refusal.message : t(`searchRefusal.reasons.${reason}`)
      const at = refusal.fragment !== undefined && refusal.fragment !== refusal.pattern
      return t(at ? 'searchRefusal.invalidAt' : 'searchRefusal.invalid', { pattern: refusal.pattern, reason: words, fragment: refusal.fragment })
    }
  }
}
