/**
 * Pairs an app's expected inserts with its inserted records: the optimal
 * assignment (fewest failing fields) of the state verdict. Building the whole
 * cost matrix and solving it grows with the square (and the cube) of the
 * changes, yet most expected inserts fit exactly one inserted record
 * perfectly. Those are found through an index of the inserted records' field
 * values; when every expected insert fits exactly one record and no two fit
 * the same one, that pairing costs nothing, so it is the one optimal
 * assignment and the solver is not needed. Anything else (a record that
 * fits two expected inserts, an expected insert that fits none) goes to the
 * solver over the whole matrix, as before.
 */
import { munkres } from 'munkres'
import type { JsonSchema, PhoneRecord } from '../dataset/types'
import { isPlainObject } from '../base/text'
import { ownValue } from '../base/own'
import { isAcceptable } from '../score/compare'

/** An expected insert's listed fields with their acceptable values. */
export type ListedFields = readonly (readonly [string, unknown[]])[]

/** Read a flat list of scalars as the one acceptable list, as gold values are read (compare.ts). */
const LIST_SCHEMA: JsonSchema = { type: 'array' }

/** A field's value; a stored null reads as absent, as an explicit null argument does. */
export function present(record: PhoneRecord, field: string): unknown {
  const value = ownValue(record, field)
  return value === null ? undefined : value
}

export function fieldOk(acceptable: unknown[], value: unknown): boolean {
  return value === undefined ? acceptable.includes(null) : isAcceptable(acceptable, value, Array.isArray(value) ? LIST_SCHEMA : undefined)
}

/** How many listed fields a record fails: the cost of a pairing, counted without building the details. */
export function failureCount(listed: ListedFields, record: PhoneRecord): number {
  let n = 0
  for (const [field, acceptable] of listed) if (!fieldOk(acceptable, present(record, field))) n++
  return n
}

const FEW_EXPECTED = 4

/**
 * Optimal pairs [expected row, inserted column]. `listed[row]` are the
 * fields of an expected insert, `records[column]` the inserted records.
 */
export function pairInserts(listed: readonly ListedFields[], records: readonly PhoneRecord[]): [number, number][] {
  if (listed.length === 0 || records.length === 0) return []
  // A few expected inserts cost less to check against every record than the records cost to index.
  const pairs = listed.length > FEW_EXPECTED ? perfectPairs(listed, records) : undefined
  return pairs ?? munkres(listed.map((fields) => records.map((r) => failureCount(fields, r))))
}

/**
 * The pairing when each expected insert fits exactly one record perfectly
 * and no record is fitted twice (then it is the only assignment of cost 0);
 * undefined otherwise.
 */
function perfectPairs(listed: readonly ListedFields[], records: readonly PhoneRecord[]): [number, number][] | undefined {
  if (listed.length > records.length) return undefined
  const index = new ValueIndex(records)
  const taken = new Set<number>()
  const pairs: [number, number][] = []
  for (const [row, fields] of listed.entries()) {
    const candidates = index.candidates(fields)
    if (candidates === undefined) return undefined
    let partner = -1
    for (const column of candidates) {
      if (column === partner || failureCount(fields, records[column] ?? {}) !== 0) continue
      if (partner >= 0) return undefined
      partner = column
    }
    if (partner < 0 || taken.has(partner)) return undefined
    taken.add(partner)
    pairs.push([row, partner])
  }
  return pairs
}

/** The records of each field value, by a key that equal values (compare.ts `sameValue`) share. */
class ValueIndex {
  private readonly byField = new Map<string, Map<string, number[]>>()

  constructor(private readonly records: readonly PhoneRecord[]) {}

  /**
   * Every record that could fit all the listed fields (a superset: check
   * them), through the listed field that narrows them most; undefined when
   * every listed field also accepts an absent value, so that no value narrows them.
   */
  candidates(fields: ListedFields): number[] | undefined {
    let best: number[][] | undefined
    let bestSize = Infinity
    for (const [field, acceptable] of fields) {
      if (acceptable.includes(null)) continue
      const buckets = this.buckets(field, acceptable)
      const size = buckets.reduce((n, b) => n + b.length, 0)
      if (size < bestSize) {
        best = buckets
        bestSize = size
      }
    }
    return best?.flat()
  }

  private buckets(field: string, acceptable: unknown[]): number[][] {
    const byKey = this.field(field)
    // A value is acceptable when it equals one of them or, as a list, is the flat list of them (compare.ts `isAcceptable`).
    const keys = new Set(acceptable.map(valueKey))
    if (acceptable.length > 0 && !acceptable.some(Array.isArray)) keys.add(valueKey(acceptable))
    const out: number[][] = []
    for (const key of keys) {
      const bucket = byKey.get(key)
      if (bucket) out.push(bucket)
    }
    return out
  }

  private field(field: string): Map<string, number[]> {
    let byKey = this.byField.get(field)
    if (byKey) return byKey
    byKey = new Map()
    for (const [column, record] of this.records.entries()) {
      const value = present(record, field)
      if (value === undefined) continue
      const key = valueKey(value)
      const bucket = byKey.get(key)
      if (bucket) bucket.push(column)
      else byKey.set(key, [column])
    }
    this.byField.set(field, byKey)
    return byKey
  }
}

/**
 * A key that values equal as scoring defines it share (numbers by value,
 * arrays as multisets, objects key by key). Different values may share one
 * too: it only finds candidates, which are then checked.
 */
export function valueKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(valueKey).sort().join(',')}]`
  if (isPlainObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${valueKey(ownValue(value, k))}`)
      .join(',')}}`
  return typeof value === 'string' ? JSON.stringify(value) : `${typeof value}:${String(value)}`
}
