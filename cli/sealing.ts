/** What `npm run seal` and `npm run study` share: the passphrase, the output folder, the data set they start from. */
import { readFileSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { DATASET_FILES, DatasetError, SEALED_FILE, loadDataset } from '../src/core/index'
import type { Dataset } from '../src/core/index'
import { SHORT_PASSPHRASE, bundledQuestions } from '../src/core/study'
import { CliError, errorLine, keepSecret, systemReason } from './errors'
import { makeFolder, readDatasetFolder, writeText } from './files'

/** The passphrase in the environment variable `--passphrase-env` names; never printed. */
export function readPassphrase(variable: string | boolean | undefined, usage: string): string | undefined {
  if (variable === undefined) return undefined
  if (typeof variable !== 'string' || variable === '') throw new CliError('--passphrase-env needs the name of an environment variable.', { usage })
  const value = process.env[variable]
  if (value === undefined) throw new CliError(`--passphrase-env names ${variable}, which is not set.`, { usage })
  if (value === '') throw new CliError(`--passphrase-env names ${variable}, which is empty.`, { usage })
  keepSecret(value)
  if ([...value].length < SHORT_PASSPHRASE)
    process.stderr.write(`note: the passphrase in ${variable} is short (under ${SHORT_PASSPHRASE} characters); whoever has the sealed folder can try guesses offline.\n`)
  return value
}

/** The data set to seal: its files as read, and the data set they load to; a sealed one, or one that does not load, is refused in one line. */
export function readDataToSeal(folder: string): { files: Record<string, string>; dataset: Dataset } {
  const files = readDatasetFolder(folder)
  if (files[SEALED_FILE] !== undefined)
    throw new CliError(`${folder} is already sealed (it has ${SEALED_FILE}): seal the original data set.`, { exitCode: 1 })
  try {
    return { files, dataset: loadDataset(files).dataset }
  } catch (err) {
    if (err instanceof DatasetError) throw new CliError(`${folder}: the data set does not load: ${errorLine(err)}`, { exitCode: 1, cause: err })
    throw err
  }
}

function realOrResolved(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return resolve(path)
  }
}

/** Where writing `path` would land: the real path of its nearest existing folder or file, symbolic links followed, and the rest. */
function realTarget(path: string): string {
  const absolute = resolve(path)
  const rest: string[] = []
  for (let at = absolute; ; at = dirname(at)) {
    try {
      return join(realpathSync(at), ...rest.reverse())
    } catch {
      if (dirname(at) === at) return absolute
      rest.push(basename(at))
    }
  }
}

/**
 * Refuses, before anything is written, a target whose real path leaves the
 * output folder: --out, a person's folder or a file in them that is a
 * symbolic link (to a data set, say) would have --overwrite write through it.
 */
export function checkTargets(out: string, targets: readonly string[]): void {
  // --out itself is not followed: a link there would lead its files elsewhere too.
  const root = join(realTarget(dirname(resolve(out))), basename(resolve(out)))
  for (const target of targets) {
    const real = realTarget(target)
    const inside = relative(root, real)
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
      throw new CliError(`${target} leads to ${real}, outside --out ${out} (a symbolic link): writing there could overwrite another folder; remove the link or choose another folder.`)
  }
}

/**
 * Checks the output folder before any work: not the data folder nor around
 * it, and empty unless `overwrite`. Returns what it already holds.
 */
export function checkOutFolder(out: string, data: string, overwrite: boolean, usage: string): string[] {
  const outPath = realOrResolved(out)
  const dataPath = realOrResolved(data)
  const inside = relative(outPath, dataPath)
  if (inside === '') throw new CliError(`--out is the data folder (${data}): the sealed copy needs a folder of its own.`, { usage })
  if (!inside.startsWith('..') && !isAbsolute(inside))
    throw new CliError(`--out ${out} holds the data folder ${data}: writing there could overwrite it; choose another folder.`, { usage })
  let stat
  try {
    stat = statSync(outPath)
  } catch {
    return []
  }
  if (!stat.isDirectory()) throw new CliError(`--out is a file, not a folder: ${out}`, { usage })
  let entries: string[]
  try {
    entries = readdirSync(outPath)
  } catch (err) {
    throw new CliError(`--out cannot be read: ${out} (${systemReason(err)})`, { cause: err })
  }
  if (entries.length > 0 && !overwrite) throw new CliError(`--out ${out} is not empty: pass --overwrite to write into it.`, { usage })
  return entries
}

/** The paths writing a data set folder touches: its files and a profile.json it may remove. */
export function folderTargets(folder: string, files: Record<string, string>): string[] {
  return [...new Set([...Object.keys(files), DATASET_FILES.profile])].map((name) => join(folder, name))
}

/**
 * Writes a data set folder's files (none through a symbolic link out of `out`, see {@link checkTargets}). A profile.json left from an earlier
 * write is removed when this data set has none, so the folder never shows
 * another data set's user.
 */
export function writeFolder(folder: string, files: Record<string, string>, out = folder): void {
  checkTargets(out, [...(folder === out ? [] : [folder]), ...folderTargets(folder, files)])
  makeFolder(folder, 'Output folder')
  for (const [name, text] of Object.entries(files)) {
    // A skill folder's SKILL.md goes into skills/<name>/.
    if (name.includes('/')) makeFolder(dirname(join(folder, name)), 'Output folder')
    writeText(join(folder, name), text, name)
  }
  if (files[DATASET_FILES.profile] === undefined) {
    try {
      rmSync(join(folder, DATASET_FILES.profile), { force: true })
    } catch (err) {
      throw new CliError(`${join(folder, DATASET_FILES.profile)} (left from an earlier write) cannot be removed (${systemReason(err)})`, { cause: err })
    }
  }
}

/** Where the page's bundled samples are kept: every folder of public/ is served beside the page, its gold included. */
const PUBLIC_FOLDER = join(import.meta.dirname, '..', 'public')

/** The questions of the tasks the page ships (every public/<folder>/input_data.jsonl), which a study must not hand out. */
export function bundledSampleQuestions(): Set<string> {
  const texts: string[] = []
  for (const entry of readdirSync(PUBLIC_FOLDER, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    try {
      texts.push(readFileSync(join(PUBLIC_FOLDER, entry.name, DATASET_FILES.inputData), 'utf8'))
    } catch {
      // a folder without tasks ships no gold
    }
  }
  return bundledQuestions(texts)
}
