/** npm run sample:build — writes public/data/{input_data.jsonl, records_db.json} from data/sample/*.json. */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DATASET_FILES } from '../src/core/index'
import { SAMPLE_OUTPUT_DIR, buildFiles, readSources } from './sample-lib'

const root = process.cwd()
const files = buildFiles(root, readSources(root))
for (const name of [DATASET_FILES.inputData, DATASET_FILES.records]) {
  writeFileSync(join(root, SAMPLE_OUTPUT_DIR, name), files[name] ?? '')
  console.log(`wrote ${SAMPLE_OUTPUT_DIR}/${name}`)
}
