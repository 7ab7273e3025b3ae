/** Usage: npx tsx scripts/check-sample.ts [data/sample/FILE.json ...] — proves each task with its solution script. */
import { DatasetError } from '../src/core/index'
import { SAMPLE_SOURCE_DIR, SAMPLE_SOURCE_FILES, checkSources, loadSources, readSources } from './sample-lib'

const files = process.argv.slice(2)
const root = process.cwd()
const sources = readSources(root, files.length > 0 ? files : SAMPLE_SOURCE_FILES.map((f) => `${SAMPLE_SOURCE_DIR}/${f}`))
let dataset
try {
  dataset = loadSources(root, sources)
} catch (err) {
  if (err instanceof DatasetError) {
    console.error(err.message)
    process.exit(1)
  }
  throw err
}
const checks = checkSources(dataset, sources)
let failed = 0
for (const check of checks) {
  const status = check.problems.length === 0 ? 'ok  ' : 'FAIL'
  if (check.problems.length > 0) failed++
  console.log(`${status} ${check.id}  records ${check.records}, apps ${check.apps}, tools ${check.tools.join(' + ')}`)
  for (const p of check.problems) console.log(`     - ${p}`)
  for (const w of check.warnings) console.log(`     ~ ${w}`)
}
console.log(`\n${checks.length - failed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
