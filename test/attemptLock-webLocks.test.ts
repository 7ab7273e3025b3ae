// The page's lead on an attempt through Web Locks (#25's "green beside other work"): the same attempt opened again in
// one tab (the phone opening a task that is open already, the API resuming it) hands the lead over inside the tab.
// The lock is freed only after its holder lets go, a moment later; asking before then saw this tab's own hold as
// another tab's, and the attempt refused its next call ("open in another tab"), once in CI under load.
import { afterEach, describe, expect, it } from 'vitest'
import { pageLeadLock } from '../src/state/attemptLock'

/** A Web Locks manager that, like the browser's, frees a lock a task after its holder's promise settles. */
function lockManager() {
  const holders = new Set<string>()
  const waiting: { name: string; grant: () => void; signal?: AbortSignal }[] = []
  const run = (name: string, callback: (lock: object | null) => Promise<unknown> | unknown) =>
    new Promise<unknown>((resolve, reject) => {
      holders.add(name)
      Promise.resolve(callback({ name })).then(
        (value) =>
          setTimeout(() => {
            holders.delete(name)
            const next = waiting.findIndex((w) => w.name === name && !w.signal?.aborted)
            if (next >= 0) waiting.splice(next, 1)[0]?.grant()
            resolve(value)
          }, 5),
        reject,
      )
    })
  return {
    request(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: object | null) => Promise<unknown> | unknown): Promise<unknown> {
      if (!holders.has(name)) return run(name, callback)
      if (options.ifAvailable) return Promise.resolve(callback(null))
      return new Promise((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        waiting.push({ name, ...(options.signal ? { signal: options.signal } : {}), grant: () => void run(name, callback).then(resolve, reject) })
      })
    },
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'navigator')
})

describe('leading an attempt with Web Locks', () => {
  it('hands the lead over inside the tab when the same attempt is opened again: never "another tab leads"', async () => {
    Object.defineProperty(globalThis, 'navigator', { value: { locks: lockManager() }, configurable: true })
    const first: boolean[] = []
    const release = pageLeadLock.lead('attempt:a1', (leading) => first.push(leading))
    await settle()
    expect(first).toEqual([true])
    // The phone opens the task again: the old holder lets go, and the new one asks at once.
    release()
    const second: boolean[] = []
    const again = pageLeadLock.lead('attempt:a1', (leading) => second.push(leading))
    await settle()
    expect(second).toEqual([true])
    again()
  })

  it('still says so when another holder leads, and takes over once it lets go', async () => {
    Object.defineProperty(globalThis, 'navigator', { value: { locks: lockManager() }, configurable: true })
    const locks = (globalThis as unknown as { navigator: { locks: ReturnType<typeof lockManager> } }).navigator.locks
    let letGo: () => void = () => undefined
    // Another tab holds the attempt's lock.
    void locks.request('spieval-attempt-a2', {}, () => new Promise<void>((resolve) => (letGo = resolve)))
    const log: boolean[] = []
    const release = pageLeadLock.lead('attempt:a2', (leading) => log.push(leading))
    await settle()
    expect(log).toEqual([false])
    letGo()
    await settle()
    expect(log).toEqual([false, true])
    release()
  })
})
