/**
 * Writes the URL hash without flooding the history API. An agent moves the
 * phone many times a second; each replaceState costs milliseconds (and
 * Chromium ignores long bursts of them), so such moves are written at once when
 * the last write is older than the interval, else once at its end with the
 * newest hash.
 */
const INTERVAL_MS = 1000

let lastWrite = 0
/**
 * The hash the page last wrote or heard of (its `hashchange`). The address bar
 * showing another one means a change from outside (a link, Back, a typed
 * address) whose `hashchange` has not arrived yet: until it has, the page's
 * own writes would undo that change in the address bar while the view still
 * follows it, and a reload would then open the page's screen instead of the
 * link.
 */
let known: string | undefined = typeof window === 'undefined' ? undefined : window.location.hash
let pending: string | undefined
let timer: ReturnType<typeof setTimeout> | undefined

/**
 * Where the tab keeps the hash it last asked for, with the address bar's
 * hashes while it asked for it: a program's moves reach the address bar at
 * most once a second, so a reload in between would otherwise come back to an
 * older screen (another task's, even). Both the hash shown when the move was
 * asked for and the one written later count: a reload takes the address of
 * the moment it starts, and the old page's pending write can still land
 * before the old page is gone.
 */
const INTENDED_KEY = 'spieval-intended-hash'

interface Intention {
  intended: string
  shown: string[]
}

function storedIntention(): Intention | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(INTENDED_KEY) ?? 'null') as { intended?: unknown; shown?: unknown } | null
    if (!stored || typeof stored.intended !== 'string') return undefined
    const shown = Array.isArray(stored.shown) ? stored.shown : [stored.shown] // an older tab kept one
    return { intended: stored.intended, shown: shown.filter((s): s is string => typeof s === 'string') }
  } catch {
    return undefined
  }
}

/** One spelling of a hash, however the browser or the page percent-encoded it. */
function canonical(hash: string): string {
  try {
    return decodeURIComponent(hash)
  } catch {
    return hash
  }
}

/** Stores `intended` with the address bar's hashes of its time (`shown`), added to those already kept for it. */
function remember(intended: string, shown: readonly string[] = [window.location.hash]): void {
  const previous = storedIntention()
  const same = previous !== undefined && canonical(previous.intended) === canonical(intended)
  const next: Intention = { intended, shown: [...new Set(same ? [...previous.shown, ...shown] : shown)] }
  try {
    sessionStorage.setItem(INTENDED_KEY, JSON.stringify(next))
  } catch {
    // no sessionStorage: a reload then follows the address bar
  }
}

function changedOutsideUnheard(): boolean {
  return known !== undefined && canonical(window.location.hash) !== canonical(known)
}

/**
 * `shownWhenAsked`: the address bar's hash when the write was asked for, when
 * that was now; a write that waited had it remembered at the time.
 */
function write(hash: string, shownWhenAsked?: string): void {
  if (changedOutsideUnheard()) return
  lastWrite = performance.now()
  if (window.location.hash !== hash) window.history.replaceState(null, '', hash)
  known = window.location.hash // as the browser spells it
  // One sessionStorage write a move (about 0.3 ms each), a program's move written at once included.
  remember(known, shownWhenAsked === undefined ? [known] : [shownWhenAsked, known])
}

/**
 * The address changed from outside the page (its `hashchange`): the page's
 * writes go on from the address shown now (those who follow the change move
 * the page to what it names), and a write still waiting is dropped, since it
 * was asked for before the change.
 */
export function heardAddressChange(): void {
  known = window.location.hash
  pending = undefined
}

/**
 * The hash a reload should open: the one this tab last asked for, when the
 * address bar shows a hash of that time (before or after the write landed);
 * otherwise the address bar's (a link, a typed address, another tab).
 */
export function intendedHash(hash: string): string {
  const stored = storedIntention()
  return stored && stored.shown.some((s) => canonical(s) === canonical(hash)) ? stored.intended : hash
}

/** Shows `hash` in the address bar: now, or (throttled) within the interval, the newest one winning. */
export function replaceHash(hash: string, options: { throttle: boolean }): void {
  if (!options.throttle) return replaceHashNow(hash)
  if (changedOutsideUnheard()) return
  const wait = lastWrite + INTERVAL_MS - performance.now()
  if (wait <= 0 && timer === undefined) return write(hash, window.location.hash)
  remember(hash)
  pending = hash
  timer ??= setTimeout(
    () => {
      timer = undefined
      const next = pending
      pending = undefined
      // Someone else changed the address meanwhile (a link, the address bar): theirs stands, heard or not.
      if (next !== undefined) write(next)
    },
    Math.max(0, wait),
  )
}

/**
 * A person's move on the phone: a new history entry, so that the browser's
 * Back goes back on the phone. A program's moves replace the entry instead
 * ({@link replaceHash}): Back never walks through an agent's screens.
 */
export function pushHash(hash: string): void {
  pending = undefined
  if (changedOutsideUnheard()) return
  lastWrite = performance.now()
  if (window.location.hash !== hash) window.history.pushState(null, '', hash)
  known = window.location.hash
  remember(known)
}

/** Shows `hash` now, dropping any hash still waiting (the newest word on the address bar). */
export function replaceHashNow(hash: string): void {
  pending = undefined
  write(hash)
}
