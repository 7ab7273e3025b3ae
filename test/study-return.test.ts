// A study that comes back by itself (issue #30), end to end on a local S3-compatible store: npm run study
// --upload-to, participants uploading through the core uploader with fetch, npm run collect.
import 'fake-indexeddb/auto'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEALED_FILE, crossValidationCsv, judgeAttempt, loadDataset, studyDashboard, studyDashboardTable, toCsv } from '../src/core/index'
import { SpievalDatabase, importDataset, saveStudy } from '../src/db/index'
import { importAttemptSources } from '../src/db/archive'
import { personAttempt } from '../src/people/store'
import { readSources } from '../src/state/exchange'
import { encryptUpload, newCollectorKey, readStudyFile, uploadText, attemptUpload } from '../src/core/study'
import type { StudyFile } from '../src/core/study'
import { SAMPLE_DIR } from './fixtures'
import { S3RVER_CREDENTIALS, startLocalStore } from './support/s3server'
import type { LocalStore } from './support/s3server'
import { OracleScript, nodePut, participate, readFolderFiles, runCli, servedStudy, writeSmallOwnCopy } from './support/s3Participants'
import type { Participation } from './support/s3Participants'

const data = writeSmallOwnCopy(SAMPLE_DIR, 8)
const dataset = loadDataset(readFolderFiles(data)).dataset
const tmp = mkdtempSync(join(tmpdir(), 'study-return-'))
const out = join(tmp, 'study')
const T0 = Date.UTC(2026, 2, 14, 9)

/** A stand-in for the built page: what --page copies. */
const page = join(tmp, 'page')
mkdirSync(join(page, 'assets'), { recursive: true })
writeFileSync(join(page, 'index.html'), '<!doctype html><title>phone</title><script src="assets/app.js"></script>')
writeFileSync(join(page, 'assets', 'app.js'), '// the page')

let store: LocalStore
let made: Awaited<ReturnType<typeof runCli>>
let study: StudyFile
const env = () => ({ ...S3RVER_CREDENTIALS })

const lines = (text: string) => text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>)
const csvRows = (text: string) => text.trim().split(/\r?\n/).slice(1).map((row) => row.split(','))

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(folder, e.name)) : [join(folder, e.name)]))
}

beforeAll(async () => {
  store = await startLocalStore()
  made = await runCli(
    'cli/study.ts',
    ['--data', data, '--slots', '4', '--per-task', '2', '--seed', '3', '--out', out, '--upload-to', `s3://${store.bucket}/pilot`, '--endpoint', store.endpoint, '--completion-code', 'C0DE42', '--page', page, '--page-url', 'https://example.org/study'],
    env(),
  )
  const read = readStudyFile(readFileSync(join(out, 'collector', 'assignment.json'), 'utf8'))
  if ('problems' in read) throw new Error(`${made.stderr}\n${read.problems.join('; ')}`)
  study = read.study
}, 120_000)

afterAll(async () => {
  await store?.close()
})

describe('npm run study --upload-to', () => {
  it('writes OUT/serve/ to publish, OUT/collector/ to keep and the study link', () => {
    expect(made.stderr).toBe('')
    expect(made.code).toBe(0)
    expect(made.stdout).toMatch(new RegExp(`Study ${study.id} \\(seed 3\\): 8 tasks, each solved by 2 of 4 slots .*no gold in the shares; uploads to s3://${store.bucket}/pilot/${study.id}/, URLs valid 7 days, each object written once`))
    expect(readdirSync(out).sort()).toEqual(['collector', 'links.txt', 'serve'])
    expect(readdirSync(join(out, 'serve')).sort()).toEqual(['assets', 'index.html', 'shares', 'study.json', 'uploads'])
    expect(readdirSync(join(out, 'collector')).sort()).toEqual(['assignment.json', 'bucket.json', 'identity.txt'])
    expect(statSync(join(out, 'collector', 'identity.txt')).mode & 0o777).toBe(0o600)
    expect(readFileSync(join(out, 'links.txt'), 'utf8')).toBe(
      'study\thttps://example.org/study/?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}\n' +
        ['s001', 's002', 's003', 's004'].map((s) => `${s}\thttps://example.org/study/?slot=${s}\n`).join(''),
    )
  })

  it('serves each slot its share without any gold, the collector key nowhere, and URLs for each of its objects', () => {
    const serve = servedStudy(join(out, 'serve'))
    expect(serve.study).toMatchObject({ study: study.id, setting: 'browse', recruiter: 'prolific', slots: ['s001', 's002', 's003', 's004'] })
    expect(serve.study.completion).toEqual({ code: 'C0DE42', url: 'https://app.prolific.com/submissions/complete?cc=C0DE42' })
    const identity = readFileSync(join(out, 'collector', 'identity.txt'), 'utf8')
    expect(identity).toMatch(/^AGE-SECRET-KEY-1/m)
    for (const file of filesUnder(join(out, 'serve'))) {
      const text = readFileSync(file, 'utf8')
      expect(text, relative(out, file)).not.toMatch(/AGE-SECRET-KEY|prompt_metadata|reasoning_path|distractors/)
    }
    for (const slot of serve.study.slots) {
      const share = serve.share(slot)
      expect(share.tasks.map((t) => t.id)).toEqual(study.people[slot])
      expect(share.sealed?.study).toMatchObject({ id: study.id, person: slot, setting: 'browse' })
      expect(JSON.parse(readFileSync(join(out, 'serve', 'shares', slot, SEALED_FILE), 'utf8'))).toMatchObject({ cipher: null })
      const uploads = JSON.parse(readFileSync(join(out, 'serve', 'uploads', `${slot}.json`), 'utf8')) as { tasks: Record<string, string>; claim: string; headers: unknown; round: number }
      expect(uploads.round).toBe(1)
      expect(uploads.headers).toEqual({ 'If-None-Match': '*' })
      expect(Object.keys(uploads.tasks)).toEqual(study.people[slot])
      expect(uploads.claim.startsWith(`${store.endpoint}/${store.bucket}/pilot/${study.id}/${slot}/r1/claim.age?`)).toBe(true)
      expect(new URL(uploads.claim).searchParams.get('X-Amz-SignedHeaders')).toBe('host;if-none-match')
      expect(new URL(uploads.claim).searchParams.get('X-Amz-Expires')).toBe('604800')
    }
  })
})

describe('participants and npm run collect', () => {
  const oracle = new OracleScript(dataset)
  const done: Participation[] = []
  let collected: Awaited<ReturnType<typeof runCli>>
  const results = join(tmp, 'results')

  beforeAll(async () => {
    const serve = servedStudy(join(out, 'serve'))
    const everyOther = (taskId: string) => dataset.tasks.findIndex((t) => t.id === taskId) % 2 === 0
    for (const [i, who] of ['ann', 'ben', 'cy'].entries()) {
      const p = await participate({
        serve,
        participant: { id: `PID-${who}`, study: 'PROLIFIC-STUDY', session: `SESSION-${who}` },
        oracle,
        started: T0 + i * 3_600_000,
        ...(who === 'ben' ? { wrong: everyOther } : {}),
        ...(who === 'cy' ? { stopAfter: 1 } : {}),
      })
      if (!p) throw new Error(`${who} got no slot`)
      done.push(p)
    }
    collected = await runCli('cli/collect.ts', ['--study', join(out, 'collector'), '--data', data, '--out', results], env())
  }, 120_000)

  it('collects every uploaded attempt once, as its slot\'s, and lists the sessions', () => {
    expect(collected.stderr).toBe('')
    expect(collected.code).toBe(0)
    const [ann, ben, cy] = done
    expect(collected.stdout).toContain('2 complete, 1 incomplete, 0 in conflict; 1 slot(s) open, 1 to reopen')
    const got = lines(readFileSync(join(results, 'response.jsonl'), 'utf8'))
    const uploaded = done.flatMap((p) => p.attempts.map((a) => ({ attempt: a.id, actor: p.slot, id: a.taskId })))
    expect(got.map((l) => ({ attempt: l.attempt, actor: l.actor, id: l.id })).sort((a, b) => String(a.attempt).localeCompare(String(b.attempt)))).toEqual(
      uploaded.sort((a, b) => a.attempt.localeCompare(b.attempt)),
    )
    const sessions = csvRows(readFileSync(join(results, 'sessions.csv'), 'utf8'))
    expect(sessions.map((r) => [r[0], r[2], r[3], r[4], r[5]]).sort()).toEqual(
      [
        [ann?.slot, 'complete', 'PID-ann', 'PROLIFIC-STUDY', 'SESSION-ann'],
        [ben?.slot, 'complete', 'PID-ben', 'PROLIFIC-STUDY', 'SESSION-ben'],
        [cy?.slot, 'incomplete', 'PID-cy', 'PROLIFIC-STUDY', 'SESSION-cy'],
      ].sort(),
    )
    expect(readFileSync(join(results, 'reopen.txt'), 'utf8')).toBe(`${cy?.slot}\n`)
  })

  it('scores as npm run score scores the same attempts from the participants\' files', async () => {
    // The file path: the lines the participants' exports hold, each credited to its slot (the study's person), one run per slot.
    const bySlot = [...done].sort((a, b) => (a.slot < b.slot ? -1 : 1))
    const fileLines = bySlot.flatMap((p, run) => p.lines.map((line) => JSON.stringify({ ...line, actor: p.slot, run })))
    const responses = join(tmp, 'from-files.jsonl')
    writeFileSync(responses, fileLines.join('\n') + '\n')
    const scored = join(tmp, 'from-files')
    mkdirSync(scored)
    const score = await runCli('cli/score.ts', ['--input_data', join(data, 'input_data.jsonl'), '--input_response_data', responses, '--output_file', join(scored, 'result.json')])
    expect(score.stderr).toBe('')
    expect(readFileSync(join(results, 'details.jsonl'), 'utf8')).toBe(readFileSync(join(scored, 'details.jsonl'), 'utf8'))
    expect(readFileSync(join(results, 'result.json'), 'utf8')).toBe(readFileSync(join(scored, 'result.json'), 'utf8'))
    const details = lines(readFileSync(join(results, 'details.jsonl'), 'utf8'))
    // ben's every other task is wrong, the rest right: the comparison has both kinds to tell apart.
    expect(details.some((d) => d.correct === true)).toBe(true)
    expect(details.some((d) => d.correct === false && d.error_type !== 'no_response')).toBe(true)
  })

  it('writes the study dashboard\'s CSVs', () => {
    const people = csvRows(readFileSync(join(results, `study-${study.id}-people.csv`), 'utf8'))
    expect(people.map((r) => [r[0], r[1], r[2]])).toEqual(
      ['s001', 's002', 's003', 's004'].map((slot) => {
        const p = done.find((d) => d.slot === slot)
        return [slot, String(study.people[slot]?.length), String(p?.attempts.length ?? 0)]
      }),
    )
    expect(readFileSync(join(results, `study-${study.id}-cross-validation.csv`), 'utf8')).toMatch(/^task,type,status,instruction/)
  })

  it('writes each slot\'s export, which the page\'s Study view loads to the figures the CSVs hold', async () => {
    // As the collector does in the page: the unsealed data set, its study's assignment.json, then People → Import of exports/.
    const folder = join(results, 'exports')
    const names = readdirSync(folder).sort()
    expect(names).toEqual(done.map((p) => `study-${study.id}-${p.slot}.zip`).sort())
    const picked = names.map((name) => new File([readFileSync(join(folder, name))], name))
    const { sources, problems } = await readSources(picked)
    expect(problems).toEqual([])
    const db = new SpievalDatabase('study-return-collected')
    const row = await importDataset(readFolderFiles(data), { name: 'own', source: 'files' }, db)
    await saveStudy(row.id, study, db)
    const imported = await importAttemptSources(row.id, sources, judgeAttempt, db)
    expect(imported.reduce((n, s) => n + s.added, 0)).toBe(done.reduce((n, p) => n + p.attempts.length, 0))
    // The Study view's dashboard over the stored attempts, as the People view reads them.
    const rows = (await db.attempts.toArray()).filter((r) => r.datasetId === row.id)
    const people = await Promise.all(rows.map(async (r) => personAttempt(r, await db.calls.where('[attemptId+seq]').between([r.id, -Infinity], [r.id, Infinity]).toArray())))
    const dashboard = studyDashboard(study, dataset.tasks, people)
    expect(toCsv(studyDashboardTable(dashboard).rows)).toBe(readFileSync(join(results, `study-${study.id}-people.csv`), 'utf8'))
    expect(crossValidationCsv(dashboard.crossValidation)).toBe(readFileSync(join(results, `study-${study.id}-cross-validation.csv`), 'utf8'))
    expect(dashboard.totals.solved).toBeGreaterThan(0)
    expect(dashboard.totals.solved).toBeLessThan(dashboard.totals.submitted)
    // Collect's response.jsonl alone is no participant's export: a data set that holds the study refuses it.
    await expect(importAttemptSources(row.id, [{ name: 'response.jsonl', files: { 'response.jsonl': readFileSync(join(results, 'response.jsonl'), 'utf8') } }], judgeAttempt, db)).rejects.toThrow(/no manifest\.json naming a study/)
  })

  it('writes each object once: a second upload to a URL is refused, as S3 refuses it (s3rver alone would write over it)', async () => {
    const [ann] = done
    const uploads = JSON.parse(readFileSync(join(out, 'serve', 'uploads', `${ann?.slot}.json`), 'utf8')) as { claim: string; headers: Record<string, string> }
    expect((await nodePut(uploads.claim, new Uint8Array([1, 2, 3]), uploads.headers)).status).toBe(412)
    const plain = await startLocalStore({ writeOnce: false })
    try {
      const url = `${plain.endpoint}/${plain.bucket}/x.age`
      expect((await nodePut(url, new Uint8Array([1]), { 'If-None-Match': '*' })).status).toBe(200)
      expect((await nodePut(url, new Uint8Array([2]), { 'If-None-Match': '*' })).status).toBe(200)
    } finally {
      await plain.close()
    }
  })

  it('leaves out, naming them, objects it cannot trust', async () => {
    const free = ['s001', 's002', 's003', 's004'].find((slot) => !done.some((p) => p.slot === slot)) ?? ''
    const uploads = JSON.parse(readFileSync(join(out, 'serve', 'uploads', `${free}.json`), 'utf8')) as { tasks: Record<string, string>; headers: Record<string, string> }
    const [first, second] = study.people[free] ?? []
    const place = { study: study.id, slot: free, round: 1, participant: { id: 'PID-eve' } }
    const line = done[0]?.lines[0] ?? {}
    // Encrypted to another key; and an attempt at the slot's first task under its second task's name.
    const stranger = await newCollectorKey()
    await nodePut(uploads.tasks[first ?? ''] ?? '', await encryptUpload(uploadText(attemptUpload(place, first ?? '', study.tasks[first ?? '']?.fingerprint ?? '', line)), stranger.recipient), uploads.headers)
    const recipient = servedStudy(join(out, 'serve')).study.recipient
    await nodePut(uploads.tasks[second ?? ''] ?? '', await encryptUpload(uploadText(attemptUpload(place, first ?? '', study.tasks[first ?? '']?.fingerprint ?? '', line)), recipient), uploads.headers)
    // s3rver takes an unsigned PUT: an object someone else put in the bucket.
    expect((await nodePut(`${store.endpoint}/${store.bucket}/pilot/${study.id}/notes.txt`, new TextEncoder().encode('hello'), {})).status).toBe(200)
    const again = await runCli('cli/collect.ts', ['--study', join(out, 'collector'), '--data', data, '--out', join(tmp, 'results-2')], env())
    expect(again.code).toBe(0)
    const warnings = again.stderr.trim().split('\n')
    expect(warnings).toEqual([
      `warning: pilot/${study.id}/notes.txt: not an upload of this study (left out)`,
      expect.stringMatching(new RegExp(`^warning: pilot/${study.id}/${free}/r1/task-001\\.age: it does not decrypt with the collector's identity \\(.+\\) \\(left out\\)$`)),
      `warning: pilot/${study.id}/${free}/r1/task-002.age: an attempt at task ${JSON.stringify(first)} under the name of task ${JSON.stringify(second)} of slot ${free} (left out)`,
    ])
    expect(lines(readFileSync(join(tmp, 'results-2', 'response.jsonl'), 'utf8'))).toHaveLength(done.reduce((n, p) => n + p.attempts.length, 0))
  })

  it('--reissue gives new URLs, and --reopen a slot a new round that a new participant completes', async () => {
    const [, , cy] = done
    const slot = cy?.slot ?? ''
    const before = JSON.parse(readFileSync(join(out, 'serve', 'uploads', 's001.json'), 'utf8')) as { claim: string }
    const reissued = await runCli('cli/study.ts', ['--reissue', out, '--expires', '2h', '--reopen', slot], env())
    expect(reissued.stderr).toBe('')
    expect(reissued.stdout).toContain(`reopened ${slot} (a new round each)`)
    const after = JSON.parse(readFileSync(join(out, 'serve', 'uploads', 's001.json'), 'utf8')) as { claim: string; round: number; expires: string }
    expect(after.round).toBe(1)
    expect(new URL(after.claim).searchParams.get('X-Amz-Expires')).toBe('7200')
    expect(after.claim).not.toBe(before.claim)
    const reopened = JSON.parse(readFileSync(join(out, 'serve', 'uploads', `${slot}.json`), 'utf8')) as { claim: string; round: number }
    expect(reopened.round).toBe(2)
    expect(reopened.claim).toContain(`/${slot}/r2/claim.age?`)
    expect(JSON.parse(readFileSync(join(out, 'collector', 'bucket.json'), 'utf8')).rounds[slot]).toBe(2)
    const dan = await participate({ serve: servedStudy(join(out, 'serve')), participant: { id: 'PID-dan', session: 'SESSION-dan' }, oracle, started: T0 + 9 * 3_600_000, slot })
    expect(dan?.slot).toBe(slot)
    const results3 = join(tmp, 'results-3')
    const again = await runCli('cli/collect.ts', ['--study', join(out, 'collector'), '--data', data, '--out', results3], env())
    expect(again.code).toBe(0)
    const sessions = csvRows(readFileSync(join(results3, 'sessions.csv'), 'utf8')).filter((r) => r[0] === slot)
    expect(sessions.map((r) => [r[1], r[2], r[3]])).toEqual([
      ['1', 'incomplete', 'PID-cy'],
      ['2', 'complete', 'PID-dan'],
    ])
    expect(readFileSync(join(results3, 'reopen.txt'), 'utf8')).toBe('')
    // The slot's attempts are the complete session's.
    const mine = lines(readFileSync(join(results3, 'response.jsonl'), 'utf8')).filter((l) => l.actor === slot)
    expect(mine.map((l) => l.attempt).sort()).toEqual((dan?.attempts ?? []).map((a) => a.id).sort())
  })
})

describe('mistakes', () => {
  it('are refused in one line, before anything is written', async () => {
    const fresh = join(tmp, 'fresh')
    const base = ['--data', data, '--slots', '2', '--per-task', '1', '--out', fresh, '--page', 'none', '--endpoint', store.endpoint]
    const bucket = ['--upload-to', `s3://${store.bucket}/x`]
    const cases: [string[], Record<string, string>, RegExp][] = [
      [[...base, ...bucket], env(), /Missing --completion-code/],
      [[...base, ...bucket, '--completion-code', 'has space'], env(), /--completion-code "has space" is neither a code/],
      [[...base, ...bucket, '--completion-code', 'C', '--passphrase-env', 'PASS'], { ...env(), PASS: 'a long enough passphrase' }, /--passphrase-env does not go with --upload-to/],
      [[...base, '--upload-to', 'https://bucket/x', '--completion-code', 'C'], env(), /is not s3:\/\/BUCKET\/PREFIX/],
      [[...base, '--completion-code', 'C'], env(), /--endpoint goes with --upload-to/],
      [[...base, ...bucket, '--completion-code', 'C', '--base-url', 'https://x/'], env(), /--base-url does not go with --upload-to/],
      [[...base, ...bucket, '--completion-code', 'C', '--expires', '8d'], env(), /--expires "8d" must be from 1 minute to 7 days/],
      [[...base, ...bucket, '--completion-code', 'C', '--recruiter', 'mturk'], env(), /Unknown --recruiter "mturk"/],
      [[...base, ...bucket, '--completion-code', 'C', '--participant-param', 'workerId'], env(), /goes with --recruiter generic/],
      [[...base, ...bucket, '--completion-code', 'C'], {}, /set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/],
      [['--data', data, '--people', 'ann', '--slots', '2', '--per-task', '1', '--out', fresh], env(), /Give --people or --slots, not both/],
      [['--reopen', 's001'], env(), /--reopen goes with --reissue OUT/],
      [['--reissue', data], env(), /has no collector\/ folder: --reissue works on the --out folder of a study made with --upload-to/],
    ]
    const answers = await Promise.all(cases.map(([args, e]) => runCli('cli/study.ts', args, e)))
    answers.forEach((r, i) => {
      const [args, , message] = cases[i] ?? [[], {}, /./]
      expect(r.code, args.join(' ')).not.toBe(0)
      expect(r.stderr.split('\n')[0], args.join(' ')).toMatch(message)
    })
    expect(() => readdirSync(fresh)).toThrow()
  }, 120_000)

  it('collect refuses a data set whose tasks differ from what the participants saw, and a collector folder without its key', async () => {
    const changed = writeSmallOwnCopy(SAMPLE_DIR, 8)
    const records = JSON.parse(readFileSync(join(changed, 'records_db.json'), 'utf8')) as Record<string, Record<string, unknown[]>>
    const [firstTask] = Object.keys(records)
    records[firstTask ?? ''] = { ...records[firstTask ?? ''], notes: [{ 标题: 'new', 内容: 'a record added after the study' }] }
    writeFileSync(join(changed, 'records_db.json'), JSON.stringify(records))
    const r = await runCli('cli/collect.ts', ['--study', join(out, 'collector'), '--data', changed, '--out', join(tmp, 'never')], env())
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(new RegExp(`1 task\\(s\\) of study ${study.id} differ from what the participants saw .*: ${firstTask}`))
    const empty = join(tmp, 'no-key')
    mkdirSync(empty)
    writeFileSync(join(empty, 'assignment.json'), readFileSync(join(out, 'collector', 'assignment.json')))
    writeFileSync(join(empty, 'identity.txt'), '# nothing\n')
    const noKey = await runCli('cli/collect.ts', ['--study', empty, '--data', data, '--out', join(tmp, 'never'), '--from', `s3://${store.bucket}/pilot`, '--endpoint', store.endpoint], env())
    expect(noKey.stderr).toMatch(/holds no age identity/)
    expect(() => readdirSync(join(tmp, 'never'))).toThrow()
  }, 120_000)
})

describe('without a bucket', () => {
  it('links.txt holds whole links to the page', async () => {
    const files = join(tmp, 'files')
    const r = await runCli('cli/study.ts', ['--data', data, '--people', 'ann,bob', '--per-task', '1', '--seed', '1', '--out', files, '--page-url', 'https://example.org/phone/', '--base-url', 'https://cdn.example.org/s'])
    expect(r.stderr).toBe('')
    expect(readFileSync(join(files, 'links.txt'), 'utf8')).toBe('ann\thttps://example.org/phone/?data=https://cdn.example.org/s/ann/\nbob\thttps://example.org/phone/?data=https://cdn.example.org/s/bob/\n')
    const local = join(tmp, 'files-local')
    expect((await runCli('cli/study.ts', ['--data', data, '--people', 'ann,bob', '--per-task', '1', '--seed', '1', '--out', local])).stdout).toContain('(on http://localhost:4173/, a local preview')
    expect(readFileSync(join(local, 'links.txt'), 'utf8').split('\n')[0]).toBe('ann\thttp://localhost:4173/?data=ann/')
  })
})
