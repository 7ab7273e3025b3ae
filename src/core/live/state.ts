/**
 * An attempt's own copy of a task's records, changed by execution calls.
 * The task's records are never written or copied: the state is an overlay
 * of changed, deleted and inserted records over them, and a field's value
 * index is built only when an update or delete searches a large app. So
 * opening an attempt costs nothing, and a call costs about the same at 20
 * records as at 100,000.
 */
import { APP_KEYS } from '../dataset/types'
import type { AppKey, PhoneRecord, TaskRecords } from '../dataset/types'
import { isAppKey } from '../apps/registry'
import { hasOwn, ownValue, setOwn } from '../base/own'
import { isPlainObject } from '../base/text'
import { sameValue } from '../score/compare'
import { CHANGE_OPS } from '../dataset/liveTypes'
import type { Effect, RecordId, StampKind, StampSource, StateChange } from '../dataset/liveTypes'
import { freshId } from './freshId'

/** What {@link LiveState.apply} answers. A refusal changes nothing; `refusal` says why as data where no record fits. */
export type ApplyResult = { ok: true; change: StateChange } | { ok: false; message: string; refusal?: EffectRefusal }

/**
 * Why an update or delete found no one record to act on, as data: the
 * message a model reads is made from it (`describeRefusal`), and a page says
 * it to a person in their language. `match` holds the record fields and the
 * values looked for; `arguments` the call's arguments that name the record.
 */
export type EffectRefusal = { app: AppKey; op: string } & (
  | { kind: 'unnamed'; arguments: string[] }
  | { kind: 'none'; match: [string, unknown][] }
  | { kind: 'several'; count: number; match: [string, unknown][] }
)

/** A refusal as the sentence a model reads. */
export function describeRefusal(refusal: EffectRefusal): string {
  const { app, op } = refusal
  if (refusal.kind === 'unnamed') return `To find the ${app} record to ${op}, give ${listOr(refusal.arguments)}; nothing was changed.`
  const described = refusal.match.map(([field, value]) => `${field} = ${JSON.stringify(value)}`).join(' and ')
  if (refusal.kind === 'none') return `No ${app} record has ${described}; nothing was changed.`
  return `${refusal.count} ${app} records have ${described}, and an ${op} acts on exactly one; nothing was changed.`
}

/** One successful execution call, as {@link LiveState.replay} takes it: arguments parsed, nulls removed. */
export interface ReplayCall {
  name: string
  arguments: Readonly<Record<string, unknown>>
}

/** A live state as JSON, to store with its attempt: the changes against the task's records. */
export interface LiveStateJson {
  format: typeof STATE_FORMAT
  version: 1
  /** Record count of each app of the task's records it was made from, to refuse other records. */
  base: Record<string, number>
  apps: Record<string, { next: number; inserted: [RecordId, PhoneRecord][]; updated: [RecordId, PhoneRecord][]; deleted: RecordId[] }>
}

export const STATE_FORMAT = 'spieval-live-state'

export interface LiveStateOptions {
  /** Apps with at least this many records look records up by an index of field values; smaller ones are scanned. */
  indexFrom?: number
}

/** Below this an app is scanned: at task size a scan is cheaper than building an index. */
const DEFAULT_INDEX_FROM = 64

/** A record's place: its index in the task's records (≥ 0), or −k for the k-th inserted record. */
type Slot = number

interface FieldIndex {
  /** Scalar value key → slots of the records holding it. */
  scalar: Map<string, Set<Slot>>
  /** Slots of records whose value is a list or an object, compared one by one. */
  compound: Set<Slot>
}

interface AppState {
  app: AppKey
  base: readonly PhoneRecord[]
  /** Task's record index → its current version, or null once deleted. */
  changed: Map<number, PhoneRecord | null>
  /** k → the k-th inserted record, while it exists (in order of k). */
  inserted: Map<number, PhoneRecord>
  /** k of the next inserted record. */
  next: number
  indexes: Map<string, FieldIndex>
  view?: { entries: { id: RecordId; record: PhoneRecord }[]; records: PhoneRecord[] }
}

/** The id of the task's `index`-th record of `app`. */
export function baseRecordId(app: string, index: number): RecordId {
  return `${app}:${index}`
}

function slotId(app: string, slot: Slot): RecordId {
  return slot >= 0 ? `${app}:${slot}` : `${app}:n${-slot}`
}

/** Reads an id: the task's record at `index`, or the `inserted`-th inserted record. */
export function parseRecordId(id: RecordId): { app: string; index?: number; inserted?: number } | undefined {
  const match = /^(.+):(n?)(\d+)$/.exec(id)
  if (!match?.[1] || match[3] === undefined) return undefined
  const n = Number(match[3])
  return match[2] === 'n' ? { app: match[1], inserted: n } : { app: match[1], index: n }
}

/** One attempt's records. Build with {@link LiveState.fromRecords}, {@link LiveState.fromJSON} or {@link LiveState.replay}. */
export class LiveState {
  private readonly apps = new Map<AppKey, AppState>()
  private readonly indexFrom: number
  private changeCount = 0

  private constructor(
    /** The task's records, never written. */
    readonly base: TaskRecords,
    options: LiveStateOptions,
  ) {
    this.indexFrom = options.indexFrom ?? DEFAULT_INDEX_FROM
  }

  /** A fresh state over a task's records. */
  static fromRecords(records: TaskRecords, options: LiveStateOptions = {}): LiveState {
    return new LiveState(records, options)
  }

  /** Restores a state stored with {@link LiveState.toJSON}. Throws when it was not made from these records. */
  static fromJSON(records: TaskRecords, json: unknown, options: LiveStateOptions = {}): LiveState {
    if (!isPlainObject(json) || json.format !== STATE_FORMAT || json.version !== 1)
      throw new Error(`not a stored live state (expected format "${STATE_FORMAT}", version 1)`)
    const state = new LiveState(records, options)
    const base = isPlainObject(json.base) ? json.base : {}
    for (const app of APP_KEYS) {
      const have = records[app]?.length ?? 0
      const stored = ownValue(base, app) ?? 0
      if (stored !== have) throw new Error(`the stored live state was made from other records: ${app} had ${String(stored)} records, this task has ${have}`)
    }
    const apps = isPlainObject(json.apps) ? json.apps : {}
    for (const [app, saved] of Object.entries(apps)) {
      if (!isAppKey(app)) throw new Error(`the stored live state names unknown app "${app}"`)
      if (!isPlainObject(saved)) throw new Error(`the stored live state of ${app} is not an object`)
      const s = state.app(app)
      const baseIndex = (id: unknown): number => {
        const parsed = typeof id === 'string' ? parseRecordId(id) : undefined
        if (parsed?.app !== app || parsed.index === undefined || parsed.index >= s.base.length)
          throw new Error(`the stored live state names no record of this task: ${JSON.stringify(id)}`)
        return parsed.index
      }
      for (const entry of asList(saved.updated)) {
        const [id, record] = asPair(entry)
        s.changed.set(baseIndex(id), record)
      }
      for (const id of asList(saved.deleted)) s.changed.set(baseIndex(id), null)
      let last = 0
      for (const entry of asList(saved.inserted)) {
        const [id, record] = asPair(entry)
        const parsed = parseRecordId(id)
        const k = parsed?.inserted
        if (k === undefined || k <= last || parsed?.app !== app)
          throw new Error(`the stored live state has a bad inserted record id: ${JSON.stringify(id)}`)
        last = k
        s.inserted.set(k, record)
      }
      s.next = typeof saved.next === 'number' && saved.next > last ? saved.next : last + 1
    }
    return state
  }

  /**
   * Rebuilds a state from an attempt's successful execution calls, in order.
   * Deterministic: the same records, calls and profile give the same state
   * and ids. A call that no longer applies is reported, not thrown.
   */
  static replay(
    records: TaskRecords,
    calls: readonly ReplayCall[],
    effectOf: (toolName: string) => Effect | undefined,
    stamp: StampSource,
    options: LiveStateOptions = {},
  ): { state: LiveState; failed: { call: number; message: string }[] } {
    const state = new LiveState(records, options)
    const failed: { call: number; message: string }[] = []
    calls.forEach((call, i) => {
      const effect = effectOf(call.name)
      if (!effect) return
      const result = state.apply(effect, call.arguments, stamp)
      if (!result.ok) failed.push({ call: i, message: result.message })
    })
    return { state, failed }
  }

  /** Grows by one with every successful change: hosts cache views (a search index) per version. */
  get version(): number {
    return this.changeCount
  }

  /**
   * Applies an effect with a valid call's arguments (nulls removed). An
   * update or delete acts on the one record whose fields equal the `where`
   * arguments; none or several refuse with a message saying so.
   */
  apply(effect: Effect, args: Readonly<Record<string, unknown>>, stamp: StampSource): ApplyResult {
    const app = effect.app
    if (!isAppKey(app)) return { ok: false, message: `This phone has no app "${app}"; nothing was changed.` }
    if (!(CHANGE_OPS as readonly string[]).includes(effect.op))
      return { ok: false, message: `Unknown effect "${String(effect.op)}"; nothing was changed.` }
    const s = this.app(app)
    if (effect.op === 'insert') {
      const record: PhoneRecord = {}
      const k = s.next++
      write(record, effect, args, stamp, (field) => freshId(app, s.base, field, k, (id) => this.matching(s, [[field, id]]).length > 0))
      s.inserted.set(k, record)
      for (const [field, index] of s.indexes) indexAdd(index, -k, ownValue(record, field))
      return this.changed(s, { app, op: 'insert', id: slotId(app, -k), after: record })
    }
    const found = this.find(s, effect, args)
    if ('refusal' in found) return { ok: false, message: describeRefusal(found.refusal), refusal: found.refusal }
    const { slot, before } = found
    const id = slotId(app, slot)
    if (effect.op === 'delete') {
      if (slot >= 0) s.changed.set(slot, null)
      else s.inserted.delete(-slot)
      for (const [field, index] of s.indexes) indexRemove(index, slot, ownValue(before, field))
      return this.changed(s, { app, op: 'delete', id, before })
    }
    const after: PhoneRecord = { ...before }
    write(after, effect, args, stamp)
    if (slot >= 0) s.changed.set(slot, after)
    else s.inserted.set(-slot, after)
    for (const [field, index] of s.indexes) {
      const old = ownValue(before, field)
      const now = ownValue(after, field)
      if (old === now) continue
      indexRemove(index, slot, old)
      indexAdd(index, slot, now)
    }
    return this.changed(s, { app, op: 'update', id, before, after, fields: changedFields(before, after) })
  }

  /** The current records of an app, in order: the task's (as changed) first, then the inserted ones. */
  records(app: AppKey): readonly PhoneRecord[] {
    return this.view(app).records
  }

  /** The current records of an app with their ids. */
  entries(app: AppKey): readonly { id: RecordId; record: PhoneRecord }[] {
    return this.view(app).entries
  }

  /** Every app's current records, shaped like a task's records (apps the task has, or that gained records). */
  taskRecords(): TaskRecords {
    const out: TaskRecords = {}
    for (const app of APP_KEYS) {
      const records = this.records(app)
      if (records.length > 0 || this.base[app] !== undefined) setOwn(out, app, [...records])
    }
    return out
  }

  /** The record with this id, as it is now. */
  get(id: RecordId): PhoneRecord | undefined {
    const parsed = parseRecordId(id)
    if (!parsed || !isAppKey(parsed.app)) return undefined
    const s = this.app(parsed.app)
    return current(s, parsed.index ?? -(parsed.inserted ?? 0))
  }

  /** The task's record with this id, as the data set has it. */
  baseRecord(id: RecordId): PhoneRecord | undefined {
    const parsed = parseRecordId(id)
    if (parsed?.index === undefined || !isAppKey(parsed.app)) return undefined
    return this.base[parsed.app]?.[parsed.index]
  }

  /**
   * Every change against the task's records: inserted, updated (with the
   * fields that differ) and deleted records, by app, then the task's records
   * in order, then the inserted ones. A record changed back is no change.
   */
  changes(): StateChange[] {
    const out: StateChange[] = []
    for (const app of APP_KEYS) {
      const s = this.apps.get(app)
      if (!s) continue
      for (const [index, after] of sortedChanged(s)) {
        const before = s.base[index]
        if (!before) continue
        const id = slotId(app, index)
        if (after === null) out.push({ app, op: 'delete', id, before })
        else {
          const fields = changedFields(before, after)
          if (fields.length > 0) out.push({ app, op: 'update', id, before, after, fields })
        }
      }
      for (const [k, after] of s.inserted) out.push({ app, op: 'insert', id: slotId(app, -k), after })
    }
    return out
  }

  /** The state as JSON: its changes against the task's records (restore with {@link LiveState.fromJSON}). */
  toJSON(): LiveStateJson {
    const base: Record<string, number> = {}
    for (const app of APP_KEYS) if ((this.base[app]?.length ?? 0) > 0) setOwn(base, app, this.base[app]?.length ?? 0)
    const apps: LiveStateJson['apps'] = {}
    for (const app of APP_KEYS) {
      const s = this.apps.get(app)
      if (!s || (s.next === 1 && s.changed.size === 0)) continue
      const saved: LiveStateJson['apps'][string] = { next: s.next, inserted: [], updated: [], deleted: [] }
      for (const [index, record] of sortedChanged(s)) {
        if (record) saved.updated.push([slotId(app, index), record])
        else saved.deleted.push(slotId(app, index))
      }
      for (const [k, record] of s.inserted) saved.inserted.push([slotId(app, -k), record])
      setOwn(apps, app, saved)
    }
    return { format: STATE_FORMAT, version: 1, base, apps }
  }

  private changed(s: AppState, change: StateChange): ApplyResult {
    s.view = undefined
    this.changeCount++
    return { ok: true, change }
  }

  private app(app: AppKey): AppState {
    let s = this.apps.get(app)
    if (!s) {
      s = { app, base: this.base[app] ?? [], changed: new Map(), inserted: new Map(), next: 1, indexes: new Map() }
      this.apps.set(app, s)
    }
    return s
  }

  private view(app: AppKey): NonNullable<AppState['view']> {
    const s = this.app(app)
    if (!s.view) {
      const entries: { id: RecordId; record: PhoneRecord }[] = []
      forEachRecord(s, (slot, record) => entries.push({ id: slotId(app, slot), record }))
      s.view = { entries, records: entries.map((e) => e.record) }
    }
    return s.view
  }

  private find(
    s: AppState,
    effect: Effect,
    args: Readonly<Record<string, unknown>>,
  ): { slot: Slot; before: PhoneRecord } | { refusal: EffectRefusal } {
    const where = effect.where ?? {}
    const conditions: [string, unknown][] = []
    for (const [field, arg] of Object.entries(where)) {
      const value = ownValue(args, arg)
      if (value !== undefined && value !== null) conditions.push([field, value])
    }
    const named = { app: s.app, op: effect.op }
    if (conditions.length === 0) return { refusal: { ...named, kind: 'unnamed', arguments: Object.values(where) } }
    const matches = this.matching(s, conditions)
    const only = matches[0]
    const before = only === undefined ? undefined : current(s, only)
    if (matches.length === 0 || only === undefined || !before) return { refusal: { ...named, kind: 'none', match: conditions } }
    if (matches.length > 1) return { refusal: { ...named, kind: 'several', count: matches.length, match: conditions } }
    return { slot: only, before }
  }

  /** Slots of the records whose fields equal every condition's value. */
  private matching(s: AppState, conditions: [string, unknown][]): Slot[] {
    const fits = (record: PhoneRecord): boolean =>
      conditions.every(([field, value]) => hasOwn(record, field) && sameValue(value, record[field]))
    const out: Slot[] = []
    if (s.base.length + s.inserted.size < this.indexFrom) {
      forEachRecord(s, (slot, record) => {
        if (fits(record)) out.push(slot)
      })
      return out
    }
    let smallest: Set<Slot> | undefined
    for (const [field, value] of conditions) {
      const index = this.index(s, field)
      const key = scalarKey(value)
      const candidates = key === undefined ? index.compound : (index.scalar.get(key) ?? new Set<Slot>())
      if (!smallest || candidates.size < smallest.size) smallest = candidates
    }
    // Only the count and a lone match matter, so the order of the index's sets never shows.
    for (const slot of smallest ?? []) {
      const record = current(s, slot)
      if (record && fits(record)) out.push(slot)
    }
    return out
  }

  private index(s: AppState, field: string): FieldIndex {
    let index = s.indexes.get(field)
    if (!index) {
      const built: FieldIndex = { scalar: new Map(), compound: new Set() }
      forEachRecord(s, (slot, record) => indexAdd(built, slot, ownValue(record, field)))
      s.indexes.set(field, built)
      index = built
    }
    return index
  }
}

/** The record in a slot as it is now; undefined once deleted. */
function current(s: AppState, slot: Slot): PhoneRecord | undefined {
  if (slot < 0) return s.inserted.get(-slot)
  const changed = s.changed.get(slot)
  if (changed !== undefined) return changed ?? undefined
  return s.base[slot]
}

/** Every current record of an app in order: the task's (as changed), then the inserted ones. */
function forEachRecord(s: AppState, fn: (slot: Slot, record: PhoneRecord) => void): void {
  const { base, changed } = s
  for (let i = 0; i < base.length; i++) {
    const record = changed.size > 0 && changed.has(i) ? changed.get(i) : base[i]
    if (record) fn(i, record)
  }
  for (const [k, record] of s.inserted) fn(-k, record)
}

function sortedChanged(s: AppState): [number, PhoneRecord | null][] {
  return [...s.changed].sort((a, b) => a[0] - b[0])
}

/**
 * Writes `set`, then `stamp`, then the given arguments' `fields`: an argument
 * overrides a constant. `fresh` gives an insert's `id` stamps; an update
 * (which loading refuses to stamp an id) keeps the record's own.
 */
function write(record: PhoneRecord, effect: Effect, args: Readonly<Record<string, unknown>>, stamp: StampSource, fresh?: (field: string) => string): void {
  for (const [field, value] of Object.entries(effect.set ?? {})) setOwn(record, field, cloneJson(value))
  for (const [field, kind] of Object.entries(effect.stamp ?? {})) {
    if (kind !== 'id') setOwn<unknown>(record, field, stampValue(kind, stamp))
    else if (fresh) setOwn<unknown>(record, field, fresh(field))
  }
  for (const [arg, field] of Object.entries(effect.fields ?? {})) {
    const value = ownValue(args, arg)
    if (value !== undefined && value !== null) setOwn(record, field, cloneJson(value))
  }
}

/** The value a stamp writes: the profile's date or time of "now", or one of its own values. */
export function stampValue(kind: Exclude<StampKind, 'id'>, source: StampSource): string {
  if (kind === 'date' || kind === 'time') {
    const [date = '', time = ''] = source.now.trim().split(/\s+/)
    return kind === 'date' ? date : time
  }
  return source[kind]
}

/** Arguments are JSON (the runtime refuses anything else); a copy keeps a caller's later edits out of the state. */
function cloneJson(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? (JSON.parse(JSON.stringify(value)) as unknown) : value
}

/** Fields whose values differ, in the order the record before had them, then new ones. */
export function changedFields(before: PhoneRecord, after: PhoneRecord): string[] {
  const fields: string[] = []
  for (const key of Object.keys(before)) if (!hasOwn(after, key) || !sameValue(before[key], after[key])) fields.push(key)
  for (const key of Object.keys(after)) if (!hasOwn(before, key)) fields.push(key)
  return fields
}

/** A key equal for exactly the scalars `sameValue` calls equal; undefined for lists, objects and null. */
function scalarKey(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return `s${value}`
    case 'number':
      return `n${String(value)}`
    case 'boolean':
      return value ? 't' : 'f'
    default:
      return undefined
  }
}

function indexAdd(index: FieldIndex, id: Slot, value: unknown): void {
  if (value === undefined || value === null) return
  const key = scalarKey(value)
  if (key === undefined) return void index.compound.add(id)
  let ids = index.scalar.get(key)
  if (!ids) index.scalar.set(key, (ids = new Set()))
  ids.add(id)
}

function indexRemove(index: FieldIndex, id: Slot, value: unknown): void {
  if (value === undefined || value === null) return
  const key = scalarKey(value)
  if (key === undefined) return void index.compound.delete(id)
  const ids = index.scalar.get(key)
  ids?.delete(id)
  if (ids?.size === 0) index.scalar.delete(key)
}

function listOr(names: string[]): string {
  if (names.length <= 1) return `"${names[0] ?? ''}"`
  return `at least one of ${names.map((n) => `"${n}"`).join(', ')}`
}

function asList(value: unknown): unknown[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw new Error('the stored live state has a list that is not a list')
  return value
}

function asPair(value: unknown): [RecordId, PhoneRecord] {
  if (!Array.isArray(value) || typeof value[0] !== 'string' || !isPlainObject(value[1]))
    throw new Error(`the stored live state has a bad record entry: ${JSON.stringify(value)}`)
  return [value[0], value[1]]
}
