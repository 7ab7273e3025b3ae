/** npm run score -- --input_data F --input_response_data F --output_file result.json [--tools F] */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  DATASET_FILES,
  DatasetError,
  IssueList,
  formatIssue,
  formatScoreTable,
  parseInputData,
  parseResponses,
  parseTools,
  scoreFileTexts,
  scoreResponses,
} from '../src/core/index'
import { readOptions, required } from './args'

const USAGE = `Usage: npm run score -- --input_data input_data.jsonl --input_response_data responses.jsonl --output_file result.json [--tools tools.json]
Writes result.json and details.jsonl (beside it) and prints the accuracy table.`

const { values } = readOptions(
  {
    input_data: { type: 'string' },
    input_response_data: { type: 'string' },
    output_file: { type: 'string' },
    tools: { type: 'string' },
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

function read(path: string, what: string): string {
  if (!existsSync(path)) {
    console.error(`${what} not found: ${path}`)
    process.exit(2)
  }
  return readFileSync(path, 'utf8')
}

const inputText = read(inputPath, 'input data')
const responseText = read(responsePath, 'responses')
const toolsText = read(toolsPath, 'tools.json (give --tools)')

// Scoring needs only the tasks and the tool schemas: the records are not read.
const inputIssues = new IssueList()
const tasks = parseInputData(inputText, inputIssues)
const tools = parseTools(toolsText, inputIssues)
if (inputIssues.hasErrors) {
  for (const issue of inputIssues.items) console.error(formatIssue(issue))
  process.exit(1)
}
const { lines, issues } = parseResponses(responseText, responsePath)
for (const issue of issues) console.error(`warning: ${formatIssue(issue)} (line skipped)`)

try {
  const scores = scoreResponses(tasks, tools, lines)
  const { result } = scores
  const texts = scoreFileTexts(scores)
  writeFileSync(outputPath, texts.result)
  const detailsPath = join(dirname(outputPath), 'details.jsonl')
  writeFileSync(detailsPath, texts.details)
  console.log(formatScoreTable(result))
  console.log(`\nWrote ${outputPath} and ${detailsPath}`)
} catch (err) {
  if (err instanceof DatasetError) {
    console.error(err.message)
    process.exit(1)
  }
  throw err
}
