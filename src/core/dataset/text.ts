import { parse as parseTolerant, printParseErrorCode } from 'jsonc-parser'
import type { ParseError } from 'jsonc-parser'

/** Removes a UTF-8 byte order mark, which some editors write and JSON.parse rejects. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** Splits text into lines, accepting LF and CRLF line ends. */
export function splitLines(text: string): string[] {
  return stripBom(text).split(/\r?\n/)
}

/** The 1-based line of a character offset. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

/** JSON.parse with the error placed on a line: `{ value }` or `{ error, line }`. */
export function parseJsonWithLine(text: string): { value: unknown } | { error: string; line?: number } {
  try {
    return { value: JSON.parse(text) as unknown }
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

/** Whether a value is a plain JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
