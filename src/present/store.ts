import { create } from 'zustand'
import { showView, useView } from '../state/view'
import { addressSearch } from '../state/address'

/** The query parameter that opens the page in presenter mode: `?present`, with or without a value. */
const PARAM = 'present'

function isPresentPart(part: string): boolean {
  const key = (part.split('=')[0] ?? '').replace(/\+/g, ' ')
  try {
    return decodeURIComponent(key) === PARAM
  } catch {
    return false // a malformed escape is some other parameter, kept as it is
  }
}

/** Pure: whether an address's query (`?a=1&present`) asks for presenter mode. */
export function presentInSearch(search: string): boolean {
  return search.replace(/^\?/, '').split('&').some(isPresentPart)
}

/**
 * Pure: the query with `present` added or removed. The other parameters keep
 * their spelling (a `?data=/folder/` link must still load the same folder),
 * which URLSearchParams would re-encode.
 */
export function searchWithPresent(search: string, on: boolean): string {
  const parts = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !isPresentPart(part))
  if (on) parts.push(PARAM)
  return parts.length === 0 ? '' : `?${parts.join('&')}`
}

export const usePresent = create<{ on: boolean }>()(() => ({
  on: presentInSearch(addressSearch()),
}))

/** Keeps the address in step, so that a reload (or a link copied from it) presents again, or not. */
function writeAddress(on: boolean): void {
  if (typeof window === 'undefined') return
  const { pathname, search, hash } = window.location
  const next = searchWithPresent(search, on)
  // The state of the entry is kept: only the query changes, the hash (task, screen, replay step) stays.
  if (next !== search) window.history.replaceState(window.history.state, '', `${pathname}${next}${hash}`)
}

/** Enters presenter mode; from a view without a phone (people, analysis), the phone is shown. */
export function enterPresent(): void {
  const view = useView.getState().view
  if (view === 'people' || view === 'analysis') showView('phone')
  usePresent.setState({ on: true })
  writeAddress(true)
}

/** Leaves presenter mode: `present` leaves the address, the hash stays. */
export function leavePresent(): void {
  usePresent.setState({ on: false })
  writeAddress(false)
}

export function togglePresent(): void {
  if (usePresent.getState().on) leavePresent()
  else enterPresent()
}
