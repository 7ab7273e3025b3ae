/**
 * npm run study -- --data DIR (--people ann,bob,cy | --slots N) --per-task 2 --seed 1 --out DIR
 *   [--setting S] [--passphrase-env VAR] [--iterations N] [--base-url URL] [--page-url URL] [--strict-durability] [--overwrite]
 *   [--upload-to s3://BUCKET/PREFIX [--endpoint URL] [--recruiter prolific|generic] [--completion-code CODE|URL] ...]
 * npm run study -- --reissue OUT [--expires 7d] [--endpoint URL] [--reopen s003,s017]
 * Hands a data set's tasks out to people for a human baseline (issue #17):
 * each task to --per-task people, balanced per person and per capability,
 * decided by the seed. Without a bucket it writes OUT/<person>/ (a sealed
 * data set of that person's tasks, in their order), OUT/assignment.json for
 * the collector and OUT/links.txt (one link per person). With --upload-to
 * (issue #30) the study comes back by itself: OUT/serve/ to publish,
 * OUT/collector/ to keep (see cli/studyUploads.ts).
 */
import { join } from 'node:path'
import { isAccessSetting } from '../src/core/attempt'
import { MIN_ITERATIONS } from '../src/core/seal'
import {
  RECRUITERS,
  RECRUITER_PARAMS,
  StudyError,
  completionOf,
  makeStudy,
  newCollectorKey,
  pageAddress,
  slotNames,
  studyBaseUrl,
  studyFileText,
  MAX_SLOTS,
} from '../src/core/study'
import type { Recruiter, ReturnCompletion, ReturnParams } from '../src/core/study'
import { choice, readOptions, required, wholeNumber } from './args'
import { CliError, exitOnError } from './errors'
import { writeText } from './files'
import { MAX_EXPIRY_SECONDS, readBucketUrl, readEndpoint, temporaryCredentials } from './s3'
import { bundledSampleQuestions, checkOutFolder, checkTargets, folderTargets, readDataToSeal, readPassphrase, writeFolder } from './sealing'
import { reissueUploads, writeReturnStudy } from './studyUploads'

exitOnError()

/** Where `npm run preview` (vite preview) serves a built page: the links' address until --page-url gives the published one. */
const LOCAL_PAGE = 'http://localhost:4173/'

const USAGE = `Usage: npm run study -- --data DIR (--people ann,bob,cy | --slots N) --per-task 2 --out DIR
  [--seed N] [--setting S] [--passphrase-env VAR] [--iterations N] [--base-url URL] [--page-url URL]
  [--strict-durability] [--overwrite]
  [--upload-to s3://BUCKET/PREFIX [--endpoint URL] [--recruiter prolific|generic] [--completion-code CODE|URL]
   [--expires 7d] [--page DIR|build|none] [--participant-param P --study-param S --session-param S] [--overwritable]]
       npm run study -- --reissue OUT [--expires 7d] [--endpoint URL] [--reopen s003,s017]
  Assigns every task of DIR to --per-task different people (the load even per person and per
  capability, each person's order shuffled; the same --seed gives the same study).
  Without --upload-to (participants export a file, the collector imports it) it writes:
    OUT/<person>/       that person's tasks as a sealed data set (see npm run seal)
    OUT/assignment.json who solves what, with each task's fingerprint, for the collector
    OUT/links.txt       "<person><TAB><page-url>?data=<base-url><person>/" a line
  With --upload-to s3://BUCKET/PREFIX the study comes back by itself (credentials from AWS_ACCESS_KEY_ID,
  AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN and AWS_REGION):
    OUT/serve/          publish it as it is: the page, study.json, shares/<slot>/ (no gold at all) and
                        uploads/<slot>.json (the slot's pre-signed upload URLs)
    OUT/collector/      never publish it: assignment.json, identity.txt (the age key that opens the
                        uploads) and bucket.json; npm run collect -- --study OUT/collector reads it
    OUT/links.txt       the one study link for the recruiter, then a link per slot
  --people / --slots  named people, or N slots s001… for one-link recruiting (a participant's slot
                      comes from their recruiter id)
  --seed N            default: a random one, printed
  --setting S         the access setting every participant works in, which they cannot change:
                      browse (default), paginated or full
  --passphrase-env    the environment variable holding the passphrase that encrypts the gold
                      (without it the gold is removed; not with --upload-to, whose shares have none)
  --base-url URL      where the people's folders will be served, e.g. https://example.org/study/
                      (default: beside the page)
  --page-url URL      the page's published address, for whole links (default ${LOCAL_PAGE},
                      where npx vite preview --outDir OUT/serve serves it)
  --iterations N      PBKDF2 iterations (default and minimum ${MIN_ITERATIONS})
  --strict-durability the page writes each call with IndexedDB's strict durability (on disk before it
                      counts as stored; slower) instead of the browser's default (see the README)
  --overwrite         write into a folder that is not empty
  --endpoint URL      an S3-compatible store other than AWS (path-style addresses)
  --recruiter R       prolific (default: PROLIFIC_PID, STUDY_ID, SESSION_ID) or generic (participant,
                      study, session; renamed with --participant-param, --study-param, --session-param)
  --completion-code   where a participant goes once their data is stored: a code (Prolific's completion
                      link, or shown to copy) or a URL; required for prolific
  --expires D         how long the upload URLs work: 7d (default and most), 36h, 90m or seconds
  --page P            a built page's folder to copy into OUT/serve/ (npm run build writes dist/),
                      build (default: build it now with Vite) or none
  --overwritable      for a store that refuses If-None-Match on uploads: objects can then be written over
  --reissue OUT       new upload URLs in OUT/serve/uploads/ (nothing else changes); --reopen gives the
                      slots named a new round, for new participants
  A data set whose tasks ask what the page's bundled samples ask is refused: the page ships their gold.`

const { values } = readOptions(
  {
    data: { type: 'string' },
    people: { type: 'string' },
    slots: { type: 'string' },
    'per-task': { type: 'string' },
    seed: { type: 'string' },
    setting: { type: 'string' },
    out: { type: 'string' },
    'passphrase-env': { type: 'string' },
    iterations: { type: 'string' },
    'base-url': { type: 'string' },
    'page-url': { type: 'string' },
    overwrite: { type: 'boolean' },
    'strict-durability': { type: 'boolean' },
    'upload-to': { type: 'string' },
    endpoint: { type: 'string' },
    recruiter: { type: 'string' },
    'completion-code': { type: 'string' },
    expires: { type: 'string' },
    page: { type: 'string' },
    'participant-param': { type: 'string' },
    'study-param': { type: 'string' },
    'session-param': { type: 'string' },
    overwritable: { type: 'boolean' },
    reissue: { type: 'string' },
    reopen: { type: 'string' },
    help: { type: 'boolean' },
  },
  USAGE,
)
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

/** `--expires`: 7d, 36h, 90m, 600s or plain seconds, at most seven days (SigV4's limit). */
function expiresOption(value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined
  const match = typeof value === 'string' ? /^\s*(\d+)\s*([dhms]?)\s*$/.exec(value) : null
  const unit = { d: 86_400, h: 3600, m: 60, s: 1, '': 1 }[match?.[2] ?? ''] ?? 1
  const seconds = match ? Number(match[1]) * unit : NaN
  if (!Number.isSafeInteger(seconds) || seconds < 60 || seconds > MAX_EXPIRY_SECONDS)
    throw new CliError(`--expires ${JSON.stringify(value)} must be from 1 minute to 7 days (7d, 36h, 90m or seconds): pre-signed URLs live 7 days at most.`, { usage: USAGE })
  return seconds
}

const names = (value: string | boolean | undefined): string[] => (typeof value === 'string' ? value.split(',').map((n) => n.trim()).filter((n) => n !== '') : [])

if (values.reissue !== undefined) {
  const out = required(values.reissue, 'reissue', USAGE)
  const { bucket, reopened } = await reissueUploads({
    out,
    expiresIn: expiresOption(values.expires),
    endpoint: readEndpoint(values.endpoint, USAGE),
    reopen: names(values.reopen),
    place: (uploadTo) => readBucketUrl(uploadTo, 'upload-to (in bucket.json)', USAGE),
  })
  console.log(
    `Study ${bucket.study}: new upload URLs in ${join(out, 'serve', 'uploads')}/, valid until ${new Date(Date.parse(bucket.issued) + bucket.expiresSeconds * 1000).toISOString()}` +
      (reopened.length > 0 ? `; reopened ${reopened.join(', ')} (a new round each).` : '.') +
      ' Publish that folder again.',
  )
  process.exit(0)
}
if (values.reopen !== undefined) throw new CliError('--reopen goes with --reissue OUT.', { usage: USAGE })

const data = required(values.data, 'data', USAGE)
const out = required(values.out, 'out', USAGE)
const people = peopleOption()
const perTask = wholeNumber(required(values['per-task'], 'per-task', USAGE), 'per-task', 1, USAGE, 1)
const seedGiven = values.seed !== undefined
const seed = seedGiven ? wholeNumber(values.seed, 'seed', 0, USAGE, 0) : Math.floor(Math.random() * 1_000_000_000)
const setting = values.setting ?? 'browse'
if (!isAccessSetting(setting)) throw new CliError(`--setting ${JSON.stringify(setting)} is not one of browse, paginated, full.`, { usage: USAGE })
const iterations = wholeNumber(values.iterations, 'iterations', MIN_ITERATIONS, USAGE, MIN_ITERATIONS)
const baseUrl = baseUrlOption(values['base-url'])
const pageUrl = pageUrlOption(values['page-url'])
const upload = uploadOptions()
const passphrase = readPassphrase(values['passphrase-env'], USAGE)
if (upload && passphrase !== undefined) throw new CliError('--passphrase-env does not go with --upload-to: the shares carry no gold at all (the collector scores).', { usage: USAGE })
const { files } = readDataToSeal(data)
const existing = checkOutFolder(out, data, values.overwrite === true, USAGE)

function peopleOption(): string[] {
  if (values.people !== undefined && values.slots !== undefined) throw new CliError('Give --people or --slots, not both.', { usage: USAGE })
  if (values.slots !== undefined) {
    const count = wholeNumber(values.slots, 'slots', 1, USAGE, 1)
    if (count > MAX_SLOTS) throw new CliError(`--slots must be at most ${MAX_SLOTS} (got ${count}).`, { usage: USAGE })
    return slotNames(count)
  }
  if (values.people === undefined) throw new CliError('Missing --people (or --slots).', { usage: USAGE })
  const list = required(values.people, 'people', USAGE)
    .split(',')
    .map((name) => name.trim())
  if (list.some((name) => name === '')) throw new CliError('--people has an empty name (names are separated by commas).', { usage: USAGE })
  return list
}

/** `--base-url` with a final slash; characters that would end the link or the query are refused. */
function baseUrlOption(value: string | boolean | undefined): string {
  if (value === undefined) return ''
  const url = typeof value === 'string' ? studyBaseUrl(value) : undefined
  if (url === undefined) throw new CliError(`--base-url ${JSON.stringify(value)} is not a usable address (no spaces, "#", quotes or angle brackets).`, { usage: USAGE })
  return url
}

function pageUrlOption(value: string | boolean | undefined): string {
  if (value === undefined) return LOCAL_PAGE
  const url = typeof value === 'string' ? pageAddress(value) : undefined
  if (url === undefined) throw new CliError(`--page-url ${JSON.stringify(value)} is not the page's address (http(s)://…, without "?" or "#").`, { usage: USAGE })
  return url
}

/** The --upload-to options, checked; undefined without a bucket (and then none of them may be given). */
function uploadOptions() {
  const only = ['endpoint', 'recruiter', 'completion-code', 'expires', 'page', 'participant-param', 'study-param', 'session-param', 'overwritable'] as const
  if (values['upload-to'] === undefined) {
    const stray = only.filter((name) => values[name] !== undefined)
    if (stray.length > 0) throw new CliError(`--${stray[0]} goes with --upload-to s3://BUCKET/PREFIX.`, { usage: USAGE })
    return undefined
  }
  if (values['base-url'] !== undefined) throw new CliError('--base-url does not go with --upload-to: the shares are published in OUT/serve/shares/, beside the page.', { usage: USAGE })
  const place = readBucketUrl(required(values['upload-to'], 'upload-to', USAGE), 'upload-to', USAGE)
  const recruiter: Recruiter = choice(typeof values.recruiter === 'string' ? values.recruiter : 'prolific', 'recruiter', RECRUITERS, USAGE)
  const base = RECRUITER_PARAMS[recruiter]
  const renamed = (['participant', 'study', 'session'] as const).filter((role) => values[`${role}-param`] !== undefined)
  if (recruiter === 'prolific' && renamed.length > 0) throw new CliError(`--${renamed[0]}-param goes with --recruiter generic: Prolific's names are fixed.`, { usage: USAGE })
  const param = (role: 'participant' | 'study' | 'session'): string => {
    const value = values[`${role}-param`]
    if (value === undefined) return base[role]
    if (typeof value !== 'string' || !/^[A-Za-z][\w.-]{0,63}$/.test(value) || value === base.slot)
      throw new CliError(`--${role}-param ${JSON.stringify(value)} must be a parameter name (letters, digits, "_", "-", "."), not "${base.slot}".`, { usage: USAGE })
    return value
  }
  const params: ReturnParams = { participant: param('participant'), study: param('study'), session: param('session'), slot: base.slot }
  if (new Set([params.participant, params.study, params.session]).size < 3) throw new CliError('The participant, study and session parameters need three different names.', { usage: USAGE })
  const code = values['completion-code']
  if (code === undefined && recruiter === 'prolific') throw new CliError('Missing --completion-code: Prolific needs the code (or completion URL) participants are sent to once their data is stored.', { usage: USAGE })
  let completion: ReturnCompletion = {}
  if (code !== undefined) {
    const read = typeof code === 'string' ? completionOf(code, recruiter) : undefined
    if (!read) throw new CliError(`--completion-code ${JSON.stringify(code)} is neither a code (letters, digits, "_", "-", ".") nor an http(s) URL.`, { usage: USAGE })
    completion = read
  }
  const page = typeof values.page === 'string' ? values.page : 'build'
  if (page === '') throw new CliError('--page needs a folder, build or none.', { usage: USAGE })
  return {
    place,
    endpoint: readEndpoint(values.endpoint, USAGE),
    recruiter,
    params,
    completion,
    expiresIn: expiresOption(values.expires) ?? MAX_EXPIRY_SECONDS,
    writeOnce: values.overwritable !== true,
    page,
  }
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
    pageUrl,
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
const loads = people.map((person) => `${person} ${assignment.people[person]?.length ?? 0}`).join(', ')
const head =
  `Study ${id} (seed ${seed}${seedGiven ? '' : ', chosen at random: pass --seed ' + seed + ' to make it again'}): ` +
  `${tasks.length} tasks, each solved by ${perTask} of ${people.length} ${values.slots !== undefined ? 'slots' : 'people'} (tasks each: ${loads}) in the ${setting} setting; `
const localLinks = values['page-url'] === undefined ? ` (on ${LOCAL_PAGE}, a local preview: pass --page-url with the published address)` : ''

if (upload) {
  const key = await newCollectorKey()
  const pageDone = await writeReturnStudy({ out, made, ...upload, recipient: key.recipient, identity: key.identity, pageUrl })
  const stale = existing.filter((name) => !['serve', 'collector', 'links.txt'].includes(name))
  if (stale.length > 0) process.stderr.write(`note: ${out} also holds ${stale.join(', ')}, which this study does not use.\n`)
  if (temporaryCredentials()) process.stderr.write('note: AWS_SESSION_TOKEN is set: the upload URLs stop working when those temporary credentials expire.\n')
  const days = Math.round((upload.expiresIn / 86_400) * 10) / 10
  console.log(
    head +
      `no gold in the shares; uploads to s3://${upload.place.bucket}/${upload.place.prefix}${id}/, URLs valid ${days} day${days === 1 ? '' : 's'}${upload.writeOnce ? ', each object written once' : ''}.\n` +
      `Publish: ${join(out, 'serve')}/ (${pageDone})  Keep: ${join(out, 'collector')}/  Links: ${join(out, 'links.txt')}${localLinks}\n` +
      `Collect: npm run collect -- --study ${join(out, 'collector')} --data ${data} --out RESULTS`,
  )
} else {
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
  console.log(
    head +
      `gold ${passphrase === undefined ? 'removed' : 'encrypted'}.\n` +
      `Folders: ${join(out, '<person>')}/  Links: ${join(out, 'links.txt')}${localLinks}  Assignment: ${join(out, 'assignment.json')}`,
  )
}
