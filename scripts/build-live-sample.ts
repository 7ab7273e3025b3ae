/** npx tsx scripts/build-live-sample.ts — writes public/data-live/* from data/live-sample/*.json (and the sample's tools and profile). */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { LIVE_OUTPUT_DIR, buildLiveFiles } from './live-sample-lib'

const root = process.cwd()
mkdirSync(join(root, LIVE_OUTPUT_DIR), { recursive: true })
for (const [name, text] of Object.entries(buildLiveFiles(root))) {
  writeFileSync(join(root, LIVE_OUTPUT_DIR, name), text)
  console.log(`wrote ${LIVE_OUTPUT_DIR}/${name}`)
}
