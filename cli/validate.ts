/** npm run validate -- DATASET_FOLDER: lints a data set; exits 1 on errors, 0 with warnings only. */
import { DatasetError, countRecords, formatIssue, lintDataset, loadDataset } from '../src/core/index'
import type { DatasetIssue } from '../src/core/index'
import { readOptions } from './args'
import { CliError, exitOnError } from './errors'
import { readDatasetFolder } from './files'

exitOnError()

const USAGE = 'Usage: npm run validate -- DATASET_FOLDER\n(a folder with input_data.jsonl, records_db.json, tools.json and optionally profile.json, and for planner tasks skills.json and agents.json)'
const { values, positionals } = readOptions({ help: { type: 'boolean' } }, USAGE, { positionals: true })
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const [folder, ...extra] = positionals
if (folder === undefined) throw new CliError('Missing DATASET_FOLDER.', { usage: USAGE })
if (extra.length > 0) throw new CliError(`One data set folder at a time (also given: ${extra.join(' ')}).`, { usage: USAGE })
// Read before the try: a folder that is not there is the caller's mistake (one line), not a data set error to list.
const files = readDatasetFolder(folder)

function report(issues: DatasetIssue[]): number {
  const errors = issues.filter((i) => i.level === 'error')
  const warnings = issues.filter((i) => i.level === 'warning')
  for (const e of errors) console.log(`error: ${formatIssue(e)}`)
  for (const w of warnings) console.log(`warning: ${formatIssue(w)}`)
  return errors.length
}

try {
  const { dataset, warnings } = loadDataset(files)
  const issues = [...warnings, ...lintDataset(dataset)]
  const errors = report(issues)
  const records = Object.values(dataset.records).reduce((n, apps) => n + countRecords(apps), 0)
  console.log(
    `\n${folder}: ${dataset.tasks.length} tasks, ${records} records, ${dataset.tools.length} tools, ` +
      `profile ${dataset.hasProfile ? dataset.profile.name : '(published SPIEval profile)'}; ` +
      `${errors} error${errors === 1 ? '' : 's'}, ${issues.length - errors} warning${issues.length - errors === 1 ? '' : 's'}`,
  )
  process.exit(errors > 0 ? 1 : 0)
} catch (err) {
  if (!(err instanceof DatasetError)) throw err
  const errors = report(err.issues)
  console.log(`\n${folder}: ${errors} error${errors === 1 ? '' : 's'}; the data set does not load`)
  process.exit(1)
}
