/**
 * What the phone marks in live state (docs/reference.md, "Live state"): which of an
 * app's current records the attempt inserted or edited, and which it
 * deleted. Pure functions of a {@link LiveView}, built once per view.
 */
import { parseRecordId } from '../core'
import type { LiveView, PhoneRecord, RecordId, StateChange } from '../core'

/** How a record of the current state differs from the task's. */
export type RecordMark = 'new' | 'edited'

/** The changes of one app, placed on its current records. */
export interface AppMarks {
  /** Index in the app's current records → its change (an insert or an update). */
  byIndex: ReadonlyMap<number, StateChange>
  /** The app's deleted records, as they were, in the order of the state's changes. */
  deleted: readonly StateChange[]
  /** Id → change, deletions included. */
  byId: ReadonlyMap<RecordId, StateChange>
}

const NONE: AppMarks = { byIndex: new Map(), deleted: [], byId: new Map() }
const cache = new WeakMap<LiveView, Map<string, AppMarks>>()

/** The mark a change puts on its record in a list. */
export function markOf(change: StateChange | undefined): RecordMark | undefined {
  if (!change) return undefined
  return change.op === 'insert' ? 'new' : change.op === 'update' ? 'edited' : undefined
}

/**
 * The changes of `app` placed on its current records. The place of a changed
 * record is computed from the ids' order (the task's records first, then the
 * inserted ones), not by a scan of the whole list, so a 100,000-record app
 * costs as little as one of 20.
 */
export function appMarks(view: LiveView | undefined, app: string): AppMarks {
  if (!view || view.changes.length === 0) return NONE
  let perApp = cache.get(view)
  if (!perApp) cache.set(view, (perApp = new Map()))
  const known = perApp.get(app)
  if (known) return known
  const ids = view.ids[app] ?? []
  const changes = view.changes.filter((c) => c.app === app)
  const deleted = changes.filter((c) => c.op === 'delete')
  const inserted = changes.filter((c) => c.op === 'insert')
  const deletedBase = deleted.map((c) => baseIndex(c.id)).filter((i): i is number => i !== undefined)
  deletedBase.sort((a, b) => a - b)
  const firstInserted = ids.length - inserted.length
  const byIndex = new Map<number, StateChange>()
  const byId = new Map<RecordId, StateChange>()
  for (const change of changes) {
    byId.set(change.id, change)
    if (change.op === 'delete') continue
    const base = baseIndex(change.id)
    const guess = base !== undefined ? base - countBelow(deletedBase, base) : firstInserted + inserted.indexOf(change)
    // The guess follows the kernel's order of ids; should that ever change, the ids still say where the record is.
    const index = ids[guess] === change.id ? guess : ids.indexOf(change.id)
    if (index >= 0) byIndex.set(index, change)
  }
  const marks = { byIndex, deleted, byId }
  perApp.set(app, marks)
  return marks
}

/** The task's index of a record id; undefined for an inserted record. */
function baseIndex(id: RecordId): number | undefined {
  return parseRecordId(id)?.index
}

/** How many of the sorted numbers are below `n`. */
function countBelow(sorted: readonly number[], n: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((sorted[mid] ?? 0) < n) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * A field of a changed record, for the detail view: its value now and, when
 * the attempt changed it, its value before (absent: the field was not there).
 */
export interface FieldChange {
  field: string
  changed: boolean
  before?: unknown
  after?: unknown
}

/** The fields an update changed, with their values before and after, in the change's order. */
export function changedFieldsOf(change: StateChange | undefined): FieldChange[] {
  if (change?.op !== 'update') return []
  return (change.fields ?? []).map((field) => ({
    field,
    changed: true,
    ...(change.before && Object.hasOwn(change.before, field) ? { before: change.before[field] } : {}),
    ...(change.after && Object.hasOwn(change.after, field) ? { after: change.after[field] } : {}),
  }))
}

/** A search hit placed in the current state. */
export type PlacedHit =
  /** The record is in the state: its current index and version, and its mark. */
  | { kind: 'current'; index: number; record: PhoneRecord; change?: StateChange }
  /** The attempt deleted it after the search: shown as it was. */
  | { kind: 'deleted'; change: StateChange }
  /** Not found (changed twice between two views the phone saw): shown as the search answered. */
  | { kind: 'stale'; index: number; record: PhoneRecord }

/**
 * Remembers which record objects belong to which ids: the versions a state's
 * changes held. A search answered before a change holds the record as it was;
 * this finds it again after the change.
 */
export class RecordIds {
  private readonly ids = new WeakMap<PhoneRecord, RecordId>()
  private readonly seen = new WeakSet<LiveView>()

  /** Takes note of a view's changed records (before and after). */
  note(view: LiveView | undefined): void {
    if (!view || this.seen.has(view)) return
    this.seen.add(view)
    for (const change of view.changes) {
      if (change.before) this.ids.set(change.before, change.id)
      if (change.after) this.ids.set(change.after, change.id)
    }
  }

  idOf(record: PhoneRecord): RecordId | undefined {
    return this.ids.get(record)
  }
}

const positions = new WeakMap<readonly PhoneRecord[], Map<PhoneRecord, number>>()

/** Where a record object is in a list (built once per list, only when a hit is out of place). */
function positionOf(records: readonly PhoneRecord[], record: PhoneRecord): number {
  let map = positions.get(records)
  if (!map) {
    map = new Map()
    records.forEach((r, i) => map?.set(r, i))
    positions.set(records, map)
  }
  return map.get(record) ?? -1
}

/**
 * Places a search hit in the current state. A hit holds the record object the
 * runtime searched; the state keeps the objects of unchanged records, so a
 * hit whose place moved (an earlier record was deleted) is found by identity,
 * and one changed since by the ids its versions had.
 */
export function placeHit(
  hit: { index: number; record: PhoneRecord },
  records: readonly PhoneRecord[],
  view: LiveView | undefined,
  app: string,
  known?: RecordIds,
): PlacedHit {
  const marks = appMarks(view, app)
  if (records[hit.index] === hit.record) return current(hit.index, hit.record, marks)
  const at = positionOf(records, hit.record)
  if (at >= 0) return current(at, hit.record, marks)
  known?.note(view)
  const id = known?.idOf(hit.record)
  const change = id === undefined ? undefined : marks.byId.get(id)
  if (change?.op === 'delete') return { kind: 'deleted', change }
  if (id !== undefined && view) {
    const index = (view.ids[app] ?? []).indexOf(id)
    const record = records[index]
    if (index >= 0 && record) return current(index, record, marks)
  }
  return { kind: 'stale', index: hit.index, record: hit.record }
}

function current(index: number, record: PhoneRecord, marks: AppMarks): PlacedHit {
  const change = marks.byIndex.get(index)
  return change ? { kind: 'current', index, record, change } : { kind: 'current', index, record }
}
