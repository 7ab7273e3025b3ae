import { parse as parseTolerant, printParseErrorCode } from 'jsonc-parser'
import type { ParseError } from 'jsonc-parser'
import { lineOfOffset, tooDeepAt, tooDeepMessage } from './text'

// Its own module, for the parser it falls back on: whatever shares a module with it is in the page's first load.
/**
 * JSON.parse with the error placed on a line: `{ value }` or `{ error, line }`.
 * A value nested deeper than {@link MAX_JSON_DEPTH} is refused at the line where it gets too deep.
 */
export function parseJsonWithLine(text: string): { value: unknown } | { error: string; line?: number } {
  try {
    const value = JSON.parse(text) as unknown
    const deep = typeof value === 'object' && value !== null ? tooDeepAt(text) : -1
    return deep < 0 ? { value } : { error: tooDeepMessage(), line: lineOfOffset(text, deep) }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    const lineMatch = /line (\d+)/.exec(message)
    if (lineMatch?.[1]) return { error: message, line: Number(lineMatch[1]) }
    const positionMatch = /position (\d+)/.exec(message)
    if (positionMatch?.[1]) return { error: message, line: lineOfOffset(text, Number(positionMatch[1])) }
    // Some engines give no position; a parser that reports offsets places the error.
    const errors: ParseError[] = []
    parseTolerant(text, errors, { disallowComments: true, allowTrailingComma: false })
    const first = errors[0]
    if (first) return { error: `${printParseErrorCode(first.error)} (${message})`, line: lineOfOffset(text, first.offset) }
    return { error: message }
  }
}
