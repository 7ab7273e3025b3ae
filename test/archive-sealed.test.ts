// Exports from a sealed data set, and the collector's import of them into the unsealed one (issue #17).
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { Attempt, judgeAttempt, loadDataset } from '../src/core/index'
import { ArchiveError, buildArchive, readArchive } from '../src/core/archive/index'
import type { ArchiveManifest } from '../src/core/archive/index'
import { datasetFingerprints, sealDataset, studyFingerprint, userTexts } from '../src/core/seal'
import type { SealedStudy } from '../src/core/seal'
import { buildStudyFile, studyId } from '../src/core/study'
import type { StudyFile } from '../src/core/study'
import { IndexedDbSink, SpievalDatabase, importAttempts, importDataset, loadTask, saveStudy } from '../src/db/index'
import type { AttemptRow, DatasetRow } from '../src/db/index'
import { SAMPLE_DIR } from './fixtures'
import { exportAttempts } from '../src/state/attemptExport'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const original: Record<string, string> = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(SAMPLE_DIR, name), 'utf8')]))

let n = 0
const freshDb = () => new SpievalDatabase(`archive-sealed-test-${n++}`)

/** 推理1's gold is Phone_Call 13822419087, 推理2's Phone_Call 13817326690, 推理3's Messages_Send 13677345092 (public/data). */
const RIGHT = { name: 'Phone_Call', args: { telephone: '13822419087', type: 'VOICE' } }
const WRONG = { name: 'Phone_Call', args: { telephone: '13800000000', type: 'VOICE' } }
const TEXT_RIGHT = { name: 'Messages_Send', args: { telephone: '13677345092', text: 'On my way' } }

const originalFingerprints = await datasetFingerprints(loadDataset(original).dataset)

/** A study of the sample's first three tasks, made as `npm run study` makes it, for the given people. */
function studyOf(people: Record<string, string[]>, seed: number): StudyFile {
  const { dataset } = loadDataset(original)
  const ids = [...new Set(Object.values(people).flat())]
  const tasks = dataset.tasks.filter((t) => ids.includes(t.id)).map((t) => ({ id: t.id, type: t.type }))
  const fingerprints = Object.fromEntries(ids.map((id) => [id, originalFingerprints[id] as string]))
  const byTask: Record<string, string[]> = {}
  for (const id of ids) byTask[id] = Object.keys(people).filter((p) => people[p]?.includes(id))
  return buildStudyFile({
    id: studyId({ seed, perTask: 1, people: Object.keys(people), fingerprints }),
    seed,
    perTask: 1,
    tasks,
    fingerprints,
    assignment: { people, tasks: byTask },
    created: '2026-03-14T09:00:00.000Z',
  })
}

const STUDY_A = studyOf({ ann: ['推理1', '推理2'], bob: ['推理3'] }, 1)
const STUDY_B = studyOf({ cy: ['推理1', '推理2', '推理3'] }, 2)

/** A participant's profile: the sealed folder stored, as the page stores it. */
async function participant(files: Record<string, string>): Promise<{ db: SpievalDatabase; dataset: DatasetRow }> {
  const db = freshDb()
  const dataset = await importDataset(files, { name: 'sealed', source: 'files' }, db)
  return { db, dataset }
}

/**
 * An attempt made on the phone of a sealed data set, through the kernel and
 * the page's IndexedDB sink, finished (submitted, never scored there). The
 * actor is empty, as the page's when nobody typed a name.
 */
async function solve(p: { db: SpievalDatabase; dataset: DatasetRow }, taskId: string, call: { name: string; args: unknown }, actor = ''): Promise<void> {
  const loaded = await loadTask(p.dataset.id, taskId, p.db)
  if (!loaded) throw new Error(`no task ${taskId}`)
  const sink = new IndexedDbSink({ datasetId: p.dataset.id, homeScreen: (id) => `#/task/${id}`, elapsedMs: () => 30_000, db: p.db })
  const attempt = await Attempt.open({
    ...loaded,
    tools: p.dataset.tools,
    profile: p.dataset.profile,
    sealed: p.dataset.sealed !== undefined,
    setting: 'browse',
    actor,
    sink,
  })
  await attempt.call('search_contacts', { pattern: 'Tom' }, 'ui')
  await attempt.call(call.name, call.args, 'ui')
  expect(await attempt.finish()).toBeUndefined()
}

/** The collector's unsealed data set, with the given studies stored. */
async function collector(studies: StudyFile[] = [STUDY_A], files = original): Promise<{ db: SpievalDatabase; dataset: DatasetRow }> {
  const db = freshDb()
  const dataset = await importDataset(files, { name: 'sample', source: 'files' }, db)
  for (const study of studies) await saveStudy(dataset.id, study, db)
  return { db, dataset }
}

async function storedAttempts(c: { db: SpievalDatabase; dataset: DatasetRow }): Promise<AttemptRow[]> {
  return (await c.db.attempts.toArray()).filter((r) => r.datasetId === c.dataset.id)
}

/** The ArchiveError an import rejects with (a failure if it resolves or throws anything else). */
async function refusal(promise: Promise<unknown>): Promise<ArchiveError> {
  const err = await promise.then(
    () => new Error('expected the import to be refused'),
    (e: unknown) => e,
  )
  if (!(err instanceof ArchiveError)) throw err
  return err
}

const sealedFor = (study: SealedStudy) => sealDataset(original, { study })
const manifestOf = (files: Record<string, string>) => JSON.parse(files['manifest.json'] ?? '') as ArchiveManifest
const lines = (text: string | undefined) => (text ?? '').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>)

/** ann's export of study A: 推理1 right, 推理2 wrong. */
let annFiles: Record<string, string>
/** An export from the whole sample sealed without a study: 推理3 right. */
let plainFiles: Record<string, string>

beforeAll(async () => {
  const ann = await participant(await sealedFor({ id: STUDY_A.id, person: 'ann', tasks: ['推理1', '推理2'] }))
  await solve(ann, '推理1', RIGHT)
  await solve(ann, '推理2', WRONG)
  annFiles = (await exportAttempts(ann.dataset.id, {}, ann.db)).files
  const plain = await participant(await sealDataset(original))
  await solve(plain, '推理3', TEXT_RIGHT, 'dora')
  plainFiles = (await exportAttempts(plain.dataset.id, {}, plain.db)).files
})

describe('the fingerprint of a task', () => {
  it('is the same in the original data set and in its sealed copies, with or without a study', async () => {
    for (const sealed of [await sealDataset(original), await sealedFor({ id: STUDY_A.id, person: 'ann', tasks: ['推理2', '推理1'] })]) {
      const { dataset } = loadDataset(sealed)
      expect(dataset.sealed).toBeDefined()
      const fingerprints = await datasetFingerprints(dataset)
      expect(Object.keys(fingerprints).length).toBeGreaterThan(0)
      for (const [id, fingerprint] of Object.entries(fingerprints)) expect(fingerprint, id).toBe(originalFingerprints[id])
    }
    // And it does tell tasks apart.
    expect(new Set(Object.values(originalFingerprints)).size).toBe(Object.keys(originalFingerprints).length)
  })
})

describe('an export from a sealed data set', () => {
  it('has the fingerprint of each exported task (as datasetFingerprints gives it for the original) and the study in its manifest', () => {
    const manifest = manifestOf(annFiles)
    expect(manifest.sealed).toEqual({
      study: { id: STUDY_A.id, person: 'ann' },
      fingerprints: { 推理1: originalFingerprints['推理1'], 推理2: originalFingerprints['推理2'] },
    })
    expect(manifest.counts).toMatchObject({ attempts: 2, finished: 2, tasks: 2 })
  })

  it('has no study without one, and only the tasks that have an attempt', () => {
    expect(manifestOf(plainFiles).sealed).toEqual({ fingerprints: { 推理3: originalFingerprints['推理3'] } })
  })

  it('holds response.jsonl without verdicts and no result.json or details.jsonl, and reads back without issues', () => {
    expect(Object.keys(annFiles).sort()).toEqual(['manifest.json', 'response.jsonl'])
    expect(Object.keys(manifestOf(annFiles).files)).toEqual(['response.jsonl'])
    const responses = lines(annFiles['response.jsonl'])
    expect(responses).toHaveLength(2)
    for (const line of responses) {
      expect(line).not.toHaveProperty('verdict')
      expect(line.finished).toBe(true)
    }
    const read = readArchive(annFiles)
    expect(read.issues).toEqual([])
    expect(read.attempts.map((a) => a.taskId).sort()).toEqual(['推理1', '推理2'])
    expect(read.sealed?.study).toEqual({ id: STUDY_A.id, person: 'ann' })
  })

  it('leaves out a verdict an attempt of a sealed data set should not have, and needs every attempt task\'s fingerprint', () => {
    const { dataset } = loadDataset(original)
    const attempt = {
      id: 'a1',
      taskId: '推理1',
      access: 'browse' as const,
      actor: 'ann',
      started: 0,
      elapsedMs: 1,
      finished: true,
      verdict: { correct: true, errorType: null, mismatches: [] },
      steps: [],
    }
    const base = { attempts: [attempt], tasks: dataset.tasks, tools: dataset.tools, dataset: { name: 'x' }, exportedAt: '2026-03-14T10:00:00.000Z' }
    const built = buildArchive({ ...base, sealed: { fingerprints: { 推理1: 'a'.repeat(64), 推理2: 'b'.repeat(64) } } })
    expect(lines(built.files['response.jsonl'])[0]).not.toHaveProperty('verdict')
    expect(built.manifest.sealed).toEqual({ fingerprints: { 推理1: 'a'.repeat(64) } })
    expect(() => buildArchive({ ...base, sealed: { fingerprints: {} } })).toThrow(/No fingerprint for task\(s\) "推理1"/)
  })
})

describe('importing an export from a sealed data set into the unsealed one', () => {
  it('scores every attempt there, right and wrong, credited to the study\'s person', async () => {
    const c = await collector()
    const result = await importAttempts(c.dataset.id, annFiles, 'ann.zip', judgeAttempt, c.db)
    expect(result).toMatchObject({ added: 2, skipped: 0, changedVerdicts: [] })
    const rows = await storedAttempts(c)
    const byTask = Object.fromEntries(rows.map((r) => [r.taskId, r]))
    expect(byTask['推理1']?.verdict).toMatchObject({ correct: true, errorType: null })
    expect(byTask['推理2']?.verdict).toMatchObject({ correct: false, errorType: 'wrong_value' })
    // The participant typed no name (the file would say "run 0"): the study says whose they are.
    expect(rows.map((r) => r.actor)).toEqual(['ann', 'ann'])
    // Twice adds nothing.
    expect(await importAttempts(c.dataset.id, annFiles, 'ann.zip', judgeAttempt, c.db)).toMatchObject({ added: 0, skipped: 2 })
  })

  it('scores an export without a study, with no study stored', async () => {
    const c = await collector([])
    expect(await importAttempts(c.dataset.id, plainFiles, 'dora.zip', judgeAttempt, c.db)).toMatchObject({ added: 1 })
    const [row] = await storedAttempts(c)
    expect(row).toMatchObject({ taskId: '推理3', actor: 'dora', verdict: { correct: true } })
  })

  it('imports the other tasks and lists the one that changed in the target (one record edited)', async () => {
    const records = JSON.parse(original['records_db.json'] ?? '') as Record<string, Record<string, Record<string, unknown>[]>>
    const contact = records['推理2']?.contacts?.[0]
    if (!contact) throw new Error('推理2 has no contact')
    contact['备注'] = `${String(contact['备注'] ?? '')} (edited)`
    const c = await collector([STUDY_A], { ...original, 'records_db.json': JSON.stringify(records) })
    const result = await importAttempts(c.dataset.id, annFiles, 'ann.zip', judgeAttempt, c.db)
    expect(result.added).toBe(1)
    expect((result.refused ?? []).map((r) => r.taskId)).toEqual(['推理2'])
    expect(result.refused?.[0]?.message).toMatch(/^Task "推理2" is not the one the participant saw: its messages, records, the profile or the tools differ \(fingerprint [0-9a-f]{12}… in the export, [0-9a-f]{12}… in data set "sample"\)\.$/)
    expect((await storedAttempts(c)).map((r) => r.taskId)).toEqual(['推理1'])
  })

  it('refuses every task when the profile was edited in the target since the study was made', async () => {
    const profile = JSON.parse(original['profile.json'] ?? '') as Record<string, unknown>
    const c = await collector([STUDY_A], { ...original, 'profile.json': JSON.stringify({ ...profile, now: '2026-04-01 09:00:00' }) })
    const result = await importAttempts(c.dataset.id, annFiles, 'ann.zip', judgeAttempt, c.db)
    expect(result.added).toBe(0)
    expect((result.refused ?? []).map((r) => r.message)).toEqual([
      expect.stringMatching(/^Task "推理1" is not the one the participant saw: its messages, records, the profile or the tools differ/),
      expect.stringMatching(/^Task "推理2" is not the one the participant saw/),
    ])
    expect(await storedAttempts(c)).toEqual([])
  })

  it('still takes an export made before version 2 fingerprints (version 1: user messages and records)', async () => {
    const { dataset } = loadDataset(original)
    const manifest = manifestOf(annFiles)
    const v1: Record<string, string> = {}
    for (const id of ['推理1', '推理2']) {
      const task = dataset.tasks.find((t) => t.id === id)
      if (!task) throw new Error(`no task ${id}`)
      v1[id] = await studyFingerprint(userTexts(task), dataset.records[id])
      expect(v1[id]).not.toBe(originalFingerprints[id])
    }
    const old = { ...manifest, sealed: { ...manifest.sealed, fingerprints: v1 } }
    const c = await collector()
    expect(await importAttempts(c.dataset.id, { ...annFiles, 'manifest.json': JSON.stringify(old) }, 'ann.zip', judgeAttempt, c.db)).toMatchObject({ added: 2 })
  })

  it('leaves out the task whose fingerprint the manifest gives otherwise (the manifest itself edited)', async () => {
    const manifest = manifestOf(annFiles)
    const edited = { ...manifest, sealed: { ...manifest.sealed, fingerprints: { ...manifest.sealed?.fingerprints, 推理1: 'f'.repeat(64) } } }
    const c = await collector()
    const result = await importAttempts(c.dataset.id, { ...annFiles, 'manifest.json': JSON.stringify(edited) }, 'ann.zip', judgeAttempt, c.db)
    expect((result.refused ?? []).map((r) => r.message)).toEqual([expect.stringMatching(/^Task "推理1" is not the one the participant saw: .*fingerprint ffffffffffff… in the export/)])
    expect((await storedAttempts(c)).map((r) => r.taskId)).toEqual(['推理2'])
  })

  it('refuses an export whose manifest has no fingerprint for a task it has attempts at', async () => {
    const manifest = manifestOf(annFiles)
    const edited = { ...manifest, sealed: { ...manifest.sealed, fingerprints: { 推理1: manifest.sealed?.fingerprints['推理1'] } } }
    const c = await collector()
    const err = await refusal(importAttempts(c.dataset.id, { ...annFiles, 'manifest.json': JSON.stringify(edited) }, 'ann.zip', judgeAttempt, c.db))
    expect(err.issues).toEqual(['ann.zip: manifest.json: "sealed.fingerprints" has no fingerprint for task(s) "推理2", which response.jsonl has attempts at'])
    expect(await storedAttempts(c)).toEqual([])
  })

  it('refuses an export of study A into a data set that holds only study B, naming both', async () => {
    const c = await collector([STUDY_B])
    const err = await refusal(importAttempts(c.dataset.id, annFiles, 'ann.zip', judgeAttempt, c.db))
    expect(err.issues).toEqual([
      `ann.zip: It is an export of study ${STUDY_A.id}, but data set "sample" holds only study ${STUDY_B.id}: it belongs to another study (load study ${STUDY_A.id}'s assignment.json into the data set first).`,
    ])
    expect(STUDY_A.id).not.toBe(STUDY_B.id)
    expect(await storedAttempts(c)).toEqual([])
  })

  it('refuses a study export when no study is loaded, asking for its assignment.json', async () => {
    const c = await collector([])
    const err = await refusal(importAttempts(c.dataset.id, annFiles, 'ann.zip', judgeAttempt, c.db))
    expect(err.issues).toEqual([
      `ann.zip: It is an export of study ${STUDY_A.id}, which data set "sample" does not hold: load that study's assignment.json into the data set first.`,
    ])
    expect(await storedAttempts(c)).toEqual([])
  })

  it('refuses the export of a person who is not one of the study\'s people', async () => {
    const cy = await participant(await sealedFor({ id: STUDY_A.id, person: 'cy', tasks: ['推理1'] }))
    await solve(cy, '推理1', RIGHT)
    const files = (await exportAttempts(cy.dataset.id, {}, cy.db)).files
    const c = await collector()
    const err = await refusal(importAttempts(c.dataset.id, files, 'cy.zip', judgeAttempt, c.db))
    expect(err.issues).toEqual([`cy.zip: Person "cy" is not one of the people of study ${STUDY_A.id} ("ann", "bob").`])
    expect(await storedAttempts(c)).toEqual([])
  })

  it('refuses attempts at a task not assigned to the person, naming it, and imports none of the others', async () => {
    const ann = await participant(await sealedFor({ id: STUDY_A.id, person: 'ann', tasks: ['推理1', '推理3'] }))
    await solve(ann, '推理1', RIGHT)
    await solve(ann, '推理3', TEXT_RIGHT)
    const files = (await exportAttempts(ann.dataset.id, {}, ann.db)).files
    const c = await collector()
    const err = await refusal(importAttempts(c.dataset.id, files, 'ann.zip', judgeAttempt, c.db))
    expect(err.issues).toEqual([`ann.zip: Task "推理3" is not assigned to ann in study ${STUDY_A.id}.`])
    expect(await storedAttempts(c)).toEqual([])
  })

  it('refuses, into a data set that holds a study, an export without a manifest of that study (manifest.json removed, or sealed without a study)', async () => {
    const c = await collector()
    const { 'manifest.json': _manifest, ...bare } = annFiles
    const withoutManifest = await refusal(importAttempts(c.dataset.id, bare, 'ann.jsonl', judgeAttempt, c.db))
    expect(withoutManifest.issues).toEqual([
      `ann.jsonl: It is not a participant's export of study ${STUDY_A.id} (it has no manifest.json naming a study), and data set "sample" holds that study: only its participants' exports, with their manifest.json, are imported here.`,
    ])
    const plain = await refusal(importAttempts(c.dataset.id, plainFiles, 'dora.zip', judgeAttempt, c.db))
    expect(plain.issues).toEqual([expect.stringMatching(/^dora\.zip: It is not a participant's export of study /)])
    expect(await storedAttempts(c)).toEqual([])
  })

  it('refuses a tampered export (a wrong answer made right in response.jsonl), naming the file', async () => {
    const text = annFiles['response.jsonl'] ?? ''
    expect(text).toContain(WRONG.args.telephone)
    const tampered = { ...annFiles, 'response.jsonl': text.replaceAll(WRONG.args.telephone, '13817326690') }
    const c = await collector()
    const err = await refusal(importAttempts(c.dataset.id, tampered, 'ann.zip', judgeAttempt, c.db))
    expect(err.issues).toEqual(['ann.zip: response.jsonl: does not match manifest.json (different SHA-256): the file was changed after the export'])
    expect(await storedAttempts(c)).toEqual([])
  })

  it('lists every reason of every source when several are imported together, and imports none', async () => {
    const c = await collector([STUDY_B])
    const { importAttemptSources } = await import('../src/db/archive')
    const err = await refusal(
      importAttemptSources(
        c.dataset.id,
        [
          { name: 'dora.zip', files: plainFiles },
          { name: 'ann.zip', files: annFiles },
        ],
        judgeAttempt,
        c.db,
      ),
    )
    expect(err.issues).toEqual([expect.stringMatching(/^dora\.zip: It is not a participant's export of study /), expect.stringMatching(/^ann\.zip: It is an export of study /)])
    expect(await storedAttempts(c)).toEqual([])
  })
})

describe('importing into a sealed data set', () => {
  it('restores a participant\'s own export into a fresh profile without scoring it', async () => {
    const fresh = await participant(await sealedFor({ id: STUDY_A.id, person: 'ann', tasks: ['推理1', '推理2'] }))
    expect(await importAttempts(fresh.dataset.id, annFiles, 'ann.zip', judgeAttempt, fresh.db)).toMatchObject({ added: 2, changedVerdicts: [] })
    const rows = await storedAttempts(fresh)
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      expect(row.finished).toBe(true)
      expect(row).not.toHaveProperty('verdict')
    }
  })

  it('drops the verdicts of an export from the unsealed data set, and scores none (a replayed attempt with random failures included)', async () => {
    const c = await collector()
    await importAttempts(c.dataset.id, annFiles, 'ann.zip', judgeAttempt, c.db)
    const scored = (await exportAttempts(c.dataset.id, {}, c.db)).files
    expect(lines(scored['response.jsonl']).every((l) => 'verdict' in l)).toBe(true)
    const withFailures = JSON.stringify({ id: '推理1', actor: 'eve', calls: [{ name: RIGHT.name, arguments: RIGHT.args }], failure_rate: 0.5, seed: 3 }) + '\n'
    const fresh = await participant(await sealDataset(original))
    expect(await importAttempts(fresh.dataset.id, scored, 'scored.zip', judgeAttempt, fresh.db)).toMatchObject({ added: 2 })
    expect(await importAttempts(fresh.dataset.id, { 'response.jsonl': withFailures }, 'eve.jsonl', judgeAttempt, fresh.db)).toMatchObject({ added: 1 })
    const rows = await storedAttempts(fresh)
    expect(rows).toHaveLength(3)
    for (const row of rows) expect(row.verdict, row.taskId).toBeUndefined()
    expect(rows.find((r) => r.actor === 'eve')?.failure).toEqual({ rate: 0.5, seed: 3 })
  })

  it('refuses the export of another person\'s folder of the study', async () => {
    const bob = await participant(await sealedFor({ id: STUDY_A.id, person: 'bob', tasks: ['推理1', '推理2', '推理3'] }))
    const err = await refusal(importAttempts(bob.dataset.id, annFiles, 'ann.zip', judgeAttempt, bob.db))
    expect(err.issues).toEqual([
      `ann.zip: It is ann's export of study ${STUDY_A.id}, but this sealed data set is bob's folder of study ${STUDY_A.id}: import it into the profile that holds that folder.`,
    ])
    expect(await storedAttempts(bob)).toEqual([])
  })
})
