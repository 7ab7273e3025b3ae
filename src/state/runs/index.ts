/** The page's agent runner: the form, the runs' store, the scheduler and the jobs (each job an attempt of the one kernel). */
import { saveRun } from '../../db'
import type { StoredRun } from '../../db'
import { pageLeadLock } from '../attemptLock'
import { runFromForm, runnerKeyFor, setRunnerKey, useRunForm } from './form'
import { runJob } from './job'
import { isScheduled, schedule, stopScheduled } from './scheduler'
import { storedProgress } from './stored'
import { patchRun, runProgress, useRuns } from './store'

export { DEFAULT_FORM, RUN_STATES, runnerKeyFor, setRememberKeys, setRunnerKey, useRunForm, useRunnerKeys } from './form'
export type { AgentKind, RunForm, RunState } from './form'
export { useRuns } from './store'
export type { JobProgress, JobStatus, RunProgress } from './store'
export { loadRuns } from './stored'
export { exportRun, runResponseLines, runScores } from './export'
export { continueModelFrom } from './continueModel'

/** Runs a run in this tab, if no other tab runs it; the stored jobs are read first, when this tab starts leading it. */
function scheduleHere(run: StoredRun): Promise<void> {
  return schedule(run, {
    lock: pageLeadLock,
    runJob,
    reload: async (r) => {
      const fresh = await storedProgress(r)
      patchRun(r.id, (p) => ({ ...fresh, status: p.status, ...(p.needsKey ? { needsKey: p.needsKey } : {}) }))
    },
  })
}

/** Starts a run with the form's settings. */
export async function startRun(): Promise<string | undefined> {
  let run: StoredRun
  try {
    run = runFromForm(useRunForm.getState())
  } catch (err) {
    useRuns.setState({ formError: err instanceof Error ? err.message : String(err) })
    return undefined
  }
  useRuns.setState({ formError: undefined })
  // The key in the form (none is a choice too) is the one entered for this run's endpoint: a resume in this tab uses it without asking.
  if (run.baseURL !== undefined) setRunnerKey(run.baseURL, runnerKeyFor(run.baseURL) ?? '')
  await saveRun(run)
  const progress = await storedProgress(run, []) // a new run has no attempts yet
  useRuns.setState((s) => ({ runs: [progress, ...s.runs] }))
  void scheduleHere(run)
  return run.id
}

/** Closes a run's key prompt without resuming. */
export function dismissKeyPrompt(runId: string): void {
  patchRun(runId, (r) => ({ ...r, needsKey: false }))
}

/** Stops a run: the model call in flight is aborted; what was stored stays, to resume. */
export function stopRun(runId: string): void {
  stopScheduled(runId)
}

/**
 * Continues a stopped run: unfinished tasks resume from their stored turns and steps.
 * An endpoint run needs the key entered for its own base URL: without one (a reload
 * forgot it, or the key in the form is another endpoint's), the run waits with
 * `needsKey` until a key is given here. While another tab runs it, this one waits.
 */
export async function resumeRun(runId: string, key?: { apiKey: string }): Promise<void> {
  const progress = runProgress(runId)
  if (!progress || isScheduled(runId)) return
  const { baseURL } = progress.run
  if (progress.run.agent === 'endpoint' && baseURL !== undefined) {
    if (key) setRunnerKey(baseURL, key.apiKey)
    if (runnerKeyFor(baseURL) === undefined) {
      patchRun(runId, (r) => ({ ...r, needsKey: true }))
      return
    }
  }
  patchRun(runId, (r) => ({ ...r, needsKey: false }))
  await scheduleHere(progress.run)
}
