/**
 * npm run seal -- --data DIR --out DIR [--passphrase-env VAR] [--iterations N] [--overwrite]
 * Writes a sealed copy of a data set for the participants of a human baseline
 * (docs/reference.md, "Sealed data sets"): the gold encrypted under the passphrase in
 * the environment variable VAR, or removed without one.
 */
import { MIN_ITERATIONS, sealDataset } from '../src/core/seal'
import { readOptions, required, wholeNumber } from './args'
import { exitOnError } from './errors'
import { checkOutFolder, readDataToSeal, readPassphrase, writeFolder } from './sealing'

exitOnError()

const USAGE = `Usage: npm run seal -- --data DIR --out DIR [--passphrase-env VAR] [--iterations N] [--overwrite]
  Copies the data set in DIR to --out for participants: records, tools, profile and instructions
  as they were; every task's gold (prompt_metadata, reasoning_path, distractors) encrypted with the
  passphrase held in the environment variable VAR (AES-GCM, key by PBKDF2-SHA-256), or removed
  when no --passphrase-env is given.
  --iterations N   PBKDF2 iterations (default and minimum ${MIN_ITERATIONS})
  --overwrite      write into a folder that is not empty`

const { values } = readOptions(
  {
    data: { type: 'string' },
    out: { type: 'string' },
    'passphrase-env': { type: 'string' },
    iterations: { type: 'string' },
    overwrite: { type: 'boolean' },
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
const iterations = wholeNumber(values.iterations, 'iterations', MIN_ITERATIONS, USAGE, MIN_ITERATIONS)
const passphrase = readPassphrase(values['passphrase-env'], USAGE)
const { files, dataset } = readDataToSeal(data)
checkOutFolder(out, data, values.overwrite === true, USAGE)

const sealed = await sealDataset(files, { ...(passphrase === undefined ? {} : { passphrase }), iterations })
writeFolder(out, sealed)
const how =
  passphrase === undefined
    ? 'gold removed (no --passphrase-env): answers are scored against the original data set'
    : `gold encrypted (AES-GCM; key from the passphrase in ${String(values['passphrase-env'])} by PBKDF2-SHA-256, ${iterations} iterations)`
console.log(`Sealed ${dataset.tasks.length} tasks of ${data} into ${out}: ${how}.`)
