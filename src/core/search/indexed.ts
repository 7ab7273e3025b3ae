import type { AppKey, PhoneRecord, TaskRecords } from '../dataset/types'
import { APPS } from '../apps/registry'
import { BigramIndex } from './bigrams'

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
  /** Position in the app's list: the record's id within the task (in a live attempt, where it stands now). */
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
  private readonly keysByApp = new Map<AppKey, string[]>()
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
    let keys = this.keysByApp.get(key)
    if (!keys) {
      const seen = new Set<string>()
      for (const entry of this.app(key)) for (const f of entry.fields) seen.add(f.key)
      keys = [...seen]
      this.keysByApp.set(key, keys)
    }
    return keys
  }

  /**
   * The index of the next version of the records (a live attempt's, after a
   * change), made from this one: an app whose list is the same array keeps
   * what was prepared, and in a changed app only the records that are not
   * the same objects as before are prepared again; a large app's bigram
   * index follows a small change instead of being built again. Records are
   * never changed in place (a changed record is a new object, a changed list
   * a new array), so the answers are those of a new index of `records`.
   * This index hands its prepared lists over: asked again, it prepares them again.
   */
  next(records: TaskRecords): TaskIndex {
    const next = new TaskIndex(records)
    for (const [key, list] of this.byApp) {
      const before = this.records[key] ?? []
      const after = records[key] ?? []
      if (before !== after) {
        next.byApp.set(key, followed(key, list, before, after))
        continue
      }
      next.byApp.set(key, list)
      const keys = this.keysByApp.get(key)
      if (keys) next.keysByApp.set(key, keys)
    }
    this.byApp.clear()
    this.keysByApp.clear()
    this.allApps = undefined
    return next
  }
}

const bigramCache = new WeakMap<readonly IndexedRecord[], BigramIndex>()

/** The lower-case bigram index of a record list, built on first use (searches ask it of large lists only). */
export function bigramIndexFor(entries: readonly IndexedRecord[]): BigramIndex {
  let index = bigramCache.get(entries)
  if (!index) bigramCache.set(entries, (index = new BigramIndex(entries.map((e) => e.joinedLower))))
  return index
}

/**
 * `after`'s prepared list, made from `list` (prepared from `before`). The
 * records both share at the start and at the end keep their entries (those
 * after a removal or an insertion move by its size). Between them, a record
 * still at its place keeps its entry, one found elsewhere in the old part
 * takes that entry (a replay after a withdrawal makes such moves), and the
 * rest are prepared. Entries are reused, not copied: `list` must not be used again.
 */
function followed(app: AppKey, list: IndexedRecord[], before: readonly PhoneRecord[], after: readonly PhoneRecord[]): IndexedRecord[] {
  const n = before.length
  const m = after.length
  const shortest = Math.min(n, m)
  let head = 0
  while (head < shortest && before[head] === after[head]) head++
  let tail = 0
  while (tail < shortest - head && before[n - 1 - tail] === after[m - 1 - tail]) tail++
  const oldEnd = n - tail
  const newEnd = m - tail
  // A record at its old place keeps its entry; the old part's other entries may serve records that moved.
  const stays = (i: number) => i < oldEnd && i < newEnd && before[i] === after[i]
  let spare: Map<PhoneRecord, IndexedRecord> | undefined
  const middle: IndexedRecord[] = []
  for (let j = head; j < newEnd; j++) {
    if (stays(j)) {
      middle.push(list[j] as IndexedRecord)
      continue
    }
    if (!spare) {
      spare = new Map()
      for (let i = oldEnd - 1; i >= head; i--) if (!stays(i)) spare.set((list[i] as IndexedRecord).record, list[i] as IndexedRecord)
    }
    const record = after[j] as PhoneRecord
    const entry = spare.get(record)
    if (entry) {
      spare.delete(record)
      entry.index = j
      middle.push(entry)
    } else middle.push(indexRecord(app, j, record))
  }
  if (m !== n) for (let i = oldEnd; i < n; i++) (list[i] as IndexedRecord).index = i + m - n
  // One copy of a large list, and a few entries put in: a change of one record costs little more than a copy.
  let out: IndexedRecord[]
  if (middle.length <= 1024) {
    out = list.slice()
    out.splice(head, oldEnd - head, ...middle)
  } else out = list.slice(0, head).concat(middle, list.slice(oldEnd))
  followBigrams(list, out, head, oldEnd, newEnd)
  return out
}

/**
 * Edits the bigram index of `list`, when one was built, into that of `out`:
 * the texts between `head` and the old and new ends change, and texts after
 * them move. Only an edit of a few texts is worth it, and added texts must
 * come last (as a live attempt's inserted records do); otherwise the index is
 * built again when a search needs it.
 */
function followBigrams(list: readonly IndexedRecord[], out: readonly IndexedRecord[], head: number, oldEnd: number, newEnd: number): void {
  const index = bigramCache.get(list)
  if (!index) return
  bigramCache.delete(list)
  const both = Math.min(oldEnd, newEnd)
  let changed = 0
  for (let j = head; j < both; j++) if (out[j] !== list[j]) changed++
  const removed = oldEnd - both
  const added = newEnd - both
  const small = Math.max(256, out.length >>> 4)
  if (changed + removed + added > small || index.removed + removed > small) return
  if (added > 0 && newEnd !== out.length) return
  for (let j = head; j < both; j++) {
    const was = list[j] as IndexedRecord
    const now = out[j] as IndexedRecord
    if (now !== was) index.replace(j, was.joinedLower, now.joinedLower)
  }
  // From the last, so that the positions still to remove have not moved.
  for (let j = oldEnd - 1; j >= both; j--) index.remove(j, (list[j] as IndexedRecord).joinedLower)
  for (let j = both; j < newEnd; j++) index.append((out[j] as IndexedRecord).joinedLower)
  bigramCache.set(out, index)
}
