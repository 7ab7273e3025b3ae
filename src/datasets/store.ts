import { create } from 'zustand'
import { DATASET_FILES, DATASET_FOLDER_FILES, REQUIRED_DATASET_FILES, setOwn } from '../core'
import { attemptCount, deleteDataset, deletedDatasets, listDatasets, storeDataset } from '../db'
import type { DatasetRow, DeletedDataset } from '../db'
import { bootsSettled, onDatasetsChanged, reloadDatasets, switchDataset } from '../state/boot'
import { Problem, shownProblem } from '../state/problem'
import type { ShownProblem } from '../state/problem'
import { useSession } from '../state/sessionStore'

/** A file with the path it had inside the picked or dropped folder ("" for loose files). */
export interface PickedFile {
  file: File
  /** "folder/sub/input_data.jsonl", or just the file name. */
  path: string
}

export type ImportSource = 'files' | 'folder' | 'drop'

export interface ImportStatus {
  /** 0..100 over reading, parsing and storing. */
  percent: number
  phase: 'read' | 'parse' | 'store'
}

export type ImportError = ShownProblem

interface DatasetsState {
  list: DatasetRow[]
  open: boolean
  importing?: ImportStatus
  error?: ImportError
  /** The last data set imported here, for the "imported" message. */
  imported?: { name: string; tasks: number }
  /** Deleted data sets whose attempts are kept (an import of the same data set takes them back), with their count. */
  kept: (DeletedDataset & { attempts: number })[]
}

export const useDatasets = create<DatasetsState>()(() => ({ list: [], open: false, kept: [] }))

const KNOWN = new Set(DATASET_FOLDER_FILES)
/** A skill given as a folder: `skills/<name>/SKILL.md` inside the data set's folder (the loader reads it). */
const SKILL_FILE = /^skills\/[^/\\]+\/SKILL\.md$/
const isZip = (name: string) => /\.zip$/i.test(name)

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash)
}

function depthOf(dir: string): number {
  return dir === '' ? 0 : dir.split('/').length
}

/**
 * Finds the data set among picked or dropped files: the folder (at any depth)
 * that holds input_data.jsonl, taking the shallowest one. Several candidates
 * at the same depth, or a missing required file, are a Problem.
 */
export function pickDatasetFiles(picked: PickedFile[]): { dir: string; files: Map<string, File> } {
  const known = picked.filter((p) => KNOWN.has(p.file.name))
  const homes = [...new Set(known.filter((p) => p.file.name === DATASET_FILES.inputData).map((p) => parentOf(p.path)))]
  if (homes.length === 0) throw new Problem('importMissing', { files: DATASET_FILES.inputData })
  const shallowest = Math.min(...homes.map(depthOf))
  const candidates = homes.filter((d) => depthOf(d) === shallowest).sort()
  if (candidates.length > 1) throw new Problem('importSeveral', { folders: candidates.map((d) => `${d || '.'}/`).join(', ') })
  const dir = candidates[0] ?? ''
  const files = new Map<string, File>()
  // Loose files picked together have no folder: each of them counts, so two of one name cannot silently replace each other.
  for (const p of known)
    if (dir === '' || parentOf(p.path) === dir) {
      const taken = files.get(p.file.name)
      if (taken && taken !== p.file) throw new Problem('importSameName', { file: p.file.name })
      files.set(p.file.name, p.file)
    }
  for (const p of picked) {
    const inside = dir === '' ? p.path : p.path.startsWith(`${dir}/`) ? p.path.slice(dir.length + 1) : undefined
    if (inside !== undefined && SKILL_FILE.test(inside)) files.set(inside, p.file)
  }
  const missing = REQUIRED_DATASET_FILES.filter((name) => !files.has(name))
  if (missing.length > 0) throw new Problem('importMissing', { files: missing.join(', ') })
  return { dir, files }
}

/** The files of an <input type=file>, with their folder paths when a folder was picked. */
export function pickedFromInput(list: FileList | null): PickedFile[] {
  return Array.from(list ?? [], (file) => ({ file, path: file.webkitRelativePath || file.name }))
}

function readEntryFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject))
}

function readAllEntries(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader()
  const all: FileSystemEntry[] = []
  return new Promise((resolve, reject) => {
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) return resolve(all)
        all.push(...batch)
        next()
      }, reject)
    next()
  })
}

async function walk(entry: FileSystemEntry, out: PickedFile[]): Promise<void> {
  const path = entry.fullPath.replace(/^\/+/, '')
  if (entry.isFile) {
    // Only the data set's own files are read; a big folder's other files are skipped.
    if (KNOWN.has(entry.name) || entry.name === 'SKILL.md' || isZip(entry.name)) out.push({ file: await readEntryFile(entry as FileSystemFileEntry), path })
  } else if (entry.isDirectory) {
    for (const child of await readAllEntries(entry as FileSystemDirectoryEntry)) await walk(child, out)
  }
}

/**
 * The files of a drop, folders walked. Must be called in the drop handler
 * itself: a DataTransfer is emptied once the handler returns.
 */
export function pickedFromDrop(data: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => !!e)
  if (entries.length === 0) return Promise.resolve(pickedFromInput(data.files))
  return (async () => {
    const out: PickedFile[] = []
    for (const entry of entries) await walk(entry, out)
    return out
  })()
}

/** Re-reads the stored data sets into the list. */
export async function refreshDatasets(): Promise<void> {
  const [list, deleted] = await Promise.all([listDatasets(), deletedDatasets()])
  const kept = await Promise.all(deleted.map(async (d) => ({ ...d, attempts: countOf(await attemptCount(d.id)) })))
  useDatasets.setState({ list, kept: kept.filter((d) => d.attempts > 0) })
}

const countOf = (count: { people: number; runs: number }) => count.people + count.runs

/** What deleting a data set would keep (or, when asked, delete): its attempts by people and by agent runs. */
export function attemptsToKeep(id: string): Promise<{ people: number; runs: number }> {
  return attemptCount(id)
}

/**
 * Opens the manager once its list is read (after a first visit has stored its
 * sample): rows that arrived after the dialog showed would push every control
 * below them down, under a pointer already on its way to one of them.
 */
export function openManager(open = true): void {
  if (!open) return useDatasets.setState({ open })
  useDatasets.setState({ error: undefined, imported: undefined })
  void bootsSettled()
    .then(refreshDatasets)
    .finally(() => useDatasets.setState({ open: true }))
}

const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

function defaultName(dir: string): string {
  const last = dir.split('/').filter(Boolean).pop()
  if (last) return last
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `Imported ${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`
}

/** What an import reads before storing: the files' texts, the name to store them under, and where they came from. */
export interface ImportInput {
  files: Record<string, string>
  name: string
  source: string
}

/**
 * The one way the manager imports a data set (picked files, a drop, the live
 * sample): `read` gets the files (reporting 0–20 % as it goes), then they are
 * parsed and stored with the bar moving, and the new data set becomes the
 * active one. All or nothing: on any problem the error is shown and the
 * stored data sets, the active one and the open task stay as they were.
 */
export async function importWithProgress(read: (progress: (percent: number) => void) => Promise<ImportInput>): Promise<DatasetRow | undefined> {
  if (useDatasets.getState().importing) return undefined
  useDatasets.setState({ importing: { percent: 0, phase: 'read' }, error: undefined, imported: undefined })
  try {
    await bootsSettled()
    const input = await read((percent) => useDatasets.setState({ importing: { percent, phase: 'read' } }))
    useDatasets.setState({ importing: { percent: 20, phase: 'parse' } })
    await nextFrame() // let the bar paint before parsing holds the thread
    const stored = await storeDataset(input.files, {
      name: input.name,
      source: input.source,
      onProgress: (done, total, phase) =>
        useDatasets.setState({
          importing: phase === 'parse' ? { percent: 20, phase } : { percent: 30 + Math.round((70 * done) / Math.max(total, 1)), phase },
        }),
    })
    useDatasets.setState({ importing: { percent: 100, phase: 'store' } })
    await reloadDatasets(stored)
    await refreshDatasets()
    const { row } = stored
    useDatasets.setState({ imported: { name: row.name, tasks: row.tasks } })
    return row
  } catch (err) {
    useDatasets.setState({ error: shownProblem(err) })
    return undefined
  } finally {
    useDatasets.setState({ importing: undefined })
  }
}

/** Imports picked or dropped files as a new data set and makes it active (all or nothing). */
export function importPicked(picked: PickedFile[] | Promise<PickedFile[]>, source: ImportSource): Promise<DatasetRow | undefined> {
  return importWithProgress(async (progress) => {
    const all = await picked
    const [only] = all
    // One zip picked or dropped: the data set folder it holds, read by the loader's own zip reader.
    if (all.length === 1 && only && isZip(only.file.name)) {
      const { readDatasetZip } = await import('../core/zip')
      const files = readDatasetZip(new Uint8Array(await only.file.arrayBuffer()))
      progress(20)
      return { files, name: only.file.name.replace(/\.zip$/i, '') || defaultName(''), source }
    }
    const { dir, files } = pickDatasetFiles(all)
    const texts: Record<string, string> = {}
    let read = 0
    for (const [name, file] of files) {
      setOwn(texts, name, await file.text())
      read += 1
      progress(Math.round((20 * read) / files.size))
    }
    return { files: texts, name: defaultName(dir), source }
  })
}

/** Makes a stored data set the active one and opens its first task. */
export async function activateDataset(id: string): Promise<void> {
  useDatasets.setState({ error: undefined, imported: undefined })
  await bootsSettled()
  await switchDataset(id)
  await refreshDatasets()
}

/**
 * Deletes a stored data set (see deleteDataset: its attempts are kept unless
 * `withAttempts`); deleting the active one switches to the newest left.
 */
export async function removeDataset(id: string, withAttempts = false): Promise<void> {
  useDatasets.setState({ error: undefined, imported: undefined })
  await bootsSettled()
  if (useDatasets.getState().list.length <= 1) return // the page always keeps one data set
  const wasActive = useSession.getState().dataset?.id === id
  await deleteDataset(id, undefined, { withAttempts })
  if (wasActive) await reloadDatasets()
  await refreshDatasets()
}

// A data set stored elsewhere (a study unsealed, say) shows in the list at once.
onDatasetsChanged(() => void refreshDatasets())
