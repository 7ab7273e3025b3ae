import { create } from 'zustand'
import { contentHash } from '../core/seal'
import { importDataset, listDatasets, prepareImport, setActiveDataset, setDatasetSource } from '../db'
import type { DatasetRow } from '../db'
import { fetchDatasetFiles } from './fetchDataset'
import { shownProblem } from './problem'
import { dataFolderOf, folderName, withoutDataParam } from './urls'
import { addressHref } from './address'

/** Why a `?data=` link loaded nothing: an i18n key with its values, or a message (the validator's, the network's). */
export type DataLinkProblem = { param: string } & ({ key: string; params: Record<string, string> } | { message: string })

interface DataLinkState {
  /** While the page asks whether to load a data set from another site. */
  asking?: { origin: string; url: string }
  /** Why the link loaded nothing (the page shows it in place of the phone); the stored data sets are as they were. */
  problem?: DataLinkProblem
  /** The link's folder changed since its stored copy was loaded: offered until loaded or dismissed. */
  update?: { url: string; datasetId: string; files: Record<string, string> }
  /** The page was opened by a study link: its return channel is loaded and shows how the uploads stand. */
  study?: true
}

export const useDataLink = create<DataLinkState>()(() => ({}))

/**
 * A study link (issue #30): `?PROLIFIC_PID=…` or another recruiter's
 * parameters. Its code (the return channel, age) is a feature of its own,
 * loaded only for such an address: the composition root registers the
 * loader, and state never imports a view.
 */
export type StudyLinkOpener = (search: string) => Promise<StudyLinkOpened>
/** `folder`: the claimed slot's share, to load as a `?data=` folder; `none`: the address is no study's; `problem`: why nothing is loaded. */
export type StudyLinkOpened = { folder: string } | { none: true } | { problem: string }

let studyLinkLoader: (() => Promise<StudyLinkOpener>) | undefined

export function registerStudyLink(loader: () => Promise<StudyLinkOpener>): void {
  studyLinkLoader = loader
}

/** The page's own parameters; any other one may be a recruiter's. */
const PAGE_PARAMS = new Set(['data', 'present'])

/** Whether the address can name no folder to load: no `?data=`, and no parameter a study link could have. */
export function namesNoFolder(search: string): boolean {
  const params = new URLSearchParams(search)
  return !params.get('data') && [...params.keys()].every((name) => PAGE_PARAMS.has(name))
}

/**
 * The folder the page's address names: `?data=`, or a study link's share
 * (its slot claimed first); null for neither. A study link that cannot be
 * opened answers `failed`, with `problem` set: the page then opens no other
 * data set, as for a `?data=` link.
 */
export async function linkedFolder(search: string): Promise<string | null | 'failed'> {
  const data = new URLSearchParams(search).get('data')
  if (data) return data
  if (namesNoFolder(search) || !studyLinkLoader) return null
  let opened: StudyLinkOpened
  try {
    opened = await (await studyLinkLoader())(search)
  } catch (err) {
    opened = { problem: err instanceof Error ? err.message : String(err) }
  }
  if ('folder' in opened) {
    useDataLink.setState({ study: true })
    return opened.folder
  }
  if ('none' in opened) return null
  useDataLink.setState({ problem: { param: addressHref(), message: opened.problem } })
  return 'failed'
}

let answer: ((load: boolean) => void) | undefined

/** Asks the person (in the page) whether to load the data set at `url`; resolves with their answer. */
function askToLoad(origin: string, url: string): Promise<boolean> {
  answer?.(false)
  return new Promise((resolve) => {
    answer = resolve
    useDataLink.setState({ asking: { origin, url } })
  })
}

/** The person's answer to the question `askToLoad` put. */
export function answerDataLink(load: boolean): void {
  const resolve = answer
  answer = undefined
  useDataLink.setState({ asking: undefined })
  resolve?.(load)
}

/**
 * Takes `?data=` out of the address once the data set it names is loaded. A
 * link is an order to load a data set once: left in the address, every
 * reload would make it active again over the person's own choice of data
 * set. A link that loaded nothing stays, so that a reload tries it again.
 */
function forgetDataParam(): void {
  const href = withoutDataParam(addressHref())
  if (href !== undefined) window.history.replaceState(window.history.state, '', href)
}

/**
 * Handles the page's `?data=FOLDER_URL`: the data set stored from that URL, or
 * the folder imported (this site's at once; another site's once the person
 * agrees). Answers undefined when nothing was loaded (a bad address, declined,
 * a failed download or a bad data set): the stored data sets and the active
 * one are then as they were, `problem` says why, and the link stays in the
 * address.
 */
export async function openDataLink(param: string): Promise<DatasetRow | undefined> {
  useDataLink.setState({ problem: undefined })
  const folder = dataFolderOf(param, document.baseURI)
  if (!folder.ok) {
    useDataLink.setState({ problem: { param, key: `dataLink.${folder.reason}`, params: { url: param } } })
    return undefined
  }
  try {
    const stored = (await listDatasets()).find((d) => d.source === folder.url)
    if (stored) {
      await setActiveDataset(stored.id)
      forgetDataParam()
      await checkForUpdate(stored, folder)
      return stored
    }
    if (!folder.sameOrigin && !(await askToLoad(folder.origin, folder.url))) {
      useDataLink.setState({ problem: { param: folder.url, key: 'dataLink.declined', params: { origin: folder.origin } } })
      return undefined
    }
    const [files] = await Promise.all([fetchDatasetFiles(folder.url, { origin: folder.origin }), prepareImport()])
    const imported = await importDataset(files, { name: folderName(folder.url), source: folder.url })
    await setDatasetSource(imported.id, { source: folder.url, sourceHash: contentHash(files) })
    forgetDataParam()
    return imported
  } catch (err) {
    const problem: DataLinkProblem = { param: folder.url, ...shownProblem(err) }
    useDataLink.setState({ problem })
    return undefined
  }
}

/**
 * A link's folder is found by its address, but may have changed since its
 * stored copy was loaded (a study re-sealed, a task fixed): on each visit it
 * is fetched again and, when its files differ, the update is offered. A
 * folder that cannot be fetched now leaves the stored copy as it is.
 */
async function checkForUpdate(stored: DatasetRow, folder: { url: string; origin: string }): Promise<void> {
  useDataLink.setState({ update: undefined })
  let files: Record<string, string>
  try {
    files = await fetchDatasetFiles(folder.url, { origin: folder.origin })
  } catch {
    return
  }
  const hash = contentHash(files)
  // Stored before folders were hashed: this visit's files are the reference from now on.
  if (stored.sourceHash === undefined) return setDatasetSource(stored.id, { source: folder.url, sourceHash: hash })
  if (hash !== stored.sourceHash) useDataLink.setState({ update: { url: folder.url, datasetId: stored.id, files } })
}

/**
 * Loads the offered update of a link's folder as a data set of its own, made
 * active; the old copy stays, with its attempts, under a source that the
 * link no longer finds (its address with `#before-<date>`).
 */
export async function loadDataLinkUpdate(): Promise<DatasetRow | undefined> {
  const update = useDataLink.getState().update
  if (!update) return undefined
  const row = await importDataset(update.files, { name: folderName(update.url), source: update.url })
  await setDatasetSource(row.id, { source: update.url, sourceHash: contentHash(update.files) })
  await setDatasetSource(update.datasetId, { source: `${update.url}#before-${new Date().toISOString()}` })
  useDataLink.setState({ update: undefined })
  return row
}

export function dismissDataLinkUpdate(): void {
  useDataLink.setState({ update: undefined })
}
