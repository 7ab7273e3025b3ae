/**
 * npm run gen -- --out DIR [--size spieval|100x] [--tasks N --records N] [--seed N]
 * Writes a seeded data set in the published format (streamed, so any size fits in memory).
 */
import { copyFileSync, createWriteStream } from 'node:fs'
import { join } from 'node:path'
import { once } from 'node:events'
import type { WriteStream } from 'node:fs'
import { DATASET_FILES } from '../src/core/index'
import { choice, readOptions, required, wholeNumber } from './args'
import { CliError, exitOnError, systemReason } from './errors'
import { makeFolder } from './files'
import { generateTasks } from './gen/tasks'

exitOnError()

const USAGE = `Usage: npm run gen -- --out DIR [--size spieval|100x] [--tasks N] [--records N] [--seed N]
  spieval: 250 tasks, 4,335 records (the published size); 100x: 25,000 tasks, 433,500 records.`
const SIZES = {
  spieval: { tasks: 250, records: 4335 },
  '100x': { tasks: 25_000, records: 433_500 },
} satisfies Record<string, { tasks: number; records: number }>

const { values } = readOptions(
  { out: { type: 'string' }, size: { type: 'string' }, tasks: { type: 'string' }, records: { type: 'string' }, seed: { type: 'string' } },
  USAGE,
)
const out = required(values.out, 'out', USAGE)
const size = choice(typeof values.size === 'string' ? values.size : 'spieval', 'size', Object.keys(SIZES) as (keyof typeof SIZES)[], USAGE)
const preset = SIZES[size]
const tasks = wholeNumber(values.tasks, 'tasks', preset.tasks, USAGE, 1)
const records = wholeNumber(values.records, 'records', preset.records, USAGE, 1)
const seed = wholeNumber(values.seed, 'seed', 1, USAGE)
if (records < tasks * 10) throw new CliError(`--records must be at least 10 a task (${tasks * 10} for ${tasks} tasks).`, { usage: USAGE })

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain')
}

makeFolder(out, 'Output folder (--out)')
// A stream reports a failed open or write as an event, later: named here, so that it reads as one line.
const fileStream = (name: string): WriteStream =>
  createWriteStream(join(out, name)).on('error', (err) => {
    throw new CliError(`${join(out, name)} cannot be written (${systemReason(err)})`, { cause: err })
  })
const input = fileStream(DATASET_FILES.inputData)
const db = fileStream(DATASET_FILES.records)
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
