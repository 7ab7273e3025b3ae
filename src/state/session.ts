import { create } from 'zustand'
import { ToolSession, appOfSearchTool, GLOBAL_SEARCH_TOOL } from '../core'
import type { CallSource, SearchData, Task, TaskRecords, TrajectoryStep } from '../core'
import {
  activeDataset,
  attemptCalls,
  createAttempt,
  importDataset,
  listTasks,
  loadTask,
  openAttempt,
  saveScreen,
  saveStep,
  setActiveDataset,
  toSteps,
} from '../db'
import type { AccessSetting, AttemptRow, DatasetRow } from '../db'
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
}

export const useSession = create<SessionState>()(() => ({ status: 'idle', tasks: [], steps: [] }))

let toolSession: ToolSession | undefined

/** The runtime setting behind a person's access setting: browsing shows every hit, like a real phone. */
export function runtimeSetting(access: AccessSetting): 'paginated' | 'full' {
  return access === 'paginated' ? 'paginated' : 'full'
}

/**
 * Opens the stored active data set (importing the bundled sample on a first
 * visit) and the task the URL names, resuming its open attempt.
 */
export async function boot(loadSample: LoadSample, hash: string): Promise<void> {
  useSession.setState({ status: 'loading' })
  try {
    let dataset = await activeDataset()
    if (!dataset) dataset = await importDataset(await loadSample(), { name: 'Sample (Daniel Hayes)', source: 'sample' })
    const tasks = await listTasks(dataset.id)
    useSession.setState({ dataset, tasks })
    const { taskId, route } = hashToRoute(hash)
    const first = tasks.find((t) => t.id === taskId) ?? tasks[0]
    if (first) await openTask(first.id, route)
    useSession.setState({ status: 'ready' })
  } catch (err) {
    useSession.setState({ status: 'error', error: err instanceof Error ? err.message : String(err) })
  }
}

/** Switches to another stored data set. */
export async function switchDataset(id: string): Promise<void> {
  await setActiveDataset(id)
  useSession.setState({ task: undefined, attempt: undefined, steps: [] })
  await boot(() => Promise.reject(new Error('no sample needed')), '')
}

/** Opens a task: resumes its unfinished attempt, or starts a new one with the current access setting. */
export async function openTask(taskId: string, route?: PhoneRoute): Promise<void> {
  const { dataset } = useSession.getState()
  if (!dataset) return
  const loaded = await loadTask(dataset.id, taskId)
  if (!loaded) throw new Error(`Task ${taskId} is not in this data set`)
  const { access, actor } = useSettings.getState()
  let attempt = await openAttempt(dataset.id, taskId)
  const restored = attempt ? toSteps(await attemptCalls(attempt.id)) : []
  attempt ??= await createAttempt({ datasetId: dataset.id, taskId, access, actor, screen: routeToHash(taskId, { screen: 'home' }) })
  toolSession = new ToolSession(loaded.task, dataset.tools, loaded.records, runtimeSetting(attempt.access), restored)
  useSession.setState({ task: loaded.task, records: loaded.records, attempt, steps: [...restored] })
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
