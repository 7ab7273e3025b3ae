/**
 * The review's state diff: the changes an attempt left (inserted, updated
 * field by field, deleted records), each tied to the expected change it was
 * checked against and to the state verdict's findings on it, then the
 * expected changes no change answers. Pure: a function of the verdict, the
 * final state's changes and the task's expected changes.
 */
import { APP_KEYS } from '../core'
import type { ChangeOp, ExpectedChange, PhoneRecord, RecordId, StateChange, StateMismatch, StateVerdict } from '../core'

/** One field of a row: its value before and after, whether the attempt changed it, and the finding on it. */
export interface StateDiffField {
  field: string
  /** Left out: the field was absent (or, for an insert, there was no record before). */
  before?: unknown
  after?: unknown
  changed: boolean
  /** Acceptable values, when an expected change lists the field. */
  expected?: unknown[]
  mismatch?: StateMismatch
}

export interface StateDiffRow {
  app: string
  /** The change made; for an expected change with no change, the op it expected. */
  op: ChangeOp
  id: RecordId | null
  /** The change made (absent: an expected change that no change answers). */
  change?: StateChange
  /** Index in `expected_state` of the change this row was checked against; absent: collateral. */
  expected?: number
  /** The record concerned: as it ends, or as it was when deleted. */
  record?: PhoneRecord
  fields: StateDiffField[]
  /** The verdict's findings on this row, in its order. */
  mismatches: StateMismatch[]
  ok: boolean
}

export interface StateDiffApp {
  app: string
  rows: StateDiffRow[]
}

/** The state diff by app (in the apps' order), each app's changes first, then its expected changes not answered. */
export function stateDiffRows(verdict: StateVerdict, changes: readonly StateChange[], expected: readonly ExpectedChange[]): StateDiffApp[] {
  const expectedOf = new Map<RecordId, number>()
  for (const p of verdict.pairing) if (p.id !== null) expectedOf.set(p.id, p.change)
  const changed = new Set(changes.map((c) => c.id))
  const rows: StateDiffRow[] = []

  for (const change of changes) {
    const k = expectedOf.get(change.id)
    const exp = k === undefined ? undefined : expected[k]
    const mismatches = verdict.mismatches.filter((m) => m.id === change.id)
    rows.push({
      app: change.app,
      op: change.op,
      id: change.id,
      change,
      ...(k === undefined ? {} : { expected: k }),
      ...recordOf(change),
      fields: fieldsOf(change, exp, mismatches),
      mismatches,
      ok: k !== undefined && mismatches.length === 0,
    })
  }

  // Expected changes no change answers: not made, already true of the record, or naming no single record.
  for (const p of verdict.pairing) {
    if (p.id !== null && changed.has(p.id)) continue
    const exp = expected[p.change]
    if (!exp) continue
    const mismatches = verdict.mismatches.filter((m) => m.change === p.change && (m.id === null || !changed.has(m.id)))
    const record = mismatches.find((m) => m.record)?.record
    rows.push({
      app: exp.app,
      op: exp.op,
      id: p.id,
      expected: p.change,
      ...(record ? { record } : {}),
      fields: Object.entries(exp.record ?? {}).map(([field, acceptable]) => {
        const mismatch = mismatches.find((m) => m.field === field)
        return {
          field,
          changed: false,
          expected: acceptable,
          ...(record && Object.hasOwn(record, field) ? { before: record[field], after: record[field] } : {}),
          ...(mismatch ? { mismatch } : {}),
        }
      }),
      mismatches,
      ok: mismatches.length === 0,
    })
  }

  const order = (app: string) => {
    const i = (APP_KEYS as readonly string[]).indexOf(app)
    return i < 0 ? APP_KEYS.length : i
  }
  const byApp = new Map<string, StateDiffRow[]>()
  for (const row of rows) {
    const list = byApp.get(row.app)
    if (list) list.push(row)
    else byApp.set(row.app, [row])
  }
  return [...byApp.entries()].sort((a, b) => order(a[0]) - order(b[0])).map(([app, list]) => ({ app, rows: list }))
}

function recordOf(change: StateChange): { record?: PhoneRecord } {
  const record = change.op === 'delete' ? change.before : change.after
  return record ? { record } : {}
}

/**
 * The fields a row shows: an update's changed fields and the ones its
 * expected change lists; an insert's fields as made; a deletion's as they
 * were. Each with the finding on it.
 */
function fieldsOf(change: StateChange, exp: ExpectedChange | undefined, mismatches: readonly StateMismatch[]): StateDiffField[] {
  const listed = exp?.record ?? {}
  const byField = new Map(mismatches.filter((m) => m.field !== undefined).map((m) => [m.field as string, m]))
  const names: string[] = []
  const add = (field: string) => {
    if (!names.includes(field)) names.push(field)
  }
  if (change.op === 'update') {
    for (const field of change.fields ?? []) add(field)
    for (const field of Object.keys(listed)) add(field)
  } else if (change.op === 'insert') {
    for (const field of Object.keys(change.after ?? {})) add(field)
    for (const field of Object.keys(listed)) add(field)
  } else for (const field of Object.keys(change.before ?? {})) add(field)
  const changedSet = new Set(change.op === 'update' ? (change.fields ?? []) : change.op === 'insert' ? Object.keys(change.after ?? {}) : [])
  return names.map((field) => {
    const mismatch = byField.get(field)
    return {
      field,
      changed: changedSet.has(field) || change.op === 'delete',
      ...(change.before && Object.hasOwn(change.before, field) ? { before: change.before[field] } : {}),
      ...(change.after && Object.hasOwn(change.after, field) ? { after: change.after[field] } : {}),
      ...(Object.hasOwn(listed, field) ? { expected: listed[field] } : {}),
      ...(mismatch ? { mismatch } : {}),
    }
  })
}
