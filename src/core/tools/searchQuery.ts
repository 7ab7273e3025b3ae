import { patternRefusal } from '../search/match'
import type { SearchMode } from '../search/match'
import type { PatternRefusal } from '../search/limits'

export const SEARCH_MODES: readonly SearchMode[] = ['fixed', 'regex', 'fuzzy']

/** A search tool's arguments as the search they ask for, with the defaults a call may leave out. */
export interface SearchArguments {
  pattern: unknown
  field: string | undefined
  mode: SearchMode
  ignoreCase: boolean
  page: number
}

/** Reads a search tool's arguments (already checked against its schema) as the runtime runs them. */
export function readSearchArguments(args: Record<string, unknown>): SearchArguments {
  return {
    pattern: args.pattern,
    field: args.field as string | undefined,
    mode: (args.mode as SearchMode | undefined) ?? 'fixed',
    ignoreCase: (args.ignore_case as boolean | undefined) ?? true,
    page: (args.page as number | undefined) ?? 1,
  }
}

/**
 * Why a search tool's call is refused for its pattern, as data, or undefined:
 * the runtime's own check, for a reader who has the call and not its answer
 * (the phone says it to a person in their language). `global`: `search_phone`,
 * which searches in fixed mode whatever the call says.
 */
export function searchRefusal(args: Record<string, unknown>, global: boolean): PatternRefusal | undefined {
  const { pattern, mode, ignoreCase } = readSearchArguments(args)
  if (typeof pattern !== 'string' || !SEARCH_MODES.includes(mode)) return undefined
  return patternRefusal({ pattern, mode: global ? 'fixed' : mode, ignoreCase })
}
