/**
 * The memory app of planner data sets (docs/reference.md, "Planner tasks"):
 * what the assistant remembers about the user, one item a record of the
 * task's `memory` list in records_db.json. A data set without it is an
 * ordinary SPIEval data set.
 */

/** The app key of memory items in records_db.json. */
export const MEMORY_APP = 'memory'

/** What an item is about, MobilePA-Bench's kinds of memory. */
export const MEMORY_KINDS = ['profile', 'preference', 'fact', 'episode', 'procedure'] as const
export type MemoryKind = (typeof MEMORY_KINDS)[number]

/** One memory item as records_db.json holds it; only `id`, `text` and `kind` are required. */
export interface MemoryItem {
  /** Unique in the task: the key `get_memory`, `Memory_Update`, `Memory_Delete` and the task's conditions name it by. */
  id: string
  text: string
  kind: MemoryKind
  tags?: string[]
  /** When it was learnt: `YYYY-MM-DD` and `HH:MM` or `HH:MM:SS`. */
  date?: string
  time?: string
  /** Where it was learnt (a conversation, an app). */
  source?: string
  /** The id of the item this one replaces. */
  supersedes?: string
  /** Pinned items are part of the system prompt. */
  pinned?: boolean
}

/** The item fields, in the order the app lists them. */
export const MEMORY_FIELDS = ['id', 'text', 'tags', 'kind', 'date', 'time', 'source', 'supersedes', 'pinned'] as const

/** The memory app's two read tools; its writes are whatever tools carry an `x-effect` on the app. */
export const SEARCH_MEMORY = 'search_memory'
export const GET_MEMORY = 'get_memory'

/** The prefix of the ids given to inserted items (the `id` stamp). */
export const MEMORY_ID_PREFIX = 'mem_'
