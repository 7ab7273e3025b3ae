/**
 * Sealing, studies and unsealing in the page (issue #17): the same core
 * functions `npm run seal` and `npm run study` call, with the page's files
 * and storage around them.
 */
import { create } from 'zustand'
import { fileSafeName, setOwn } from '../core'
import type { AccessSetting, DatasetFiles } from '../core'
import { zipArchive } from '../core/archive'
import { SealError, WebCryptoMissing, compareFingerprints, sealDataset } from '../core/seal'
import { BundledTasksError, SHORT_PASSPHRASE, StudyError, bundledQuestions, makeStudy, personNameProblem, readStudyFile, studyBaseUrl, studyFolderFiles } from '../core/study'
import type { StudyFile } from '../core/study'

export { SHORT_PASSPHRASE }
import { deleteStudy, exportDataset, listStudies, readStoredDataset, recordGoldOfFinished, saveStudy, unsealStoredDataset } from '../db'
import type { DatasetRow, StudyRow, UnsealedDataset } from '../db'
import { datasetsChanged, reloadDatasets } from '../state/boot'
import { saveDownload } from '../state/download'
import { gradedJudgeFor } from '../state/gradedJudge'
import { LIVE_SAMPLE_FOLDER, LIVE_SAMPLE_SOURCE, PLANNER_SAMPLE_FOLDER, PLANNER_SAMPLE_SOURCE, SAMPLE_FOLDER } from '../state/bundled'
import { Problem, shownProblem } from '../state/problem'
import type { ShownProblem } from '../state/problem'
import { useSession } from '../state/sessionStore'

/** What a dialog shows for a failure: a translated key, or a message as the core wrote it. */
export type SealingError = ShownProblem

/** A thrown value as a dialog shows it: known failures by key, anything else by its message. */
export function sealingError(err: unknown): SealingError {
  if (err instanceof WebCryptoMissing) return { key: 'sealing.noCrypto', params: {} }
  if (err instanceof SealError) {
    if (err.code === 'wrong-passphrase') return { key: 'sealing.wrongPassphrase', params: {} }
    if (err.code === 'no-gold') return { key: 'sealing.noGold', params: {} }
    if (err.code === 'tampered' && err.taskId !== undefined) return { key: 'sealing.tampered', params: { task: err.taskId } }
  }
  return shownProblem(err)
}

/**
 * Whether this page can derive keys: `crypto.subtle` exists only on secure
 * origins (https, localhost, 127.0.0.1). Without it a passphrase can neither
 * seal nor unseal; sealing without one (the gold removed) still works.
 */
export function webCryptoReady(): boolean {
  return typeof globalThis.crypto?.subtle?.deriveKey === 'function'
}

/**
 * The files sealing starts from: the stored data set written in the published
 * format (exportDataset), each task's line as imported or as revised in the
 * page. A task revised since the import is sealed as revised, and nothing has
 * to be fetched or picked again.
 */
export async function storedFiles(row: Pick<DatasetRow, 'id' | 'sealed'>): Promise<DatasetFiles> {
  if (row.sealed) throw new Problem('sealing.filesSealed', {}, 'This data set is a sealed copy: seal the original data set.')
  const files = await exportDataset(row.id)
  if (!files) throw new Problem('sealing.gone', {}, 'The data set is no longer stored.')
  return files
}

/**
 * Seals a data set for participants and hands the sealed folder over as
 * `<name>-sealed.zip` (one folder inside, as `npm run seal` writes it).
 */
export async function sealForParticipants(row: DatasetRow, files: DatasetFiles, passphrase: string | undefined): Promise<{ fileName: string }> {
  const sealed = await sealDataset(files, passphrase === undefined ? {} : { passphrase })
  const folder = `${fileSafeName(row.name, 'dataset')}-sealed`
  const entries: Record<string, string> = {}
  for (const [name, text] of Object.entries(sealed)) setOwn(entries, `${folder}/${name}`, text)
  const fileName = `${folder}.zip`
  saveDownload(zipArchive(entries, new Date()), fileName, 'application/zip')
  return { fileName }
}

/** A seed for a new study: a whole number below a billion, as `npm run study` chooses one. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 1_000_000_000)
}

/** The people typed into the study form: names separated by commas, spaces around them dropped. */
export function peopleOf(text: string): string[] {
  return text.split(',').map((name) => name.trim())
}

export interface StudyForm {
  people: string
  perTask: string
  seed: string
  passphrase: string
  baseUrl: string
  /** Each person's calls written with strict durability (sealed.json's `study.durability`). */
  strict?: boolean
  /** The access setting every participant works in. */
  setting: AccessSetting
}

/** A study form's values, or the first problem in it (the command line's checks, in the reader's language). */
export function readStudyForm(form: StudyForm): { people: string[]; perTask: number; seed: number; baseUrl: string; setting: AccessSetting; passphrase?: string; durability?: 'strict' } {
  const people = peopleOf(form.people)
  if (form.people.trim() === '') throw new Problem('sealing.studyDialog.noPeople')
  if (people.some((name) => name === '')) throw new Problem('sealing.studyDialog.emptyName')
  for (const name of people) if (personNameProblem(name)) throw new Problem('sealing.studyDialog.badName', { name })
  const seen = new Map<string, string>()
  for (const name of people) {
    const other = seen.get(name.toLowerCase())
    if (other !== undefined) throw new Problem('sealing.studyDialog.twice', { name: other === name ? name : `${other}, ${name}` })
    seen.set(name.toLowerCase(), name)
  }
  const perTask = wholeNumber(form.perTask, 1)
  if (perTask === undefined) throw new Problem('sealing.studyDialog.badPerTask')
  if (perTask > people.length) throw new Problem('sealing.studyDialog.tooFew', { perTask: String(perTask), count: String(people.length) })
  const seed = wholeNumber(form.seed, 0)
  if (seed === undefined) throw new Problem('sealing.studyDialog.badSeed')
  const baseUrl = studyBaseUrl(form.baseUrl.trim())
  if (baseUrl === undefined) throw new Problem('sealing.studyDialog.badBaseUrl')
  return { people, perTask, seed, baseUrl, setting: form.setting, ...(form.passphrase === '' ? {} : { passphrase: form.passphrase }), ...(form.strict ? { durability: 'strict' as const } : {}) }
}

function wholeNumber(text: string, min: number): number | undefined {
  const value = text.trim()
  if (!/^\d+$/.test(value)) return undefined
  const n = Number(value)
  return Number.isSafeInteger(n) && n >= min ? n : undefined
}

interface SealingState {
  /** Data set id → its studies, oldest first, as last read. */
  studies: Record<string, StudyRow[]>
}

export const useSealing = create<SealingState>()(() => ({ studies: {} }))

/** Reads a data set's studies into the store. */
export async function refreshStudies(datasetId: string): Promise<void> {
  const rows = await listStudies(datasetId)
  useSealing.setState((s) => ({ studies: { ...s.studies, [datasetId]: rows } }))
}

/** The stored sources of the samples bundled with the page (boot's default sample, the live and planner samples): their gold ships with the page. */
const BUNDLED_SOURCES = new Set(['sample', LIVE_SAMPLE_SOURCE, PLANNER_SAMPLE_SOURCE])

/** The folders of the samples the page ships, relative to it: their input_data.jsonl, gold included, is anyone's to fetch. */
const BUNDLED_FOLDERS = [SAMPLE_FOLDER, LIVE_SAMPLE_FOLDER, PLANNER_SAMPLE_FOLDER]

/** The questions of the tasks the page ships; a sample that cannot be fetched is set aside (the stored source still refuses it). */
async function shippedQuestions(): Promise<Set<string>> {
  const texts = await Promise.all(
    BUNDLED_FOLDERS.map(async (folder) => {
      try {
        const response = await fetch(new URL(`${folder}input_data.jsonl`, document.baseURI))
        return response.ok ? await response.text() : ''
      } catch {
        return ''
      }
    }),
  )
  return bundledQuestions(texts)
}

/**
 * Makes a study of a data set as `npm run study` does (the same function),
 * hands its folder over as `study-<id>.zip`, and keeps its assignment.json
 * with the data set, so that the collector's page knows who solves what. A
 * sample bundled with the page is refused: participants could read its gold.
 */
export async function createStudy(row: DatasetRow, files: DatasetFiles, form: StudyForm): Promise<{ study: StudyFile; fileName: string }> {
  if (BUNDLED_SOURCES.has(row.source))
    throw new Problem('sealing.studyDialog.bundled', { name: row.name }, `${row.name} is a sample bundled with the page: its gold ships with the page.`)
  const input = readStudyForm(form)
  let made
  try {
    made = await makeStudy({ files, bundled: await shippedQuestions(), ...input })
  } catch (err) {
    if (err instanceof BundledTasksError)
      throw new Problem('sealing.studyDialog.bundledTasks', { count: String(err.ids.length), total: String(err.total), named: err.named }, err.message)
    if (err instanceof StudyError) throw new Problem('sealing.studyDialog.refused', { error: err.message }, err.message)
    throw err
  }
  const folder = `study-${made.study.id}`
  const entries: Record<string, string> = {}
  for (const [path, text] of Object.entries(studyFolderFiles(made))) setOwn(entries, `${folder}/${path}`, text)
  await saveStudy(row.id, made.study)
  await refreshStudies(row.id)
  const fileName = `${folder}.zip`
  saveDownload(zipArchive(entries, new Date()), fileName, 'application/zip')
  return { study: made.study, fileName }
}

/**
 * Keeps a study made elsewhere (`npm run study`) with a data set, once its
 * assignment.json reads and every task it names is this data set's, with
 * the same fingerprint (messages, records, profile and tools; a study made
 * before version 2 fingerprints, the user messages and records only);
 * otherwise refuses, naming the task.
 */
export async function loadStudyFile(row: DatasetRow, text: string): Promise<StudyFile> {
  const read = readStudyFile(text)
  if ('problems' in read) throw new Problem('sealing.study.unreadable', { error: read.problems.join('; ') }, read.problems.join('; '))
  const stored = await readStoredDataset(row.id)
  if (!stored) throw new Problem('sealing.gone')
  const expected = Object.fromEntries(Object.entries(read.study.tasks).map(([id, t]) => [id, t.fingerprint]))
  const { missing, changed } = await compareFingerprints(expected, { tasks: stored.tasks, records: stored.records, profile: stored.row.profile, tools: stored.row.tools })
  if (missing.length > 0)
    throw new Problem('sealing.study.missingTask', { task: missing[0] ?? '', count: String(missing.length) }, `Task ${missing[0]} is not in this data set.`)
  if (changed.length > 0)
    throw new Problem('sealing.study.changedTask', { task: changed[0] ?? '', count: String(changed.length) }, `Task ${changed[0]} differs in this data set.`)
  await saveStudy(row.id, read.study)
  await refreshStudies(row.id)
  return read.study
}

export async function removeStudy(datasetId: string, studyId: string): Promise<void> {
  await deleteStudy(studyId)
  await refreshStudies(datasetId)
}

/**
 * Unseals a stored data set with its passphrase (src/db unsealStoredDataset:
 * tasks opened, attempts scored, in one transaction), then shows it again:
 * the active one is read again, so that its verdicts and reviews appear.
 */
export async function unsealInPage(row: DatasetRow, passphrase: string): Promise<UnsealedDataset> {
  if (row.sealed?.cipher === null) throw new SealError('no-gold', 'This data set was sealed without a passphrase: its gold is not here.')
  const result = await unsealStoredDataset(row.id, passphrase, await gradedJudgeFor(row.id))
  // The submitted attempts are scored now, their reviews showing the gold: their people's next attempts are practice.
  await recordGoldOfFinished(row.id, 'unseal')
  if (useSession.getState().dataset?.id === row.id) await reloadDatasets()
  datasetsChanged()
  return result
}
