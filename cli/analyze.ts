/**
 * npm run analyze -- [--input_data F] [--out DIR] RESPONSES.jsonl...
 * The paper's tables for any response files (models' runs and people's attempts): printed, and written as CSV.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { IssueList, analysisTables, analyze, formatIssue, formatTextTable, parseInputData, parseResponses, parseTools, toCsv } from '../src/core/index'
import type { ResponseLine } from '../src/core/index'
import { readOptions } from './args'

const USAGE = 'Usage: npm run analyze -- [--input_data input_data.jsonl] [--tools tools.json] [--out analysis] RESPONSES.jsonl...'
const { values, positionals } = readOptions({ input_data: { type: 'string' }, tools: { type: 'string' }, out: { type: 'string' } }, USAGE)
if (positionals.length === 0) {
  console.error(USAGE)
  process.exit(2)
}
const inputPath = typeof values.input_data === 'string' ? values.input_data : 'public/data/input_data.jsonl'
const toolsPath = typeof values.tools === 'string' ? values.tools : join(dirname(inputPath), 'tools.json')
const outDir = typeof values.out === 'string' ? values.out : 'analysis'

const issues = new IssueList()
const tasks = parseInputData(readFileSync(inputPath, 'utf8'), issues)
const tools = parseTools(readFileSync(toolsPath, 'utf8'), issues)
if (issues.hasErrors) {
  for (const i of issues.items) console.error(formatIssue(i))
  process.exit(1)
}
const lines: ResponseLine[] = []
for (const file of positionals) {
  const parsed = parseResponses(readFileSync(file, 'utf8'), file)
  for (const i of parsed.issues) console.error(`warning: ${formatIssue(i)} (line skipped)`)
  lines.push(...parsed.lines)
}
const tables = analysisTables(analyze(tasks, tools, lines), tasks)
mkdirSync(outDir, { recursive: true })
for (const table of tables) {
  if (table.name !== 'per_task') console.log(`\n${table.title}\n${formatTextTable(table.rows)}`)
  writeFileSync(join(outDir, `${table.name}.csv`), toCsv(table.rows))
}
console.log(`\nWrote ${tables.map((t) => `${t.name}.csv`).join(', ')} to ${outDir}/`)
