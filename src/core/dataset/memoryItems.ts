/**
 * The checks of a task's memory items (docs/reference.md, "Planner tasks"):
 * kinds, unique ids, field types. Both readers of records_db.json call them,
 * the whole-file loader and the page's task-by-task import, so that they
 * refuse the same items.
 */
import { isOneOf, isStringList } from '../base/text'
import { ownValue } from '../base/own'
import { MEMORY_APP, MEMORY_KINDS } from './memoryTypes'
import type { PhoneRecord } from './types'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^\d{2}:\d{2}(:\d{2})?$/

/** What each optional field must be; null counts as left out. */
const OPTIONAL: Readonly<Record<string, { test: (value: unknown) => boolean; shape: string }>> = {
  tags: { test: isStringList, shape: 'a list of strings' },
  date: { test: (v) => typeof v === 'string' && DATE.test(v), shape: 'a date, YYYY-MM-DD' },
  time: { test: (v) => typeof v === 'string' && TIME.test(v), shape: 'a time, HH:MM or HH:MM:SS' },
  source: { test: (v) => typeof v === 'string', shape: 'a string' },
  supersedes: { test: (v) => typeof v === 'string' && v !== '', shape: 'the id of another item' },
  pinned: { test: (v) => typeof v === 'boolean', shape: 'true or false' },
}

/**
 * The faults of one task's memory items, one sentence each, naming the item
 * by its place and id. Records are objects already (the records reader
 * refuses any other value).
 */
export function memoryItemProblems(items: readonly PhoneRecord[]): string[] {
  const problems: string[] = []
  const firstOf = new Map<string, number>()
  items.forEach((item, i) => {
    if (typeof item.id === 'string' && item.id !== '' && !firstOf.has(item.id)) firstOf.set(item.id, i)
  })
  items.forEach((item, i) => {
    const id = ownValue(item, 'id')
    const at = `"${MEMORY_APP}[${i}]"${typeof id === 'string' && id !== '' ? ` (id "${id}")` : ''}`
    const faults: string[] = []
    if (typeof id !== 'string' || id === '') faults.push('"id" must be a non-empty string')
    else if (firstOf.get(id) !== i) faults.push(`the id is used twice (first by "${MEMORY_APP}[${firstOf.get(id) ?? 0}]")`)
    const text = ownValue(item, 'text')
    if (typeof text !== 'string' || text.trim() === '') faults.push('"text" must be a non-empty string')
    const kind = ownValue(item, 'kind')
    if (!isOneOf(kind, MEMORY_KINDS)) faults.push(`"kind" must be one of ${MEMORY_KINDS.join(', ')} (got ${JSON.stringify(kind ?? null)})`)
    for (const [field, rule] of Object.entries(OPTIONAL)) {
      const value = ownValue(item, field)
      if (value !== undefined && value !== null && !rule.test(value)) faults.push(`"${field}" must be ${rule.shape} (got ${JSON.stringify(value)})`)
    }
    const replaced = ownValue(item, 'supersedes')
    if (typeof replaced === 'string' && replaced !== '') {
      if (replaced === id) faults.push('"supersedes" names the item itself')
      else if (!firstOf.has(replaced)) faults.push(`"supersedes" names "${replaced}", which is no memory item of the task`)
    }
    if (faults.length > 0) problems.push(`${at}: ${faults.join('; ')}`)
  })
  return problems
}
