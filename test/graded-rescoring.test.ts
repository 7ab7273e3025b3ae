// Every re-scoring in the page counts the grades stored (#29): a revision that keeps the rubric keeps the people's
// decision, one that changes the rubric sends the attempt back to waiting (its grades are stale), and attempts
// imported after their grades are decided at once, without the Grade view's catch-up.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { judgeAttempt, judgeContext, rubricHash } from '../src/core/index'
import type { Grade, Task } from '../src/core/index'
import { importAttempts, importGrades, saveTaskRevision, storeGradedVerdict } from '../src/db/index'
import { gradedJudgeFor, judgeWithGrades } from '../src/state/gradedJudge'
import { exportAttempts } from '../src/state/attemptExport'
import { storedWaitingAttempt } from './support/storedPlannerAttempt'

/** Two people's grades meeting r4 and r5 of basic-6 under its current rubric: enough to pass the attempt. */
function passingGrades(attempt: string, task: Task): Grade[] {
  const hash = rubricHash(task)
  return ['bob', 'cat'].map((grader, i) => ({
    task_id: 'basic-6',
    attempt,
    grader: { id: grader, kind: 'human' },
    items: [
      { id: 'r4', met: true, evidence: [], note: '' },
      { id: 'r5', met: true, evidence: [], note: '' },
    ],
    at: `2026-03-01T09:0${i}:00Z`,
    ...(hash ? { rubric_hash: hash } : {}),
  }))
}

/** basic-6 revised: its line's request reworded, and its r5 criterion too when `rubric` is set. */
function revised(task: Task, rubric: boolean): Task {
  const line = JSON.parse(task.source ?? '{}') as { messages: { role: string; content: string }[]; prompt_metadata: { rubric: { items: { id: string; criterion: string }[] } } }
  line.messages = [{ role: 'user', content: 'Call Tom about Saturday, please' }]
  const planner = task.planner
  if (!planner?.rubric) throw new Error('basic-6 has no rubric')
  let items = planner.rubric.items
  if (rubric) {
    const criterion = 'Tells the user which Tom is being called'
    line.prompt_metadata.rubric.items = line.prompt_metadata.rubric.items.map((item) => (item.id === 'r5' ? { ...item, criterion } : item))
    items = items.map((item) => (item.id === 'r5' ? { ...item, criterion } : item))
  }
  return { ...task, instruction: 'Call Tom about Saturday, please', source: JSON.stringify(line), planner: { ...planner, rubric: { ...planner.rubric, items } } }
}

describe('re-scoring with the grades stored', () => {
  it('a revision keeps the people’s decision while the rubric stays, and sends the attempt back to waiting when it changes', async () => {
    const { db, row, loaded, id } = await storedWaitingAttempt('revised')
    await importGrades(row.id, passingGrades(id, loaded.task), db)
    await storeGradedVerdict(id, judgeContext(row), judgeWithGrades, db)
    expect((await db.attempts.get(id))?.verdict).toMatchObject({ correct: true, errorType: null })

    const kept = await saveTaskRevision(row.id, { task: revised(loaded.task, false), records: loaded.records }, { author: 'eve', replaces: 'basic-6' }, await gradedJudgeFor(row.id), db)
    expect(kept.flips).toEqual([])
    expect((await db.attempts.get(id))?.verdict).toMatchObject({ correct: true, errorType: null })

    const changed = revised(loaded.task, true)
    expect(rubricHash(changed)).not.toBe(rubricHash(loaded.task))
    const stale = await saveTaskRevision(row.id, { task: changed, records: loaded.records }, { author: 'eve', replaces: 'basic-6' }, await gradedJudgeFor(row.id), db)
    expect(stale.flips).toMatchObject([{ attemptId: id, before: true, after: false }])
    expect((await db.attempts.get(id))?.verdict?.errorType).toBe('rubric_pending')
  })

  it('the re-scoring service without grades, as revisions used before, loses the decision: what the test above holds against', async () => {
    const { db, row, loaded, id } = await storedWaitingAttempt('revised without grades')
    await importGrades(row.id, passingGrades(id, loaded.task), db)
    await storeGradedVerdict(id, judgeContext(row), judgeWithGrades, db)
    await saveTaskRevision(row.id, { task: revised(loaded.task, false), records: loaded.records }, { author: 'eve', replaces: 'basic-6' }, judgeAttempt, db)
    expect((await db.attempts.get(id))?.verdict?.errorType).toBe('rubric_pending')
  })

  it('an attempt imported after its grades is decided by them at the import', async () => {
    const { db, row, loaded, id } = await storedWaitingAttempt('exported')
    const { files } = await exportAttempts(row.id)
    // Another browser's, as it were: the attempt is gone from here, and its grades came first.
    await db.attempts.delete(id)
    await db.calls.where('[attemptId+seq]').between([id, -Infinity], [id, Infinity]).delete()
    await importGrades(row.id, passingGrades(id, loaded.task), db)
    const imported = await importAttempts(row.id, files, 'attempts.zip', await gradedJudgeFor(row.id), db)
    expect(imported).toMatchObject({ added: 1 })
    expect((await db.attempts.get(id))?.verdict).toMatchObject({ correct: true, errorType: null })
  })
})
