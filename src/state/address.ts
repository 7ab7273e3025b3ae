/**
 * The page's address, read in one place. The hash names the view and what it
 * shows (`#/task/<id>/...`, `#/replay/...`, `#/people/study`, `#/edit/<id>`);
 * the query carries `?data=` (a data set to load) and `?present`. Stores read
 * their first state from here, hashWriter.ts writes the hash, and one
 * `hashchange` listener tells everyone who follows the address.
 */

import { heardAddressChange } from './hashWriter'

/** The part after `#`, with its `#`; '' outside a page (Node, the tests). */
export function addressHash(): string {
  return typeof window === 'undefined' ? '' : window.location.hash
}

/** The query, with its `?`; '' outside a page. */
export function addressSearch(): string {
  return typeof window === 'undefined' ? '' : window.location.search
}

/** The whole address; '' outside a page. */
export function addressHref(): string {
  return typeof window === 'undefined' ? '' : window.location.href
}

const followers = new Set<(hash: string) => void>()
let listening = false

/**
 * Calls `follower` with the new hash whenever the address changes from
 * outside the page (back, forward, a link, a typed address): hashWriter moves
 * with replaceState and pushState, which fire no `hashchange`. Returns the way
 * to stop.
 */
export function followAddressChanges(follower: (hash: string) => void): () => void {
  followers.add(follower)
  if (!listening && typeof window !== 'undefined') {
    listening = true
    window.addEventListener('hashchange', (event) => {
      // The address the change asked for, not the address bar's now: the page may have written a screen of its own
      // since (replaceState fires no event), and reading that instead would drop the link.
      const hash = new URL(event.newURL).hash
      heardAddressChange()
      for (const each of [...followers]) each(hash)
    })
  }
  return () => followers.delete(follower)
}
