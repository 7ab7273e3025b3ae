/**
 * npm run collect -- --study OUT/collector --data DIR --out RESULTS [--from s3://BUCKET/PREFIX] [--endpoint URL]
 * Brings a study's uploads back from its bucket (issue #30): lists and
 * downloads them, decrypts each with the collector's age identity, checks it
 * (its place, the study, the task's fingerprint, the slot's tasks), imports
 * the attempts as the page imports a participant's export (each call checked
 * again, each verdict computed again by the one scorer), and writes
 * response.jsonl, result.json and details.jsonl (as `npm run score` writes
 * them), the study dashboard's CSVs, sessions.csv (every participant's
 * session, complete or not), reopen.txt (the slots to open again) and
 * exports/, each slot's attempts as its participant's export, which the
 * page's Study view loads (People → Import) as it loads the files path's.
 */
import { join } from 'node:path'
import type { S3Client } from '@aws-sdk/client-s3'
import { contentFingerprint } from '../src/core/authoring'
import { ARCHIVE_FILES, buildArchive, readArchive, zipArchive } from '../src/core/archive'
import type { ArchivedAttempt } from '../src/core/archive'
import {
  crossValidationCsv,
  fingerprintMatches,
  judgeAttempt,
  judgeContext,
  setOwn,
  studyDashboard,
  studyDashboardTable,
  submittedOf,
  toCsv,
} from '../src/core/index'
import type { Dataset, PersonAttempt, Task } from '../src/core/index'
import { COLLECTOR_FILES, UploadDecryptError, decryptUpload, readObjectName, readUpload, recipientOf, returnSessions, studyPrefix, textSha256 } from '../src/core/study'
import type { AttemptUpload, ReceivedUpload, ReturnSession, StudyFile } from '../src/core/study'
import { readOptions, required } from './args'
import { CliError, exitOnError, keepSecret } from './errors'
import { loadDatasetFolder, makeFolder, readText, writeText } from './files'
import { bucketClient, getObjectBytes, listKeys, readBucketUrl, readEndpoint, storeReason } from './s3'
import { readCollectorFolder } from './studyUploads'

exitOnError()

const USAGE = `Usage: npm run collect -- --study OUT/collector --data DIR --out RESULTS [--from s3://BUCKET/PREFIX] [--endpoint URL]
  Downloads the uploads of a study made with npm run study --upload-to, decrypts them with
  OUT/collector/identity.txt, checks and scores them against the unsealed data set DIR, and writes
  into RESULTS: response.jsonl, result.json, details.jsonl (as npm run score writes them; each slot is
  a run), study-<id>-people.csv and study-<id>-cross-validation.csv (the page's Study tab), sessions.csv
  (every participant's session: complete, incomplete or in conflict) and reopen.txt (slots whose
  session did not finish: npm run study -- --reissue OUT --reopen them) and exports/ (each slot's
  attempts as its participant's page exports them: load assignment.json into the data set in the page,
  then import these in People, and its Study view shows the same figures). Run it as often as you like.
  --from, --endpoint  default: the bucket and store the study was made with (OUT/collector/bucket.json)
  Credentials: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (AWS_SESSION_TOKEN, AWS_REGION).`

const { values } = readOptions(
  { study: { type: 'string' }, data: { type: 'string' }, out: { type: 'string' }, from: { type: 'string' }, endpoint: { type: 'string' }, help: { type: 'boolean' } },
  USAGE,
)
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const collector = required(values.study, 'study', USAGE)
const dataFolder = required(values.data, 'data', USAGE)
const outFolder = required(values.out, 'out', USAGE)
const { study, bucket } = readCollectorFolder(collector)
const fromText = typeof values.from === 'string' ? values.from : bucket?.uploadTo
if (fromText === undefined) throw new CliError(`Missing --from: ${join(collector, COLLECTOR_FILES.bucket)} is not there to say where the uploads are.`, { usage: USAGE })
const place = readBucketUrl(fromText, 'from', USAGE)
const endpoint = readEndpoint(values.endpoint, USAGE) ?? (values.from === undefined ? bucket?.endpoint : undefined)
const identity = await readIdentity(join(collector, COLLECTOR_FILES.identity))
const { dataset } = loadDatasetFolder(dataFolder)
checkStudyTasks(study, dataset, dataFolder)

/** The identity line of identity.txt (comments aside), refused when it is not an age X25519 identity. */
async function readIdentity(path: string): Promise<string> {
  const line = readText(path, "The collector's identity").split('\n').map((l) => l.trim()).find((l) => l !== '' && !l.startsWith('#'))
  if (line === undefined || (await recipientOf(line)) === undefined) throw new CliError(`${path} holds no age identity (AGE-SECRET-KEY-1…).`, { exitCode: 1 })
  keepSecret(line)
  return line
}

/** The study's tasks must be in the data set as the participants saw them: otherwise their attempts would be scored against other tasks. */
function checkStudyTasks(study: StudyFile, dataset: Dataset, folder: string): void {
  const byId = new Map(dataset.tasks.map((t) => [t.id, t]))
  const missing = Object.keys(study.tasks).filter((id) => !byId.has(id))
  if (missing.length > 0) throw new CliError(`${folder} does not have ${missing.length} task(s) of study ${study.id}: ${missing.slice(0, 5).join(', ')}. Collect into the data set the study was made from.`, { exitCode: 1 })
  const changed = Object.entries(study.tasks)
    .filter(([id, entry]) => !fingerprintMatches(entry.fingerprint, byId.get(id) as Task, dataset.records[id], dataset))
    .map(([id]) => id)
  if (changed.length > 0)
    throw new CliError(`In ${folder}, ${changed.length} task(s) of study ${study.id} differ from what the participants saw (instruction, records, profile or tools): ${changed.slice(0, 5).join(', ')}.`, { exitCode: 1 })
}

/** Runs `work` over `items`, `limit` at a time, in order of the results. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** Lists, downloads and decrypts the study's objects; an object that cannot be read is a problem, named, and is left out. */
async function receive(client: S3Client): Promise<{ received: ReceivedUpload[]; problems: string[] }> {
  const prefix = studyPrefix(place.prefix, study.id)
  let keys: string[]
  try {
    keys = await listKeys(client, place.bucket, prefix)
  } catch (err) {
    throw new CliError(`s3://${place.bucket}/${prefix} cannot be listed: ${storeReason(err)}`, { cause: err })
  }
  // Read side by side, reported in the order of the names.
  const read = await pooled(keys, 8, async (key): Promise<ReceivedUpload | string> => {
    const object = readObjectName(key, place.prefix, study.id)
    if (!object || !Object.hasOwn(study.people, object.slot)) return `${key}: not an upload of this study (left out)`
    let bytes: Uint8Array
    try {
      bytes = await getObjectBytes(client, place.bucket, key)
    } catch (err) {
      throw new CliError(`${key} cannot be downloaded: ${storeReason(err)}`, { cause: err })
    }
    let text: string
    try {
      text = await decryptUpload(bytes, identity)
    } catch (err) {
      if (err instanceof UploadDecryptError) return `${key}: ${err.message} (left out)`
      throw err
    }
    const parsed = readUpload(text, { kind: object.kind, slot: object.slot, round: object.round, study: study.id })
    if ('problems' in parsed) return `${key}: ${parsed.problems.join('; ')} (left out)`
    const upload = parsed.upload
    if (upload.kind === 'attempt') {
      const expected = study.people[object.slot]?.[(object.position ?? 0) - 1]
      if (upload.task !== expected) return `${key}: an attempt at task ${JSON.stringify(upload.task)} under the name of ${expected === undefined ? 'no task' : `task ${JSON.stringify(expected)}`} of slot ${object.slot} (left out)`
      if (upload.fingerprint !== study.tasks[upload.task]?.fingerprint)
        return `${key}: task ${JSON.stringify(upload.task)} is not the one the study handed out (another fingerprint) (left out)`
    }
    return { object, upload, text, sha256: textSha256(text) }
  })
  return { received: read.filter((r): r is ReceivedUpload => typeof r !== 'string'), problems: read.filter((r): r is string => typeof r === 'string') }
}

/**
 * Per slot, the session whose attempts count: the first complete one, else
 * the latest. Of a session in conflict, only its closing (else claiming)
 * participant's uploads count.
 */
function countedUploads(sessions: readonly ReturnSession[], received: readonly ReceivedUpload[]): AttemptUpload[] {
  const chosen = new Map<string, ReturnSession>()
  for (const s of sessions) {
    const held = chosen.get(s.slot)
    if (!held || (held.status !== 'complete' && (s.status === 'complete' || s.round > held.round))) chosen.set(s.slot, s)
  }
  const out: AttemptUpload[] = []
  for (const session of chosen.values()) {
    const mine = received.filter((r) => r.object.slot === session.slot && r.object.round === session.round)
    const owner = (mine.find((r) => r.upload.kind === 'manifest') ?? mine.find((r) => r.upload.kind === 'claim') ?? mine[0])?.upload.participant
    for (const r of mine) if (r.upload.kind === 'attempt' && r.upload.participant.id === owner?.id && r.upload.participant.session === owner.session) out.push(r.upload)
  }
  return out
}

/** An attempt upload as an attempt of the slot (the study's person), judged against this data set; undefined (with a problem) when its line does not read. */
async function importAttempt(upload: AttemptUpload, problems: string[]): Promise<ArchivedAttempt | undefined> {
  const read = readArchive({ [ARCHIVE_FILES.responses]: JSON.stringify(upload.line) + '\n' })
  const [attempt] = read.attempts
  const where = `slot ${upload.slot} round ${upload.round}, task ${JSON.stringify(upload.task)}`
  if (read.issues.length > 0 || !attempt) return void problems.push(`${where}: ${read.issues.join('; ') || 'no attempt'} (left out)`)
  if (attempt.taskId !== upload.task) return void problems.push(`${where}: its line is an attempt at task ${JSON.stringify(attempt.taskId)} (left out)`)
  const task = dataset.tasks.find((t) => t.id === upload.task) as Task
  const records = dataset.records[task.id] ?? {}
  // As the page imports a study's export: the attempt is its person's (the slot), and nothing in the file is trusted.
  const judged = await judgeAttempt({ ...attempt, actor: upload.slot }, { task, records, fingerprint: contentFingerprint({ task, records }) }, judgeContext(dataset))
  const { verdict: _given, ...rest } = attempt
  return { ...rest, actor: upload.slot, steps: judged.steps, ...(judged.verdict ? { verdict: judged.verdict } : {}) }
}

/** An attempt as the people's statistics count it (what the page's People view reads from storage). */
function personAttempt(a: ArchivedAttempt): PersonAttempt {
  const sources = new Map<string, number>()
  for (const s of a.steps) sources.set(s.source, (sources.get(s.source) ?? 0) + 1)
  return {
    attemptId: a.id,
    taskId: a.taskId,
    actor: a.actor,
    finished: a.finished,
    started: a.started,
    ...(a.ended !== undefined ? { ended: a.ended } : {}),
    elapsedMs: a.elapsedMs,
    ...(a.verdict ? { correct: a.verdict.correct, errorType: a.verdict.errorType } : {}),
    calls: submittedOf(a.steps),
    retrievals: a.steps.filter((s) => s.kind === 'retrieval').length,
    flags: a.flags ?? [],
    ...(a.afterGold ? { afterGold: true } : {}),
    sources: Object.fromEntries(sources),
    access: a.access,
  }
}

const EXPORTS_FOLDER = 'exports'

/**
 * Each slot's attempts as its participant's page exports them (a sealed
 * export naming the study and the slot, no verdict): the page's People →
 * Import takes these into the data set that holds the study's
 * assignment.json, and its Study view then shows what the CSVs say.
 */
function writeSlotExports(folder: string): string[] {
  const bySlot = new Map<string, ArchivedAttempt[]>()
  for (const a of attempts) bySlot.set(a.actor, [...(bySlot.get(a.actor) ?? []), a])
  makeFolder(folder, 'Exports folder')
  const names: string[] = []
  for (const [slot, mine] of [...bySlot].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const fingerprints: Record<string, string> = {}
    for (const a of mine) setOwn(fingerprints, a.taskId, study.tasks[a.taskId]?.fingerprint ?? '')
    const exportedAt = new Date().toISOString()
    const { files } = buildArchive({ attempts: mine, tasks: dataset.tasks, tools: dataset.tools, dataset: { name: slot }, exportedAt, sealed: { study: { id: study.id, person: slot }, fingerprints } })
    const name = `study-${study.id}-${slot}.zip`
    writeText(join(folder, name), zipArchive(files, exportedAt), name)
    names.push(name)
  }
  return names
}

function sessionsCsv(sessions: readonly ReturnSession[]): string {
  const rows = sessions.map((s) => {
    const p = s.participants[0]
    return [s.slot, String(s.round), s.status, p?.id ?? '', p?.study ?? '', p?.session ?? '', s.claimedAt ?? '', s.closedAt ?? '', String(s.uploaded.length), String(s.assigned), s.notes.join('; ')]
  })
  return toCsv([['slot', 'round', 'status', 'participant', 'recruiter study', 'recruiter session', 'claimed', 'closed', 'uploaded', 'assigned', 'notes'], ...rows])
}

const client = await bucketClient(endpoint)
const { received, problems } = await receive(client)
const rounds: Record<string, number> = {}
for (const [slot, round] of Object.entries(bucket?.rounds ?? {})) setOwn(rounds, slot, round)
const { sessions, open, reopen } = returnSessions({ slots: study.people, rounds, received })
const attempts: ArchivedAttempt[] = []
const seen = new Set<string>()
for (const upload of countedUploads(sessions, received)) {
  const attempt = await importAttempt(upload, problems)
  if (!attempt) continue
  if (seen.has(attempt.id)) {
    problems.push(`slot ${upload.slot}: attempt ${attempt.id} came twice (kept once)`)
    continue
  }
  seen.add(attempt.id)
  attempts.push(attempt)
}

const archive = buildArchive({
  attempts,
  tasks: dataset.tasks,
  tools: dataset.tools,
  dataset: { name: dataFolder },
  exportedAt: new Date().toISOString(),
  live: { records: dataset.records, profile: dataset.profile },
})
const dashboard = studyDashboard(study, dataset.tasks, attempts.map(personAttempt))
makeFolder(outFolder, 'Results folder (--out)')
for (const name of [ARCHIVE_FILES.responses, ARCHIVE_FILES.result, ARCHIVE_FILES.details]) writeText(join(outFolder, name), archive.files[name] ?? '', name)
const peopleCsv = `study-${study.id}-people.csv`
const crossCsv = `study-${study.id}-cross-validation.csv`
writeText(join(outFolder, peopleCsv), toCsv(studyDashboardTable(dashboard).rows), peopleCsv)
writeText(join(outFolder, crossCsv), crossValidationCsv(dashboard.crossValidation), crossCsv)
writeText(join(outFolder, 'sessions.csv'), sessionsCsv(sessions), 'sessions.csv')
writeText(join(outFolder, 'reopen.txt'), reopen.map((slot) => `${slot}\n`).join(''), 'reopen.txt')
const exported = writeSlotExports(join(outFolder, EXPORTS_FOLDER))

for (const p of problems) process.stderr.write(`warning: ${p}\n`)
const count = (status: string) => sessions.filter((s) => s.status === status).length
const solved = attempts.filter((a) => a.verdict?.correct === true).length
console.log(
  `Study ${study.id}: ${received.length} upload(s) read; ${attempts.length} attempt(s) imported (${solved} correct) from ${sessions.length} session(s): ` +
    `${count('complete')} complete, ${count('incomplete')} incomplete, ${count('conflict')} in conflict; ${open.length} slot(s) open, ${reopen.length} to reopen` +
    (problems.length > 0 ? `; ${problems.length} warning(s) above` : '') +
    `.\nWrote ${[ARCHIVE_FILES.responses, ARCHIVE_FILES.result, ARCHIVE_FILES.details, peopleCsv, crossCsv, 'sessions.csv', 'reopen.txt'].join(', ')} to ${outFolder}/` +
    ` and ${exported.length} slot export(s) to ${join(outFolder, EXPORTS_FOLDER)}/ (the page's People → Import takes them into the data set that holds the study).`,
)
