/** npx tsx scripts/planner-sample.ts — writes public/data-planner/* from scripts/planner-sample/ (and the sample's published tools and profile). */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PLANNER_OUTPUT_DIR, buildPlannerFiles } from './planner-sample-lib'

const root = process.cwd()
mkdirSync(join(root, PLANNER_OUTPUT_DIR), { recursive: true })
for (const [name, text] of Object.entries(buildPlannerFiles(root))) {
  writeFileSync(join(root, PLANNER_OUTPUT_DIR, name), text)
  console.log(`wrote ${PLANNER_OUTPUT_DIR}/${name}`)
}
