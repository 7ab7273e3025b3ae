// The Grade view catches up (#29): an attempt stored as waiting although grades kept for it decide it (grades stored
// without judging it again, as an earlier version of the page left them) is judged again through core when the queue
// is read.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { rubricHash } from '../src/core/index'
import type { Grade } from '../src/core/index'
import { importGrades } from '../src/db/index'
import { useSession } from '../src/state/sessionStore'
import { useSettings } from '../src/state/settings'
import { loadQueue, useGrading } from '../src/grading/store'
import { useJudgeSettings } from '../src/state/judgeSettings'
import { storedWaitingAttempt } from './support/storedPlannerAttempt'

describe('reading the grading queue', () => {
  it('judges again a waiting attempt whose merged grades decide it, and leaves it out of the queue once decided', async () => {
    const { db, row, loaded, id } = await storedWaitingAttempt('planner')
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
    const { db, row, loaded, id } = await storedWaitingAttempt('planner judge')
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
