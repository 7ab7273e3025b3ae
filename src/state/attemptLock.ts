/**
 * One tab leads an attempt or a run: only the leader records. A tab that
 * opens what another tab leads waits, and takes over when that tab closes or
 * moves on (the attempt kernel re-reads the attempt first).
 *
 * Web Locks do this exactly, but exist only in secure contexts: a lab machine
 * serving the built site over plain HTTP at its address has no
 * `navigator.locks`, and every tab led. There a lease in localStorage stands
 * in (see `leaseLeader`).
 */

import type { LeadLock } from '../core'
import { newId } from '../core'

/** What this tab holds or waits for, by key ("attempt:ID", "run:ID"). */
const held = new Map<string, () => void>()

/**
 * Takes the lead on a key. `onLead(true)` when this tab leads (at once, or
 * later when the leader lets go), `onLead(false)` when another tab leads now.
 * Returns the release (or leaves the queue).
 */
function lead(key: string, onLead: (leading: boolean) => void): () => void {
  held.get(key)?.()
  const release = acquire(key, onLead)
  const mine = () => {
    if (held.get(key) === mine) held.delete(key)
    release()
  }
  held.set(key, mine)
  return mine
}

function acquire(key: string, onLead: (leading: boolean) => void): () => void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks) {
    const env = pageLeaseEnv()
    if (!env) {
      onLead(true)
      return () => undefined
    }
    return leaseLeader(LEASE_PREFIX + key, onLead, env)
  }
  const name = `spieval-${key.replace(':', '-')}`
  const abort = new AbortController()
  let endHold: () => void = () => undefined
  let released = false
  let queued: Promise<unknown> = Promise.resolve()
  const hold = () => new Promise<void>((resolve) => (endHold = resolve))
  const request = () =>
    locks
      .request(name, { ifAvailable: true }, async (lock) => {
        if (released) return
        if (lock) {
          onLead(true)
          return hold()
        }
        onLead(false)
        // Queue for the lock; granted when the leading tab closes or lets go.
        queued = locks
          .request(name, { signal: abort.signal }, async () => {
            if (released) return
            onLead(true)
            return hold()
          })
          .catch(() => undefined) // aborted: this tab moved on
      })
      .catch(() => onLead(true))
  // This tab let go of the key a moment ago (the same attempt opened again): its lock is freed only after the
  // release, and asking before then would take this tab's own hold for another tab's.
  const before = letGo.get(name)
  const requested = before ? before.then(() => (released ? undefined : request())) : request()
  return () => {
    released = true
    abort.abort()
    endHold()
    const freed = requested.then(() => queued)
    letGo.set(name, freed)
    void freed.then(() => {
      if (letGo.get(name) === freed) letGo.delete(name)
    })
  }
}

/** Per lock name, when this tab's last hold of it is freed. */
const letGo = new Map<string, Promise<unknown>>()

/** The page's leadership between tabs, for the attempt kernel and the runner (Web Locks, or a localStorage lease). */
export const pageLeadLock: LeadLock = { lead }

/** Lets go of everything this tab leads (the database was upgraded by another tab: this one can no longer write). */
export function releaseAllLeads(): void {
  for (const release of [...held.values()]) release()
}

/** What the lease needs from the page: shared storage, and word when another tab changes it. */
export interface LeaseEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  /** Calls back when another tab changes `key` (the storage event); gives back an unsubscribe. */
  watch(key: string, onChange: () => void): () => void
  /** Calls back when the page is hidden for good or put in the back-forward cache, and when it comes back. */
  lifecycle(onHide: () => void, onShow: () => void): () => void
}

/** How often the leader renews its lease, how long a lease lasts unrenewed, and how long a claim waits to see whether another tab claimed at the same moment. */
export const LEASE = { renewMs: 1000, ttlMs: 6000, settleMs: 150 }

interface Lease {
  owner: string
  until: number
}

function readLease(storage: LeaseEnv['storage'], key: string): Lease | undefined {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as Partial<Lease> | null
    return typeof value?.owner === 'string' && typeof value.until === 'number' ? { owner: value.owner, until: value.until } : undefined
  } catch {
    return undefined // unreadable: as good as free
  }
}

/**
 * A single leader among tabs without Web Locks: a lease under `key` in
 * localStorage, renewed every second by its owner and free once it has gone
 * unrenewed for a few seconds (a crashed tab) or its owner removed it (a
 * closed tab, another attempt opened). localStorage has no compare-and-swap,
 * so a claim is only trusted once it has stood for a moment: when two tabs
 * claim together, the later write wins and the other tab sees it and follows.
 * A leader steps down as soon as it sees another tab's valid lease.
 *
 * Weaker than Web Locks in two ways, both rare: a claim can lose a race that
 * takes longer than `settleMs` to reach the other tab, and a leader whose
 * timers the browser holds back for longer than `ttlMs` (a tab hidden for
 * minutes) loses the lease to a tab that asks for it meanwhile.
 *
 * Returns the release.
 */
export function leaseLeader(key: string, onLead: (leading: boolean) => void, env: LeaseEnv, tab: string = newId()): () => void {
  let stopped = false
  let leading: boolean | undefined
  let settling: ReturnType<typeof setTimeout> | undefined
  const report = (now: boolean) => {
    if (stopped || leading === now) return
    leading = now
    onLead(now)
  }
  const write = (): boolean => {
    try {
      env.storage.setItem(key, JSON.stringify({ owner: tab, until: Date.now() + LEASE.ttlMs }))
      return true
    } catch {
      return false // storage full or refused
    }
  }
  const check = () => {
    if (stopped || settling !== undefined) return
    const lease = readLease(env.storage, key)
    const mine = lease?.owner === tab
    if (lease && !mine && lease.until > Date.now()) return report(false)
    // Without a lease to write, tabs cannot be told apart: leading beats a tab where nobody can record.
    if (!write()) return report(true)
    if (mine && leading) return // a renewal
    settling = setTimeout(() => {
      settling = undefined
      if (stopped) return
      if (readLease(env.storage, key)?.owner === tab) report(true)
      else report(false)
    }, LEASE.settleMs)
  }
  const drop = () => {
    if (settling !== undefined) clearTimeout(settling)
    settling = undefined
    try {
      if (readLease(env.storage, key)?.owner === tab) env.storage.removeItem(key)
    } catch {
      // the lease then runs out by itself
    }
  }
  const every = setInterval(check, LEASE.renewMs)
  const unwatch = env.watch(key, () => {
    const lease = readLease(env.storage, key)
    if (leading && lease && lease.owner !== tab && lease.until > Date.now()) report(false)
    else if (!leading && (!lease || lease.until <= Date.now())) check() // the leader let go: take over now, not at the next tick
  })
  const unlisten = env.lifecycle(
    () => {
      // A closed tab frees the attempt at once; a page in the back-forward cache claims again when it comes back.
      drop()
      leading = undefined
    },
    check,
  )
  check()
  return () => {
    if (stopped) return
    drop()
    stopped = true
    clearInterval(every)
    unwatch()
    unlisten()
  }
}

const LEASE_PREFIX = 'spieval-lead-'
let pageEnv: LeaseEnv | null | undefined

/** The page's lease environment, or undefined where localStorage cannot be used (then every tab leads, as before). */
function pageLeaseEnv(): LeaseEnv | undefined {
  if (pageEnv === undefined) pageEnv = makePageLeaseEnv() ?? null
  return pageEnv ?? undefined
}

function makePageLeaseEnv(): LeaseEnv | undefined {
  if (typeof window === 'undefined') return undefined
  let storage: Storage
  try {
    storage = window.localStorage
    // Leases that crashed tabs left behind, long expired: one small key per attempt would otherwise pile up.
    for (let i = storage.length - 1; i >= 0; i--) {
      const key = storage.key(i)
      if (key?.startsWith(LEASE_PREFIX) && (readLease(storage, key)?.until ?? 0) < Date.now() - 60_000) storage.removeItem(key)
    }
  } catch {
    return undefined
  }
  return {
    storage,
    watch: (key, onChange) => {
      const listener = (e: StorageEvent) => {
        if (e.key === key || e.key === null) onChange()
      }
      window.addEventListener('storage', listener)
      return () => window.removeEventListener('storage', listener)
    },
    lifecycle: (onHide, onShow) => {
      const show = (e: PageTransitionEvent) => {
        if (e.persisted) onShow()
      }
      window.addEventListener('pagehide', onHide)
      window.addEventListener('pageshow', show)
      return () => {
        window.removeEventListener('pagehide', onHide)
        window.removeEventListener('pageshow', show)
      }
    },
  }
}
