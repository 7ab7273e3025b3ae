/**
 * The state verdict as it was before its pairing took shortcuts (kept as the
 * reference of test/verdict-pairing.test.ts and the baseline of bench/live.ts): it builds the whole cost
 * matrix of each app's inserts and solves it. Do not optimise.
 */
import { munkres } from 'munkres'
import { APP_KEYS } from '../../src/core/dataset/types'
import type { JsonSchema, PhoneRecord, TaskRecords } from '../../src/core/dataset/types'
import { hasOwn, ownValue } from '../../src/core/base/own'
import { isAcceptable } from '../../src/core/score/compare'
import { namedRecords } from '../../src/core/live/verdict'
import { baseRecordId } from '../../src/core/live/state'
import type { LiveState } from '../../src/core/live/state'
import type { ExpectedChange, RecordId, StateChange } from '../../src/core/dataset/liveTypes'
import { STATE_ERROR_TYPES } from '../../src/core/live/verdict'
import type { StateErrorType, StateMismatch, StateVerdict } from '../../src/core/live/verdict'

/** Read a flat list of scalars as the one acceptable list, as gold values are read (compare.ts). */
const LIST_SCHEMA: JsonSchema = { type: 'array' }

/**
 * Compares an attempt's final state with the task's records and expected
 * changes. `original` must be the records `final` was made from.
 */
export function referenceStateVerdict(original: TaskRecords, final: LiveState, expected: readonly ExpectedChange[]): StateVerdict {
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

  expected.forEach((exp, k) => {
    if (exp.op === 'insert') return
    const named = namedRecords(original, exp)
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
    const cost = ks.map((k) => {
      const listed = Object.entries(expected[k]?.record ?? {})
      return made.map((m) => failureCount(listed, m.after ?? {}))
    })
    const pairs = ks.length > 0 && made.length > 0 ? munkres(cost) : []
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

/** How many listed fields a record fails: the cost of a pairing, counted without building the details. */
function failureCount(listed: readonly [string, unknown[]][], record: PhoneRecord): number {
  let n = 0
  for (const [field, acceptable] of listed) if (!fieldOk(acceptable, present(record, field))) n++
  return n
}

function fieldOk(acceptable: unknown[], value: unknown): boolean {
  return value === undefined ? acceptable.includes(null) : isAcceptable(acceptable, value, Array.isArray(value) ? LIST_SCHEMA : undefined)
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

/** A field's value; a stored null reads as absent, as an explicit null argument does. */
function present(record: PhoneRecord, field: string): unknown {
  const value = ownValue(record, field)
  return value === null ? undefined : value
}

function got(record: PhoneRecord, field: string): { got?: unknown } {
  const value = present(record, field)
  return value === undefined ? {} : { got: value }
}
