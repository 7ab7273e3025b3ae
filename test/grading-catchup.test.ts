// The Grade view catches up (#29): an attempt scored again without its grades (an import, a revision) still waits,
// although grades merged before it decide it; reading the queue judges it again through core with them.
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultState, rubricHash } from '../src/core/index'
import type { Grade } from '../src/core/index'
import { Attempt } from '../src/core/attempt'
import { IndexedDbSink, database, importDataset, importGrades, loadTask } from '../src/db/index'
import { useSession } from '../src/state/sessionStore'
import { useSettings } from '../src/state/settings'
import { loadQueue, useGrading } from '../src/grading/store'
import { useJudgeSettings } from '../src/grading/judgeSettings'
import { ROOT } from './fixtures'

const FOLDER = join(ROOT, 'public/data-planner')
const FILES = Object.fromEntries(['input_data.jsonl', 'tools.json', 'records_db.json', 'profile.json', 'skills.json', 'agents.json'].map((f) => [f, readFileSync(join(FOLDER, f), 'utf8')]))

describe('reading the grading queue', () => {
  it('judges again a waiting attempt whose merged grades decide it, and leaves it out of the queue once decided', async () => {
    const db = database()
    const row = await importDataset(FILES, { name: 'planner', source: 'files' }, db)
    const loaded = await loadTask(row.id, 'basic-6', db)
    if (!loaded) throw new Error('no basic-6')
    const sink = new IndexedDbSink({ datasetId: row.id, homeScreen: (id) => `#/task/${id}`, elapsedMs: () => 1000, db })
    const attempt = await Attempt.open({ ...loaded, tools: row.tools, profile: row.profile, ...(row.skills ? { skills: row.skills } : {}), ...(row.agents ? { agents: row.agents } : {}), setting: 'browse', state: defaultState(loaded.task), actor: 'ann', sink })
    await attempt.call('Phone_Call', { telephone: '13655208731' }, 'ui')
    await attempt.call('Ask_User', { question: 'Which Tom?' }, 'ui')
    await attempt.finish()
    const id = attempt.info.id
    const hash = rubricHash(loaded.task)
    const grade = (grader: string, minute: number): Grade => ({
      task_id: 'basic-6',
      attempt: id,
      grader: { id: grader, kind: 'human' },
      items: [
        { id: 'r4', met: true, evidence: [], note: '' },
        { id: 'r5', met: true, evidence: [], note: '' },
      ],
      at: `2026-03-01T09:0${minute}:00Z`,
      ...(hash ? { rubric_hash: hash } : {}),
    })
    // Stored without judging the attempt again, as grades merged before their attempt came are.
    await importGrades(row.id, [grade('bob', 1), grade('cat', 2)], db)
    expect((await db.attempts.get(id))?.verdict?.errorType).toBe('rubric_pending')

    useSession.setState({ dataset: row })
    useSettings.setState({ actor: 'dan' })
    await loadQueue()
    expect((await db.attempts.get(id))?.verdict).toMatchObject({ correct: true, errorType: null })
    expect(useGrading.getState().queue?.entries).toEqual([])
  })

  it("counts an LLM judge's grades as the LLM judge tab's mode says, and only once the judge is off probation", async () => {
    const db = database()
    const row = await importDataset(FILES, { name: 'planner judge', source: 'files' }, db)
    const loaded = await loadTask(row.id, 'basic-6', db)
    if (!loaded) throw new Error('no basic-6')
    const sink = new IndexedDbSink({ datasetId: row.id, homeScreen: (id) => `#/task/${id}`, elapsedMs: () => 1000, db })
    const attempt = await Attempt.open({ ...loaded, tools: row.tools, profile: row.profile, ...(row.skills ? { skills: row.skills } : {}), ...(row.agents ? { agents: row.agents } : {}), setting: 'browse', state: defaultState(loaded.task), actor: 'ann', sink })
    await attempt.call('Phone_Call', { telephone: '13655208731' }, 'ui')
    await attempt.call('Ask_User', { question: 'Which Tom?' }, 'ui')
    await attempt.finish()
    const id = attempt.info.id
    const hash = rubricHash(loaded.task)
    const grade = (attemptId: string, grader: string, kind: 'human' | 'llm'): Grade => ({
      task_id: 'basic-6',
      attempt: attemptId,
      grader: { id: grader, kind },
      items: [
        { id: 'r4', met: true, evidence: [], note: '' },
        { id: 'r5', met: true, evidence: [], note: '' },
      ],
      at: '2026-03-01T09:00:00Z',
      ...(hash ? { rubric_hash: hash } : {}),
    })
    // Only the judge graded this attempt; nobody else did.
    await importGrades(row.id, [grade(id, 'llm:m', 'llm')], db)
    useSession.setState({ dataset: row, tasks: [loaded.task] })
    useSettings.setState({ actor: 'dan' })
    useJudgeSettings.setState({ model: 'm', mode: 'fallback' })
    // On probation (no attempt compared with people yet): advisory, so the attempt still waits.
    await loadQueue()
    expect((await db.attempts.get(id))?.verdict?.errorType).toBe('rubric_pending')
    // 30 attempts on which two people and the judge agree: the judge is off probation, and decides where no person voted.
    const compared = Array.from({ length: 30 }, (_, i) => `seen-${i}`)
    await importGrades(row.id, compared.flatMap((a) => [grade(a, 'bob', 'human'), grade(a, 'cat', 'human'), grade(a, 'llm:m', 'llm')]), db)
    await loadQueue()
    expect((await db.attempts.get(id))?.verdict).toMatchObject({ correct: true, errorType: null })
    useJudgeSettings.setState({ mode: 'advisory' })
  })
})
