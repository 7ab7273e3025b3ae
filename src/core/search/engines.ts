/**
 * The two search engines that only some searches need: RE2 (re2js) for `regex` and fuse.js for `fuzzy`.
 * Together they are about a sixth of the first load (55 KB gzip), so the page loads them when a search
 * first asks for one (the attempt kernel awaits {@link loadSearchEngine} before such a call) or when the
 * browser is idle. In Node they are on disk: a synchronous use (the CLI, the tests, a bare ToolRuntime)
 * reads them from there when it first asks.
 */
import type { RE2JS } from 're2js'
import type Fuse from 'fuse.js'

export type EngineMode = 'regex' | 'fuzzy'

let regex: typeof RE2JS | undefined
let fuzzy: typeof Fuse | undefined
const loading = new Map<EngineMode, Promise<void>>()

async function load(mode: EngineMode): Promise<void> {
  if (mode === 'regex') regex = (await import('re2js')).RE2JS
  else fuzzy = (await import('fuse.js')).default
}

/** Loads a search mode's engine, once; resolves at once when it is there. */
export function loadSearchEngine(mode: EngineMode): Promise<void> {
  // Already there, or on disk in Node (see fromDisk): nothing to fetch.
  if (available(mode)) return Promise.resolve()
  let pending = loading.get(mode)
  if (!pending) {
    // A failed fetch (the page went offline) may be tried again by the next search.
    pending = load(mode).finally(() => loading.delete(mode))
    loading.set(mode, pending)
  }
  return pending
}

/** Raised when a search needs an engine nobody loaded: a host must await {@link loadSearchEngine} first. */
export class SearchEngineNotLoaded extends Error {
  constructor(mode: EngineMode) {
    super(`the ${mode} search engine is not loaded yet: await loadSearchEngine('${mode}') before a ${mode} search`)
    this.name = 'SearchEngineNotLoaded'
  }
}

/** RE2JS, for a regex search (loaded first in a page). */
export function regexEngine(): typeof RE2JS {
  regex ??= fromDisk<{ RE2JS: typeof RE2JS }>('re2js')?.RE2JS
  if (!regex) throw new SearchEngineNotLoaded('regex')
  return regex
}

/** fuse.js, for a fuzzy search (loaded first in a page). */
export function fuzzyEngine(): typeof Fuse {
  fuzzy ??= fromDisk<typeof Fuse>('fuse.js')
  if (!fuzzy) throw new SearchEngineNotLoaded('fuzzy')
  return fuzzy
}

/**
 * A package read synchronously from node_modules, in Node only (Node's own `module` through
 * `process.getBuiltinModule`, so that nothing here names a Node API a page would pull in); undefined elsewhere.
 */
function fromDisk<T>(id: string): T | undefined {
  const nodeProcess = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  const nodeModule = nodeProcess?.getBuiltinModule?.('node:module') as { createRequire?: (from: string) => (id: string) => unknown } | undefined
  const here = (import.meta as { url?: string }).url
  return nodeModule?.createRequire && here ? (nodeModule.createRequire(here)(id) as T) : undefined
}

function available(mode: EngineMode): boolean {
  try {
    return mode === 'regex' ? regexEngine() !== undefined : fuzzyEngine() !== undefined
  } catch (err) {
    if (err instanceof SearchEngineNotLoaded) return false
    throw err
  }
}

/** The engine a call's arguments (an object, or JSON text as models send it) ask for, if any. */
export function engineFor(args: unknown): EngineMode | undefined {
  if (typeof args === 'string') return /"mode"\s*:\s*"regex"/.test(args) ? 'regex' : /"mode"\s*:\s*"fuzzy"/.test(args) ? 'fuzzy' : undefined
  if (typeof args !== 'object' || args === null) return undefined
  const mode = (args as { mode?: unknown }).mode
  return mode === 'regex' || mode === 'fuzzy' ? mode : undefined
}
