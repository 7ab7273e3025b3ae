import type { AppKey, PhoneRecord, TaskRecords } from '../dataset/types'
import { APPS } from '../apps/registry'

/** One field of a record, as text, ready for matching. */
export interface IndexedField {
  key: string
  text: string
  lower: string
  /** {@link foldText} of the text: what a case-insensitive regex prefilter looks for literals in. */
  fold: string
}

/** A record prepared once for searching: its fields as text, and its reply line. */
export interface IndexedRecord {
  app: AppKey
  /** Position in the app's stored list: the record's stable id within the task. */
  index: number
  record: PhoneRecord
  fields: IndexedField[]
  /** All field texts joined by {@link FIELD_SEPARATOR}: one substring test covers every field. */
  joined: string
  joinedLower: string
  joinedFold: string
  /** Some field holds a line break, so the joined text's lines are not its fields. */
  multiline: boolean
  /** The record as it appears in a tool reply. */
  json: string
}

/**
 * Joins field texts. A substring without it lies inside one field; a regular
 * expression matching a field also matches the joined text line-wise.
 */
export const FIELD_SEPARATOR = '\n'

/**
 * Lower case, with LATIN SMALL LETTER LONG S as `s`: RE2 folds ſ together with
 * s and S, but toLowerCase leaves it alone. After this, every character RE2's
 * case folding pairs with an ASCII letter reads as that letter in lower case
 * (K, the Kelvin sign, already lowers to k). See prefilter.ts.
 */
export function foldText(lower: string): string {
  return lower.includes('\u017f') ? lower.replaceAll('\u017f', 's') : lower
}

/** How a stored value reads as text: strings as they are, lists joined, objects as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === null || value === undefined) return ''
  if (Array.isArray(value)) return value.map(valueText).join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value as number | boolean)
}

function indexRecord(app: AppKey, index: number, record: PhoneRecord): IndexedRecord {
  const fields = Object.entries(record).map(([key, value]) => {
    const text = valueText(value)
    const lower = text.toLowerCase()
    return { key, text, lower, fold: foldText(lower) }
  })
  const joinedLower = fields.map((f) => f.lower).join(FIELD_SEPARATOR)
  return {
    app,
    index,
    record,
    fields,
    joined: fields.map((f) => f.text).join(FIELD_SEPARATOR),
    joinedLower,
    joinedFold: foldText(joinedLower),
    multiline: fields.some((f) => f.text.includes(FIELD_SEPARATOR)),
    json: JSON.stringify(record),
  }
}

/** A task's records indexed per app, in stored order; built once per task and reused by every call. */
export class TaskIndex {
  private readonly byApp = new Map<AppKey, IndexedRecord[]>()
  private allApps: IndexedRecord[] | undefined

  constructor(private readonly records: TaskRecords) {}

  /** The indexed records of one app (empty when the task has none). */
  app(key: AppKey): IndexedRecord[] {
    let list = this.byApp.get(key)
    if (!list) {
      list = (this.records[key] ?? []).map((record, i) => indexRecord(key, i, record))
      this.byApp.set(key, list)
    }
    return list
  }

  /** Every record of every app, in app display order. */
  all(): IndexedRecord[] {
    this.allApps ??= APPS.flatMap((app) => this.app(app.key))
    return this.allApps
  }

  /** The field keys that occur in an app's records, in order of first appearance. */
  fieldKeys(key: AppKey): string[] {
    const keys = new Set<string>()
    for (const entry of this.app(key)) for (const f of entry.fields) keys.add(f.key)
    return [...keys]
  }
}
