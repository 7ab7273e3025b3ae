/**
 * records_db.json one task at a time: a scanner finds where each task's value
 * lies in the text, so that a data set of any size is parsed and stored task
 * by task instead of as one object graph. It accepts only well-formed input;
 * anything it does not understand is left to the whole-file parser
 * (`loadDataset`), which places the error on a line.
 */
import { APP_KEYS } from './types'
import { MEMORY_APP } from './memoryTypes'
import { memoryItemProblems } from './memoryItems'
import { setOwn } from '../base/own'
import type { PhoneRecord, TaskRecords } from './types'
import { MAX_JSON_DEPTH, isPlainObject, stripBom, tooDeepAt } from '../base/text'

/** Where one task's value lies in the text: `text.slice(start, end)` is its JSON. */
export interface RecordsSlice {
  taskId: string
  start: number
  end: number
}

const QUOTE = 34
const BACKSLASH = 92
const OPEN_BRACE = 123
const CLOSE_BRACE = 125
const OPEN_BRACKET = 91
const CLOSE_BRACKET = 93
const COLON = 58
const COMMA = 44

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9
}

/** The index just past the string that opens at `at` (a quote), or -1. */
function stringEnd(text: string, at: number): number {
  let i = at + 1
  for (;;) {
    const q = text.indexOf('"', i)
    if (q < 0) return -1
    let slashes = 0
    for (let k = q - 1; k > at && text.charCodeAt(k) === BACKSLASH; k--) slashes++
    if (slashes % 2 === 0) return q + 1
    i = q + 1
  }
}

/** The index just past the object or list that opens at `at`, or -1 (strings inside are skipped). */
function containerEnd(text: string, at: number): number {
  let depth = 0
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const e = stringEnd(text, i)
      if (e < 0) return -1
      i = e - 1
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--
      if (depth === 0) return i + 1
    }
  }
  return -1
}

/**
 * The slices of a records_db.json whose top level is an object of task id →
 * object; `undefined` when the text is anything else (another shape, or not
 * well-formed at the top level), for the whole-file parser to report. Values are
 * not checked here: each slice is JSON.parse'd by {@link readTaskRecords}.
 */
export function scanRecordsDb(raw: string): { text: string; slices: RecordsSlice[] } | undefined {
  const text = stripBom(raw)
  const slices: RecordsSlice[] = []
  let i = 0
  const skip = () => {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++
  }
  skip()
  if (text.charCodeAt(i) !== OPEN_BRACE) return undefined
  i++
  skip()
  if (text.charCodeAt(i) === CLOSE_BRACE) {
    i++
    skip()
    return i === text.length ? { text, slices } : undefined
  }
  for (;;) {
    skip()
    if (text.charCodeAt(i) !== QUOTE) return undefined
    const keyEnd = stringEnd(text, i)
    if (keyEnd < 0) return undefined
    let taskId: unknown
    try {
      taskId = JSON.parse(text.slice(i, keyEnd))
    } catch {
      return undefined
    }
    if (typeof taskId !== 'string') return undefined
    i = keyEnd
    skip()
    if (text.charCodeAt(i) !== COLON) return undefined
    i++
    skip()
    // Only objects are scanned; any other value (a mistake) goes to the whole-file parser for its message.
    if (text.charCodeAt(i) !== OPEN_BRACE) return undefined
    const end = containerEnd(text, i)
    if (end < 0) return undefined
    slices.push({ taskId, start: i, end })
    i = end
    skip()
    const c = text.charCodeAt(i)
    i++
    if (c === COMMA) continue
    if (c !== CLOSE_BRACE) return undefined
    skip()
    return i === text.length ? { text, slices } : undefined
  }
}

/**
 * One task's records from its slice, checked as `parseRecordsDb` checks them;
 * `undefined` if anything is wrong (the whole-file parser then names the error).
 */
export function readTaskRecords(text: string, slice: RecordsSlice): TaskRecords | undefined {
  if (tooDeepAt(text, MAX_JSON_DEPTH - 1, slice.start, slice.end) >= 0) return undefined
  let value: unknown
  try {
    value = JSON.parse(text.slice(slice.start, slice.end))
  } catch {
    return undefined
  }
  if (!isPlainObject(value)) return undefined
  const known = new Set<string>(APP_KEYS)
  const records: Record<string, PhoneRecord[]> = {}
  for (const [app, list] of Object.entries(value)) {
    if (!known.has(app) || !Array.isArray(list) || !list.every(isPlainObject)) return undefined
    if (app === MEMORY_APP && memoryItemProblems(list).length > 0) return undefined
    setOwn(records, app, list as PhoneRecord[])
  }
  return records
}
