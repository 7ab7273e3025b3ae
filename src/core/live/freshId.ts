/**
 * Fresh ids for the `id` stamp of an insert. A live state is never stored,
 * only its calls, and is rebuilt by replaying them; so an inserted record's
 * id is counted, not drawn: the k-th insert into an app gets the prefix and
 * the largest number the task's own ids carry under it plus k, written as
 * wide as theirs (`mem_014` is followed by `mem_015`). The same calls always
 * give the same ids, and a deleted record's id is not given again.
 */
import { MEMORY_APP, MEMORY_ID_PREFIX } from '../dataset/memoryTypes'
import type { PhoneRecord } from '../dataset/types'

/** Digits of a fresh id when the task has none to follow. */
const DEFAULT_WIDTH = 3

/** The prefix of an app's fresh ids: memory's `mem_`, else the app's key and `_`. */
export function idPrefix(app: string): string {
  return app === MEMORY_APP ? MEMORY_ID_PREFIX : `${app}_`
}

interface Numbering {
  max: number
  width: number
}

/** Per list of task records and field: the task's records never change, so they are read once. */
const numberings = new WeakMap<readonly PhoneRecord[], Map<string, Numbering>>()

function numbering(base: readonly PhoneRecord[], field: string, prefix: string): Numbering {
  let byField = numberings.get(base)
  if (!byField) numberings.set(base, (byField = new Map()))
  const key = `${field}\u0000${prefix}`
  let found = byField.get(key)
  if (!found) {
    found = { max: 0, width: 0 }
    for (const record of base) {
      const value = Object.hasOwn(record, field) ? record[field] : undefined
      if (typeof value !== 'string' || !value.startsWith(prefix)) continue
      const digits = value.slice(prefix.length)
      if (!/^\d+$/.test(digits)) continue
      found.max = Math.max(found.max, Number(digits))
      found.width = Math.max(found.width, digits.length)
    }
    if (found.width === 0) found.width = DEFAULT_WIDTH
    byField.set(key, found)
  }
  return found
}

/**
 * The id of an app's `k`-th inserted record (1-based) in `field`. `taken`
 * says whether a current record holds an id already (one an update wrote):
 * such an id is passed over, so the answer is unique among the app's records.
 */
export function freshId(app: string, base: readonly PhoneRecord[], field: string, k: number, taken: (id: string) => boolean): string {
  const prefix = idPrefix(app)
  const { max, width } = numbering(base, field, prefix)
  for (let n = max + k; ; n++) {
    const id = prefix + String(n).padStart(width, '0')
    if (!taken(id)) return id
  }
}
