// 100 participants of one study link (issue #30): each claims a slot and uploads through the core uploader, the
// collector runs npm run collect, and what it writes equals what the page gives when it imports the same attempts
// from the participants' exported files (src/db's import, the People view's attempts, the study dashboard).
import 'fake-indexeddb/auto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crossValidationCsv, judgeAttempt, loadDataset, studyDashboard, studyDashboardTable, toCsv } from '../src/core/index'
import { buildArchive } from '../src/core/archive/index'
import { datasetFingerprints } from '../src/core/seal'
import { readStudyFile } from '../src/core/study'
import type { StudyFile } from '../src/core/study'
import { SpievalDatabase, importDataset, saveStudy } from '../src/db/index'
import { importAttemptSources } from '../src/db/archive'
import type { AttemptSource } from '../src/db/archive'
import { personAttempt } from '../src/people/store'
import { exportAttempts } from '../src/state/attemptExport'
import { SAMPLE_DIR } from './fixtures'
import { S3RVER_CREDENTIALS, startLocalStore } from './support/s3server'
import type { LocalStore } from './support/s3server'
import { OracleScript, participate, readFolderFiles, runCli, servedStudy, writeSmallOwnCopy } from './support/s3Participants'
import type { Participation } from './support/s3Participants'

const PARTICIPANTS = 100
/** A quarter more slots than places, as the guide advises: with as many as places, the last to come try many slots before a free one. */
const SLOTS = 125
const data = writeSmallOwnCopy(SAMPLE_DIR, 10)
const files = readFolderFiles(data)
const dataset = loadDataset(files).dataset
const tmp = mkdtempSync(join(tmpdir(), 'study-return-many-'))
const out = join(tmp, 'study')
const results = join(tmp, 'results')
const T0 = Date.UTC(2026, 2, 14, 9)

let store: LocalStore
let study: StudyFile
let collected: Awaited<ReturnType<typeof runCli>>
const done: Participation[] = []
const timings: Record<string, number> = {}

/** Prolific-like ids: 24 hex digits. */
const pid = (i: number) => (0x5f1a0000 + i * 7919).toString(16).padStart(24, '0')

beforeAll(async () => {
  store = await startLocalStore()
  // 10 tasks × 25 people each over 125 slots: 2 tasks per slot.
  const made = await runCli(
    'cli/study.ts',
    ['--data', data, '--slots', String(SLOTS), '--per-task', '25', '--seed', '5', '--out', out, '--upload-to', `s3://${store.bucket}/many`, '--endpoint', store.endpoint, '--completion-code', 'DONE', '--page', 'none'],
    { ...S3RVER_CREDENTIALS },
  )
  const read = readStudyFile(readFileSync(join(out, 'collector', 'assignment.json'), 'utf8'))
  if ('problems' in read) throw new Error(made.stderr)
  study = read.study
  const serve = servedStudy(join(out, 'serve'))
  const oracle = new OracleScript(dataset)
  const start = performance.now()
  // Four at a time, as people arrive together: the claims race, and writing once settles who gets a slot.
  let next = 0
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < PARTICIPANTS) {
        const i = next++
        const p = await participate({
          serve,
          participant: { id: pid(i), study: 'PROLIFIC-STUDY', session: `session-${i}` },
          oracle,
          started: T0 + i * 60_000,
          // Every third participant misses the last call of the tasks whose number is odd.
          ...(i % 3 === 0 ? { wrong: (taskId: string) => /[13579]$/.test(taskId) } : {}),
        })
        if (!p) throw new Error(`participant ${i} got no slot`)
        done.push(p)
      }
    }),
  )
  timings.participants = performance.now() - start
  const collectStart = performance.now()
  collected = await runCli('cli/collect.ts', ['--study', join(out, 'collector'), '--data', data, '--out', results], { ...S3RVER_CREDENTIALS })
  timings.collect = performance.now() - collectStart
}, 180_000)

afterAll(async () => {
  await store?.close()
})

describe(`${PARTICIPANTS} participants through one link`, () => {
  it('each get a slot of their own, and every attempt is collected once', () => {
    expect(collected.stderr).toBe('')
    expect(collected.code).toBe(0)
    expect(new Set(done.map((p) => p.slot)).size).toBe(PARTICIPANTS)
    const uploaded = done.flatMap((p) => p.attempts.map((a) => `${a.id} ${p.slot}`)).sort()
    expect(uploaded).toHaveLength(PARTICIPANTS * 2)
    const got = readFileSync(join(results, 'response.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { attempt: string; actor: string })
      .map((l) => `${l.attempt} ${l.actor}`)
      .sort()
    expect(got).toEqual(uploaded)
    expect(collected.stdout).toContain(`${PARTICIPANTS} complete, 0 incomplete, 0 in conflict; ${SLOTS - PARTICIPANTS} slot(s) open, 0 to reopen`)
    // A few seconds for all of it: uploads (claim, 2 attempts, manifest each) and the collection.
    console.log(`${PARTICIPANTS} participants uploaded in ${Math.round(timings.participants ?? 0)} ms; collected in ${Math.round(timings.collect ?? 0)} ms`)
  })

  it('give the figures the page gives when it imports their exported files', async () => {
    // Each participant's export, as their page writes it from the sealed share (response.jsonl and manifest.json).
    const sources: AttemptSource[] = await Promise.all(
      done.map(async (p) => {
        const share = servedStudy(join(out, 'serve')).share(p.slot)
        const fingerprints = await datasetFingerprints(share)
        const built = buildArchive({
          attempts: p.attempts,
          tasks: share.tasks,
          tools: share.tools,
          dataset: { name: p.slot },
          exportedAt: new Date(T0).toISOString(),
          sealed: { study: { id: study.id, person: p.slot }, fingerprints },
        })
        return { name: `study-${study.id}-${p.slot}.zip`, files: built.files }
      }),
    )
    const db = new SpievalDatabase('study-return-many')
    const row = await importDataset(files, { name: 'own', source: 'files' }, db)
    await saveStudy(row.id, study, db)
    const imported = await importAttemptSources(row.id, sources, judgeAttempt, db)
    expect(imported.reduce((n, s) => n + s.added, 0)).toBe(PARTICIPANTS * 2)
    const rows = (await db.attempts.toArray()).filter((r) => r.datasetId === row.id)
    const people = await Promise.all(rows.map(async (r) => personAttempt(r, await db.calls.where('[attemptId+seq]').between([r.id, -Infinity], [r.id, Infinity]).toArray())))
    const dashboard = studyDashboard(study, dataset.tasks, people)
    expect(readFileSync(join(results, `study-${study.id}-people.csv`), 'utf8')).toBe(toCsv(studyDashboardTable(dashboard).rows))
    expect(readFileSync(join(results, `study-${study.id}-cross-validation.csv`), 'utf8')).toBe(crossValidationCsv(dashboard.crossValidation))
    // Both wrong and right answers are in it, so the comparison tells them apart.
    expect(dashboard.totals.solved).toBeGreaterThan(0)
    expect(dashboard.totals.solved).toBeLessThan(dashboard.totals.submitted)
    expect(dashboard.totals.submitted).toBe(PARTICIPANTS * 2)
    // And the page's export of those attempts scores as the collection does.
    const exported = await exportAttempts(row.id, {}, db)
    expect(readFileSync(join(results, 'details.jsonl'), 'utf8')).toBe(exported.files['details.jsonl'])
    expect(readFileSync(join(results, 'result.json'), 'utf8')).toBe(exported.files['result.json'])
  })
})
