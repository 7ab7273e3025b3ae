/**
 * npm run analyze -- [--input_data F] [--out DIR] [--records F] [--profile F] RESPONSES.jsonl...
 * The paper's tables for any response files (models' runs and people's attempts): printed, and written as CSV.
 * Live lines add the live tables (task / calls / state accuracy, disagreements, failure rate); a planner data set
 * (tasks that name a dimension) adds the planner figures the Analysis view shows.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  DatasetError,
  IssueList,
  analysisTables,
  analyze,
  formatIssue,
  formatTextTable,
  instructionMismatches,
  needsTaskRecords,
  parseInputData,
  parseResponses,
  parseTools,
  toCsv,
  unknownTasks,
} from '../src/core/index'
import type { ResponseLine } from '../src/core/index'
import { readOptions } from './args'
import { CliError, exitOnError } from './errors'
import { readLiveScoring, readText } from './files'
import { plannerTables } from './plannerTables'
import { instructionsWarning, unknownTasksWarning } from './scoring'

exitOnError()

const USAGE = `Usage: npm run analyze -- [--input_data input_data.jsonl] [--tools tools.json] [--out analysis]
         [--records records_db.json] [--profile profile.json] RESPONSES.jsonl...
Live lines ("state": "live") of tasks that expect changes are checked by the state their calls
leave, as npm run score does: that reads records_db.json and profile.json beside the input data
unless given (without a profile.json, the published profile).`
const { values, positionals } = readOptions(
  { input_data: { type: 'string' }, tools: { type: 'string' }, out: { type: 'string' }, records: { type: 'string' }, profile: { type: 'string' } },
  USAGE,
  { positionals: true },
)
if (positionals.length === 0) throw new CliError('Missing RESPONSES.jsonl: name at least one response file.', { usage: USAGE })
const inputPath = typeof values.input_data === 'string' ? values.input_data : 'public/data/input_data.jsonl'
const toolsPath = typeof values.tools === 'string' ? values.tools : join(dirname(inputPath), 'tools.json')
const outDir = typeof values.out === 'string' ? values.out : 'analysis'

const issues = new IssueList()
const tasks = parseInputData(readText(inputPath, 'Input data (--input_data)'), issues)
const tools = parseTools(readText(toolsPath, typeof values.tools === 'string' ? 'Tools (--tools)' : 'tools.json beside the input data (or give --tools)'), issues)
if (issues.hasErrors) throw new DatasetError(issues.items)
const lines: ResponseLine[] = []
for (const file of positionals) {
  const parsed = parseResponses(readText(file, 'Response file'), file)
  for (const i of parsed.issues) console.error(`warning: ${formatIssue(i)} (line skipped)`)
  lines.push(...parsed.lines)
}
const unknown = unknownTasksWarning(unknownTasks(tasks, lines), lines.length, inputPath)
if (unknown) console.error(unknown)
const otherInstructions = instructionsWarning(instructionMismatches(tasks, lines), lines.length, inputPath)
if (otherInstructions) console.error(otherInstructions)
const rows = analyze(tasks, tools, lines, needsTaskRecords(tasks, lines) ? readLiveScoring(inputPath, values) : undefined)
const tables = [...analysisTables(rows, tasks), ...plannerTables(rows, tasks)]
mkdirSync(outDir, { recursive: true })
for (const table of tables) {
  if (table.name !== 'per_task') console.log(`\n${table.title}\n${formatTextTable(table.rows)}`)
  writeFileSync(join(outDir, `${table.name}.csv`), toCsv(table.rows))
}
console.log(`\nWrote ${tables.map((t) => `${t.name}.csv`).join(', ')} to ${outDir}/`)

