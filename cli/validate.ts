/** npm run validate -- DATASET_FOLDER: lints a data set; exits 1 on errors, 0 with warnings only. */
import { existsSync, statSync } from 'node:fs'
import { DatasetError, formatIssue, lintDataset, loadDataset } from '../src/core/index'
import type { DatasetIssue } from '../src/core/index'
import { readDatasetFolder } from './files'

const folder = process.argv[2]
if (!folder || folder === '--help' || !existsSync(folder) || !statSync(folder).isDirectory()) {
  console.error('Usage: npm run validate -- DATASET_FOLDER\n(a folder with input_data.jsonl, records_db.json, tools.json and optionally profile.json)')
  process.exit(2)
}

function report(issues: DatasetIssue[]): number {
  const errors = issues.filter((i) => i.level === 'error')
  const warnings = issues.filter((i) => i.level === 'warning')
  for (const e of errors) console.log(`error: ${formatIssue(e)}`)
  for (const w of warnings) console.log(`warning: ${formatIssue(w)}`)
  return errors.length
}

try {
  const { dataset, warnings } = loadDataset(readDatasetFolder(folder))
  const issues = [...warnings, ...lintDataset(dataset)]
  const errors = report(issues)
  const records = Object.values(dataset.records).reduce(
    (n, apps) => n + Object.values(apps).reduce((m, list) => m + (list?.length ?? 0), 0),
    0,
  )
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
