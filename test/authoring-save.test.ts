import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { createAttempt, goldReceived, importDataset, listTasks, loadTask, recordGold, saveStep, storeFinish } from '../src/db/index'
import { readDatasetFolder } from '../cli/files'
import {
  editDraft,
  expectedStateFromMyAttempt,
  goldFromMyAttempt,
  isDirty,
  loadHistory,
  openEditor,
  saveDraft,
  setAcceptable,
  setField,
  showAskedGold,
  undo,
  useAuthoring,
} from '../src/authoring/store'
import { useSession } from '../src/state/sessionStore'
import { useSettings } from '../src/state/settings'
import { SAMPLE_DIR } from './fixtures'

describe('the editor store with storage: open, save, rename, history', () => {
  it('saves an edit as revision 1, follows a renamed task, and lists the history', async () => {
    const dataset = await importDataset(readDatasetFolder(SAMPLE_DIR), { name: 'sample', source: 'sample' })
    useSession.setState({ dataset, tasks: await listTasks(dataset.id), status: 'ready' })
    useSettings.setState({ actor: 'author' })

    await openEditor('推理1')
    // The author has not finished 推理1: the editor asks before it shows the gold, and nothing of it is loaded.
    expect(useAuthoring.getState()).toMatchObject({ status: 'ask', asking: '推理1' })
    expect(useAuthoring.getState().draft).toBeUndefined()
    expect(await goldReceived(dataset.id, 'author', '推理1')).toBe(false)
    await showAskedGold()
    expect(await goldReceived(dataset.id, 'author', '推理1')).toBe(true)
    expect(useAuthoring.getState()).toMatchObject({ status: 'ready', storedId: '推理1' })
    editDraft((c) => setAcceptable(c, 0, 'telephone', ['13822419087', '+86 13822419087']))
    editDraft((c) => setField(c, 'id', '推理1b'))
    const saved = await saveDraft()
    expect(saved).toMatchObject({ rev: 1, flips: [] })
    const state = useAuthoring.getState()
    expect(state.storedId).toBe('推理1b')
    expect(isDirty(state)).toBe(false)
    // The session's task list is read again: the renamed task in its place.
    const ids = useSession.getState().tasks.map((t) => t.id)
    expect(ids).toContain('推理1b')
    expect(ids).not.toContain('推理1')
    expect(ids.indexOf('推理1b')).toBe(0)
    expect((await loadTask(dataset.id, '推理1b'))?.task.answer[0]?.arguments.telephone).toEqual(['13822419087', '+86 13822419087'])

    await loadHistory()
    const rows = useAuthoring.getState().history?.rows ?? []
    expect(rows.map((r) => [r.rev, r.author])).toEqual([
      [0, ''],
      [1, 'author'],
    ])

    // A duplicate id is refused before anything is stored.
    editDraft((c) => setField(c, 'id', '推理2'))
    expect(await saveDraft()).toBeUndefined()
    expect((await listTasks(dataset.id)).filter((t) => t.id === '推理2')).toHaveLength(1)

    // With no finished attempt of this person, gold by demonstration says so and changes nothing.
    const before = useAuthoring.getState().draft
    expect(await goldFromMyAttempt()).toBe(false)
    expect(useAuthoring.getState().notice).toEqual({ key: 'noAttempt' })
    expect(useAuthoring.getState().draft).toBe(before)

    // Coming back to the task keeps unsaved edits; a new task is saved as one more task.
    await openEditor('推理1b')
    expect(useAuthoring.getState().draft?.task.id).toBe('推理2')
    await openEditor('new')
    expect(useAuthoring.getState().storedId).toBeUndefined()
    editDraft((c) => setField(c, 'id', 'fresh'))
    editDraft((c) => ({ ...c, task: { ...c.task, instruction: 'Call Tom', messages: [{ role: 'user', content: 'Call Tom' }] } }))
    expect(await saveDraft()).toMatchObject({ rev: 0 })
    expect(useSession.getState().tasks.at(-1)?.id).toBe('fresh')
    // The author wrote the gold of the renamed task and of the new one: their attempts at them are practice.
    expect(await goldReceived(dataset.id, 'author', '推理1b')).toBe(true)
    expect(await goldReceived(dataset.id, 'author', 'fresh')).toBe(true)
    expect(await goldReceived(dataset.id, 'someone else', 'fresh')).toBe(false)
  })
})

describe('the editor store: demonstrations and flips', () => {
  it('takes the gold calls and the expected state from my latest finished attempt, and a save flips its verdict', async () => {
    const dataset = await importDataset(readDatasetFolder(SAMPLE_DIR), { name: 'sample 2', source: 'files' })
    useSession.setState({ dataset, tasks: await listTasks(dataset.id), status: 'ready' })
    useSettings.setState({ actor: 'demo' })
    // A finished attempt at 推理2 by "demo": a search, a withdrawn call, a kept alarm, and a verdict of wrong.
    const attempt = await createAttempt({ datasetId: dataset.id, taskId: '推理2', access: 'browse', actor: 'demo', screen: '' })
    const step = (seq: number, name: string, args: object, extra: object = {}) =>
      saveStep(attempt.id, { seq, name, arguments: args, source: 'ui' as const, kind: name.startsWith('search_') ? ('retrieval' as const) : ('execution' as const), ok: true, content: 'ok', ...extra }, {})
    await step(0, 'search_contacts', { pattern: 'Maya' })
    await step(1, 'Clock_CreateAlarm', { time: '06:00:00' }, { withdrawn: true })
    await step(2, 'Clock_CreateAlarm', { time: '07:30:00', name: 'Swim meet' })
    await storeFinish(attempt.id, { verdict: { correct: false, errorType: 'wrong_tool', mismatches: [] }, elapsedMs: 1000, callCount: 3 })
    // As the kernel's finish keeps it: its review showed demo the gold, so the editor does not ask.
    await recordGold(dataset.id, { actor: 'demo', taskId: '推理2', via: 'verdict', at: 1000 })

    await openEditor('推理2')
    expect(await goldFromMyAttempt()).toBe(true)
    expect(useAuthoring.getState().draft?.task.answer).toEqual([{ name: 'Clock_CreateAlarm', arguments: { time: ['07:30:00'], name: ['Swim meet'] } }])
    expect(useAuthoring.getState().draft?.task.freeParams).toEqual([[]])

    expect(await expectedStateFromMyAttempt()).toBe(true)
    const expected = useAuthoring.getState().draft?.task.live?.expectedState
    expect(expected).toHaveLength(1)
    expect(expected?.[0]).toMatchObject({ app: 'alarm', op: 'insert' })
    undo()
    expect(useAuthoring.getState().draft?.task.live).toBeUndefined()

    const saved = await saveDraft()
    expect(saved?.flips).toEqual([{ attemptId: attempt.id, actor: 'demo', before: false, after: true }])
  })
})
