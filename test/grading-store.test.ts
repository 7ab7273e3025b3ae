// People's grades in the page (#29): kept in IndexedDB as attempts are (a repeated grade skipped, a reload keeps them),
// and an attempt judged again through core as its grades arrive: pending, then correct or rubric_failed, the same
// verdict `npm run score --grades` gives the same attempt and grades; a grade under another rubric is stale.
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultState, gradeLines, judgeContext, rubricHash } from '../src/core/index'
import type { Grade } from '../src/core/index'
import { Attempt } from '../src/core/attempt'
import { IndexedDbSink, SpievalDatabase, gradesOf, importDataset, importGrades, loadTask, putGrade, storeGradedVerdict } from '../src/db/index'
import type { DatasetRow } from '../src/db/index'
import { judgeWithGrades } from '../src/state/gradedJudge'
import { scoreTexts } from '../cli/scoring'
import { ROOT } from './fixtures'

const FOLDER = join(ROOT, 'public/data-planner')
const FILES = Object.fromEntries(['input_data.jsonl', 'tools.json', 'records_db.json', 'profile.json', 'skills.json', 'agents.json'].map((f) => [f, readFileSync(join(FOLDER, f), 'utf8')]))
const TASK_ID = 'basic-6'
/** Calls Tom Becker, then asks which Tom: the checks give 6 of 10 points, so r4 and r5 (people's) decide. */
const CALLS = [
  { name: 'Phone_Call', arguments: { telephone: '13655208731' } },
  { name: 'Ask_User', arguments: { question: 'Did you mean Tom Becker, the plumber, or Tom Ruiz?' } },
]

let n = 0
async function planner(): Promise<{ db: SpievalDatabase; row: DatasetRow; name: string }> {
  const name = `grading-store-${n++}`
  const db = new SpievalDatabase(name)
  const row = await importDataset(FILES, { name: 'planner', source: 'files' }, db)
  return { db, row, name }
}

/** A finished attempt at basic-6 by `actor`, made through the kernel and stored as the page stores it. */
async function attemptAt(db: SpievalDatabase, row: DatasetRow, actor = 'ann'): Promise<string> {
  const loaded = await loadTask(row.id, TASK_ID, db)
  if (!loaded) throw new Error('no basic-6')
  const sink = new IndexedDbSink({ datasetId: row.id, homeScreen: (id) => `#/task/${id}`, elapsedMs: () => 1000, db })
  const attempt = await Attempt.open({
    ...loaded,
    tools: row.tools,
    profile: row.profile,
    ...(row.skills ? { skills: row.skills } : {}),
    ...(row.agents ? { agents: row.agents } : {}),
    setting: 'browse',
    state: defaultState(loaded.task),
    actor,
    sink,
  })
  for (const call of CALLS) await attempt.call(call.name, call.arguments, 'ui')
  await attempt.finish()
  return attempt.info.id
}

let minute = 0
function grade(attempt: string, grader: string, r4: boolean | null, r5: boolean | null, hash?: string): Grade {
  minute++
  return {
    task_id: TASK_ID,
    attempt,
    grader: { id: grader, kind: 'human' },
    items: [
      { id: 'r4', met: r4, evidence: [2], note: 'the question' },
      { id: 'r5', met: r5, evidence: [], note: '' },
    ],
    at: new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString(),
    ...(hash !== undefined ? { rubric_hash: hash } : {}),
  }
}

async function hashOf(db: SpievalDatabase, row: DatasetRow): Promise<string> {
  const loaded = await loadTask(row.id, TASK_ID, db)
  return (loaded && rubricHash(loaded.task)) ?? ''
}

/** The attempt judged again with the data set's grades, and its verdict as stored. */
async function regraded(db: SpievalDatabase, row: DatasetRow, attemptId: string) {
  await storeGradedVerdict(attemptId, judgeContext(row), judgeWithGrades, db)
  return (await db.attempts.get(attemptId))?.verdict
}

/** `npm run score --grades` on the same attempt (as its response line) and the same grades. */
function scoredByCommand(attemptId: string, grades: readonly Grade[]) {
  const responses = JSON.stringify({ id: TASK_ID, run: 0, attempt: attemptId, calls: CALLS })
  const { scores } = scoreTexts(
    { inputData: FILES['input_data.jsonl'] ?? '', tools: FILES['tools.json'] ?? '', responses, grades: { files: [{ path: 'grades.jsonl', text: gradeLines(grades) }], judge: 'advisory' } },
    () => {
      throw new Error('no live scoring needed')
    },
  )
  const line = [...scores.details()].find((d) => d.id === TASK_ID && d.run === 0)
  return { correct: line?.correct, errorType: line?.error_type ?? null }
}

describe('grades in storage', () => {
  it('keeps a grade once: the same grade again, or in an import, is skipped', async () => {
    const { db, row } = await planner()
    const g = grade('a-1', 'bob', true, false)
    expect(await putGrade(row.id, g, db)).toBe(true)
    expect(await putGrade(row.id, { ...g, items: [] }, db)).toBe(false)
    const other = grade('a-1', 'cat', true, true)
    expect(await importGrades(row.id, [g, other, other], db)).toEqual({ added: 1, skipped: 2 })
    expect(await gradesOf(row.id, db)).toEqual([g, other])
    // Another data set's grades are its own.
    expect(await gradesOf('another', db)).toEqual([])
  })

  it('a reload (the database opened again) keeps every grade', async () => {
    const { db, row, name } = await planner()
    await putGrade(row.id, grade('a-2', 'bob', null, true), db)
    db.close()
    const again = new SpievalDatabase(name)
    expect((await gradesOf(row.id, again)).map((g) => g.items.map((i) => i.met))).toEqual([[null, true]])
  })
})

describe('an attempt judged again as its grades arrive', () => {
  it('is rubric_pending, stays so with one person, and becomes correct with two, as npm run score --grades says', async () => {
    const { db, row } = await planner()
    const id = await attemptAt(db, row)
    expect((await db.attempts.get(id))?.verdict).toMatchObject({ correct: false, errorType: 'rubric_pending' })
    const hash = await hashOf(db, row)
    const given: Grade[] = []
    for (const [grader, expected] of [
      ['bob', { correct: false, errorType: 'rubric_pending' }],
      ['cat', { correct: true, errorType: null }],
    ] as const) {
      const g = grade(id, grader, true, true, hash)
      given.push(g)
      await putGrade(row.id, g, db)
      const verdict = await regraded(db, row, id)
      expect(verdict).toMatchObject(expected)
      expect({ correct: verdict?.correct, errorType: verdict?.errorType }).toEqual(scoredByCommand(id, given))
    }
  })

  it('becomes rubric_failed when two people find an item not met, as npm run score --grades says', async () => {
    const { db, row } = await planner()
    const id = await attemptAt(db, row)
    const hash = await hashOf(db, row)
    const given = [grade(id, 'bob', false, true, hash), grade(id, 'cat', false, true, hash)]
    await importGrades(row.id, given, db)
    const verdict = await regraded(db, row, id)
    expect(verdict).toMatchObject({ correct: false, errorType: 'rubric_failed' })
    expect({ correct: verdict?.correct, errorType: verdict?.errorType }).toEqual(scoredByCommand(id, given))
  })

  it('ignores grades made under another rubric (stale by hash): the attempt stays pending', async () => {
    const { db, row } = await planner()
    const id = await attemptAt(db, row)
    const stale = 'f'.repeat(64)
    await importGrades(row.id, [grade(id, 'bob', true, true, stale), grade(id, 'cat', true, true, stale)], db)
    expect(await regraded(db, row, id)).toMatchObject({ correct: false, errorType: 'rubric_pending' })
    // The same grades under the current rubric decide it.
    const hash = await hashOf(db, row)
    await importGrades(row.id, [grade(id, 'bob', true, true, hash), grade(id, 'cat', true, true, hash)], db)
    expect(await regraded(db, row, id)).toMatchObject({ correct: true, errorType: null })
  })

  it('decides the same where the attempt is judged on its steps alone (a data set without skills: no kernel replay)', async () => {
    const { db, row } = await planner()
    const id = await attemptAt(db, row)
    const hash = await hashOf(db, row)
    await importGrades(row.id, [grade(id, 'bob', true, true, hash), grade(id, 'cat', true, true, hash)], db)
    const { skills: _skills, ...withoutSkills } = row
    const context = judgeContext(withoutSkills)
    expect(context.skills).toBeUndefined()
    await storeGradedVerdict(id, context, judgeWithGrades, db)
    expect((await db.attempts.get(id))?.verdict).toMatchObject({ correct: true, errorType: null })
  })

  it("grades of another attempt decide nothing for this one", async () => {
    const { db, row } = await planner()
    const id = await attemptAt(db, row)
    const other = await attemptAt(db, row, 'dan')
    await importGrades(row.id, [grade(other, 'bob', true, true), grade(other, 'cat', true, true)], db)
    expect(await regraded(db, row, id)).toMatchObject({ errorType: 'rubric_pending' })
    expect(await regraded(db, row, other)).toMatchObject({ correct: true })
  })
})
