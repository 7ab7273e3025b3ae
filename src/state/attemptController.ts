import { Attempt, StepNotStored, defaultState, finishRisk, inheritedSteps } from '../core'
import type { AttemptEvent, AttemptSetting, AttemptState, CallSource, FailureRate, FinishRisk, TaskVerdict, TrajectoryStep, ToolResult } from '../core'
import { IndexedDbSink, addFlag, getAttempt, latestAttempt, loadTask, markOpen, saveElapsed, saveScreen } from '../db'
import type { AttemptRow, DatasetRow, FlagKind, IndexedDbSinkOptions } from '../db'
import { attemptSource } from './attemptSource'
import { pageLeadLock } from './attemptLock'
import { flushFrameJobs, onNextFrame } from './frameQueue'
import { usePhone } from './phone'
import { phonePlan } from './phonePlan'
import type { PhonePlan } from './phonePlan'
import { upsertAttempt } from './progress'
import { hashToRoute, routeToHash } from './routes'
import type { PhoneRoute } from './routes'
import { useSession } from './sessionStore'
import type { SessionState } from './sessionStore'
import { fixedAccess, useSettings } from './settings'
import { clearStorageError, reportStorageError } from './storage'
import { storedOutcome } from './storedVerdict'
import { elapsedNow, pauseTimer, resumeTimer, startTimer } from './timer'

/**
 * The page's host of the attempt kernel: the attempt open on the phone, for
 * a person's taps, window.spieval, WebMCP and the watched agent job alike.
 * The kernel keeps the rules (stored before shown, rollback, one tab leads);
 * this shows what it reports.
 */
let current: Attempt | undefined
let stopListening: (() => void) | undefined
/** The open attempt's screen as last stored, so that a screen is written once. */
let savedScreen: string | undefined
let sink: { datasetId: string; sink: IndexedDbSink } | undefined
/** Where the attempt on the phone is stored (the phone's sink, or a watched run's). */
let currentSink: IndexedDbSink | undefined

/** A sink of the page's: attempts of this data set, starting on their task's home screen, each call as durable as its study asks. */
export function pageSink(dataset: DatasetRow, options: Pick<IndexedDbSinkOptions, 'elapsedMs' | 'recordOpen' | 'onRow'>): IndexedDbSink {
  const durability = dataset.sealed?.study?.durability
  return new IndexedDbSink({ datasetId: dataset.id, homeScreen: (taskId) => routeToHash(taskId, { screen: 'home' }), ...(durability ? { durability } : {}), ...options })
}

/** The attempt on the phone shows its row as last stored. */
const showRow = (row: AttemptRow) => {
  if (current?.id === row.id) useSession.setState({ attempt: row })
}

/** The phone's sink for a data set: its new attempts become the open attempt; their time is the page's timer. */
function phoneSink(dataset: DatasetRow): IndexedDbSink {
  if (sink?.datasetId !== dataset.id) sink = { datasetId: dataset.id, sink: pageSink(dataset, { elapsedMs: () => elapsedNow(), recordOpen: true, onRow: showRow }) }
  return sink.sink
}

/** A run's attempt on the phone is not the open attempt: a reload brings back the person's. */
function runSink(dataset: DatasetRow): IndexedDbSink {
  return pageSink(dataset, { elapsedMs: () => elapsedNow(), onRow: showRow })
}

/**
 * A program's attempt that may or may not be on the phone (a watched run job,
 * a model resumed from a replay): while it is, its calls and finish take the
 * phone's path, so that they show; once someone opens another task there, they
 * go on in the same attempt alone.
 */
export function onPhoneOrAlone(attempt: Attempt): { call: (name: string, args: string) => Promise<TrajectoryStep>; finish: () => Promise<TaskVerdict | undefined> } {
  const onPhone = () => current === attempt
  return {
    call: (name, args) => (onPhone() ? callTool(name, args, 'agent') : attempt.call(name, args, 'agent')),
    finish: async () => (onPhone() ? ((await finishAttempt()) ?? attempt.finish()) : attempt.finish()),
  }
}

/** The attempt on the phone (a replay's view included), for the phone's list views and the hosts. */
export function currentAttempt(): Attempt | undefined {
  return current
}

export interface OpenOptions {
  /** Always start a new attempt. */
  fresh?: boolean
  /** Resume this stored attempt, whoever made it. */
  attemptId?: string
  setting?: AttemptSetting
  actor?: string
  run?: AttemptRow['run']
  /** A program opens it: the phone takes no focus and the address bar follows lazily. */
  byAgent?: boolean
  /** A new attempt's state (default: the settings' choice); a resumed attempt keeps its own. */
  state?: AttemptState
  /** A new attempt's random friction (a run's robustness study). */
  failure?: FailureRate
}

/**
 * Opens a task on the phone: the stored attempt named, or the person's latest
 * attempt at it (resuming it, or its review if finished), or a new one with
 * the current access setting. `fresh` always starts a new attempt.
 */
export async function openTask(taskId: string, route?: PhoneRoute, options: OpenOptions = {}): Promise<void> {
  const { dataset } = useSession.getState()
  if (!dataset) return
  const loaded = await loadTask(dataset.id, taskId)
  if (!loaded) throw new Error(`Task ${taskId} is not in this data set`)
  const settings = useSettings.getState()
  const actor = options.actor ?? settings.actor
  await leaveAttempt()
  useSession.setState({ replaying: undefined })
  const source = attemptSource(dataset, loaded)
  const target = options.run ? runSink(dataset) : phoneSink(dataset)
  const stored = options.fresh
    ? undefined
    : options.attemptId
      ? await getAttempt(options.attemptId)
      : await latestAttempt(dataset.id, taskId, actor)
  let attempt: Attempt
  if (stored) {
    // A run's attempt is led by the run (one tab runs it), and resumes at its last whole turn.
    attempt = await Attempt.resume({ ...source, attemptId: stored.id, sink: target, ...(options.run ? { turnBased: true } : { lock: pageLeadLock }) })
    if (!stored.run && !options.attemptId) await markOpen(stored).catch(reportStorageError)
  } else {
    // A study's share fixes the setting of every attempt its participant makes, however the task is opened.
    const fixed = options.run ? undefined : fixedAccess(dataset)
    const setting = fixed ?? options.setting ?? settings.access
    const state = options.state ?? defaultState(loaded.task)
    attempt = await Attempt.open({
      ...source,
      setting,
      actor,
      sink: target,
      state,
      ...(options.failure ? { failure: options.failure } : {}),
      ...(options.run ? { run: options.run } : { lock: pageLeadLock }),
    })
  }
  const row = target.row(attempt.id)
  if (row) upsertAttempt(row)
  enter(attempt, target, route, options.byAgent)
}

/**
 * Opens a fork of a stored attempt on the phone (docs/reference.md, `fork`): a new
 * attempt of its task and setting whose first `step` calls are the parent's.
 */
export async function forkAttempt(parentId: string, step: number, options: { actor?: string; byAgent?: boolean } = {}): Promise<Attempt> {
  const { dataset } = useSession.getState()
  if (!dataset) throw new Error('No data set is loaded')
  const target = phoneSink(dataset)
  const parent = await target.read(parentId)
  if (!parent || target.row(parentId)?.datasetId !== dataset.id) throw new Error(`Attempt ${parentId} is not in this data set`)
  const loaded = await loadTask(dataset.id, parent.attempt.taskId)
  if (!loaded) throw new Error(`Task ${parent.attempt.taskId} is not in this data set`)
  const fork = { parent: parentId, steps: parent.steps, step }
  // Checked before anything changes (the kernel's own check): a step out of range leaves the phone as it was.
  inheritedSteps(parent.steps, step)
  await leaveAttempt()
  useSession.setState({ replaying: undefined })
  const attempt = await Attempt.open({
    ...attemptSource(dataset, loaded),
    ...(parent.attempt.state ? { state: parent.attempt.state } : {}),
    ...(parent.attempt.failure ? { failure: parent.attempt.failure } : {}),
    setting: parent.attempt.access,
    actor: options.actor ?? parent.attempt.actor,
    sink: target,
    lock: pageLeadLock,
    fork,
  })
  const row = target.row(attempt.id)
  if (row) upsertAttempt(row)
  enter(attempt, target, { screen: 'home' }, options.byAgent)
  return attempt
}

/** Shows an attempt on the phone: its trajectory, its screen, its timer, and its verdict once finished. */
function enter(attempt: Attempt, from: IndexedDbSink, route?: PhoneRoute, byAgent = false): void {
  flushFrameJobs() // what a program did in the attempt shown so far lands first (its progress included)
  stopListening?.()
  current = attempt
  currentSink = from
  stopListening = attempt.subscribe((event) => onAttemptEvent(attempt, from, event))
  const row = from.row(attempt.id)
  if (!row) return
  show(attempt, row, route ?? hashToRoute(row.screen).route, byAgent)
}

function show(attempt: Attempt, row: AttemptRow, route: PhoneRoute, byAgent = false): void {
  const steps = attempt.trajectory()
  const live = attempt.liveView()
  useSession.setState({
    task: attempt.source.task,
    records: live?.records ?? attempt.source.records,
    live,
    attempt: row,
    steps: [...steps],
    verdict: storedOutcome(row, row.finished ? attempt.callChecks() : undefined),
    leading: attempt.leading,
  })
  startTimer(row.elapsedMs, !row.finished && attempt.leading && pageVisible())
  savedScreen = row.screen
  usePhone.getState().reset(route, byAgent ? 'agent' : undefined)
  for (const step of steps) phonePlan(step, false, row.taskId, attempt.runtime)?.apply()
}

/** Another tab took or left the lead; on taking it the kernel has read what that tab stored. */
function onAttemptEvent(attempt: Attempt, from: IndexedDbSink, event: AttemptEvent): void {
  if (current !== attempt || event.type !== 'lead') return
  if (!event.leading) {
    pauseTimer()
    useSession.setState({ leading: false })
    return
  }
  const row = from.row(attempt.id)
  if (!row) return
  show(attempt, row, hashToRoute(row.screen).route)
  upsertAttempt(row)
}

/** Stores the time spent on the attempt being left, and lets another tab lead it. */
export async function leaveAttempt(): Promise<void> {
  const attempt = current
  const elapsed = pauseTimer()
  stopListening?.()
  stopListening = undefined
  current = undefined
  currentSink = undefined
  attempt?.close()
  useSession.setState({ leading: true })
  if (attempt && !attempt.finished && attempt.leading && !useSession.getState().replaying)
    await saveElapsed(attempt.id, elapsed, attempt.trajectory().length).catch(reportStorageError)
}

/** Puts a view of a recorded attempt on the phone (a replay): nothing can be called or stored. */
export function putViewOnPhone(attempt: Attempt): void {
  stopListening?.()
  stopListening = undefined
  current = attempt
  currentSink = undefined
}

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible'
}

/** Pauses the timer while the tab is hidden and stores the time; resumes it when the tab is back. */
export function onVisibilityChange(visible: boolean): void {
  const attempt = writableOrUndefined()
  if (!attempt) return
  if (visible) resumeTimer()
  else void saveElapsed(attempt.id, pauseTimer(), attempt.trajectory().length).catch(reportStorageError)
}

/** Stores the running time (every few seconds, so that a crash loses little of it). */
export async function checkpointTime(): Promise<void> {
  const attempt = writableOrUndefined()
  if (attempt) await saveElapsed(attempt.id, elapsedNow(), attempt.trajectory().length).catch(reportStorageError)
}

function writableOrUndefined(): Attempt | undefined {
  const attempt = current
  if (!attempt || attempt.finished || !attempt.leading || useSession.getState().replaying) return undefined
  return attempt
}

/** The open attempt, ready for a change; the kernel refuses the rest (finished, led elsewhere) with its own message. */
function openForChange(): Attempt {
  if (!current) throw new Error('No task is open')
  if (useSession.getState().replaying) throw new Error('The phone is showing a replay; open a task to make calls')
  return current
}

/** A change the kernel took back because it was not stored: the page shows what is stored, and says why. */
function notStored(attempt: Attempt, err: unknown): unknown {
  if (!(err instanceof StepNotStored)) return err
  reportStorageError(err.cause ?? err)
  if (current === attempt) useSession.setState({ steps: [...attempt.trajectory()], ...liveRecords(attempt) })
  return err
}

/** In live state, the records as the attempt's calls left them (the same objects while nothing changed). */
function liveRecords(attempt: Attempt): { records?: SessionState['records']; live?: SessionState['live'] } {
  const live = attempt.liveView()
  return live ? { records: live.records, live } : {}
}

/**
 * The one path for every call on the phone: a person's button,
 * window.spieval, WebMCP and the watched agent job all come here. The step is
 * stored before the phone shows it.
 */
export async function callTool(name: string, args: unknown, source: CallSource): Promise<TrajectoryStep> {
  const attempt = openForChange()
  const taskId = attempt.info.taskId
  let plan: PhonePlan | undefined
  const firstCall = attempt.trajectory().length === 0
  let step: TrajectoryStep
  try {
    step = await attempt.call(name, args, source, (s) => {
      plan = phonePlan(s, source !== 'ui', taskId, attempt.runtime)
      return plan?.screen ? { screen: plan.screen } : {}
    })
  } catch (err) {
    throw notStored(attempt, err)
  }
  clearStorageError()
  if (plan?.screen) savedScreen = plan.screen
  const showTrajectory = () => {
    if (current === attempt) useSession.setState({ steps: [...attempt.trajectory()], ...liveRecords(attempt) })
  }
  const showProgress = () => {
    const row = useSession.getState().attempt
    if (row?.id === attempt.id) upsertAttempt(row) // the first call moves the task to "in progress"
  }
  const shown = plan
  if (source === 'ui') {
    // A person's tap shows at once (after anything a program did before it).
    flushFrameJobs()
    shown?.apply()
    showTrajectory()
    if (firstCall) showProgress()
  } else {
    // A program's calls show at the next frame: the newest screen per app, the trajectory as it then stands.
    if (shown) onNextFrame(`phone:${shown.app}`, shown.apply)
    onNextFrame('trajectory', showTrajectory)
    if (firstCall) onNextFrame('progress', showProgress)
  }
  return step
}

/** Remembers the screen with the attempt (debounced by the caller). */
export async function rememberScreen(route: PhoneRoute): Promise<void> {
  const { attempt: row, task } = useSession.getState()
  const attempt = writableOrUndefined()
  const screen = routeToHash(task?.id, route)
  // A call that moved the phone stored its screen with it: no second write.
  if (!attempt || !row || row.id !== attempt.id || screen === savedScreen) return
  savedScreen = screen
  const screenAt = Date.now()
  // The copy in memory first: the attempt's first call writes the row whole (see saveStep).
  currentSink?.noteScreen(row.id, screen, screenAt)
  useSession.setState({ attempt: { ...row, screen, screenAt } })
  await saveScreen(row.id, screen, screenAt).catch(reportStorageError)
}

/**
 * Checks a call against its schema without recording it: a person's form
 * shows the runtime's message inline and records nothing until it is valid.
 */
export function checkCall(name: string, args: unknown): Pick<ToolResult, 'ok' | 'content'> {
  const result = current?.check(name, args)
  return result ? { ok: result.ok, content: result.content } : { ok: false, content: 'No task is open' }
}

/** Withdraws a pending execution call; it stays in the trajectory, marked. */
export async function withdrawCall(seq: number): Promise<void> {
  const attempt = openForChange()
  try {
    if (!(await attempt.withdraw(seq))) return
  } catch (err) {
    throw notStored(attempt, err)
  }
  clearStorageError()
  useSession.setState({ steps: [...attempt.trajectory()], ...liveRecords(attempt) })
}

/** Ends the attempt with the kernel's one finish; the verdict shows only once it is on disk. */
export async function finishAttempt(): Promise<TaskVerdict | undefined> {
  flushFrameJobs() // the calls a program made are shown before the verdict
  const attempt = openForChange()
  // Refused by the kernel with its own message, the timer untouched.
  if (attempt.finished || !attempt.leading) return attempt.finish()
  pauseTimer()
  let verdict: TaskVerdict | undefined
  try {
    verdict = await attempt.finish()
  } catch (err) {
    if (!attempt.finished) resumeTimer()
    throw reportStorageError(err)
  }
  const row = useSession.getState().attempt
  if (row?.id === attempt.id) upsertAttempt(row)
  if (current === attempt) useSession.setState({ verdict, steps: [...attempt.trajectory()] })
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

/**
 * Whether finishing the open attempt now looks like a slip, read from the
 * kernel at the moment of asking: a program's calls reach the page's store
 * only at the next frame, and a Finish pressed before it must still see them.
 */
export function finishRiskNow(): FinishRisk | undefined {
  const attempt = current
  return attempt ? finishRisk(attempt.trajectory(), attempt.info.access) : undefined
}

/** The calls the open attempt submits (kept execution calls). */
export function submittedCalls(): { name: string; arguments: unknown }[] {
  return current?.submittedCalls() ?? []
}
