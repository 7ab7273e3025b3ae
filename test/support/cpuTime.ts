/**
 * The CPU time (user and system) this process spent in `work`, in ms, with its result.
 *
 * A bound on how long a search or a parse may take is a bound on its work: timed by the wall clock it also counts
 * the time the process waited for a core, so it failed when the machine was busy (the type checks, lint and the
 * end-to-end suite run beside the unit tests). Vitest's workers are processes (the `forks` pool) that run one test
 * at a time, so no other test's work is counted; the engine's own helper threads (its garbage collector) are,
 * which can only make a bound stricter.
 */
export function cpuTimed<T>(work: () => T): { result: T; ms: number } {
  const before = process.cpuUsage()
  const result = work()
  const spent = process.cpuUsage(before)
  return { result, ms: (spent.user + spent.system) / 1000 }
}
