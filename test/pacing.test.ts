import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A window with just what the hash writer touches: the hash and history.replaceState. */
function fakeWindow() {
  const writes: string[] = []
  const win = {
    location: { hash: '' },
    history: {
      replaceState: (_state: unknown, _title: string, url: string) => {
        writes.push(url)
        win.location.hash = url
      },
    },
  }
  vi.stubGlobal('window', win)
  return { win, writes }
}

describe('the address bar under an agent', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    vi.resetModules()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it("writes a person's moves at once and an agent's burst once a second, the newest winning", async () => {
    const { writes } = fakeWindow()
    const { replaceHash } = await import('../src/state/hashWriter')
    vi.advanceTimersByTime(5000)
    replaceHash('#/task/a', { throttle: true })
    replaceHash('#/task/a/app/contacts', { throttle: true })
    replaceHash('#/task/a/app/sms', { throttle: true })
    expect(writes).toEqual(['#/task/a'])
    vi.advanceTimersByTime(999)
    expect(writes).toEqual(['#/task/a'])
    vi.advanceTimersByTime(1)
    expect(writes).toEqual(['#/task/a', '#/task/a/app/sms'])
    replaceHash('#/task/a/app/sms/3', { throttle: false })
    expect(writes.at(-1)).toBe('#/task/a/app/sms/3')
  })

  it('keeps the screen asked for in one sessionStorage write a move, for a reload from either address of its time', async () => {
    const { win } = fakeWindow()
    const stored = new Map<string, string>()
    const setItem = vi.fn((k: string, v: string) => void stored.set(k, v))
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem })
    win.location.hash = '#/task/a'
    const { replaceHash, intendedHash } = await import('../src/state/hashWriter')
    vi.advanceTimersByTime(5000)
    replaceHash('#/task/b', { throttle: true }) // written at once
    expect(setItem).toHaveBeenCalledTimes(1)
    expect(intendedHash('#/task/a')).toBe('#/task/b')
    expect(intendedHash('#/task/b')).toBe('#/task/b')
    replaceHash('#/task/b/app/sms', { throttle: true }) // waits for the interval: remembered now, written later
    expect(setItem).toHaveBeenCalledTimes(2)
    expect(intendedHash('#/task/b')).toBe('#/task/b/app/sms')
    vi.advanceTimersByTime(1000)
    expect(setItem).toHaveBeenCalledTimes(3)
    expect(win.location.hash).toBe('#/task/b/app/sms')
    expect(intendedHash('#/task/b')).toBe('#/task/b/app/sms')
    expect(intendedHash('#/task/b/app/sms')).toBe('#/task/b/app/sms')
    expect(intendedHash('#/task/a')).toBe('#/task/a') // an address of an older move: a link, not this tab's screen
  })

  it('leaves an address someone else set in the meantime alone', async () => {
    const { win, writes } = fakeWindow()
    const { replaceHash } = await import('../src/state/hashWriter')
    vi.advanceTimersByTime(5000)
    replaceHash('#/task/a', { throttle: true })
    replaceHash('#/task/a/app/sms', { throttle: true })
    win.location.hash = '#/analysis' // a link followed before the agent's move was written
    vi.advanceTimersByTime(2000)
    expect(writes).toEqual(['#/task/a'])
    expect(win.location.hash).toBe('#/analysis')
  })

  it("writes nothing between a change from outside and its hashchange, and follows the page's moves after it", async () => {
    const { win, writes } = fakeWindow()
    const pushes: string[] = []
    Object.assign(win.history, { pushState: (_s: unknown, _t: string, url: string) => void (pushes.push(url), (win.location.hash = url)) })
    const stored = new Map<string, string>()
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) })
    const { replaceHash, replaceHashNow, pushHash, heardAddressChange, intendedHash } = await import('../src/state/hashWriter')
    vi.advanceTimersByTime(5000)
    replaceHash('#/task/a', { throttle: true })
    replaceHash('#/task/a/app/sms', { throttle: true }) // waits for the interval
    // A link is followed: the address bar changes at once, its hashchange comes a moment later. Meanwhile the phone
    // moves, by a person and by an agent.
    win.location.hash = '#/analysis'
    replaceHashNow('#/task/a/app/contacts')
    pushHash('#/task/a/app/contacts/1')
    replaceHash('#/task/a/app/notes', { throttle: true })
    expect(win.location.hash).toBe('#/analysis')
    // A reload now opens the link, not the screen asked for while the change was unheard.
    expect(intendedHash('#/analysis')).toBe('#/analysis')
    heardAddressChange()
    vi.advanceTimersByTime(2000) // the write that waited was asked for before the link: dropped
    expect(writes).toEqual(['#/task/a'])
    expect(pushes).toEqual([])
    // Once heard, the page writes again (the phone shown for the link, say).
    replaceHashNow('#/people/exports')
    expect(win.location.hash).toBe('#/people/exports')
    pushHash('#/task/b')
    expect(pushes).toEqual(['#/task/b'])
  })
})

describe('what programs do is shown at a pace people can follow', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('runs the newest job per key at the next frame, and during a burst at most four times a second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    // A display at 60 frames a second.
    vi.stubGlobal('requestAnimationFrame', (cb: (t: number) => void) => setTimeout(() => cb(performance.now()), 16))
    vi.stubGlobal('cancelAnimationFrame', (id: ReturnType<typeof setTimeout>) => clearTimeout(id))
    vi.resetModules()
    const { flushFrameJobs, onNextFrame } = await import('../src/state/frameQueue')
    vi.advanceTimersByTime(5000)
    const shown: string[] = []
    onNextFrame('phone:contacts', () => shown.push('contacts 1'))
    onNextFrame('trajectory', () => shown.push('trajectory 1'))
    onNextFrame('phone:contacts', () => shown.push('contacts 2'))
    expect(shown).toEqual([])
    vi.advanceTimersByTime(20)
    // One frame: the newer contacts job only, after the trajectory (its key was queued last).
    expect(shown).toEqual(['trajectory 1', 'contacts 2'])
    onNextFrame('trajectory', () => shown.push('trajectory 2'))
    vi.advanceTimersByTime(100)
    expect(shown).toHaveLength(2) // within the burst interval of the last redraw
    vi.advanceTimersByTime(200)
    expect(shown).toEqual(['trajectory 1', 'contacts 2', 'trajectory 2'])
    // Something shown at once runs what waits first, so that the order holds.
    onNextFrame('trajectory', () => shown.push('trajectory 3'))
    flushFrameJobs()
    expect(shown.at(-1)).toBe('trajectory 3')
    vi.advanceTimersByTime(1000)
    expect(shown).toHaveLength(4)
  })
})
