/** npm run score -- --input_data F --input_response_data F --output_file result.json [--details F] [--tools F] [--records F] [--profile F] [--grades F]… [--judge MODE] */
import { basename, dirname, join } from 'node:path'
import { DATASET_FILES, JUDGE_MODES, formatIssue, formatScoreTable, mixedMakers } from '../src/core/index'
import type { DatasetIssue, MixedMakers } from '../src/core/index'
import { choice, readOptions, required } from './args'
import { CliError, exitOnError } from './errors'
import { prepareOutputPath, readLiveScoring, readText, writeLines, writeText } from './files'
import { gradesNote, instructionsWarning, scoreTexts, unknownTasksWarning } from './scoring'

exitOnError()

const USAGE = `Usage: npm run score -- --input_data input_data.jsonl --input_response_data responses.jsonl --output_file result.json [--details F]
         [--tools tools.json] [--records records_db.json] [--profile profile.json]
         [--grades grades.jsonl]… [--judge off|advisory|grader|fallback]
Writes the output file and the per-task details beside it, and prints the accuracy table. Beside an
output named result.json the details are details.jsonl (as the published harness writes them); beside
any other name, <name>.details.jsonl (run1.json → run1.details.jsonl), so that two runs scored into one
folder keep their own. --details F writes them to F instead.
Live lines ("state": "live") of tasks that expect changes are also checked by the
state their calls leave: that reads records_db.json and profile.json (beside the
input data unless given; without a profile.json, the published profile).
Lines of planner tasks with a memory condition read records_db.json too: their
memory reads are answered again over the task's memory items.
--grades (repeatable) reads people's grades of rubric items without an automatic
check; each response line is graded by its "attempt" id, else as run:<run>.
--judge says how an LLM judge's grades count: advisory (the default) and off
never, grader as one more vote, fallback only on items no person voted on.`

const { values, lists } = readOptions(
  {
    input_data: { type: 'string' },
    input_response_data: { type: 'string' },
    output_file: { type: 'string' },
    details: { type: 'string' },
    tools: { type: 'string' },
    records: { type: 'string' },
    profile: { type: 'string' },
    grades: { type: 'string', multiple: true },
    judge: { type: 'string' },
    help: { type: 'boolean' },
  },
  USAGE,
)
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const inputPath = required(values.input_data, 'input_data', USAGE)
const responsePath = required(values.input_response_data, 'input_response_data', USAGE)
const outputPath = required(values.output_file, 'output_file', USAGE)
const toolsPath = typeof values.tools === 'string' ? values.tools : join(dirname(inputPath), DATASET_FILES.tools)

const inputText = readText(inputPath, 'Input data (--input_data)')
const responseText = readText(responsePath, 'Responses (--input_response_data)')
const toolsText = readText(toolsPath, typeof values.tools === 'string' ? 'Tools (--tools)' : 'tools.json beside the input data (or give --tools)')
const detailsPath = typeof values.details === 'string' ? values.details : detailsBeside(outputPath)
const detailsWhat = typeof values.details === 'string' ? 'Details (--details)' : 'the details beside the output file'
// Before the scoring: a path nothing can be written at is refused now, and a missing folder is made.
prepareOutputPath(outputPath, 'Output file (--output_file)')
prepareOutputPath(detailsPath, detailsWhat)
const judge = typeof values.judge === 'string' ? choice(values.judge, 'judge', JUDGE_MODES, USAGE) : 'advisory'
const gradePaths = lists.grades ?? []
const grades = gradePaths.length > 0 ? { files: gradePaths.map((path) => ({ path, text: readText(path, 'Grades (--grades)') })), judge } : undefined

/** Skipped lines past these are counted, not listed: a file of another kind would otherwise bury the table under a warning per line. */
const SKIPPED_SHOWN = 5
const scored = scoreTexts({ inputData: inputText, responses: responseText, tools: toolsText, responsePath, ...(grades ? { grades } : {}) }, () => readLiveScoring(inputPath, values), skippedLines)
const { scores, result } = scored
const unknown = unknownTasksWarning(scored.unknownTasks, scored.lines.length, inputPath)
if (unknown) console.error(unknown)
const otherInstructions = instructionsWarning(scored.instructionMismatches, scored.lines.length, inputPath)
if (otherInstructions) console.error(otherInstructions)
const mixed = mixedMakersWarning(mixedMakers(scored.lines))
if (mixed) console.error(mixed)
if (scored.grades) {
  for (const issue of scored.grades.issues) console.error(`warning: ${formatIssue(issue)}`)
  console.error(gradesNote(scored.grades))
}

/** Warns of the lines skipped, a few by name; a file of which not one line is a response line is refused before anything is scored. */
function skippedLines(issues: readonly DatasetIssue[]): void {
  const written = responseText.split(/\r?\n/).filter((line) => line.trim() !== '')
  const [first] = issues
  if (first && issues.length >= written.length && !written.some(isFailedEpisode)) throw noResponseLines(written.length, first)
  for (const issue of issues.slice(0, SKIPPED_SHOWN)) console.error(`warning: ${formatIssue(issue)} (line skipped)`)
  const more = issues.length - SKIPPED_SHOWN
  if (more > 0) console.error(`warning: and ${more} more line${more === 1 ? '' : 's'} of ${responsePath} skipped`)
}

/** A line of an episode that failed (npm run agent's, the page's runner's): a response line with nothing to score, which counts as no_response. */
function isFailedEpisode(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && 'id' in value && 'error' in value
  } catch {
    return false
  }
}

function noResponseLines(written: number, first: DatasetIssue): CliError {
  const none = written === 1 ? 'its one line is not one' : `none of its ${written} lines is one`
  return new CliError(
    `${responsePath} holds no response lines: ${none} (line ${first.line ?? 1}: ${first.message}). A response line is one JSON object a line with the task's "id", ` +
      `its "run" and "calls" or "messages", as {"id": "推理1", "run": 0, "calls": [{"name": "Phone_Call", "arguments": {"telephone": "13822419087"}}]}: ` +
      `give --input_response_data the response.jsonl that npm run agent or the page's export wrote (not a result.json or details.jsonl).`,
    { exitCode: 1 },
  )
}

/**
 * The warning when a file's lines come from several models or people (see
 * core's mixedMakers), or undefined: in a run they share, each replaces the
 * others' lines; in runs of their own, the mean mixes them. Runs of one person
 * each are a study's, scored so on purpose, and are not warned of.
 */
function mixedMakersWarning(mixed: MixedMakers | undefined): string | undefined {
  if (!mixed) return undefined
  const names = [listed(mixed.models, 'model', 'models'), listed(mixed.actors, 'person', 'people')].filter(Boolean).join(' and ')
  const split = 'Split the file by model (or actor) and score each part; npm run analyze gives each its own row.'
  const { sharedRuns } = mixed
  if (sharedRuns.length > 0) {
    const runs = `run${sharedRuns.length === 1 ? '' : 's'} ${sharedRuns.slice(0, 3).join(', ')}${sharedRuns.length > 3 ? ' …' : ''}`
    return `warning: ${responsePath} holds the lines of ${names} in the same ${runs}: they are scored as one run, so a task's last line wins, whoever wrote it. ${split}`
  }
  if (mixed.models.length === 0) return undefined
  return `warning: ${responsePath} holds the lines of ${names}, in runs of their own: they are scored as the runs of one system, so the mean and std mix them. ${split}`
}

/** "2 models ("a", "b")", at most three named; empty for none. */
function listed(names: readonly string[], one: string, many: string): string {
  if (names.length === 0) return ''
  const shown = names.slice(0, 3).map((name) => JSON.stringify(name)).join(', ')
  return `${names.length} ${names.length === 1 ? one : many} (${shown}${names.length > 3 ? ` and ${names.length - 3} more` : ''})`
}

/** The details' file beside the output: details.jsonl beside result.json (the harness's names), <name>.details.jsonl beside any other. */
function detailsBeside(output: string): string {
  const name = basename(output)
  if (name === 'result.json') return join(dirname(output), 'details.jsonl')
  return join(dirname(output), `${name.replace(/\.json$/i, '')}.details.jsonl`)
}

if (scores.result.state) console.log(`State verdicts: ${scores.result.state.tasks} tasks expect changes; see state_correct in the details`)
writeText(outputPath, result, 'Output file (--output_file)')
writeLines(detailsPath, scores.detailTexts(), detailsWhat)
console.log(formatScoreTable(scores.result))
console.log(`\nWrote ${outputPath} and ${detailsPath}`)

