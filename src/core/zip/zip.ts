/**
 * A data set given as one zip (docs/reference.md, "A data set in a zip"): its
 * folder's files, found wherever the folder is inside the zip, read into the
 * same file map a folder gives, so that the page and the command line load
 * and check it with the one loader. Skills may be folders,
 * `skills/<name>/SKILL.md` (../load/skillFolders.ts); other files are skipped
 * without being inflated.
 *
 * fflate allocates an entry's declared size before inflating it, and a zip's
 * header can declare anything, so the central directory is listed first and
 * the zip refused on what it declares (as the import of attempts does).
 */
import { strFromU8, unzipSync } from 'fflate'
import { setOwn } from '../base/own'
import { DATASET_FOLDER_FILES } from '../dataset/folderFiles'
import { DATASET_FILES } from '../dataset/types'
import { skillFolderOf } from '../load/skillFolders'

/** Why a zip gives no data set: not a zip, over a limit, or not one data set folder. */
export class DatasetZipError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DatasetZipError'
  }
}

/**
 * The limits of a data set's zip: `entries` listed (a data set has a few
 * files, a zipped project folder more); `fileBytes` one file may inflate to
 * (a string in the engine holds at most about 512 M code units); `totalBytes`
 * all the files read together.
 */
export const DATASET_ZIP_LIMITS = { entries: 10_000, fileBytes: 384 * 1024 * 1024, totalBytes: 448 * 1024 * 1024 } as const

/** 1032:1 is the most deflate expands (zlib's FAQ); the slack covers a tiny stream's overhead. */
const DEFLATE_MAX_RATIO = 1032
const DEFLATE_SLACK = 1024
const STORED = 0
const DEFLATED = 8

/** The files of a data set folder by name: those the loader reads. */
const FOLDER_FILES = new Set(DATASET_FOLDER_FILES)

interface Entry {
  path: string
  size: number
  originalSize: number
  compression: number
}

class TooManyEntries extends Error {}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`

function listEntries(bytes: Uint8Array): Entry[] {
  const entries: Entry[] = []
  try {
    unzipSync(bytes, {
      filter: (file) => {
        if (entries.length >= DATASET_ZIP_LIMITS.entries) throw new TooManyEntries()
        entries.push({ path: file.name, size: file.size, originalSize: file.originalSize, compression: file.compression })
        return false
      },
    })
  } catch (err) {
    if (err instanceof TooManyEntries) throw new DatasetZipError(`The zip holds more than ${DATASET_ZIP_LIMITS.entries.toLocaleString('en')} entries: it is not a data set folder.`)
    throw new DatasetZipError(`Not a zip archive (${err instanceof Error ? err.message : String(err)}).`)
  }
  return entries
}

/** The metadata macOS adds, and folders' own entries. */
function isJunk(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return path.endsWith('/') || path.startsWith('__MACOSX/') || name.startsWith('._') || name === '.DS_Store'
}

/** The size an entry takes once read: a stored entry is a slice of the zip's own bytes. */
const inflatedSize = (entry: Entry): number => (entry.compression === STORED ? entry.size : entry.originalSize)

function entryProblem(entry: Entry): string | undefined {
  if (entry.compression !== STORED && entry.compression !== DEFLATED)
    return `${entry.path} uses compression method ${entry.compression}; only deflate (8) and stored (0) are read.`
  if (inflatedSize(entry) > DATASET_ZIP_LIMITS.fileBytes)
    return `${entry.path} declares ${mib(inflatedSize(entry))} uncompressed, over the limit of ${mib(DATASET_ZIP_LIMITS.fileBytes)} per file.`
  if (entry.compression === DEFLATED && entry.originalSize > entry.size * DEFLATE_MAX_RATIO + DEFLATE_SLACK)
    return `${entry.path} declares more uncompressed bytes than deflate can produce from ${entry.size.toLocaleString('en')}: the zip is damaged or crafted.`
  return undefined
}

/**
 * The data set folder inside a zip: the shallowest folder that holds
 * input_data.jsonl (the zip's root, or the one folder it was zipped in).
 * Two such folders at that depth are refused: one data set a zip.
 */
function datasetFolder(paths: readonly string[]): string {
  const homes = paths.filter((p) => p === DATASET_FILES.inputData || p.endsWith(`/${DATASET_FILES.inputData}`)).map((p) => p.slice(0, -DATASET_FILES.inputData.length))
  if (homes.length === 0) throw new DatasetZipError(`The zip holds no ${DATASET_FILES.inputData}: it is not a data set folder.`)
  const depth = (folder: string) => folder.split('/').length
  const shallowest = Math.min(...homes.map(depth))
  const candidates = homes.filter((h) => depth(h) === shallowest).sort()
  if (candidates.length > 1)
    throw new DatasetZipError(`The zip holds more than one data set (${candidates.map((c) => c || './').join(', ')}): zip one data set folder at a time.`)
  return candidates[0] ?? ''
}

/** The data set file a zip entry stands for (input_data.jsonl, skills/<name>/SKILL.md, …), or undefined for another file. */
function datasetFileOf(path: string, folder: string): string | undefined {
  if (!path.startsWith(folder)) return undefined
  const name = path.slice(folder.length)
  if (FOLDER_FILES.has(name)) return name
  return skillFolderOf(name) === undefined ? undefined : name
}

/**
 * The files of the data set a zip holds, by the names a folder gives them
 * (skill folders as `skills/<name>/SKILL.md`), for loadDataset to read.
 * Throws a {@link DatasetZipError} for bytes that are not a zip, an entry over
 * {@link DATASET_ZIP_LIMITS} or in a method fflate cannot read, no data set or
 * more than one, or one file given twice: all decided on the central
 * directory, before anything is inflated.
 */
export function readDatasetZip(bytes: Uint8Array): Record<string, string> {
  const entries = listEntries(bytes).filter((e) => !isJunk(e.path))
  const folder = datasetFolder(entries.map((e) => e.path))
  const wanted = entries.flatMap((entry) => {
    const file = datasetFileOf(entry.path, folder)
    return file === undefined ? [] : [{ entry, file }]
  })
  const problems = wanted.flatMap(({ entry }) => entryProblem(entry) ?? [])
  if (problems.length > 0) throw new DatasetZipError(`The zip cannot be read: ${problems.join(' ')}`)
  const seen = new Set<string>()
  for (const { entry } of wanted) {
    if (seen.has(entry.path)) throw new DatasetZipError(`The zip holds ${entry.path} twice: keep one.`)
    seen.add(entry.path)
  }
  const total = wanted.reduce((n, { entry }) => n + inflatedSize(entry), 0)
  if (total > DATASET_ZIP_LIMITS.totalBytes)
    throw new DatasetZipError(`The data set's files declare ${mib(total)} uncompressed together, over the limit of ${mib(DATASET_ZIP_LIMITS.totalBytes)} for a zip (give the folder instead).`)
  const fileOf = new Map(wanted.map(({ entry, file }) => [entry.path, file]))
  let unzipped: Record<string, Uint8Array>
  try {
    unzipped = unzipSync(bytes, { filter: (file) => fileOf.has(file.name) })
  } catch (err) {
    throw new DatasetZipError(`The zip is damaged (${err instanceof Error ? err.message : String(err)}).`)
  }
  const files: Record<string, string> = {}
  for (const [path, data] of Object.entries(unzipped)) {
    const file = fileOf.get(path)
    if (file !== undefined) setOwn(files, file, strFromU8(data))
  }
  return files
}
