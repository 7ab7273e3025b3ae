import { create } from 'zustand'
import { ToolSession, appOfSearchTool, GLOBAL_SEARCH_TOOL, scoreTask, toolProperties } from '../core'
import type { CallSource, SearchData, Setting, Task, TaskRecords, TaskVerdict, TrajectoryStep } from '../core'
import {
  activeDataset,
  attemptCalls,
  createAttempt,
  importDataset,
  listDatasets,
  listTasks,
  loadTask,
  openAttempt,
  saveScreen,
  saveStep,
  setActiveDataset,
  toSteps,
  finishAttempt as finishStoredAttempt,
} from '../db'
import type { AttemptRow, AttemptSetting, DatasetRow } from '../db'
import { fetchDatasetFiles } from './fetchDataset'
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
}

export const useSession = create<SessionState>()(() => ({ status: 'idle', tasks: [], steps: [] }))

let toolSession: ToolSession | undefined
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
 * its URL) and makes it active.
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
    if (folder) {
      const url = new URL(folder.endsWith('/') ? folder : `${folder}/`, document.baseURI).href
      dataset = (await listDatasets()).find((d) => d.source === url)
      if (dataset) await setActiveDataset(dataset.id)
      else {
        const name = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? new URL(url).host)
        dataset = await importDataset(await fetchDatasetFiles(url), { name, source: url })
      }
    }
    dataset ??= await activeDataset()
    if (!dataset) dataset = await importDataset(await loadSample(), { name: 'Sample (Daniel Hayes)', source: 'sample' })
    const tasks = await listTasks(dataset.id)
    useSession.setState({ dataset, tasks })
    const { taskId, route } = hashToRoute(hash)
    const first = tasks.find((t) => t.id === taskId) ?? tasks[0]
    if (first) await openTask(first.id, route)
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
  useSession.setState({ task: undefined, attempt: undefined, steps: [], verdict: undefined })
  await boot(() => Promise.reject(new Error('no data set is stored')), '')
}

/**
 * Opens a task: resumes its unfinished attempt, or starts a new one with the
 * current access setting. `fresh` always starts a new attempt.
 */
export async function openTask(
  taskId: string,
  route?: PhoneRoute,
  options: { fresh?: boolean; setting?: AttemptSetting; actor?: string } = {},
): Promise<void> {
  const { dataset } = useSession.getState()
  if (!dataset) return
  const loaded = await loadTask(dataset.id, taskId)
  if (!loaded) throw new Error(`Task ${taskId} is not in this data set`)
  const settings = useSettings.getState()
  const access = options.setting ?? settings.access
  const actor = options.actor ?? settings.actor
  let attempt = options.fresh ? undefined : await openAttempt(dataset.id, taskId)
  const restored = attempt ? toSteps(await attemptCalls(attempt.id)) : []
  attempt ??= await createAttempt({ datasetId: dataset.id, taskId, access, actor, screen: routeToHash(taskId, { screen: 'home' }) })
  toolSession = new ToolSession(loaded.task, dataset.tools, loaded.records, runtimeSetting(attempt.access), restored)
  useSession.setState({ task: loaded.task, records: loaded.records, attempt, steps: [...restored], verdict: undefined })
  const resumed = route ?? hashToRoute(attempt.screen).route
  usePhone.getState().reset(resumed)
  for (const step of restored) reflectOnPhone(step, false)
}

/** The open task's runtime (for the phone's list views, which read the same index the tools search). */
export function currentToolSession(): ToolSession | undefined {
  return toolSession
}

/**
 * The one path for every call: a person's button, window.spieval, WebMCP and
 * the agent runner all come here. The step is in IndexedDB before the phone
 * shows it.
 */
export async function callTool(name: string, args: unknown, source: CallSource): Promise<TrajectoryStep> {
  const session = toolSession
  const attempt = useSession.getState().attempt
  if (!session || !attempt) throw new Error('No task is open')
  if (attempt.finished) throw new Error('This attempt is finished; open the task again to start a new one')
  const step = session.call(name, args, source)
  const screen = reflectOnPhone(step, source !== 'ui')
  await saveStep(attempt.id, step, screen)
  useSession.setState({ steps: [...session.trajectory()] })
  return step
}

/** Shows a call on the phone: a search fills its app's results; calls from elsewhere also open that app. */
function reflectOnPhone(step: TrajectoryStep, navigate: boolean): string | undefined {
  if (step.kind !== 'retrieval' || !step.ok) return undefined
  const app = step.name === GLOBAL_SEARCH_TOOL ? 'phone' : appOfSearchTool(step.name)?.key
  if (!app) return undefined
  const args = (typeof step.arguments === 'object' && step.arguments !== null ? step.arguments : {}) as Record<string, unknown>
  // Stored steps keep the reply text only; the runtime is deterministic, so the hits are recomputed.
  const data = (step.data ?? toolSession?.runtime.call(step.name, step.arguments, 'replay').data) as SearchData | undefined
  const phone = usePhone.getState()
  phone.editSearch(app, {
    pattern: String(args.pattern ?? ''),
    result: { pattern: String(args.pattern ?? ''), page: data?.page ?? 1, ok: step.ok, content: step.content, ...(data ? { data } : {}) },
  })
  if (!navigate) return undefined
  const route: PhoneRoute = app === 'phone' ? { screen: 'home' } : { screen: 'app', app }
  phone.navigate(route)
  return routeToHash(useSession.getState().task?.id, route)
}

/** Remembers the screen with the attempt (debounced by the caller). */
export async function rememberScreen(route: PhoneRoute): Promise<void> {
  const { attempt, task } = useSession.getState()
  if (attempt) await saveScreen(attempt.id, routeToHash(task?.id, route))
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
  const attempt = useSession.getState().attempt
  const step = toolSession?.withdraw(seq)
  if (!attempt || !step || !toolSession) return
  await saveStep(attempt.id, step, undefined)
  useSession.setState({ steps: [...toolSession.trajectory()] })
}

/** Ends the attempt and scores its kept execution calls with the core scorer. */
export async function finishAttempt(): Promise<TaskVerdict | undefined> {
  const { attempt, task, dataset } = useSession.getState()
  if (!attempt || !task || !dataset || !toolSession) return undefined
  const verdict = scoreTask(task, toolSession.submittedCalls(), toolProperties(dataset.tools))
  const elapsedMs = attempt.elapsedMs + (Date.now() - attempt.started)
  const stored = await finishStoredAttempt(attempt.id, {
    verdict: { correct: verdict.correct, errorType: verdict.errorType, mismatches: verdict.mismatches },
    elapsedMs,
  })
  useSession.setState({ verdict, ...(stored ? { attempt: stored } : {}) })
  return verdict
}

/** The calls an attempt submits (kept execution calls). */
export function submittedCalls(): { name: string; arguments: unknown }[] {
  return toolSession?.submittedCalls() ?? []
}
