// Verdicts are read, not computed again (#24): reopening a finished attempt, its replay, the analysis of the page's
// own attempts and a run's scores show the verdict stored with it (the kernel's, or a re-scoring's).
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { analyze, loadDataset, parseResponses, responseLine } from '../src/core/index'
import type { AttemptVerdict } from '../src/core/index'
import { attemptCalls, database, getAttempt, importDataset, listTasks, toSteps } from '../src/db/index'
import { callTool, finishAttempt, openTask, showRecording, shownVerdict, useSession } from '../src/state/session'
import { storedVerdictOf } from '../src/state/storedVerdict'
import { readDatasetFolder } from '../cli/files'
import { SAMPLE_DIR } from './fixtures'

/** What a re-scoring stored (a revision made the right call wrong), differing from what the calls give against the task as loaded. */
const STORED: AttemptVerdict = { correct: false, errorType: 'wrong_value', mismatches: [] }

describe('the stored verdict is what the page shows', () => {
  it('on reopening a finished attempt and at the end of its replay', async () => {
    const db = database()
    const ds = await importDataset(readDatasetFolder(SAMPLE_DIR), { name: 'sample', source: 'sample' }, db)
    useSession.setState({ dataset: ds, tasks: await listTasks(ds.id, db) })
    await openTask('推理1', undefined, { fresh: true })
    await callTool('Phone_Call', { telephone: '13822419087' }, 'ui')
    expect((await finishAttempt())?.correct).toBe(true)
    const id = useSession.getState().attempt?.id
    if (!id) throw new Error('no attempt')
    await db.attempts.update(id, { verdict: STORED })

    await openTask('推理1', undefined, { attemptId: id })
    expect(shownVerdict(useSession.getState())).toMatchObject({ correct: false, errorType: 'wrong_value' })

    const row = await getAttempt(id, db)
    if (!row) throw new Error('no row')
    const steps = toSteps(await attemptCalls(id, db))
    await showRecording(row, steps, steps.length)
    expect(shownVerdict(useSession.getState())).toMatchObject({ correct: false, errorType: 'wrong_value' })
  })

  it('in the analysis of the page’s own attempts, while a file’s lines are scored', () => {
    const dataset = loadDataset(readDatasetFolder(SAMPLE_DIR)).dataset
    const task = dataset.tasks.find((t) => t.id === '推理1')
    if (!task) throw new Error('no task')
    const steps = [{ seq: 0, name: 'Phone_Call', arguments: { telephone: '13822419087' }, source: 'ui' as const, kind: 'execution' as const, ok: true, content: 'ok' }]
    const line = (attemptId: string, actor: string) =>
      JSON.stringify(responseLine({ taskId: task.id, instruction: task.instruction, run: 0, actor, setting: 'full', started: 0, elapsedMs: 1, steps, finished: true, attemptId }))
    const own = parseResponses(line('own', 'ann')).lines
    const file = parseResponses(line('file', 'bob')).lines
    const kept = storedVerdictOf([{ id: 'own', finished: true, verdict: STORED }, { id: 'file', finished: true, verdict: STORED }], own)
    const rows = analyze(dataset.tasks, dataset.tools, [...own, ...file], undefined, kept)
    // Both made the right call: ann's attempt is the page's, counted with its stored verdict; bob's line is a file's, scored.
    const outcomes = rows.flatMap((r) => r.outcomes[task.id] ?? []).map((o) => [o.unit, o.correct, o.errorType])
    expect(outcomes.sort()).toEqual([
      ['actor ann', false, 'wrong_value'],
      ['actor bob', true, null],
    ])
  })
})
