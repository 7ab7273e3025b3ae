/** Small timing helpers: rates over a fixed time budget, and latency percentiles. */

/** Calls `fn` repeatedly for about `ms` milliseconds (after a warm-up) and returns calls per second. */
export function rate(fn: (i: number) => void, ms = 1000): number {
  const warmUntil = performance.now() + Math.min(200, ms / 4)
  let i = 0
  while (performance.now() < warmUntil) fn(i++)
  let n = 0
  const start = performance.now()
  let now = start
  while (now - start < ms) {
    for (let k = 0; k < 100; k++) fn(n++)
    now = performance.now()
  }
  return (n / (now - start)) * 1000
}

/**
 * Like {@link rate}, but per second of this process's CPU time: on a shared
 * machine other processes' load stretches wall time, much less CPU time.
 * (Node's own helper threads count too, which only makes us look slower.)
 */
export function cpuRate(fn: (i: number) => void, ms = 1000): number {
  const cpuMs = () => {
    const u = process.cpuUsage()
    return (u.user + u.system) / 1000
  }
  const warmUntil = performance.now() + Math.min(200, ms / 4)
  let i = 0
  while (performance.now() < warmUntil) fn(i++)
  let n = 0
  const start = cpuMs()
  let now = start
  while (now - start < ms) {
    for (let k = 0; k < 100; k++) fn(n++)
    now = cpuMs()
  }
  return (n / (now - start)) * 1000
}

/** Latency of each of `samples` calls, as p50 / p95 / max in milliseconds. */
export function latency(fn: (i: number) => void, samples: number): { p50: number; p95: number; max: number } {
  fn(0)
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const t = performance.now()
    fn(i + 1)
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0)
  return { p50: at(0.5), p95: at(0.95), max: round(times[times.length - 1] ?? 0) }
}

export const round = (x: number, digits = 2): number => Number(x.toFixed(digits))
