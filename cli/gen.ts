/**
 * npm run gen -- --out DIR [--size spieval|100x] [--tasks N --records N] [--seed N]
 * Writes a seeded data set in the published format (streamed, so any size fits in memory).
 */
import { copyFileSync, createWriteStream, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { once } from 'node:events'
import type { WriteStream } from 'node:fs'
import { DATASET_FILES } from '../src/core/index'
import { readOptions, required } from './args'
import { generateTasks } from './gen/tasks'

const USAGE = `Usage: npm run gen -- --out DIR [--size spieval|100x] [--tasks N] [--records N] [--seed N]
  spieval: 250 tasks, 4,335 records (the published size); 100x: 25,000 tasks, 433,500 records.`
const SIZES: Record<string, { tasks: number; records: number }> = {
  spieval: { tasks: 250, records: 4335 },
  '100x': { tasks: 25_000, records: 433_500 },
}

const { values } = readOptions(
  { out: { type: 'string' }, size: { type: 'string' }, tasks: { type: 'string' }, records: { type: 'string' }, seed: { type: 'string' } },
  USAGE,
)
const out = required(values.out, 'out', USAGE)
const preset = SIZES[typeof values.size === 'string' ? values.size : 'spieval']
if (!preset) {
  console.error(`Unknown --size.\n\n${USAGE}`)
  process.exit(2)
}
const tasks = Number(values.tasks ?? preset.tasks)
const records = Number(values.records ?? preset.records)
const seed = Number(values.seed ?? 1)
if (![tasks, records, seed].every(Number.isInteger) || tasks < 1 || records < tasks * 10) {
  console.error(`--tasks, --records and --seed must be whole numbers, with at least 10 records a task.\n\n${USAGE}`)
  process.exit(2)
}

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain')
}

mkdirSync(out, { recursive: true })
const input = createWriteStream(join(out, DATASET_FILES.inputData))
const db = createWriteStream(join(out, DATASET_FILES.records))
await write(db, '{')
let first = true
for (const task of generateTasks({ tasks, records, seed })) {
  await write(input, JSON.stringify(task.line) + '\n')
  await write(db, `${first ? '\n' : ',\n'}${JSON.stringify(task.line.id)}: ${JSON.stringify(task.records)}`)
  first = false
}
await write(db, '\n}\n')
input.end()
db.end()
await Promise.all([once(input, 'finish'), once(db, 'finish')])
const sample = join(import.meta.dirname, '..', 'public', 'data')
copyFileSync(join(sample, DATASET_FILES.tools), join(out, DATASET_FILES.tools))
copyFileSync(join(sample, DATASET_FILES.profile), join(out, DATASET_FILES.profile))
console.log(`Wrote ${tasks} tasks and ${records} records to ${out} (seed ${seed}).`)
