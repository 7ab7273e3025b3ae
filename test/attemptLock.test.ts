import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LEASE, leaseLeader } from '../src/state/attemptLock'
import type { LeaseEnv } from '../src/state/attemptLock'

/**
 * Several tabs of one browser profile, with localStorage as Chromium keeps it: one store in the browser process,
 * and in each tab a copy that takes the tab's own writes at once and everyone's writes, in the store's order, a
 * moment later (with the storage event in the other tabs). Tabs that write together thus disagree for a moment,
 * then agree on the last write the store took.
 */
function browser() {
  const store = new Map<string, string>()
  const tabs: { view: Map<string, string>; watchers: Set<{ key: string; onChange: () => void }>; lifecycle: { hide: () => void; show: () => void }[] }[] = []
  const LAG = 20
  const write = (from: number, key: string, value: string | undefined, delay: number) => {
    const view = tabs[from]?.view
    if (value === undefined) view?.delete(key)
    else view?.set(key, value)
    setTimeout(() => {
      if (value === undefined) store.delete(key)
      else store.set(key, value)
      tabs.forEach((tab, i) =>
        setTimeout(() => {
          if (value === undefined) tab.view.delete(key)
          else tab.view.set(key, value)
          if (i !== from) for (const w of tab.watchers) if (w.key === key) w.onChange()
        }, LAG),
      )
    }, delay)
  }
  function tab(): { env: LeaseEnv; log: boolean[]; hide: () => void; show: () => void } {
    const id = tabs.length
    const state = { view: new Map(store), watchers: new Set<{ key: string; onChange: () => void }>(), lifecycle: [] as { hide: () => void; show: () => void }[] }
    tabs.push(state)
    const log: boolean[] = []
    // Each tab's writes take their own time to reach the store, so that simultaneous claims arrive in any order.
    const delay = 1 + ((id * 7) % 5)
    const env: LeaseEnv = {
      storage: {
        getItem: (k) => state.view.get(k) ?? null,
        setItem: (k, v) => write(id, k, v, delay),
        removeItem: (k) => write(id, k, undefined, delay),
      },
      watch: (key, onChange) => {
        const w = { key, onChange }
        state.watchers.add(w)
        return () => state.watchers.delete(w)
      },
      lifecycle: (hide, show) => {
        const l = { hide, show }
        state.lifecycle.push(l)
        return () => state.lifecycle.splice(state.lifecycle.indexOf(l), 1)
      },
    }
    return { env, log, hide: () => state.lifecycle.forEach((l) => l.hide()), show: () => state.lifecycle.forEach((l) => l.show()) }
  }
  /** A lease written by a tab that then crashed. */
  const crashedLease = (key: string, value: string) => {
    store.set(key, value)
    for (const t of tabs) t.view.set(key, value)
  }
  return { store, tab, crashedLease }
}

const KEY = 'spieval-lead-a1'
const lead = (t: ReturnType<ReturnType<typeof browser>['tab']>) => leaseLeader(KEY, (leading) => t.log.push(leading), t.env)

describe('the lease that stands in for Web Locks (a page served over plain HTTP)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('lets one tab lead; the other says so, and takes over as soon as the first lets go', async () => {
    const b = browser()
    const first = b.tab()
    const second = b.tab()
    const releaseFirst = lead(first)
    await vi.advanceTimersByTimeAsync(LEASE.settleMs + 10)
    const releaseSecond = lead(second)
    await vi.advanceTimersByTimeAsync(LEASE.settleMs + 10)
    expect(b.store.get(KEY)).toContain('"owner"')
    expect(first.log).toEqual([true])
    expect(second.log).toEqual([false])
    // Minutes of renewals change nothing.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(first.log).toEqual([true])
    expect(second.log).toEqual([false])
    releaseFirst()
    // Well before the next renewal tick: the storage event brings the change.
    await vi.advanceTimersByTimeAsync(LEASE.settleMs + 60)
    expect(second.log).toEqual([false, true])
    releaseSecond()
    await vi.advanceTimersByTimeAsync(100)
    expect(b.store.has(KEY)).toBe(false)
  })

  it('tabs claiming at the same moment: exactly one leads', async () => {
    const b = browser()
    const tabs = [b.tab(), b.tab(), b.tab(), b.tab()]
    tabs.forEach(lead)
    // Each saw a free lease and claimed it: all four believe they hold it until the writes have crossed.
    expect(new Set(tabs.map((t) => t.env.storage.getItem(KEY))).size).toBe(4)
    await vi.advanceTimersByTimeAsync(LEASE.settleMs + 10)
    await vi.advanceTimersByTimeAsync(5 * LEASE.renewMs)
    // Never two at once: the others never led, not even for a moment.
    expect(tabs.map((t) => t.log).sort()).toEqual([[false], [false], [false], [true]])
  })

  it('a crashed leader (a lease nobody renews) is replaced once the lease runs out', async () => {
    const b = browser()
    b.crashedLease(KEY, JSON.stringify({ owner: 'crashed-tab', until: Date.now() + LEASE.ttlMs }))
    const tab = b.tab()
    lead(tab)
    await vi.advanceTimersByTimeAsync(LEASE.ttlMs - LEASE.renewMs)
    expect(tab.log).toEqual([false])
    await vi.advanceTimersByTimeAsync(2 * LEASE.renewMs + LEASE.settleMs)
    expect(tab.log).toEqual([false, true])
  })

  it('a closed tab (pagehide) frees the attempt at once', async () => {
    const b = browser()
    const first = b.tab()
    const second = b.tab()
    lead(first)
    await vi.advanceTimersByTimeAsync(LEASE.settleMs + 10)
    lead(second)
    await vi.advanceTimersByTimeAsync(LEASE.settleMs + 10)
    expect(second.log).toEqual([false])
    first.hide()
    await vi.advanceTimersByTimeAsync(LEASE.settleMs + 60)
    expect(second.log).toEqual([false, true])
  })

  it('a leader that finds another tab holding the lease steps down (its timers were held back)', async () => {
    const b = browser()
    const tab = b.tab()
    lead(tab)
    await vi.advanceTimersByTimeAsync(LEASE.settleMs + 10)
    expect(tab.log).toEqual([true])
    b.crashedLease(KEY, JSON.stringify({ owner: 'other-tab', until: Date.now() + LEASE.ttlMs }))
    await vi.advanceTimersByTimeAsync(LEASE.renewMs)
    expect(tab.log).toEqual([true, false])
  })

  it('leads when the lease cannot be written at all, rather than leaving nobody to record', async () => {
    const tab = { log: [] as boolean[] }
    const env: LeaseEnv = {
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError')
        },
        removeItem: () => undefined,
      },
      watch: () => () => undefined,
      lifecycle: () => () => undefined,
    }
    leaseLeader(KEY, (l) => tab.log.push(l), env)
    expect(tab.log).toEqual([true])
  })
})
