import type { LeadLock } from '../../core'
import type { StoredRun } from '../../db'
import { isWatched, patchRun, runProgress, settledStatus } from './store'
import type { JobProgress } from './store'

/** What the scheduler needs: who leads the run, and how one job runs. Tests pass fakes. */
export interface SchedulerDeps {
  lock: LeadLock
  runJob: (run: StoredRun, job: JobProgress, signal: AbortSignal) => Promise<void>
  /** The run's jobs as stored, read when this tab starts leading it (another tab may have run some). */
  reload?: (run: StoredRun) => Promise<void>
}

const controllers = new Map<string, AbortController>()
const leases = new Map<string, () => void>()

/** Whether this tab is running the run (or waiting to). */
export function isScheduled(runId: string): boolean {
  return leases.has(runId)
}

/** Stops a run: the model call in flight is aborted; what was stored stays, to resume. */
export function stopScheduled(runId: string): void {
  controllers.get(runId)?.abort()
}

/**
 * Runs every unfinished job of a run, `concurrency` at a time, the watched one
 * first, in the tab that leads the run. Another tab that asks meanwhile waits
 * (status `waiting`) and takes over when this one stops or closes, from what
 * is stored. Resolves when the run stops here, or at once when it waits.
 */
export function schedule(run: StoredRun, deps: SchedulerDeps): Promise<void> {
  if (leases.has(run.id)) return Promise.resolve()
  return new Promise<void>((resolve) => {
    let started = false
    const release = deps.lock.lead(`run:${run.id}`, (leading) => {
      if (!leading) {
        patchRun(run.id, (r) => ({ ...r, status: 'waiting' }))
        resolve()
        return
      }
      if (started) return
      started = true
      void (async () => {
        await deps.reload?.(run)
        await execute(run, deps)
        leases.get(run.id)?.()
        resolve()
      })()
    })
    leases.set(run.id, () => {
      leases.delete(run.id)
      release()
    })
  })
}

async function execute(run: StoredRun, deps: SchedulerDeps): Promise<void> {
  const controller = new AbortController()
  controllers.set(run.id, controller)
  patchRun(run.id, (r) => ({ ...r, status: 'running', error: undefined }))
  const queue = (runProgress(run.id)?.jobs ?? []).filter((j) => j.status !== 'done')
  // The watched task goes first, so that the phone shows it at once.
  queue.sort((a, b) => Number(isWatched(run, b)) - Number(isWatched(run, a)))
  const worker = async () => {
    for (let job = queue.shift(); job && !controller.signal.aborted; job = queue.shift()) await deps.runJob(run, job, controller.signal)
  }
  await Promise.all(Array.from({ length: Math.min(run.concurrency, queue.length) }, worker))
  controllers.delete(run.id)
  patchRun(run.id, (r) => ({ ...r, ...settledStatus(r.jobs) }))
}
