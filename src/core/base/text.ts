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

/**
 * Deepest nesting of arrays and objects a loaded file may have. JSON.parse reads
 * any depth, but everything after it (copies, storage, the scorer, the editor)
 * walks values recursively: a record nested thousands of levels deep would load
 * and then break every attempt at its task.
 */
export const MAX_JSON_DEPTH = 64

const QUOTE = 34
const BACKSLASH = 92

/**
 * The offset in `text` (from `start` to `end`) where its JSON first nests deeper
 * than `max` arrays and objects, or -1. Brackets inside strings do not count.
 */
export function tooDeepAt(text: string, max = MAX_JSON_DEPTH, start = 0, end = text.length): number {
  let depth = 0
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      for (i++; i < end; i++) {
        const d = text.charCodeAt(i)
        if (d === BACKSLASH) i++
        else if (d === QUOTE) break
      }
    } else if (c === 123 || c === 91) {
      if (++depth > max) return i
    } else if (c === 125 || c === 93) depth--
  }
  return -1
}

/** The message for a value nested deeper than {@link MAX_JSON_DEPTH}. */
export function tooDeepMessage(max = MAX_JSON_DEPTH): string {
  return `values are nested more than ${max} levels deep (lists and objects inside each other); at most ${max} are read`
}

/** Whether a value is a plain JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Text of a message's content: a string, or OpenAI content parts (their text, joined); '' for anything else. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((p) => (isPlainObject(p) && typeof p.text === 'string' ? p.text : '')).join('')
  return ''
}

/**
 * What an assistant's reply says: a string, or the parts of type `text` of a list of OpenAI content parts (an image,
 * a refusal or a part of another kind says nothing). The scorer and the import read replies through this alone, so
 * that a rubric's `said` gives one verdict.
 */
export function replyText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((part) => (isPlainObject(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('')
}

/** A name made safe for a file or folder name: letters, digits, `.`, `_` and `-` kept, every other run one `-`; `fallback` when nothing is left. */
export function fileSafeName(name: string, fallback: string): string {
  return name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || fallback
}

/** Whether a value read from outside is a list of strings. */
export function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

/** Whether a value read from outside is one of the given names. */
export function isOneOf<T extends string>(value: unknown, names: readonly T[]): value is T {
  return typeof value === 'string' && (names as readonly string[]).includes(value)
}
