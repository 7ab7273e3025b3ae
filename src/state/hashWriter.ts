/**
 * Writes the URL hash without flooding the history API. An agent moves the
 * phone many times a second; each replaceState costs milliseconds (and
 * Chromium ignores long bursts of them), so such moves are written at once when
 * the last write is older than the interval, else once at its end with the
 * newest hash.
 */
const INTERVAL_MS = 1000

let lastWrite = 0
let written: string | undefined
let pending: string | undefined
let timer: ReturnType<typeof setTimeout> | undefined

/** Where the tab keeps the hash it last wrote, so that a reload can tell its own (maybe stale) hash from a link. */
const LAST_HASH_KEY = 'spieval-last-hash'

function write(hash: string): void {
  lastWrite = performance.now()
  if (window.location.hash !== hash) window.history.replaceState(null, '', hash)
  written = window.location.hash // as the browser spells it
  try {
    sessionStorage.setItem(LAST_HASH_KEY, written)
  } catch {
    // no sessionStorage: a reload then follows the hash as a link
  }
}

/**
 * Whether the address bar's hash is the one this tab last wrote: then a
 * reload came from this tab, and the hash may trail the phone by a moment
 * (program moves are written at most once a second). A link or a typed hash
 * is not the tab's own.
 */
export function isOwnHash(hash: string): boolean {
  try {
    return hash !== '' && sessionStorage.getItem(LAST_HASH_KEY) === hash
  } catch {
    return false
  }
}

/** Shows `hash` in the address bar: now, or (throttled) within the interval, the newest one winning. */
export function replaceHash(hash: string, options: { throttle: boolean }): void {
  if (!options.throttle) return replaceHashNow(hash)
  const wait = lastWrite + INTERVAL_MS - performance.now()
  if (wait <= 0 && timer === undefined) return write(hash)
  pending = hash
  timer ??= setTimeout(
    () => {
      timer = undefined
      const next = pending
      pending = undefined
      // Someone else changed the address meanwhile (a link, the address bar): theirs stands.
      if (next !== undefined && (written === undefined || window.location.hash === written)) write(next)
    },
    Math.max(0, wait),
  )
}

/** Shows `hash` now, dropping any hash still waiting (the newest word on the address bar). */
export function replaceHashNow(hash: string): void {
  pending = undefined
  write(hash)
}
