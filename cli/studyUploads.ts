/**
 * `npm run study -- --upload-to s3://BUCKET/PREFIX` (issue #30): writes
 * OUT/serve/ (the page, study.json, the shares, the upload URLs) and
 * OUT/collector/ (assignment.json, the age identity, bucket.json), and
 * issues the URLs again (`--reissue OUT`). The formats are in
 * src/core/study (returnServe.ts, returnObjects.ts, returnUpload.ts).
 */
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { S3Client } from '@aws-sdk/client-s3'
import {
  COLLECTOR_FILES,
  RETURN_VERSION,
  SERVE_FILES,
  SLOT_UPLOADS_FORMAT,
  STUDY_RETURN_FORMAT,
  jsonFileText,
  readStudyFile,
  recruiterLink,
  shareFolder,
  slotLink,
  slotUploadsFile,
  studyFileText,
  uploadObjectNames,
} from '../src/core/study'
import type { MadeStudy, Recruiter, ReturnCompletion, ReturnParams, SlotUploads, StudyFile, StudyReturn } from '../src/core/study'
import { setOwn } from '../src/core/index'
import { CliError, systemReason } from './errors'
import { makeFolder, readText, writeText } from './files'
import { bucketClient, presignPut, putHeaders, storeReason } from './s3'
import type { BucketPlace } from './s3'
import { checkTargets, folderTargets, writeFolder } from './sealing'

export const BUCKET_FORMAT = 'spieval-study-bucket'

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** OUT/collector/bucket.json: where a study's uploads go, and each slot's current round. */
export interface CollectorBucket {
  format: typeof BUCKET_FORMAT
  version: typeof RETURN_VERSION
  study: string
  /** s3://BUCKET/PREFIX */
  uploadTo: string
  endpoint?: string
  /** Whether the URLs sign `If-None-Match: *` (every object written once). */
  writeOnce: boolean
  expiresSeconds: number
  /** When the URLs in OUT/serve/uploads/ were issued (ISO 8601). */
  issued: string
  /** Slot → its current round (1 until --reopen). */
  rounds: Record<string, number>
}

export const bucketUrl = (place: BucketPlace): string => `s3://${place.bucket}/${place.prefix}`

/** Reads OUT/collector/ (assignment.json, bucket.json): what --reissue and npm run collect start from. */
export function readCollectorFolder(folder: string): { study: StudyFile; bucket: CollectorBucket | undefined } {
  const read = readStudyFile(readText(join(folder, COLLECTOR_FILES.assignment), `The study's ${COLLECTOR_FILES.assignment}`))
  if ('problems' in read) throw new CliError(`${join(folder, COLLECTOR_FILES.assignment)}: ${read.problems.join('; ')}`, { exitCode: 1 })
  const path = join(folder, COLLECTOR_FILES.bucket)
  if (!existsSync(path)) return { study: read.study, bucket: undefined }
  let value: unknown
  try {
    value = JSON.parse(readText(path, COLLECTOR_FILES.bucket))
  } catch (err) {
    throw new CliError(`${path} is not valid JSON (${systemReason(err)})`, { exitCode: 1 })
  }
  const good =
    isPlainObject(value) &&
    value.format === BUCKET_FORMAT &&
    value.study === read.study.id &&
    typeof value.uploadTo === 'string' &&
    (value.endpoint === undefined || typeof value.endpoint === 'string') &&
    typeof value.writeOnce === 'boolean' &&
    typeof value.expiresSeconds === 'number' &&
    typeof value.issued === 'string' &&
    isPlainObject(value.rounds) &&
    Object.values(value.rounds).every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 1)
  if (!good) throw new CliError(`${path} is not the bucket.json of study ${read.study.id} (made by npm run study --upload-to).`, { exitCode: 1 })
  return { study: read.study, bucket: value as unknown as CollectorBucket }
}

export interface IssueInput {
  client: S3Client
  place: BucketPlace
  study: StudyFile
  rounds: Readonly<Record<string, number>>
  expiresIn: number
  writeOnce: boolean
  /** Signing time (default now). */
  now?: Date
}

/** The pre-signed URLs of every slot's current round: claim, each task, manifest. */
export async function issueUploads(input: IssueInput): Promise<Record<string, SlotUploads>> {
  const now = input.now ?? new Date()
  const expires = new Date(now.getTime() + input.expiresIn * 1000).toISOString()
  const sign = (key: string) => presignPut(input.client, input.place.bucket, key, { expiresIn: input.expiresIn, writeOnce: input.writeOnce, signingDate: now })
  const out: Record<string, SlotUploads> = {}
  for (const [slot, taskIds] of Object.entries(input.study.people)) {
    const round = (Object.hasOwn(input.rounds, slot) ? input.rounds[slot] : undefined) ?? 1
    const names = uploadObjectNames(input.place.prefix, input.study.id, slot, round, taskIds)
    const tasks: Record<string, string> = {}
    for (const [id, key] of names.tasks) setOwn(tasks, id, await sign(key))
    setOwn(out, slot, {
      format: SLOT_UPLOADS_FORMAT,
      version: RETURN_VERSION,
      study: input.study.id,
      slot,
      round,
      expires,
      method: 'PUT',
      headers: putHeaders(input.writeOnce),
      claim: await sign(names.claim),
      tasks,
      manifest: await sign(names.manifest),
    })
  }
  return out
}

function writeUploads(serve: string, uploads: Readonly<Record<string, SlotUploads>>): void {
  makeFolder(join(serve, SERVE_FILES.uploads), 'The upload URLs folder')
  for (const [slot, file] of Object.entries(uploads)) writeText(join(serve, slotUploadsFile(slot)), jsonFileText(file), slotUploadsFile(slot))
}

/** The identity file is the collector's alone: written readable by its owner only. */
function writeIdentity(path: string, identity: string): void {
  try {
    writeFileSync(path, `# The collector's age identity of this study: it alone decrypts the uploads. Keep it; never publish it.\n${identity}\n`, { mode: 0o600 })
  } catch (err) {
    throw new CliError(`${COLLECTOR_FILES.identity} cannot be written: ${path} (${systemReason(err)})`, { cause: err })
  }
}

/** The built page: copied from `--page DIR`, built by Vite, or left out (`--page none`). */
async function writePage(serve: string, page: string): Promise<string> {
  if (page === 'none') return 'no page (--page none): copy a built page into it before publishing'
  if (page !== 'build') {
    const from = resolve(page)
    if (!existsSync(join(from, 'index.html'))) throw new CliError(`--page ${page} has no index.html: give the folder of a built page (npm run build writes dist/).`)
    cpSync(from, serve, { recursive: true })
    return `the page copied from ${page}`
  }
  const root = join(import.meta.dirname, '..')
  const { build } = await import('vite')
  try {
    await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'silent', build: { outDir: serve, emptyOutDir: false } })
  } catch (err) {
    // Vite's message is coloured and spans lines: its first plain line says what failed.
    const reason = (err instanceof Error ? err.message : String(err)).replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').split('\n').find((l) => l.trim() !== '') ?? 'unknown error'
    throw new CliError(`The page cannot be built (${reason.trim()}): build it with npm run build and pass --page dist.`, { cause: err })
  }
  return 'the page built'
}

export interface ReturnStudyInput {
  out: string
  made: MadeStudy
  place: BucketPlace
  endpoint: string | undefined
  recruiter: Recruiter
  params: ReturnParams
  completion: ReturnCompletion
  recipient: string
  identity: string
  expiresIn: number
  writeOnce: boolean
  /** A built page's folder, `build` or `none`. */
  page: string
  pageUrl: string
}

/** Writes OUT/serve/, OUT/collector/ and OUT/links.txt. Returns what the page step did, for the summary. */
export async function writeReturnStudy(input: ReturnStudyInput): Promise<string> {
  const { out, made, place } = input
  const { study, bundles } = made
  const serve = join(out, 'serve')
  const collector = join(out, 'collector')
  const slots = Object.keys(study.people)
  checkTargets(out, [
    serve,
    collector,
    join(out, 'links.txt'),
    join(serve, SERVE_FILES.study),
    ...slots.flatMap((slot) => [join(serve, shareFolder(slot)), ...folderTargets(join(serve, shareFolder(slot)), bundles[slot] ?? {}), join(serve, slotUploadsFile(slot))]),
    ...Object.values(COLLECTOR_FILES).map((name) => join(collector, name)),
  ])
  // Signed first: a bucket or credentials problem stops the command before anything is written.
  const rounds: Record<string, number> = {}
  for (const slot of slots) setOwn(rounds, slot, 1)
  let uploads: Record<string, SlotUploads>
  try {
    uploads = await issueUploads({ client: await bucketClient(input.endpoint), place, study, rounds, expiresIn: input.expiresIn, writeOnce: input.writeOnce })
  } catch (err) {
    if (err instanceof CliError) throw err
    throw new CliError(`The upload URLs cannot be signed: ${storeReason(err)}`, { cause: err })
  }
  // OUT/serve/ is written whole each time: a slot of an earlier study must not stay published beside this one.
  if (existsSync(serve)) rmSync(serve, { recursive: true, force: true })
  makeFolder(serve, 'The folder to publish')
  const pageDone = await writePage(serve, input.page)
  for (const slot of slots) writeFolder(join(serve, shareFolder(slot)), bundles[slot] ?? {}, out)
  writeUploads(serve, uploads)
  const served: StudyReturn = {
    format: STUDY_RETURN_FORMAT,
    version: RETURN_VERSION,
    study: study.id,
    setting: study.setting ?? 'browse',
    recruiter: input.recruiter,
    params: input.params,
    completion: input.completion,
    recipient: input.recipient,
    slots,
  }
  writeText(join(serve, SERVE_FILES.study), jsonFileText(served), SERVE_FILES.study)

  makeFolder(collector, 'The collector folder')
  writeText(join(collector, COLLECTOR_FILES.assignment), studyFileText(study), COLLECTOR_FILES.assignment)
  writeIdentity(join(collector, COLLECTOR_FILES.identity), input.identity)
  const bucket: CollectorBucket = {
    format: BUCKET_FORMAT,
    version: RETURN_VERSION,
    study: study.id,
    uploadTo: bucketUrl(place),
    ...(input.endpoint ? { endpoint: input.endpoint } : {}),
    writeOnce: input.writeOnce,
    expiresSeconds: input.expiresIn,
    issued: new Date().toISOString(),
    rounds,
  }
  writeText(join(collector, COLLECTOR_FILES.bucket), jsonFileText(bucket), COLLECTOR_FILES.bucket)
  const links = [`study\t${recruiterLink(input.pageUrl, input.recruiter, input.params)}`, ...slots.map((slot) => `${slot}\t${slotLink(input.pageUrl, input.params, slot)}`)]
  writeText(join(out, 'links.txt'), links.join('\n') + '\n', 'links.txt')
  return pageDone
}

/**
 * `--reissue OUT`: new URLs for every slot in OUT/serve/uploads/, for
 * `expiresIn` seconds; the slots in `reopen` get a new round (new object
 * names: their earlier uploads stay, and a new participant can claim them).
 * Nothing else is touched. Returns the rounds.
 */
export async function reissueUploads(input: { out: string; expiresIn: number | undefined; endpoint: string | undefined; reopen: readonly string[]; place: (uploadTo: string) => BucketPlace }): Promise<{ bucket: CollectorBucket; reopened: string[] }> {
  const collector = join(input.out, 'collector')
  const serve = join(input.out, 'serve')
  if (!existsSync(collector)) throw new CliError(`${input.out} has no collector/ folder: --reissue works on the --out folder of a study made with --upload-to.`, { exitCode: 1 })
  const { study, bucket } = readCollectorFolder(collector)
  if (!bucket) throw new CliError(`${join(collector, COLLECTOR_FILES.bucket)} is missing: --reissue needs a study made with --upload-to.`, { exitCode: 1 })
  if (!existsSync(join(serve, SERVE_FILES.study)) || !statSync(join(serve, SERVE_FILES.uploads), { throwIfNoEntry: false })?.isDirectory())
    throw new CliError(`${serve} has no ${SERVE_FILES.study} and ${SERVE_FILES.uploads}/: --reissue writes into the folder npm run study --upload-to made.`, { exitCode: 1 })
  const unknown = input.reopen.filter((slot) => !Object.hasOwn(study.people, slot))
  if (unknown.length > 0) throw new CliError(`--reopen names ${unknown.join(', ')}, not slots of study ${study.id} (${Object.keys(study.people).slice(0, 3).join(', ')}, …).`)
  const rounds: Record<string, number> = {}
  for (const slot of Object.keys(study.people)) setOwn(rounds, slot, (Object.hasOwn(bucket.rounds, slot) ? bucket.rounds[slot] : undefined) ?? 1)
  for (const slot of input.reopen) setOwn(rounds, slot, (rounds[slot] ?? 1) + 1)
  const endpoint = input.endpoint ?? bucket.endpoint
  const expiresIn = input.expiresIn ?? bucket.expiresSeconds
  let uploads: Record<string, SlotUploads>
  try {
    uploads = await issueUploads({ client: await bucketClient(endpoint), place: input.place(bucket.uploadTo), study, rounds, expiresIn, writeOnce: bucket.writeOnce })
  } catch (err) {
    if (err instanceof CliError) throw err
    throw new CliError(`The upload URLs cannot be signed: ${storeReason(err)}`, { cause: err })
  }
  checkTargets(input.out, Object.keys(uploads).map((slot) => join(serve, slotUploadsFile(slot))))
  const stale = readdirSync(join(serve, SERVE_FILES.uploads)).filter((name) => !Object.hasOwn(uploads, name.replace(/\.json$/, '')))
  for (const name of stale) rmSync(join(serve, SERVE_FILES.uploads, name), { force: true })
  writeUploads(serve, uploads)
  const next: CollectorBucket = { ...bucket, ...(endpoint ? { endpoint } : {}), expiresSeconds: expiresIn, issued: new Date().toISOString(), rounds }
  writeText(join(collector, COLLECTOR_FILES.bucket), jsonFileText(next), COLLECTOR_FILES.bucket)
  return { bucket: next, reopened: [...input.reopen] }
}
