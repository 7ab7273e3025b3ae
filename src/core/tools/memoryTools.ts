/**
 * The memory app's read tools (docs/reference.md, "Planner tasks"):
 * `search_memory` looks through the items' text and tags in the usual modes,
 * narrowed by tags, kind and a date range, a page at a time; `get_memory`
 * opens one item by id. Both answer whole items, ids included, so that a
 * model can open, change or cite them and a scorer can tell which came back.
 * Writes are ordinary execution tools with an `x-effect` on the app.
 */
import { isOneOf, isPlainObject, isStringList } from '../base/text'
import { ownValue } from '../base/own'
import { GET_MEMORY, MEMORY_APP, MEMORY_KINDS, SEARCH_MEMORY } from '../dataset/memoryTypes'
import type { PhoneRecord } from '../dataset/types'
import { TaskIndex } from '../search/indexed'
import type { IndexedRecord } from '../search/indexed'
import { PatternError, findMatches } from '../search/match'
import type { SearchHit } from '../search/match'
import { SEARCH_MODES } from './searchQuery'
import type { SearchData, ToolResult } from './types'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Whether the runtime answers this tool from the memory items. */
export function isMemoryReadTool(name: string): boolean {
  return name === SEARCH_MEMORY || name === GET_MEMORY
}

/** Pages a search's hits, with its header, as every search of the runtime does. */
export type Pager = (scope: string, pattern: string, hits: SearchHit[], page: number) => ToolResult

/** Answers `search_memory` or `get_memory` over the task's memory items as they stand (a live attempt's, after its changes). */
export function memoryRead(name: string, args: Record<string, unknown>, items: readonly IndexedRecord[], pager: Pager): ToolResult {
  return name === GET_MEMORY ? getMemory(args, items) : searchMemory(args, items, pager)
}

interface Filters {
  tags: string[]
  kind?: string
  from?: string
  to?: string
}

function searchMemory(args: Record<string, unknown>, items: readonly IndexedRecord[], pager: Pager): ToolResult {
  // `pattern` as the other searches name it, for a data set that keeps their parameter.
  const query = ownValue(args, 'query') ?? ownValue(args, 'pattern')
  const mode = ownValue(args, 'mode') ?? 'fixed'
  const ignoreCase = ownValue(args, 'ignore_case') ?? true
  const page = ownValue(args, 'page') ?? 1
  const filters = readFilters(args)
  if (query !== undefined && typeof query !== 'string') return fail('"query" must be a string.')
  if (!isOneOf(mode, SEARCH_MODES)) return fail(`"mode" must be one of ${SEARCH_MODES.join(', ')}.`)
  if (typeof ignoreCase !== 'boolean') return fail('"ignore_case" must be true or false.')
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) return fail('"page" must be 1 or more.')
  if (typeof filters === 'string') return fail(filters)
  let hits: SearchHit[]
  if (query === undefined || query === '') hits = items.map((entry) => ({ entry }))
  else
    try {
      // Matched on the items' text and tags alone, then answered with the whole items.
      hits = findMatches(searchable(items), { pattern: query, mode, ignoreCase })
    } catch (err) {
      if (err instanceof PatternError) return fail(err.message)
      throw err
    }
  // Most searches give no filter: then every hit stands, and no item's tags are read.
  const filtered = isUnfiltered(filters) ? hits : hits.filter((hit) => fits(hit.entry.record, filters))
  return pager(scopeOf(filters), query ?? '', filtered, page)
}

/** The filters of a search, or what is wrong with them. */
function readFilters(args: Record<string, unknown>): Filters | string {
  const tags = ownValue(args, 'tags') ?? []
  const kind = ownValue(args, 'kind')
  const from = ownValue(args, 'date_from')
  const to = ownValue(args, 'date_to')
  const list = typeof tags === 'string' ? [tags] : tags
  if (!isStringList(list)) return '"tags" must be a list of tags.'
  if (kind !== undefined && !isOneOf(kind, MEMORY_KINDS)) return `"kind" must be one of ${MEMORY_KINDS.join(', ')}.`
  for (const [key, value] of [['date_from', from], ['date_to', to]] as const)
    if (value !== undefined && (typeof value !== 'string' || !DATE.test(value))) return `"${key}" must be a date, YYYY-MM-DD.`
  return { tags: list, ...(kind === undefined ? {} : { kind }), ...(from === undefined ? {} : { from: from as string }), ...(to === undefined ? {} : { to: to as string }) }
}

function isUnfiltered(filters: Filters): boolean {
  return filters.tags.length === 0 && filters.kind === undefined && filters.from === undefined && filters.to === undefined
}

/** Every given tag (ignoring case), the kind, and a date within the range (an item without a date is outside any range). */
function fits(item: PhoneRecord, filters: Filters): boolean {
  if (filters.tags.length > 0) {
    const own = ownValue(item, 'tags')
    const tags = new Set((isStringList(own) ? own : []).map(tagKey))
    if (!filters.tags.every((tag) => tags.has(tagKey(tag)))) return false
  }
  if (filters.kind !== undefined && ownValue(item, 'kind') !== filters.kind) return false
  if (filters.from === undefined && filters.to === undefined) return true
  const date = ownValue(item, 'date')
  if (typeof date !== 'string') return false
  return (filters.from === undefined || date >= filters.from) && (filters.to === undefined || date <= filters.to)
}

function tagKey(tag: string): string {
  return tag.trim().toLowerCase()
}

/** "memory", with the filters a search used: its answer says what was searched. */
function scopeOf(filters: Filters): string {
  const parts = [
    ...(filters.tags.length > 0 ? [`tags ${filters.tags.join(', ')}`] : []),
    ...(filters.kind === undefined ? [] : [`kind ${filters.kind}`]),
    ...(filters.from === undefined ? [] : [`from ${filters.from}`]),
    ...(filters.to === undefined ? [] : [`to ${filters.to}`]),
  ]
  return parts.length > 0 ? `${MEMORY_APP} (${parts.join('; ')})` : MEMORY_APP
}

/**
 * The items as a search sees them, prepared once per version of the items
 * (each version is a new list): matched on their text and tags alone, but
 * standing for the whole item (record, position and reply line), so that a
 * hit is answered as it is found. A search may hit every item; a copy per hit
 * cost more than the search.
 */
const searchables = new WeakMap<readonly IndexedRecord[], IndexedRecord[]>()

function searchable(items: readonly IndexedRecord[]): IndexedRecord[] {
  let prepared = searchables.get(items)
  if (!prepared) {
    const projected = items.map((entry) => {
      const record: PhoneRecord = { text: ownValue(entry.record, 'text') ?? '' }
      const tags = ownValue(entry.record, 'tags')
      if (tags !== undefined) record.tags = tags
      return record
    })
    prepared = new TaskIndex({ [MEMORY_APP]: projected }).app(MEMORY_APP).map((text, i) => {
      const item = items[i] ?? text
      return { ...text, index: item.index, record: item.record, json: item.json }
    })
    searchables.set(items, prepared)
  }
  return prepared
}

function getMemory(args: Record<string, unknown>, items: readonly IndexedRecord[]): ToolResult {
  const id = ownValue(args, 'id')
  if (typeof id !== 'string' || id === '') return fail('"id" must be the id of a memory item, as search_memory shows it.', GET_MEMORY)
  const entry = items.find((item) => ownValue(item.record, 'id') === id)
  if (!entry) return fail(`there is no memory item with id ${JSON.stringify(id)}. Use ${SEARCH_MEMORY} to find ids.`, GET_MEMORY)
  // Shaped as a search's answer, one hit: whatever reads retrieval answers reads this one.
  const data: SearchData = { app: MEMORY_APP, total: 1, page: 1, pages: 1, hits: [{ app: MEMORY_APP, index: entry.index, record: entry.record }] }
  return { ok: true, content: entry.json, data }
}

/** The ids of the memory items a successful memory read answered: what came back, for the memory conditions. */
export function memoryIdsReturned(step: { name: string; ok: boolean; data?: unknown }): string[] {
  if (!step.ok || !isMemoryReadTool(step.name) || !isPlainObject(step.data) || !Array.isArray(step.data.hits)) return []
  return step.data.hits.flatMap((hit: unknown) => {
    const id = isPlainObject(hit) && isPlainObject(hit.record) ? hit.record.id : undefined
    return typeof id === 'string' ? [id] : []
  })
}

function fail(message: string, tool = SEARCH_MEMORY): ToolResult {
  return { ok: false, content: `${tool}: ${message}` }
}
