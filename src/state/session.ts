import { create } from 'zustand'
import { ToolSession, appOfSearchTool, GLOBAL_SEARCH_TOOL, parseArguments, scoreTask, toolProperties } from '../core'
import type { AppKey, CallSource, SearchData, Setting, Task, TaskRecords, TaskVerdict, TrajectoryStep } from '../core'
import {
  activeDataset,
  addFlag,
  attemptCalls,
  createAttempt,
  getAttempt,
  importDataset,
  latestAttempt,
  listTasks,
  loadTask,
  saveElapsed,
  saveScreen,
  saveStep,
  setActiveDataset,
  toSteps,
  withLatest,
  finishAttempt as finishStoredAttempt,
} from '../db'
import type { AttemptRow, AttemptSetting, DatasetRow, FlagKind } from '../db'
import { leadAttempt, releaseAttempt } from './attemptLock'
import { refreshProgress, upsertAttempt } from './progress'
import { clearStorageError, reportStorageError } from './storage'
import { elapsedNow, pauseTimer, resumeTimer, startTimer } from './timer'
import { flushFrameJobs, onNextFrame } from './frameQueue'
import { openDataLink } from './dataLink'
import { usePhone } from './phone'
import { hashToRoute, routeToHash } from './routes'
import type { PhoneRoute } from './routes'
import { useSettings } from './settings'

export type LoadSample = () => Promise<Record<string, string>>

interface SessionState {
  status: 'idle' | 'loading' | 'ready' | 'error'
  error?: string
  dataset?: DatasetRow
  tasks: Task[]
  task?: Task
  records?: TaskRecords
  attempt?: AttemptRow
  steps: TrajectoryStep[]
  /** Set once the attempt is finished; the gold is never rendered before. */
  verdict?: TaskVerdict
  /** False while another tab leads this attempt: this one only watches. */
  leading: boolean
  /** Set while the phone shows a recorded attempt (a replay): nothing can be called or stored. */
  replaying?: { attemptId: string; step: number }
}

export const useSession = create<SessionState>()(() => ({ status: 'idle', tasks: [], steps: [], leading: true }))

let toolSession: ToolSession | undefined
/** The open attempt's screen as last stored, so that a screen is written once. */
let savedScreen: string | undefined
let markReady: () => void = () => undefined
const readyPromise = new Promise<void>((resolve) => (markReady = resolve))

/** Resolves once the first boot has finished (loaded, or failed with a message on the page). */
export function whenReady(): Promise<void> {
  return readyPromise
}

/** The runtime setting behind a person's access setting: browsing shows every hit, like a real phone. */
export function runtimeSetting(access: AttemptSetting): Setting {
  return access === 'browse' ? 'full' : access
}

/** Set once the page's `?data=` has been handled, so later boots (switch, delete) leave the choice alone. */
let dataParamHandled = false
/** Boots run one after another: two at once (React's strict mode, a quick switch) would import the sample twice. */
let bootQueue: Promise<void> = Promise.resolve()

/**
 * Opens the stored active data set (importing the bundled sample on a first
 * visit) and the task the URL names, resuming its open attempt. On the first
 * boot, `?data=FOLDER_URL` imports that folder (once: it is found again by
 * its URL) and makes it active; see `openDataLink`.
 */
export async function boot(loadSample: LoadSample, hash: string): Promise<void> {
  const previous = bootQueue
  let release: () => void = () => undefined
  bootQueue = new Promise<void>((resolve) => (release = resolve))
  await previous
  useSession.setState({ status: 'loading' })
  try {
    let dataset: DatasetRow | undefined
    const folder = dataParamHandled ? null : new URLSearchParams(window.location.search).get('data')
    dataParamHandled = true
    // A link that loads nothing (refused, declined, failed) leaves the phone on the stored active data set.
    if (folder) dataset = await openDataLink(folder)
    dataset ??= await activeDataset()
    if (!dataset) dataset = await importDataset(await loadSample(), { name: 'Sample (Daniel Hayes)', source: 'sample' })
    const tasks = await listTasks(dataset.id)
    useSession.setState({ dataset, tasks })
    await refreshProgress(dataset.id)
    const { taskId, route } = hashToRoute(hash)
    const first = tasks.find((t) => t.id === taskId) ?? tasks[0]
    // A link to a screen opens that screen; a link to the task alone resumes where the attempt was left.
    if (first) await openTask(first.id, route.screen === 'home' ? undefined : route)
    useSession.setState({ status: 'ready' })
  } catch (err) {
    useSession.setState({ status: 'error', error: err instanceof Error ? err.message : String(err) })
  } finally {
    markReady()
    release()
  }
}

/** Switches to another stored data set. */
export async function switchDataset(id: string): Promise<void> {
  await setActiveDataset(id)
  await reloadDatasets()
}

/** Re-reads the active data set (after an import, a switch or a delete) and opens its first task. */
export async function reloadDatasets(): Promise<void> {
  await leaveAttempt()
  useSession.setState({ task: undefined, attempt: undefined, steps: [], verdict: undefined })
  await boot(() => Promise.reject(new Error('no data set is stored')), '')
}

/**
 * Opens a task for the current person: shows their latest attempt at it
 * (resuming it, or its review if finished), or starts one with the current
 * access setting. `fresh` always starts a new attempt. `byAgent`: a program
 * opens it, so the phone takes no focus and the address bar follows lazily.
 */
export async function openTask(
  taskId: string,
  route?: PhoneRoute,
  options: { fresh?: boolean; setting?: AttemptSetting; actor?: string; run?: AttemptRow['run']; byAgent?: boolean } = {},
): Promise<void> {
  const { dataset } = useSession.getState()
  if (!dataset) return
  const loaded = await loadTask(dataset.id, taskId)
  if (!loaded) throw new Error(`Task ${taskId} is not in this data set`)
  const settings = useSettings.getState()
  const access = options.setting ?? settings.access
  const actor = options.actor ?? settings.actor
  await leaveAttempt()
  useSession.setState({ replaying: undefined })
  let attempt = options.fresh ? undefined : await latestAttempt(dataset.id, taskId, actor)
  attempt ??= await createAttempt({
    datasetId: dataset.id,
    taskId,
    access,
    actor,
    screen: routeToHash(taskId, { screen: 'home' }),
    ...(options.run ? { run: options.run } : {}),
  })
  upsertAttempt(attempt)
  await enterAttempt(attempt, loaded.task, loaded.records, route, options.byAgent)
  const id = attempt.id
  leadAttempt(id, (leading) => void onLeadChange(id, leading))
}

/** Shows a stored attempt: its trajectory, its screen, its timer, and its verdict once finished. */
async function enterAttempt(attempt: AttemptRow, task: Task, records: TaskRecords, route?: PhoneRoute, byAgent = false): Promise<void> {
  const dataset = useSession.getState().dataset
  if (!dataset) return
  const calls = await attemptCalls(attempt.id)
  attempt = withLatest(attempt, calls)
  const restored = toSteps(calls)
  showSteps(attempt, task, records, restored, attempt.finished)
  startTimer(attempt.elapsedMs, !attempt.finished && pageVisible())
  savedScreen = attempt.screen
  usePhone.getState().reset(route ?? hashToRoute(attempt.screen).route, byAgent ? 'agent' : undefined)
  for (const step of restored) phonePlan(step, false)?.apply()
}

/**
 * Puts steps into a fresh runtime for the task and the store; with `scored`,
 * the verdict too (the runtime and the scorer are deterministic, so a
 * finished attempt's review is recomputed, not stored twice).
 */
function showSteps(
  attempt: AttemptRow,
  task: Task,
  records: TaskRecords,
  steps: readonly TrajectoryStep[],
  scored: boolean,
  extra: Partial<SessionState> = {},
): void {
  const tools = useSession.getState().dataset?.tools ?? []
  flushFrameJobs() // what a program did in the attempt shown so far lands first (its progress included)
  toolSession = new ToolSession(task, tools, records, runtimeSetting(attempt.access), steps)
  const verdict = scored ? scoreTask(task, toolSession.submittedCalls(), toolProperties(tools)) : undefined
  useSession.setState({ task, records, attempt, steps: [...steps], verdict, ...extra })
}

/**
 * Shows a stored attempt on the phone as it stood after its first `upTo`
 * steps, for a replay: the app of the last search is open with its hits.
 * Nothing is recorded; opening a task ends the replay.
 */
export async function showRecording(attempt: AttemptRow, steps: readonly TrajectoryStep[], upTo: number): Promise<void> {
  const { dataset, task: openTaskNow, records: openRecords } = useSession.getState()
  if (!dataset) return
  const loaded =
    openTaskNow?.id === attempt.taskId && useSession.getState().replaying && openRecords
      ? { task: openTaskNow, records: openRecords }
      : await loadTask(attempt.datasetId, attempt.taskId)
  if (!loaded) throw new Error(`Task ${attempt.taskId} is not in this data set`)
  if (!useSession.getState().replaying) await leaveAttempt()
  const shown = steps.slice(0, Math.max(0, upTo))
  showSteps(attempt, loaded.task, loaded.records, shown, upTo >= steps.length && attempt.finished, { replaying: { attemptId: attempt.id, step: upTo } })
  startTimer(attempt.elapsedMs, false)
  usePhone.getState().reset({ screen: 'home' })
  shown.forEach((step, i) => phonePlan(step, i === shown.length - 1)?.apply())
}

/** Ends a replay: the phone goes back to the person's own attempt at that task. */
export async function endReplay(): Promise<void> {
  const { replaying, task } = useSession.getState()
  if (!replaying || !task) return
  await openTask(task.id)
}

/** Another tab took or left the lead: on taking it, what that tab stored is read first. */
async function onLeadChange(attemptId: string, leading: boolean): Promise<void> {
  const { attempt, task, records } = useSession.getState()
  if (attempt?.id !== attemptId || !task || !records) return
  if (!leading) {
    pauseTimer()
    useSession.setState({ leading: false })
    return
  }
  if (useSession.getState().leading) return
  const stored = (await getAttempt(attemptId)) ?? attempt
  await enterAttempt(stored, task, records, hashToRoute(stored.screen).route)
  upsertAttempt(stored)
  useSession.setState({ leading: true })
}

/** Stores the time spent on the attempt being left, and lets another tab lead it. */
async function leaveAttempt(): Promise<void> {
  const { attempt, leading } = useSession.getState()
  const elapsed = pauseTimer()
  releaseAttempt()
  useSession.setState({ leading: true })
  if (attempt && !attempt.finished && leading) await saveElapsed(attempt.id, elapsed, callsMade()).catch(reportStorageError)
}

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible'
}

/** Pauses the timer while the tab is hidden and stores the time; resumes it when the tab is back. */
export function onVisibilityChange(visible: boolean): void {
  const { attempt, leading } = useSession.getState()
  if (!attempt || attempt.finished || !leading) return
  if (visible) resumeTimer()
  else void saveElapsed(attempt.id, pauseTimer(), callsMade()).catch(reportStorageError)
}

/** Stores the running time (every few seconds, so that a crash loses little of it). */
export async function checkpointTime(): Promise<void> {
  const { attempt, leading } = useSession.getState()
  if (attempt && !attempt.finished && leading) await saveElapsed(attempt.id, elapsedNow(), callsMade()).catch(reportStorageError)
}

/** Calls made in the open attempt (what a checkpoint stores on the attempt row). */
function callsMade(): number | undefined {
  return toolSession?.trajectory().length
}

/** The open task's runtime (for the phone's list views, which read the same index the tools search). */
export function currentToolSession(): ToolSession | undefined {
  return toolSession
}

/** The open attempt, ready for a change; throws with a message a person or an agent can act on. */
function writableAttempt(): { session: ToolSession; attempt: AttemptRow } {
  const session = toolSession
  const { attempt, leading } = useSession.getState()
  if (!session || !attempt) throw new Error('No task is open')
  if (attempt.finished) throw new Error('This attempt is finished; open the task again to start a new one')
  if (!leading) throw new Error('This attempt is open in another tab; continue there, or close that tab')
  if (useSession.getState().replaying) throw new Error('The phone is showing a replay; open a task to make calls')
  return { session, attempt }
}

/**
 * Stores a call or a withdrawal with what it changes on the attempt. If the
 * write fails, the runtime goes back to what is stored, so the page never
 * shows what was not saved.
 */
async function persistStep(attempt: AttemptRow, step: TrajectoryStep, screen?: string): Promise<void> {
  try {
    await saveStep(attempt.id, step, { ...(screen ? { screen } : {}), elapsedMs: elapsedNow(), attempt })
  } catch (err) {
    // Reported first: the rollback reads the database, which may be what failed.
    const error = reportStorageError(err)
    const { task, records } = useSession.getState()
    if (task && records) {
      const stored = await attemptCalls(attempt.id).catch(() => undefined)
      // Without a readable store, the unsaved change is undone in memory all the same.
      toolSession?.undo(step)
      showSteps(attempt, task, records, stored ? toSteps(stored) : (toolSession?.trajectory() ?? []), false)
    }
    throw error
  }
  clearStorageError()
  if (screen) savedScreen = screen
}

/**
 * The one path for every call: a person's button, window.spieval, WebMCP and
 * the agent runner all come here. The step is in IndexedDB before the phone
 * shows it.
 */
export async function callTool(name: string, args: unknown, source: CallSource): Promise<TrajectoryStep> {
  const { session, attempt } = writableAttempt()
  const step = session.call(name, args, source)
  const plan = phonePlan(step, source !== 'ui')
  await persistStep(attempt, step, plan?.screen)
  const updated: AttemptRow = { ...attempt, steps: step.seq + 1, ...(plan?.screen ? { screen: plan.screen } : {}) }
  useSession.setState({ attempt: updated })
  const showTrajectory = () => {
    if (useSession.getState().attempt?.id === attempt.id) useSession.setState({ steps: [...session.trajectory()] })
  }
  const showProgress = () => upsertAttempt(updated) // the first call moves the task to "in progress"
  if (source === 'ui') {
    // A person's tap shows at once (after anything a program did before it).
    flushFrameJobs()
    plan?.apply()
    showTrajectory()
    if (!attempt.steps) showProgress()
  } else {
    // A program's calls show at the next frame: the newest screen per app, the trajectory as it then stands.
    if (plan) onNextFrame(`phone:${plan.app}`, plan.apply)
    onNextFrame('trajectory', showTrajectory)
    if (!attempt.steps) onNextFrame('progress', showProgress)
  }
  return step
}

/**
 * What a call shows on the phone: a search fills its app's results; calls from
 * elsewhere also open that app. Returned as a plan, applied once the call is stored.
 */
function phonePlan(step: TrajectoryStep, navigate: boolean): { app: AppKey | 'phone'; screen?: string; apply: () => void } | undefined {
  if (step.kind !== 'retrieval' || !step.ok) return undefined
  const app = step.name === GLOBAL_SEARCH_TOOL ? 'phone' : appOfSearchTool(step.name)?.key
  if (!app) return undefined
  // Arguments may come as a JSON string (as models send them); the runtime reads them the same way.
  const parsed = parseArguments(step.arguments)
  const args: Record<string, unknown> = 'args' in parsed ? parsed.args : {}
  // Stored steps keep the reply text only; the runtime is deterministic, so the hits are recomputed.
  const data = (step.data ?? toolSession?.runtime.call(step.name, step.arguments, 'replay').data) as SearchData | undefined
  const route: PhoneRoute = app === 'phone' ? { screen: 'home' } : { screen: 'app', app }
  return {
    app,
    ...(navigate ? { screen: routeToHash(useSession.getState().task?.id, route) } : {}),
    apply: () => {
      const phone = usePhone.getState()
      phone.editSearch(app, {
        pattern: String(args.pattern ?? ''),
        result: { pattern: String(args.pattern ?? ''), page: data?.page ?? 1, ok: step.ok, content: step.content, ...(data ? { data } : {}) },
      })
      if (navigate) phone.navigate(route, 'agent')
    },
  }
}

/** Remembers the screen with the attempt (debounced by the caller). */
export async function rememberScreen(route: PhoneRoute): Promise<void> {
  const { attempt, task, leading, replaying } = useSession.getState()
  const screen = routeToHash(task?.id, route)
  // A call that moved the phone stored its screen with it: no second write.
  if (!attempt || attempt.finished || !leading || replaying || screen === savedScreen) return
  savedScreen = screen
  // The copy in memory first: the attempt's first call writes it whole (see saveStep).
  const screenAt = Date.now()
  useSession.setState({ attempt: { ...attempt, screen, screenAt } })
  await saveScreen(attempt.id, screen, screenAt).catch(reportStorageError)
}

/**
 * Checks a call against its schema without recording it: a person's form
 * shows the runtime's message inline and records nothing until it is valid.
 */
export function checkCall(name: string, args: unknown): { ok: boolean; content: string } {
  const result = toolSession?.runtime.call(name, args, 'ui')
  return result ? { ok: result.ok, content: result.content } : { ok: false, content: 'No task is open' }
}

/** Withdraws a pending execution call; it stays in the trajectory, marked. */
export async function withdrawCall(seq: number): Promise<void> {
  const { session, attempt } = writableAttempt()
  const step = session.withdraw(seq)
  if (!step) return
  await persistStep(attempt, step)
  useSession.setState({ steps: [...session.trajectory()] })
}

/** Ends the attempt and scores its kept execution calls with the core scorer; shown only once it is on disk. */
export async function finishAttempt(): Promise<TaskVerdict | undefined> {
  flushFrameJobs() // the calls a program made are shown before the verdict
  const { task, dataset } = useSession.getState()
  const { session, attempt } = writableAttempt()
  if (!task || !dataset) return undefined
  const verdict = scoreTask(task, session.submittedCalls(), toolProperties(dataset.tools))
  const elapsedMs = pauseTimer()
  let stored: AttemptRow | undefined
  try {
    stored = await finishStoredAttempt(attempt.id, {
      verdict: { correct: verdict.correct, errorType: verdict.errorType, mismatches: verdict.mismatches },
      elapsedMs,
      steps: session.trajectory().length,
    })
  } catch (err) {
    resumeTimer()
    throw reportStorageError(err)
  }
  if (!stored) throw new Error('The attempt is no longer stored')
  upsertAttempt(stored)
  useSession.setState({ verdict, attempt: stored })
  return verdict
}

/** Flags the task for its author, on the finished attempt. */
export async function flagTask(kind: FlagKind, comment: string): Promise<void> {
  const { attempt } = useSession.getState()
  if (!attempt?.finished) throw new Error('Finish the attempt before flagging the task')
  let stored: AttemptRow | undefined
  try {
    stored = await addFlag(attempt.id, { kind, comment: comment.trim(), at: Date.now() })
  } catch (err) {
    throw reportStorageError(err)
  }
  if (!stored) return
  upsertAttempt(stored)
  useSession.setState({ attempt: stored })
}

/** The calls an attempt submits (kept execution calls). */
export function submittedCalls(): { name: string; arguments: unknown }[] {
  return toolSession?.submittedCalls() ?? []
}
