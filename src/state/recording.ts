import { Attempt, engineFor, loadSearchEngine } from '../core'
import type { TrajectoryStep } from '../core'
import { loadTask } from '../db'
import type { AttemptRow } from '../db'
import { attemptSource } from './attemptSource'
import { currentAttempt, leaveAttempt, openTask, putViewOnPhone } from './attemptController'
import { flushFrameJobs } from './frameQueue'
import { usePhone } from './phone'
import { phonePlan, routeAfter } from './phonePlan'
import { useSession } from './sessionStore'
import { startTimer } from './timer'

/**
 * Shows a stored attempt on the phone as it stood after its first `upTo`
 * steps, for a replay: the app of the last search is open with its hits.
 * Nothing is recorded; opening a task ends the replay.
 */
export async function showRecording(attempt: AttemptRow, steps: readonly TrajectoryStep[], upTo: number): Promise<void> {
  const { dataset, task: openTaskNow, records: openRecords, replaying, live: openLive } = useSession.getState()
  if (!dataset) return
  const loaded =
    // A live view's records are the attempt's, not the task's: those are read again.
    openTaskNow?.id === attempt.taskId && replaying && openRecords && !openLive
      ? { task: openTaskNow, records: openRecords }
      : await loadTask(attempt.datasetId, attempt.taskId)
  if (!loaded) throw new Error(`Task ${attempt.taskId} is not in this data set`)
  if (!useSession.getState().replaying) await leaveAttempt()
  flushFrameJobs()
  const shown = steps.slice(0, Math.max(0, upTo))
  // Drawing a search again (its hits) needs its engine when it was a regex or fuzzy one.
  await Promise.all([...new Set(shown.map((s) => engineFor(s.arguments)).filter((m) => m !== undefined))].map(loadSearchEngine))
  const view = Attempt.view(attempt, attemptSource(dataset, loaded), shown)
  const live = view.liveView()
  putViewOnPhone(view)
  const scored = upTo >= steps.length && attempt.finished
  useSession.setState({
    task: loaded.task,
    records: live?.records ?? loaded.records,
    live,
    attempt,
    steps: [...shown],
    explanation: scored ? view.explanation() : undefined,
    leading: true,
    replaying: { attemptId: attempt.id, step: upTo },
  })
  startTimer(attempt.elapsedMs, false)
  usePhone.getState().reset({ screen: 'home' })
  shown.forEach((step) => phonePlan(step, false, attempt.taskId, view.runtime)?.apply())
  // Standing on an action, the phone shows what it did, not the search before it.
  const route = routeAfter(shown, live !== undefined)
  if (route) usePhone.getState().navigate(route, 'agent')
}

/** Ends a replay: the phone goes back to the person's own attempt at that task. */
export async function endReplay(): Promise<void> {
  const { replaying, task } = useSession.getState()
  if (!replaying || !task || !currentAttempt()) return
  await openTask(task.id)
}
