import { activeDataset, listTasks, openAttempt, setActiveDataset } from '../db'
import type { DatasetRow, StoredDataset } from '../db'
import { leaveAttempt, openTask } from './attemptController'
import { linkedFolder, openDataLink } from './dataLink'
import { intendedHash } from './hashWriter'
import { refreshProgress } from './progress'
import { hashToRoute } from './routes'
import { useSession } from './sessionStore'
import { useSettings } from './settings'
import { addressHash, addressSearch } from './address'
import { rememberDataStored } from './bundledSample'

/** Stores the sample a first visit opens (installBundledSample on the page) and makes it active. */
export type InstallSample = () => Promise<StoredDataset>

let markReady: () => void = () => undefined
const readyPromise = new Promise<void>((resolve) => (markReady = resolve))

/** Resolves once the first boot has finished (loaded, or failed with a message on the page). */
export function whenReady(): Promise<void> {
  return readyPromise
}

/** Set once the page's `?data=` has been handled, so later boots (switch, delete) leave the choice alone. */
let dataParamHandled = false
/** Boots run one after another: two at once (React's strict mode, a quick switch) would import the sample twice. */
let bootQueue: Promise<void> = Promise.resolve()

/**
 * Resolves once the boots started so far have finished (at once when none is
 * running). A boot may store a data set and make it active (a first visit's
 * sample, a linked folder), so a change of the data sets asked for meanwhile
 * (an import, a switch, a delete) waits for it; otherwise the boot's data set,
 * stored last, would take the place of the one the person just chose.
 */
export function bootsSettled(): Promise<void> {
  return bootQueue
}

/**
 * Opens the stored active data set (storing the bundled sample on a first
 * visit) and resumes the open attempt, whoever opened it, unless the URL names
 * another task. On the first boot, `?data=FOLDER_URL` imports that folder
 * (once: it is found again by its URL) and makes it active; see `openDataLink`.
 * When that loads nothing, the page says why and opens no data set
 * (`linkFailed`): {@link retryDataLink} tries again. `stored` is a data set
 * just imported and made active, opened without reading it back.
 */
export async function boot(installSample: InstallSample, hash: string, stored?: StoredDataset): Promise<void> {
  const previous = bootQueue
  let release: () => void = () => undefined
  bootQueue = new Promise<void>((resolve) => (release = resolve))
  await previous
  useSession.setState({ status: 'loading', missingTask: undefined })
  try {
    let dataset: DatasetRow | undefined
    const folder = dataParamHandled ? null : await linkedFolder(addressSearch())
    dataParamHandled = true
    if (folder) {
      dataset = folder === 'failed' ? undefined : await openDataLink(folder)
      // A page opened for a named data set never opens another one for solving: a participant would solve the wrong tasks (issue #24).
      if (!dataset) {
        useSession.setState({ status: 'linkFailed', dataset: undefined, tasks: [] })
        return
      }
    }
    dataset ??= stored?.row ?? (await activeDataset())
    if (!dataset) {
      stored = await installSample()
      dataset = stored.row
    }
    rememberDataStored()
    const tasks = stored?.row === dataset ? stored.tasks : await listTasks(dataset.id)
    useSession.setState({ dataset, tasks })
    // A study's share is one person's: their attempts carry the name the collector assigned, whatever was typed before.
    const person = dataset.sealed?.study?.person
    if (person !== undefined && useSettings.getState().actor !== person) useSettings.getState().setActor(person)
    await refreshProgress(dataset.id)
    // A reload comes back to the screen the tab last asked for, even if the address bar had not caught up.
    const { taskId, route } = hashToRoute(intendedHash(hash))
    // A link to a screen opens that screen; a link to the task alone resumes where the attempt was left.
    const screen = route.screen === 'home' ? undefined : route
    const open = await openAttempt(dataset.id)
    const named = taskId === undefined ? undefined : tasks.find((t) => t.id === taskId)
    // A link to a task this data set lacks is no reason to leave the attempt that was open: it is resumed, and the page says why.
    const missing = taskId !== undefined && !named ? taskId : undefined
    let shown: string | undefined
    if (open && (named === undefined || named.id === open.taskId) && tasks.some((t) => t.id === open.taskId)) {
      await openTask(open.taskId, missing === undefined ? screen : undefined, { attemptId: open.id })
      shown = open.taskId
    } else {
      const first = named ?? tasks[0]
      if (first) await openTask(first.id, named ? screen : undefined)
      shown = first?.id
    }
    if (missing !== undefined && shown !== undefined) useSession.setState({ missingTask: { id: missing, shown } })
    useSession.setState({ status: 'ready' })
  } catch (err) {
    useSession.setState({ status: 'error', error: err instanceof Error ? err.message : String(err) })
  } finally {
    markReady()
    release()
  }
}

/** Tries the page's `?data=` link again, after it loaded nothing (the link stays in the address until it loads). */
export async function retryDataLink(): Promise<void> {
  dataParamHandled = false
  await boot(() => Promise.reject(new Error('no data set is stored')), addressHash())
}

/** Switches to another stored data set. */
export async function switchDataset(id: string): Promise<void> {
  await setActiveDataset(id)
  await reloadDatasets()
}

/**
 * Re-reads the active data set (after an import, a switch or a delete) and
 * opens its open attempt or first task; after an import that made the new
 * data set active, `stored` spares reading it back.
 */
export async function reloadDatasets(stored?: StoredDataset): Promise<void> {
  await leaveAttempt()
  useSession.setState({ task: undefined, attempt: undefined, steps: [], explanation: undefined })
  await boot(() => Promise.reject(new Error('no data set is stored')), '', stored)
}

const datasetListeners = new Set<() => void>()

/** Tells whoever lists the stored data sets (the data set manager) that one was added, changed or removed. */
export function datasetsChanged(): void {
  for (const listener of datasetListeners) listener()
}

/** Calls `listener` after each {@link datasetsChanged}; returns the way to stop. */
export function onDatasetsChanged(listener: () => void): () => void {
  datasetListeners.add(listener)
  return () => datasetListeners.delete(listener)
}
