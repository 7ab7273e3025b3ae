/**
 * npm run export -- --format hf|inspect|responses --data DIR --out DIR IN...
 * Trajectories out: response files of agents' runs (`npm run agent`) and
 * people's exports (the page's zip, or its folder) as a Hugging Face chat data
 * set, Inspect eval logs, or Responses API items. Every line is scored by the
 * one scorer against the data set.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { scoreResponses, setOwn } from '../src/core/index'
import { isArchiveFileName, readArchive, unzipArchive } from '../src/core/archive/index'
import { ARCHIVE_FILES, ArchiveError } from '../src/core/archive/index'
import { HF_FILES, collectTrajectories, hfCard, hfJsonl, hfParquet, hfRow, inspectLogs, responsesLine } from '../src/core/trajectories/index'
import type { TrajectorySource } from '../src/core/trajectories/index'
import { choice, readOptions, required } from './args'
import { CliError, exitOnError, systemReason } from './errors'
import { loadDatasetFolder, makeFolder, readText, writeText } from './files'

exitOnError()

const USAGE = `Usage: npm run export -- --format hf|inspect|responses --data DATASET_FOLDER --out OUT_FOLDER [--name NAME] [--license ID] IN...
IN: response files (.jsonl: npm run agent's response.jsonl, a harness's output) and people's
exports (the page's .zip, or the folder it unpacks to), as many as you like.
  hf         OUT/data.jsonl, OUT/data.parquet and OUT/README.md (a dataset card; --license, default "other")
  inspect    one Inspect eval log (.json) per person or model and run: inspect view --log-dir OUT
  responses  OUT/responses.jsonl: one line per trajectory, its conversation as Responses API input items
--name: the data set's name in the card and the logs (default: the data set folder's name).
Every line is scored again by the SPIEval scorer against the data set (live lines replayed over its records).`

const { values, positionals } = readOptions(
  { format: { type: 'string' }, data: { type: 'string' }, out: { type: 'string' }, name: { type: 'string' }, license: { type: 'string' }, help: { type: 'boolean' } },
  USAGE,
  { positionals: true },
)
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const format = choice(required(values.format, 'format', USAGE), 'format', ['hf', 'inspect', 'responses'] as const, USAGE)
const dataFolder = required(values.data, 'data', USAGE)
const outFolder = required(values.out, 'out', USAGE)
const license = typeof values.license === 'string' && values.license !== '' ? values.license : 'other'
if (positionals.length === 0) throw new CliError('Missing IN: name at least one response file, export zip or folder.', { usage: USAGE })

/** The response file of an archive's files: response.jsonl, else its one other .jsonl (not details.jsonl). */
function responseFile(files: Record<string, string>, where: string): TrajectorySource {
  // A page export has a manifest: the archive reader checks each file against it (and every line) before anything is used.
  if (files[ARCHIVE_FILES.manifest] !== undefined) {
    const { issues } = readArchive(files)
    if (issues.length > 0) throw new CliError(`${where}: the export cannot be read: ${issues.slice(0, 3).join('; ')}${issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''}`)
  }
  const names = ARCHIVE_FILES.responses in files ? [ARCHIVE_FILES.responses] : Object.keys(files).filter((n) => n.endsWith('.jsonl') && n !== ARCHIVE_FILES.details)
  const [name] = names
  if (names.length !== 1 || name === undefined)
    throw new CliError(`${where}: ${names.length === 0 ? `no ${ARCHIVE_FILES.responses}` : `several response files (${names.join(', ')}) and no ${ARCHIVE_FILES.responses}`}: name the file itself.`)
  return { name: `${where}/${name}`, text: files[name] as string }
}

function folderFiles(folder: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (isArchiveFileName(name) && statSync(path).isFile()) setOwn(files, name, readText(path, 'File'))
  }
  return files
}

function sourceOf(path: string): TrajectorySource {
  let stat
  try {
    stat = statSync(path)
  } catch (err) {
    throw new CliError(`Input not found: ${path} (${systemReason(err)})`, { cause: err })
  }
  if (stat.isDirectory()) return responseFile(folderFiles(path), path)
  if (path.toLowerCase().endsWith('.zip')) {
    try {
      return responseFile(unzipArchive(new Uint8Array(readFileSync(path))), path)
    } catch (err) {
      if (err instanceof ArchiveError) throw new CliError(`${path}: ${err.message}`, { cause: err })
      throw err
    }
  }
  return { name: path, text: readText(path, 'Response file') }
}

const sources = positionals.map(sourceOf)
const { dataset } = loadDatasetFolder(dataFolder)
const { trajectories, issues, unknownTasks } = collectTrajectories(dataset, sources)
for (const issue of issues) console.error(`warning: ${issue} (line skipped)`)
if (unknownTasks.length > 0)
  throw new CliError(
    `${unknownTasks.length} task id${unknownTasks.length === 1 ? '' : 's'} of the input${unknownTasks.length === 1 ? ' is' : 's are'} not in ${dataFolder} (${unknownTasks.slice(0, 5).map((id) => JSON.stringify(id)).join(', ')}${unknownTasks.length > 5 ? ', …' : ''}): give the data set the lines were made on.`,
  )
if (trajectories.length === 0) throw new CliError('No trajectories in the input.', { exitCode: 1 })

makeFolder(outFolder, 'Output folder (--out)')
const written: string[] = []
const write = (name: string, content: string | Uint8Array): void => {
  const path = join(outFolder, name)
  writeText(path, content, 'Output file')
  written.push(name)
}
const datasetName = typeof values.name === 'string' && values.name !== '' ? values.name : basename(resolve(dataFolder))
if (format === 'hf') {
  const rows = trajectories.map(hfRow)
  write(HF_FILES.jsonl, hfJsonl(rows))
  write(HF_FILES.parquet, hfParquet(rows))
  // The inputs by file name: a card is published, the folders it was made in are nobody's business.
  write(HF_FILES.card, hfCard(rows, { dataset: datasetName, license, sources: positionals.map((p) => basename(p)) }))
} else if (format === 'inspect') {
  const live = { records: dataset.records, profile: dataset.profile }
  const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }).version
  const logs = inspectLogs(trajectories, {
    dataset: { name: datasetName, location: dataFolder, tasks: dataset.tasks },
    scoreRun: (lines) => scoreResponses(dataset.tasks, dataset.tools, lines, live),
    exportedAt: new Date().toISOString(),
    version,
  })
  for (const { name, log } of logs) write(name, JSON.stringify(log, null, 2) + '\n')
} else write('responses.jsonl', trajectories.map((t, i) => JSON.stringify(responsesLine(t, i)) + '\n').join(''))

const correct = trajectories.filter((t) => t.verdict.correct).length
console.log(`${trajectories.length} trajectories (${correct} correct by the scorer) from ${sources.length} input${sources.length === 1 ? '' : 's'}.`)
console.log(`Wrote ${written.join(', ')} to ${outFolder}`)
if (format === 'inspect') console.log(`Open them with: inspect view --log-dir ${outFolder}`)
