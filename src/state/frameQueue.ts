/**
 * Shows what programs do at a pace people can follow. An agent can make
 * hundreds of calls a second; drawing the phone and the trajectory after each
 * one would make every call wait for a redraw (on a machine without a GPU a
 * redraw costs several milliseconds of layout, paint and raster). A job waits
 * for the next animation frame, and during a burst of calls for the end of a
 * short interval after the last redraw; the newest job per key wins, and jobs
 * run in the order their keys were last queued.
 */
const BURST_INTERVAL_MS = 250

const jobs = new Map<string, () => void>()
let frame: number | undefined
let timer: ReturnType<typeof setTimeout> | undefined
let lastFlush = Number.NEGATIVE_INFINITY

/** Runs `job` at the next redraw instead of an older job with the same key. */
export function onNextFrame(key: string, job: () => void): void {
  jobs.delete(key) // re-inserted last: a newer job runs after the others
  jobs.set(key, job)
  if (frame !== undefined || timer !== undefined) return
  if (typeof requestAnimationFrame === 'undefined') {
    queueMicrotask(flushFrameJobs) // no display (tests in Node): at once, after the caller
    return
  }
  const wait = lastFlush + BURST_INTERVAL_MS - performance.now()
  if (wait <= 0) frame = requestAnimationFrame(flushFrameJobs)
  else
    timer = setTimeout(() => {
      timer = undefined
      frame = requestAnimationFrame(flushFrameJobs)
    }, wait)
}

/** Runs the queued jobs now (before something shown at once, so that the order holds). */
export function flushFrameJobs(): void {
  if (frame !== undefined) cancelAnimationFrame(frame)
  if (timer !== undefined) clearTimeout(timer)
  frame = undefined
  timer = undefined
  if (jobs.size === 0) return
  lastFlush = performance.now()
  const queued = [...jobs.values()]
  jobs.clear()
  for (const job of queued) job()
}
