import { accessSync, closeSync, constants, existsSync, mkdirSync, openSync, readFileSync, readdirSync, statSync, writeFileSync, writeSync } from 'node:fs'
import type { Stats } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { DATASET_FILES, DATASET_FOLDER_FILES, DatasetError, IssueList, SEALED_FILE, loadDataset, parseProfile, parseRecordsDb, setOwn } from '../src/core/index'
import type { Dataset, LiveScoring } from '../src/core/index'
import { skillFilePath } from '../src/core/load/index'
import { DatasetZipError, readDatasetZip } from '../src/core/zip/index'
import { CliError, errorLine, systemReason } from './errors'

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path)
  } catch {
    return undefined
  }
}

/** A file's text; a missing, folder or unreadable path is refused in one line naming `what` it should have been. */
export function readText(path: string, what: string): string {
  const stat = statOf(path)
  if (!stat) throw new CliError(`${what} not found: ${path}`)
  if (stat.isDirectory()) throw new CliError(`${what} is a folder, not a file: ${path}`)
  try {
    return readFileSync(path, 'utf8')
  } catch (err) {
    throw new CliError(`${what} cannot be read: ${path} (${systemReason(err)})`, { cause: err })
  }
}

/** Writes a file (text, or bytes); a path that cannot be written is refused in one line. */
export function writeText(path: string, text: string | Uint8Array, what: string): void {
  try {
    writeFileSync(path, text)
  } catch (err) {
    throw new CliError(`${what} cannot be written: ${path} (${systemReason(err)})`, { cause: err })
  }
}

/** Writes lines (each followed by a line end) as they come, a few megabytes at a time, so that no one string holds the file. */
export function writeLines(path: string, lines: Iterable<string>, what: string): void {
  let fd: number | undefined
  try {
    fd = openSync(path, 'w')
    let chunk: string[] = []
    let size = 0
    for (const line of lines) {
      chunk.push(line, '\n')
      size += line.length + 1
      if (size >= 4 * 1024 * 1024) {
        writeSync(fd, chunk.join(''))
        chunk = []
        size = 0
      }
    }
    writeSync(fd, chunk.join(''))
  } catch (err) {
    throw new CliError(`${what} cannot be written: ${path} (${systemReason(err)})`, { cause: err })
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** Makes a folder (and its parents); a path that cannot be one is refused in one line. */
export function makeFolder(path: string, what: string): void {
  try {
    mkdirSync(path, { recursive: true })
  } catch (err) {
    throw new CliError(`${what} cannot be created: ${path} (${systemReason(err)})`, { cause: err })
  }
}

/** Checks that a folder is there before anything is read from it (a typo would otherwise read as three missing files). */
export function requireFolder(folder: string, what = 'Data set folder'): void {
  const stat = statOf(folder)
  if (!stat) throw new CliError(`${what} not found: ${folder}`)
  if (!stat.isDirectory()) throw new CliError(`${what} is a file, not a folder: ${folder}`)
  try {
    readdirSync(folder)
  } catch (err) {
    throw new CliError(`${what} cannot be read: ${folder} (${systemReason(err)})`, { cause: err })
  }
}

/**
 * Reads a data set folder's files by name, sealed.json and skill folders
 * (`skills/<name>/SKILL.md`) included; absent files are left out (the loader
 * names the missing ones). A `.zip` file is read as the folder it holds.
 */
export function readDatasetFolder(folder: string): Record<string, string> {
  if (folder.toLowerCase().endsWith('.zip') && statOf(folder)?.isFile()) return readZipFolder(folder)
  requireFolder(folder)
  const files: Record<string, string> = {}
  for (const name of DATASET_FOLDER_FILES) {
    const path = join(folder, name)
    if (statOf(path)) setOwn(files, name, readText(path, name))
  }
  const skills = join(folder, 'skills')
  if (statOf(skills)?.isDirectory())
    for (const entry of readdirSync(skills, { withFileTypes: true })) {
      const name = skillFilePath(entry.name)
      if (entry.isDirectory() && statOf(join(folder, name))) setOwn(files, name, readText(join(folder, name), name))
    }
  return files
}

function readZipFolder(path: string): Record<string, string> {
  try {
    return readDatasetZip(new Uint8Array(readFileSync(path)))
  } catch (err) {
    if (err instanceof DatasetZipError) throw new CliError(`${path}: ${err.message}`, { exitCode: 1, cause: err })
    throw new CliError(`Data set zip cannot be read: ${path} (${systemReason(err)})`, { cause: err })
  }
}

/** Reads and loads a data set folder; one that does not load is refused in one line (the first error, and how many more). */
export function loadDatasetFolder(folder: string): ReturnType<typeof loadDataset> {
  const files = readDatasetFolder(folder)
  // A sealed task's gold is not there: run or scored, it would count as right for doing nothing.
  if (files[SEALED_FILE] !== undefined)
    throw new CliError(`${folder} is a sealed data set (${SEALED_FILE}): its gold is not there, so it cannot be run, scored or sealed again; use the original data set.`, {
      exitCode: 1,
    })
  try {
    return loadDataset(files)
  } catch (err) {
    if (err instanceof DatasetError) throw new CliError(`${folder}: the data set does not load: ${errorLine(err)}`, { exitCode: 1, cause: err })
    throw err
  }
}

/** Refuses task ids the data set does not have, naming them (a typo would otherwise run nothing and score 0). */
export function checkTaskIds(dataset: Dataset, ids: readonly string[], folder: string): void {
  const known = new Set(dataset.tasks.map((t) => t.id))
  const unknown = ids.filter((id) => !known.has(id))
  if (unknown.length === 0) return
  const sample = dataset.tasks.slice(0, 3).map((t) => t.id).join(', ')
  throw new CliError(
    `Unknown task${unknown.length === 1 ? '' : 's'} ${unknown.map((id) => JSON.stringify(id)).join(', ')} in ${folder} (it has ${dataset.tasks.length} tasks: ${sample}${dataset.tasks.length > 3 ? ', …' : ''}).`,
  )
}

/**
 * Makes an output file's folder when it is missing, as the commands that
 * write folders make theirs (`--out out/response.jsonl` in a fresh clone),
 * and refuses, before any work, a path no file can be written at: a folder,
 * a path through a file, a folder that is not writable.
 */
export function prepareOutputPath(path: string, what: string): void {
  const stat = statOf(path)
  if (stat?.isDirectory()) throw new CliError(`${what} is a folder, not a file: ${path}`)
  const folder = dirname(resolve(path))
  // mkdir under a file says "file already exists": the path's own fault is named instead.
  let existing = folder
  while (!statOf(existing) && dirname(existing) !== existing) existing = dirname(existing)
  if (!statOf(existing)?.isDirectory()) throw new CliError(`${what} cannot be written: ${path} (not a directory)`)
  try {
    mkdirSync(folder, { recursive: true })
    accessSync(folder, constants.W_OK)
  } catch (err) {
    throw new CliError(`${what} cannot be written: ${path} (${systemReason(err)})`, { cause: err })
  }
}

/**
 * The records and profile live response lines are replayed over (`npm run
 * score`, `npm run analyze`): `--records` / `--profile`, else the files beside
 * the input data; without a profile.json, the published profile.
 */
export function readLiveScoring(inputPath: string, options: { records?: string | boolean; profile?: string | boolean }): LiveScoring {
  const given = (v: string | boolean | undefined): v is string => typeof v === 'string'
  const recordsPath = given(options.records) ? options.records : join(dirname(inputPath), DATASET_FILES.records)
  const recordsText = readText(recordsPath, given(options.records) ? 'Records (--records)' : 'records_db.json beside the input data (live lines and memory conditions need it; or give --records)')
  const profilePath = given(options.profile) ? options.profile : join(dirname(inputPath), DATASET_FILES.profile)
  const profileText = given(options.profile) || existsSync(profilePath) ? readText(profilePath, 'Profile (--profile)') : undefined
  const issues = new IssueList()
  const records = parseRecordsDb(recordsText, issues)
  const profile = parseProfile(profileText, issues)
  if (issues.hasErrors) throw new DatasetError(issues.items)
  return { records, profile }
}
