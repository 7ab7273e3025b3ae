/**
 * npm run study -- --data DIR --people ann,bob,cy --per-task 2 --seed 1 --out DIR
 *   [--setting S] [--passphrase-env VAR] [--iterations N] [--base-url URL] [--strict-durability] [--overwrite]
 * Hands a data set's tasks out to people for a human baseline (issue #17):
 * each task to --per-task people, balanced per person and per capability,
 * decided by the seed. Writes OUT/<person>/ (a sealed data set of that
 * person's tasks, in their order), OUT/assignment.json for the collector and
 * OUT/links.txt (one `?data=` link per person).
 */
import { join } from 'node:path'
import { isAccessSetting } from '../src/core/attempt'
import { MIN_ITERATIONS } from '../src/core/seal'
import { StudyError, makeStudy, studyBaseUrl, studyFileText } from '../src/core/study'
import { readOptions, required, wholeNumber } from './args'
import { CliError, exitOnError } from './errors'
import { writeText } from './files'
import { bundledSampleQuestions, checkOutFolder, checkTargets, folderTargets, readDataToSeal, readPassphrase, writeFolder } from './sealing'

exitOnError()

const USAGE = `Usage: npm run study -- --data DIR --people ann,bob,cy --per-task 2 --out DIR
  [--seed N] [--setting S] [--passphrase-env VAR] [--iterations N] [--base-url URL] [--strict-durability] [--overwrite]
  Assigns every task of DIR to --per-task different people (the load even per person and per
  capability, each person's order shuffled; the same --seed gives the same study) and writes:
    OUT/<person>/       that person's tasks as a sealed data set (see npm run seal)
    OUT/assignment.json who solves what, with each task's fingerprint, for the collector
    OUT/links.txt       "<person><TAB>?data=<base-url><person>/" a line: append to the phone page's address
  --seed N            default: a random one, printed
  --setting S         the access setting every participant works in, which they cannot change:
                      browse (default), paginated or full
  --passphrase-env    the environment variable holding the passphrase that encrypts the gold
                      (without it the gold is removed)
  --base-url URL      where the people's folders will be served, e.g. https://example.org/study/
                      (default: beside the page)
  --iterations N      PBKDF2 iterations (default and minimum ${MIN_ITERATIONS})
  --strict-durability the page writes each call with IndexedDB's strict durability (on disk before it
                      counts as stored; slower) instead of the browser's default (see the README)
  --overwrite         write into a folder that is not empty
  A data set whose tasks ask what the page's bundled samples ask is refused: the page ships their gold.`

const { values } = readOptions(
  {
    data: { type: 'string' },
    people: { type: 'string' },
    'per-task': { type: 'string' },
    seed: { type: 'string' },
    setting: { type: 'string' },
    out: { type: 'string' },
    'passphrase-env': { type: 'string' },
    iterations: { type: 'string' },
    'base-url': { type: 'string' },
    overwrite: { type: 'boolean' },
    'strict-durability': { type: 'boolean' },
    help: { type: 'boolean' },
  },
  USAGE,
)
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const data = required(values.data, 'data', USAGE)
const out = required(values.out, 'out', USAGE)
const people = required(values.people, 'people', USAGE)
  .split(',')
  .map((name) => name.trim())
if (people.some((name) => name === '')) throw new CliError('--people has an empty name (names are separated by commas).', { usage: USAGE })
const perTask = wholeNumber(required(values['per-task'], 'per-task', USAGE), 'per-task', 1, USAGE, 1)
const seedGiven = values.seed !== undefined
const seed = seedGiven ? wholeNumber(values.seed, 'seed', 0, USAGE, 0) : Math.floor(Math.random() * 1_000_000_000)
const setting = values.setting ?? 'browse'
if (!isAccessSetting(setting)) throw new CliError(`--setting ${JSON.stringify(setting)} is not one of browse, paginated, full.`, { usage: USAGE })
const iterations = wholeNumber(values.iterations, 'iterations', MIN_ITERATIONS, USAGE, MIN_ITERATIONS)
const baseUrl = baseUrlOption(values['base-url'])
const passphrase = readPassphrase(values['passphrase-env'], USAGE)
const { files } = readDataToSeal(data)
const existing = checkOutFolder(out, data, values.overwrite === true, USAGE)

/** `--base-url` with a final slash; characters that would end the link or the query are refused. */
function baseUrlOption(value: string | boolean | undefined): string {
  if (value === undefined) return ''
  const url = typeof value === 'string' ? studyBaseUrl(value) : undefined
  if (url === undefined) throw new CliError(`--base-url ${JSON.stringify(value)} is not a usable address (no spaces, "#", quotes or angle brackets).`, { usage: USAGE })
  return url
}

let made
try {
  made = await makeStudy({
    files,
    bundled: bundledSampleQuestions(),
    people,
    perTask,
    seed,
    iterations,
    baseUrl,
    setting,
    ...(passphrase === undefined ? {} : { passphrase }),
    ...(values['strict-durability'] === true ? { durability: 'strict' as const } : {}),
  })
} catch (err) {
  if (err instanceof StudyError) throw new CliError(err.message, { usage: USAGE })
  throw err
}
const { study, bundles, links, assignment, tasks } = made
const id = study.id
checkTargets(out, [
  ...people.flatMap((person) => [join(out, person), ...folderTargets(join(out, person), bundles[person] ?? {})]),
  join(out, 'assignment.json'),
  join(out, 'links.txt'),
])
for (const person of people) writeFolder(join(out, person), bundles[person] ?? {}, out)
writeText(join(out, 'assignment.json'), studyFileText(study), 'assignment.json')
writeText(join(out, 'links.txt'), links, 'links.txt')

const stale = existing.filter((name) => !people.includes(name) && name !== 'assignment.json' && name !== 'links.txt')
if (stale.length > 0) process.stderr.write(`note: ${out} also holds ${stale.join(', ')}, which this study does not use.\n`)
const loads = people.map((person) => `${person} ${assignment.people[person]?.length ?? 0}`).join(', ')
console.log(
  `Study ${id} (seed ${seed}${seedGiven ? '' : ', chosen at random: pass --seed ' + seed + ' to make it again'}): ` +
    `${tasks.length} tasks, each solved by ${perTask} of ${people.length} people (tasks each: ${loads}) in the ${setting} setting; ` +
    `gold ${passphrase === undefined ? 'removed' : 'encrypted'}.\n` +
    `Folders: ${join(out, '<person>')}/  Links: ${join(out, 'links.txt')}  Assignment: ${join(out, 'assignment.json')}`,
)
