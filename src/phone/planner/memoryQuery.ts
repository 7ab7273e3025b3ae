import type { SearchMode } from '../../core'

/** What the memory app's search bar holds: `search_memory`'s parameters as a person fills them in. */
export interface MemoryQuery {
  query: string
  mode: SearchMode
  matchCase: boolean
  kind: string
  /** Comma-separated. */
  tags: string
  from: string
  to: string
}

export const EMPTY_QUERY: MemoryQuery = { query: '', mode: 'fixed', matchCase: false, kind: '', tags: '', from: '', to: '' }

/** The arguments of a memory search: only what differs from the defaults, as an agent would send them. */
export function memorySearchArguments(form: MemoryQuery, page: number): Record<string, unknown> {
  const tags = form.tags
    .split(/[,，]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
  return {
    ...(form.query !== '' ? { query: form.query } : {}),
    ...(form.mode !== 'fixed' ? { mode: form.mode } : {}),
    ...(form.matchCase ? { ignore_case: false } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(form.kind !== '' ? { kind: form.kind } : {}),
    ...(form.from !== '' ? { date_from: form.from } : {}),
    ...(form.to !== '' ? { date_to: form.to } : {}),
    ...(page > 1 ? { page } : {}),
  }
}

/** The bar as a search left it: a program's search shows in the bar the way it was made. */
export function queryOf(args: Record<string, unknown>): MemoryQuery {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const tags = Array.isArray(args.tags) ? args.tags.filter((tag): tag is string => typeof tag === 'string') : typeof args.tags === 'string' ? [args.tags] : []
  return {
    query: text(args.query ?? args.pattern),
    mode: args.mode === 'regex' || args.mode === 'fuzzy' ? args.mode : 'fixed',
    matchCase: args.ignore_case === false,
    kind: text(args.kind),
    tags: tags.join(', '),
    from: text(args.date_from),
    to: text(args.date_to),
  }
}

/** The arguments of a search again, at another page. */
export function atPage(args: Record<string, unknown>, page: number): Record<string, unknown> {
  const { page: _page, ...rest } = args
  return page > 1 ? { ...rest, page } : rest
}
