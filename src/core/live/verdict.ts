/**
 * The state verdict: an attempt's final state against the task's expected
 * changes (docs/reference.md, "Live state"). An update or delete names its record
 * with `where`, so it has one candidate; inserts of an app are paired with
 * that app's inserted records by an optimal assignment (fewest failing
 * fields), never greedily. Every change no expected change accounts for is
 * collateral.
 */
import { APP_KEYS } from '../dataset/types'
import type { PhoneRecord, TaskRecords } from '../dataset/types'
import { hasOwn } from '../base/own'
import { sameValue } from '../score/compare'
import { fieldOk, pairInserts, present, valueKey } from './insertPairing'
import { baseRecordId } from './state'
import type { LiveState } from './state'
import type { ChangeOp, ExpectedChange, RecordId, StateChange } from '../dataset/liveTypes'

/** Why a state verdict fails, first that applies: an expected change not made, made wrong, or a change not expected. */
export type StateErrorType = 'missing_change' | 'wrong_change' | 'collateral_change'

export const STATE_ERROR_TYPES: readonly StateErrorType[] = ['missing_change', 'wrong_change', 'collateral_change']

export type StateMismatchReason =
  /** the expected change was not made (no inserted record to pair, or the named record unchanged) */
  | 'not_made'
  /** a listed field's value is none of the acceptable ones */
  | 'wrong_value'
  /** an update changed a field it does not list */
  | 'changed'
  /** the named record was deleted instead of updated, or updated instead of deleted */
  | 'wrong_op'
  /** a change no expected change accounts for */
  | 'collateral'
  /** the expected change's `where` does not name exactly one of the task's records (a data set error) */
  | 'where'

/** One failing check, placed on its expected change and record: enough for a review UI. */
export interface StateMismatch {
  errorType: StateErrorType
  reason: StateMismatchReason
  /** Index in `expected_state`; -1 for a collateral change. */
  change: number
  app: string
  /** The expected change's op; for a collateral change, the change made. */
  op: ChangeOp
  /** The record in the attempt's state (null when there is none to name). */
  id: RecordId | null
  field?: string
  /** Acceptable values of `field` (`null`: absent). */
  expected?: unknown[]
  /** The field's value in the final state (left out: absent); for `wrong_op`, the change made; for `where`, the count of records named. */
  got?: unknown
  /** The record concerned: inserted or updated as it ends, or deleted as it was. */
  record?: PhoneRecord
}

export interface StateVerdict {
  correct: boolean
  errorType: StateErrorType | null
  mismatches: StateMismatch[]
  /** Each expected change with the record it was checked against (null: none). */
  pairing: { change: number; id: RecordId | null }[]
}

/**
 * Compares an attempt's final state with the task's records and expected
 * changes. `original` must be the records `final` was made from.
 */
export function stateVerdict(original: TaskRecords, final: LiveState, expected: readonly ExpectedChange[]): StateVerdict {
  for (const app of APP_KEYS)
    if ((original[app]?.length ?? 0) !== (final.base[app]?.length ?? 0))
      throw new Error(`the live state was not made from these records (${app}: ${final.base[app]?.length ?? 0} vs ${original[app]?.length ?? 0})`)
  const changes = final.changes()
  const byId = new Map<RecordId, StateChange>()
  const insertsByApp = new Map<string, StateChange[]>()
  for (const change of changes) {
    byId.set(change.id, change)
    if (change.op === 'insert') {
      const list = insertsByApp.get(change.app)
      if (list) list.push(change)
      else insertsByApp.set(change.app, [change])
    }
  }
  const mismatches: StateMismatch[] = []
  const pairing: StateVerdict['pairing'] = []
  const accounted = new Set<RecordId>()
  const finder = new RecordFinder(original, expected)

  expected.forEach((exp, k) => {
    if (exp.op === 'insert') return
    const named = finder.named(exp)
    if (named.length !== 1 || named[0] === undefined) {
      pairing.push({ change: k, id: null })
      mismatches.push({ errorType: 'missing_change', reason: 'where', change: k, app: exp.app, op: exp.op, id: null, got: named.length })
      return
    }
    const id = baseRecordId(exp.app, named[0])
    accounted.add(id)
    pairing.push({ change: k, id })
    const made = byId.get(id)
    const base = { change: k, app: exp.app, op: exp.op, id }
    if (exp.op === 'delete') {
      if (made?.op === 'delete') return
      if (made) mismatches.push({ ...base, errorType: 'wrong_change', reason: 'wrong_op', got: made.op, record: made.after })
      else mismatches.push({ ...base, errorType: 'missing_change', reason: 'not_made', record: final.get(id) })
      return
    }
    if (made?.op === 'delete') {
      mismatches.push({ ...base, errorType: 'wrong_change', reason: 'wrong_op', got: 'delete', record: made.before })
      return
    }
    const before = final.baseRecord(id) ?? {}
    const after = made?.after ?? before
    // Judged by the state it leaves: an update already true of the record is no failure.
    const errorType: StateErrorType = made ? 'wrong_change' : 'missing_change'
    for (const failure of fieldFailures(exp.record ?? {}, after)) mismatches.push({ ...base, errorType, ...failure })
    for (const field of made?.fields ?? []) {
      if (exp.record && hasOwn(exp.record, field)) continue
      mismatches.push({ ...base, errorType: 'wrong_change', reason: 'changed', field, expected: [present(before, field) ?? null], ...got(after, field) })
    }
  })

  const insertsExpected = new Map<string, number[]>()
  expected.forEach((exp, k) => {
    if (exp.op !== 'insert') return
    const list = insertsExpected.get(exp.app)
    if (list) list.push(k)
    else insertsExpected.set(exp.app, [k])
  })
  for (const [app, ks] of insertsExpected) {
    const made = insertsByApp.get(app) ?? []
    const pairs = pairInserts(
      ks.map((k) => Object.entries(expected[k]?.record ?? {})),
      made.map((m) => m.after ?? {}),
    )
    const partner = new Map<number, StateChange>()
    for (const [row, col] of pairs) {
      const k = ks[row]
      const m = made[col]
      if (k !== undefined && m) partner.set(k, m)
    }
    for (const k of ks) {
      const m = partner.get(k)
      pairing.push({ change: k, id: m?.id ?? null })
      if (!m) {
        mismatches.push({ errorType: 'missing_change', reason: 'not_made', change: k, app, op: 'insert', id: null })
        continue
      }
      accounted.add(m.id)
      for (const failure of fieldFailures(expected[k]?.record ?? {}, m.after ?? {}))
        mismatches.push({ errorType: 'wrong_change', change: k, app, op: 'insert', id: m.id, ...failure })
    }
  }

  for (const change of changes) {
    if (accounted.has(change.id)) continue
    const { app, op, id } = change
    if (op !== 'update')
      mismatches.push({ errorType: 'collateral_change', reason: 'collateral', change: -1, app, op, id, record: change.after ?? change.before })
    else
      for (const field of change.fields ?? [])
        mismatches.push({
          errorType: 'collateral_change',
          reason: 'collateral',
          change: -1,
          app,
          op,
          id,
          field,
          expected: [present(change.before ?? {}, field) ?? null],
          ...got(change.after ?? {}, field),
        })
  }

  pairing.sort((a, b) => a.change - b.change)
  // Stable: expected changes in their order, then collateral ones in the order of the state's changes.
  const rank = (m: StateMismatch): number => (m.change < 0 ? Number.MAX_SAFE_INTEGER : m.change)
  mismatches.sort((a, b) => rank(a) - rank(b))
  const errorType = STATE_ERROR_TYPES.find((t) => mismatches.some((m) => m.errorType === t)) ?? null
  return { correct: errorType === null, errorType, mismatches, pairing }
}

/** Indices of the task's records of the change's app that its `where` names. */
export function namedRecords(records: TaskRecords, change: Pick<ExpectedChange, 'app' | 'where'>): number[] {
  const list = (records as Record<string, PhoneRecord[] | undefined>)[change.app] ?? []
  const where = Object.entries(change.where ?? {})
  const out: number[] = []
  list.forEach((record, i) => {
    if (where.every(([field, value]) => hasOwn(record, field) && sameValue(value, record[field]))) out.push(i)
  })
  return out
}

/** The listed fields a record fails, with what was acceptable and what it holds. */
function fieldFailures(
  listed: Readonly<Record<string, unknown[]>>,
  record: PhoneRecord,
): { reason: 'wrong_value'; field: string; expected: unknown[]; got?: unknown }[] {
  const out: { reason: 'wrong_value'; field: string; expected: unknown[]; got?: unknown }[] = []
  for (const [field, acceptable] of Object.entries(listed)) {
    if (!fieldOk(acceptable, present(record, field))) out.push({ reason: 'wrong_value', field, expected: acceptable, ...got(record, field) })
  }
  return out
}

function got(record: PhoneRecord, field: string): { got?: unknown } {
  const value = present(record, field)
  return value === undefined ? {} : { got: value }
}

/**
 * {@link namedRecords}, through an index of the first `where` field's values
 * when an app has many updates and deletes to place (a scan each would grow
 * with changes × records); the index only narrows, each candidate is checked.
 */
class RecordFinder {
  private readonly indexes = new Map<string, Map<string, number[]>>()
  private readonly lookups = new Map<string, number>()

  constructor(
    private readonly records: TaskRecords,
    expected: readonly ExpectedChange[],
  ) {
    for (const exp of expected) if (exp.op !== 'insert') this.lookups.set(exp.app, (this.lookups.get(exp.app) ?? 0) + 1)
  }

  named(change: Pick<ExpectedChange, 'app' | 'where'>): number[] {
    const where = Object.entries(change.where ?? {})
    const first = where[0]
    if (!first || (this.lookups.get(change.app) ?? 0) <= FEW_LOOKUPS) return namedRecords(this.records, change)
    const list = (this.records as Record<string, PhoneRecord[] | undefined>)[change.app] ?? []
    const candidates = this.index(change.app, first[0], list).get(valueKey(first[1])) ?? []
    return candidates.filter((i) => {
      const record = list[i]
      return record !== undefined && where.every(([field, value]) => hasOwn(record, field) && sameValue(value, record[field]))
    })
  }

  private index(app: string, field: string, list: readonly PhoneRecord[]): Map<string, number[]> {
    const id = JSON.stringify([app, field])
    let byKey = this.indexes.get(id)
    if (byKey) return byKey
    byKey = new Map()
    for (const [i, record] of list.entries()) {
      if (!hasOwn(record, field)) continue
      const key = valueKey(record[field])
      const bucket = byKey.get(key)
      if (bucket) bucket.push(i)
      else byKey.set(key, [i])
    }
    this.indexes.set(id, byKey)
    return byKey
  }
}

/** Up to this many updates and deletes of an app, scanning its records costs less than indexing them. */
const FEW_LOOKUPS = 4
