import { create } from 'zustand'
import { appOfExecutionTool, parseArguments } from '../core'
import type { AppKey, Task, TrajectoryStep } from '../core'
import { attemptCalls, getAttempt, getRun, isRecorded, toSteps } from '../db'
import type { AttemptRow } from '../db'
import type { AppSearch } from './phone'
import { searchedApp } from './phonePlan'
import { forkAttempt } from './attemptController'
import { endReplay, showRecording } from './recording'
import { continueModelFrom } from './runs/continueModel'
import { useSession } from './sessionStore'
import { useSettings } from './settings'
import { showView } from './view'

/** What the list shows: every filter empty or off lists every recorded attempt. */
export interface ReplayFilters {
  failedOnly: boolean
  /** A capability type, or "". */
  capability: string
  /** An error type, or "". */
  errorType: string
  /** An actor (a person's or a model's name), or "". */
  actor: string
  /** A run id or an imported file's name, or "". */
  run: string
}

export const NO_FILTERS: ReplayFilters = { failedOnly: false, capability: '', errorType: '', actor: '', run: '' }

export const SPEEDS = [0.5, 1, 2, 4] as const

/** Time a step stays on screen at 1×, in ms. */
export const STEP_MS = 1400

interface ReplayState {
  filters: ReplayFilters
  attempt?: AttemptRow
  /** The attempt's calls, as stored. */
  steps: TrajectoryStep[]
  /** How many steps are shown: step n shows call n (1-based) as it landed. */
  step: number
  playing: boolean
  speed: number
  error?: string
  /**
   * The attempt's agent run is stored here with its settings, so its model can go on from a step. An agent's lines
   * imported from a file, or another browser's run, are runs without them.
   */
  resumable: boolean
  /** A fork being made from the player: the person's, or the run's model's. */
  forking?: 'person' | 'model'
  /** Why the last fork from the player failed (or why the resumed model stopped). */
  forkError?: string
}

export const useReplay = create<ReplayState>()(() => ({ filters: NO_FILTERS, steps: [], step: 0, playing: false, speed: 1, resumable: false }))

/** Where an attempt came from: the file it was imported from (an agent's lines from elsewhere included), or its agent run. */
export function runOf(a: AttemptRow): string {
  return a.importedFrom ?? a.run?.id ?? ''
}


/** Pure: the attempts the list shows, newest first. */
export function replayRows(attempts: readonly AttemptRow[], tasks: readonly Task[], filters: ReplayFilters): AttemptRow[] {
  const typeOf = new Map(tasks.map((t) => [t.id, t.type]))
  return attempts
    .filter(
      (a) =>
        isRecorded(a) &&
        (!filters.failedOnly || (a.finished && a.verdict?.correct === false)) &&
        (!filters.capability || typeOf.get(a.taskId) === filters.capability) &&
        (!filters.errorType || a.verdict?.errorType === filters.errorType) &&
        (!filters.actor || a.actor === filters.actor) &&
        (!filters.run || runOf(a) === filters.run),
    )
    .sort((a, b) => b.started - a.started || a.id.localeCompare(b.id))
}

/** An attempt's place among forks: the attempt it was forked from (when stored) and its own forks, oldest first. */
export interface ForkFamily {
  /** The stored parent; missing when the attempt is no fork, or its parent is no longer stored. */
  parent?: AttemptRow
  forks: AttemptRow[]
}

/** Pure: the parent and the forks of an attempt, among the stored attempts. */
export function forkFamily(attempt: AttemptRow, attempts: readonly AttemptRow[]): ForkFamily {
  const parentId = attempt.parent?.attemptId
  const parent = parentId === undefined ? undefined : attempts.find((a) => a.id === parentId)
  const forks = attempts
    .filter((a) => a.parent?.attemptId === attempt.id)
    .sort((a, b) => a.started - b.started || a.id.localeCompare(b.id))
  return { ...(parent ? { parent } : {}), forks }
}

/** Pure: the choices of the actor and run filters, from the recorded attempts. */
export function filterChoices(attempts: readonly AttemptRow[]): { actors: string[]; runs: string[] } {
  const rows = attempts.filter(isRecorded)
  const sorted = (values: string[]) => [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b))
  return { actors: sorted(rows.map((a) => a.actor)), runs: sorted(rows.map(runOf)) }
}

/** Where a call landed on the phone, for the words under the step. */
export type Landing =
  | { kind: 'search'; app: AppKey | 'phone'; hits?: number }
  | { kind: 'searchFailed'; app: AppKey | 'phone' }
  | { kind: 'action'; app?: AppKey; ok: boolean; withdrawn: boolean }

/** Pure: where a step landed, given the phone's searches as the replay left them. */
export function landingOf(step: TrajectoryStep, searches: Partial<Record<AppKey | 'phone', AppSearch>>): Landing {
  if (step.kind === 'retrieval') {
    const app = searchedApp(step.name) ?? 'phone'
    if (!step.ok) return { kind: 'searchFailed', app }
    const total = searches[app]?.result?.data?.total
    return { kind: 'search', app, ...(total !== undefined ? { hits: total } : {}) }
  }
  const app = appOfExecutionTool(step.name)?.key
  return { kind: 'action', ...(app ? { app } : {}), ok: step.ok, withdrawn: step.withdrawn === true }
}

/** The arguments as a model sent them may be JSON text: shown on the phone as the object they stand for. */
function parsedArguments(step: TrajectoryStep): TrajectoryStep {
  if (typeof step.arguments !== 'string' || step.arguments.trim() === '') return step
  const parsed = parseArguments(step.arguments)
  return 'args' in parsed ? { ...step, arguments: parsed.args } : step
}

/** An open attempt's steps never change: parsed once, not at every step the player shows. */
const parsedSteps = new WeakMap<readonly TrajectoryStep[], TrajectoryStep[]>()
function withParsedArguments(steps: readonly TrajectoryStep[]): TrajectoryStep[] {
  let parsed = parsedSteps.get(steps)
  if (!parsed) {
    parsed = steps.map(parsedArguments)
    parsedSteps.set(steps, parsed)
  }
  return parsed
}

let timer: ReturnType<typeof setTimeout> | undefined
let token = 0
/** Counts the times the view was left: an attempt still being read when it is left is not shown. */
let visits = 0
/** The phone update in flight: leaving waits for it, so that a late one cannot put the phone back into the replay. */
let pending: Promise<void> = Promise.resolve()

function stopTimer(): void {
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
}

export function setReplayFilter(change: Partial<ReplayFilters>): void {
  useReplay.setState((s) => ({ filters: { ...s.filters, ...change } }))
}

/** The first step a player can show: the first call, or nothing for an attempt without calls. */
const firstStep = (steps: readonly unknown[]) => Math.min(1, steps.length)

/** Shows the attempt on the phone as it stood after `step` calls, and names the step in the page's hash. */
export async function goToStep(step: number): Promise<void> {
  const { attempt, steps, forking } = useReplay.getState()
  // While a fork opens, the player stays where it is: a step shown after it would take the phone back.
  if (!attempt || forking) return
  const shown = Math.max(firstStep(steps), Math.min(steps.length, Math.round(step)))
  useReplay.setState({ step: shown })
  showView('replay', [attempt.id, String(shown)])
  const mine = ++token
  const run = pending.then(async () => {
    if (mine !== token) return
    try {
      await showRecording(attempt, withParsedArguments(steps), shown)
    } catch (err) {
      useReplay.setState({ error: err instanceof Error ? err.message : String(err), playing: false })
    }
  })
  pending = run
  await run
}

/** Opens a recorded attempt in the player at a step (the first when not given). */
export async function openReplay(attemptId: string, step?: number): Promise<void> {
  stopTimer()
  const visit = visits
  useReplay.setState({ playing: false, error: undefined, forkError: undefined })
  const attempt = await getAttempt(attemptId)
  const dataset = useSession.getState().dataset
  if (visit !== visits) return
  if (!attempt || attempt.datasetId !== dataset?.id) {
    useReplay.setState({ attempt: undefined, steps: [], step: 0, error: attemptId, resumable: false })
    return
  }
  const steps = toSteps(await attemptCalls(attempt.id))
  const run = attempt.run
  const resumable = run !== undefined && (await getRun(dataset.id, run.id)) !== undefined
  if (visit !== visits) return
  useReplay.setState({ attempt, steps, resumable })
  await goToStep(step ?? firstStep(steps))
}

function schedule(): void {
  stopTimer()
  const { playing, speed } = useReplay.getState()
  if (!playing) return
  timer = setTimeout(() => {
    timer = undefined
    const { step, steps, playing: still } = useReplay.getState()
    if (!still) return
    if (step >= steps.length) return void useReplay.setState({ playing: false })
    void goToStep(step + 1).then(() => {
      if (useReplay.getState().step >= steps.length) useReplay.setState({ playing: false })
      else schedule()
    })
  }, STEP_MS / speed)
}

/** Plays from the current step (from the first when at the end). */
export function play(): void {
  const { attempt, step, steps } = useReplay.getState()
  if (!attempt || steps.length === 0) return
  useReplay.setState({ playing: true })
  if (step >= steps.length) void goToStep(firstStep(steps)).then(schedule)
  else schedule()
}

export function pause(): void {
  stopTimer()
  useReplay.setState({ playing: false })
}

export function togglePlay(): void {
  if (useReplay.getState().playing) pause()
  else play()
}

/** A step by hand pauses the player. */
export function stepBy(delta: number): void {
  pause()
  void goToStep(useReplay.getState().step + delta)
}

export function stepTo(step: number): void {
  pause()
  void goToStep(step)
}

export function setSpeed(speed: number): void {
  useReplay.setState({ speed })
  if (useReplay.getState().playing) schedule()
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

/**
 * Amend and replay: a new attempt of the player's attempt, whose first calls are
 * the ones the player shows, opened on the phone. The replay's phone update in
 * flight lands first, so that it cannot take the phone back from the fork.
 */
async function forkFromPlayer(who: 'person' | 'model', open: (attemptId: string, step: number) => Promise<unknown>): Promise<boolean> {
  const { attempt, step, forking } = useReplay.getState()
  if (!attempt || forking) return false
  stopTimer()
  token++
  useReplay.setState({ playing: false, forking: who, forkError: undefined })
  const made = pending.then(() => open(attempt.id, step))
  pending = made.then(
    () => undefined,
    () => undefined,
  )
  try {
    await made
  } catch (err) {
    useReplay.setState({ forking: undefined, forkError: messageOf(err) })
    // Refused before anything changed, the replay is still on the phone; if not, it is put back.
    if (!useSession.getState().replaying) void goToStep(step)
    return false
  }
  useReplay.setState({ forking: undefined })
  showView('phone')
  return true
}

/** Continue from this step: the person (by their name) goes on from the step shown, on the phone. */
export function continueFromStep(): Promise<boolean> {
  return forkFromPlayer('person', (attemptId, step) => forkAttempt(attemptId, step, { actor: useSettings.getState().actor }))
}

/** Resume the model from here: an agent run's model goes on from the step shown, on the phone. */
export function resumeModelFromStep(): Promise<boolean> {
  return forkFromPlayer('model', async (attemptId, step) => {
    const { done } = await continueModelFrom(attemptId, step)
    // The model goes on on the phone; if it stops on an error, the player says so when the replay is back.
    done.catch((err: unknown) => useReplay.setState({ forkError: messageOf(err) }))
  })
}

/** Leaving the view: the player stops and the phone goes back to the person's own attempt. */
export async function leaveReplay(): Promise<void> {
  stopTimer()
  token++
  visits++
  useReplay.setState({ playing: false })
  const left = pending.then(() => endReplay())
  pending = left.catch(() => undefined)
  await left
}
