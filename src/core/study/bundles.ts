/**
 * A whole study made from a data set's files (issue #17): who solves what,
 * each person's sealed folder, assignment.json and links.txt. `npm run study`
 * writes what this returns to disk; the page zips it. Both call this, so a
 * study made in either is the same study.
 */
import type { DatasetFiles } from '../load/parse'
import { SEALED_FILE } from '../dataset/types'
import { SealError } from '../dataset/sealedManifest'
import { datasetFingerprints } from '../seal/fingerprint'
import { readForSealing, sealRead } from '../seal/seal'
import { setOwn } from '../base/own'
import type { AccessSetting } from '../attempt/types'
import { StudyError, assignStudy } from './assign'
import type { StudyAssignment, StudyTask } from './assign'
import { BundledTasksError, bundledTasks } from './bundled'
import { buildStudyFile, studyId } from './file'
import type { StudyFile } from './file'

export interface MakeStudyInput {
  /** The unsealed data set's files as written (input_data.jsonl, records_db.json, tools.json, profile.json). */
  files: DatasetFiles
  /**
   * The questions of the tasks whose gold ships with the page
   * ({@link bundledQuestions} of the bundled samples): a study of any of them
   * is refused. Required, so that no caller forgets the samples.
   */
  bundled: ReadonlySet<string>
  people: readonly string[]
  /** K: how many different people solve each task. */
  perTask: number
  seed: number | string
  /** Encrypts the gold in every folder; without one the gold is removed. */
  passphrase?: string
  /** PBKDF2 iterations (default and minimum MIN_ITERATIONS). */
  iterations?: number
  /** Where the people's folders will be served; '' (the default) is beside the page. See {@link studyBaseUrl}. */
  baseUrl?: string
  /** The page's address (pageAddress in ./returnServe.ts): links.txt then holds whole links. */
  pageUrl?: string
  /** assignment.json's `created` (default: now). */
  created?: string
  /** `strict`: the folders ask the page to write each call with strict durability (sealed.json's `study.durability`). */
  durability?: 'strict'
  /** The access setting every participant works in (written to each folder's sealed.json and to assignment.json); default browse. */
  setting?: AccessSetting
}

export interface MadeStudy {
  /** assignment.json, for the collector. */
  study: StudyFile
  /** Person → that person's sealed folder, file name → text. */
  bundles: Record<string, Record<string, string>>
  /** links.txt: `<person><TAB><page url>?data=<base url><person>/` a line. */
  links: string
  /** The assignment, as assignStudy gave it. */
  assignment: StudyAssignment
  /** The tasks of the data set, in file order. */
  tasks: StudyTask[]
}

/**
 * Below this many characters, `npm run seal`, `npm run study` and the page
 * warn that whoever has a sealed folder can try guesses at its passphrase
 * offline, as fast as their hardware allows.
 */
export const SHORT_PASSPHRASE = 12

/** The file names a study folder holds beside the people's folders. */
export const STUDY_FILES = { assignment: 'assignment.json', links: 'links.txt' } as const

/**
 * A base URL as a study's links use it: with a final slash, '' for none.
 * Characters that would end the link or the query are refused: undefined.
 */
export function studyBaseUrl(value: string): string | undefined {
  if (value === '') return ''
  if (/[\s#"<>]/.test(value)) return undefined
  return value.endsWith('/') ? value : `${value}/`
}

/** A `?data=` value: only what would break the query is escaped, so that plain addresses stay readable. */
function queryValue(text: string): string {
  return text.replace(/[%&+#\s]/g, (c) => encodeURIComponent(c))
}

/**
 * links.txt of a study: one line a person, in the order given. With the
 * page's address (see pageAddress) each link is whole, ready to click or
 * send; without it, a `?data=` query to append to the page's address.
 */
export function studyLinks(people: readonly string[], baseUrl: string, pageUrl = ''): string {
  return people.map((person) => `${person}\t${pageUrl}?data=${queryValue(`${baseUrl}${encodeURIComponent(person)}/`)}`).join('\n') + '\n'
}

/** assignment.json's text, as the command line writes it. */
export function studyFileText(study: StudyFile): string {
  return JSON.stringify(study, null, 2) + '\n'
}

/**
 * Assigns a data set's tasks to people and seals each person's share.
 * Throws a StudyError (the people, K or the base URL cannot make a study, or
 * a task is one of a bundled sample's), a
 * SealError (the files are a sealed folder, a bad passphrase or iteration
 * count) or a DatasetError (the files do not load). The same files, people,
 * K and seed give the same assignment and id; without a passphrase the
 * folders are the same bytes too (with one, each has its own salt and IVs).
 */
export async function makeStudy(input: MakeStudyInput): Promise<MadeStudy> {
  const { files, people, perTask, seed, passphrase, iterations } = input
  const baseUrl = studyBaseUrl(input.baseUrl ?? '')
  if (baseUrl === undefined) throw new StudyError(`${JSON.stringify(input.baseUrl)} is not a usable address (no spaces, "#", quotes or angle brackets).`)
  if (files[SEALED_FILE] !== undefined) throw new SealError('already-sealed', `The data set is already sealed (it has ${SEALED_FILE}): make the study from the original data set.`)
  // Read once for every folder: a parse per person held as many copies of the data set at once.
  const source = readForSealing(files)
  const { dataset } = source
  const shipped = bundledTasks(dataset.tasks, input.bundled)
  if (shipped.length > 0) throw new BundledTasksError(shipped, dataset.tasks.length)
  const tasks = dataset.tasks.map((t) => ({ id: t.id, type: t.type }))
  const assignment = assignStudy({ tasks, people, perTask, seed })
  const fingerprints = await datasetFingerprints(dataset)
  const setting = input.setting ?? 'browse'
  const id = studyId({ seed, perTask, people, fingerprints, setting })
  // Sealed in turn: side by side, every folder's encryption buffers were alive at once.
  const bundles: Record<string, Record<string, string>> = {}
  for (const person of people)
    setOwn(
      bundles,
      person,
      await sealRead(source, {
        ...(passphrase === undefined ? {} : { passphrase }),
        ...(iterations === undefined ? {} : { iterations }),
        study: { id, person, tasks: assignment.people[person] ?? [], setting, ...(input.durability ? { durability: input.durability } : {}) },
      }),
    )
  const study = buildStudyFile({
    id,
    seed,
    perTask,
    tasks,
    fingerprints,
    assignment,
    ...(input.created === undefined ? {} : { created: input.created }),
    setting,
  })
  return { study, bundles, links: studyLinks(people, baseUrl, input.pageUrl), assignment, tasks }
}

/**
 * A study's folder as files by relative path (`<person>/<file>`,
 * assignment.json, links.txt): what `npm run study` writes into its --out
 * folder, for a zip.
 */
export function studyFolderFiles(made: Pick<MadeStudy, 'study' | 'bundles' | 'links'>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [person, files] of Object.entries(made.bundles)) for (const [name, text] of Object.entries(files)) setOwn(out, `${person}/${name}`, text)
  setOwn(out, STUDY_FILES.assignment, studyFileText(made.study))
  setOwn(out, STUDY_FILES.links, made.links)
  return out
}
