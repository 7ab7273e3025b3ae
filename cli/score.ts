/** npm run score -- --input_data F --input_response_data F --output_file result.json [--details F] [--tools F] [--records F] [--profile F] [--grades F]… [--judge MODE] */
import { basename, dirname, join } from 'node:path'
import { DATASET_FILES, JUDGE_MODES, formatIssue, formatScoreTable } from '../src/core/index'
import { choice, readOptions, required } from './args'
import { exitOnError } from './errors'
import { prepareOutputPath, readLiveScoring, readText, writeLines, writeText } from './files'
import { gradesNote, scoreTexts, unknownTasksWarning } from './scoring'

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

const scored = scoreTexts({ inputData: inputText, responses: responseText, tools: toolsText, responsePath, ...(grades ? { grades } : {}) }, () => readLiveScoring(inputPath, values), (issues) => {
  for (const issue of issues) console.error(`warning: ${formatIssue(issue)} (line skipped)`)
})
const { scores, result } = scored
const unknown = unknownTasksWarning(scored.unknownTasks, scored.lines.length, inputPath)
if (unknown) console.error(unknown)
if (scored.grades) {
  for (const issue of scored.grades.issues) console.error(`warning: ${formatIssue(issue)}`)
  console.error(gradesNote(scored.grades))
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

