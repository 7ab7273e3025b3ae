import { describe, expect, it } from 'vitest'
import { Attempt, MemorySink, TaskHost } from '../src/core/index'
import type { Task } from '../src/core/index'
import { liveFixtureDataset as liveDataset } from './fixtures'


const DELETE_SHOPPING = {
  answer: [{ name: 'Notes_Delete', arguments: { title: ['Shopping'] } }],
  free_params: [[]],
  expected_state: [{ app: 'notes', op: 'delete', where: { 标题: 'Shopping' } }],
}

describe('live state in the kernel', () => {
  it('a call changes the attempt\'s own records, later searches see it, and the data set\'s records never change', async () => {
    const dataset = liveDataset(DELETE_SHOPPING)
    const host = new TaskHost(dataset)
    await host.open('推理1', 'paginated', { state: 'live' })
    expect((await host.call('search_notes', { pattern: 'almonds' }, 'test')).content).toMatch(/1 result/)
    const deleted = await host.call('Notes_Delete', { title: 'Shopping' }, 'test')
    expect(deleted.ok).toBe(true)
    expect((await host.call('search_notes', { pattern: 'almonds' }, 'test')).content).not.toMatch(/1 result/)
    const again = await host.call('Notes_Delete', { title: 'Shopping' }, 'test')
    expect(again).toMatchObject({ ok: false })
    expect(again.content).toBe('Error: No notes record has 标题 = "Shopping"; nothing was changed.')
    expect(dataset.records['推理1']?.notes).toHaveLength(1)
    const verdict = await host.submit()
    expect(verdict).toMatchObject({ correct: true, state: { correct: true, errorType: null } })
    // A static attempt of the same task changes nothing, and is judged on its calls alone (as npm run score judges its line).
    await host.open('推理1', 'paginated')
    await host.call('Notes_Delete', { title: 'Shopping' }, 'test')
    expect((await host.call('search_notes', { pattern: 'almonds' }, 'test')).content).toMatch(/1 result/)
    const staticVerdict = await host.submit()
    expect(staticVerdict.correct).toBe(true)
    expect(staticVerdict.state).toBeUndefined()
  })

  it('friction: the first try is refused and marked, and a requirement must be met first; neither is a submitted action', async () => {
    const dataset = liveDataset({
      ...DELETE_SHOPPING,
      friction: [
        { tool: 'Notes_Delete', on: [1], error: 'The network is busy; try again.' },
        { tool: 'Notes_Delete', requires: ['Notes_Confirm'], error: 'Confirm first.' },
      ],
    })
    const task = dataset.tasks[0] as Task
    const sink = new MemorySink()
    const attempt = await Attempt.open({ task, tools: dataset.tools, records: dataset.records['推理1'] ?? {}, profile: dataset.profile, setting: 'paginated', state: 'live', actor: 't', sink })
    const first = await attempt.call('Notes_Delete', { title: 'Shopping' }, 'test')
    expect(first).toMatchObject({ ok: false, friction: true, content: 'Error: The network is busy; try again.' })
    expect((await attempt.call('Notes_Delete', { title: 'Shopping' }, 'test')).content).toBe('Error: Confirm first.')
    await attempt.call('Notes_Confirm', { title: 'Shopping' }, 'test')
    expect((await attempt.call('Notes_Delete', { title: 'Shopping' }, 'test')).ok).toBe(true)
    expect(attempt.submittedCalls().map((c) => c.name)).toEqual(['Notes_Confirm', 'Notes_Delete'])
    // Resumed from what is stored, the state is the same (it is the steps replayed).
    const resumed = await Attempt.resume({ task, tools: dataset.tools, records: dataset.records['推理1'] ?? {}, profile: dataset.profile, attemptId: attempt.id, sink })
    expect(resumed.runtime.call('search_notes', { pattern: 'almonds' }, 'test').content).not.toMatch(/1 result/)
    expect(resumed.trajectory()[0]?.friction).toBe(true)
    // The gold is one delete: the extra confirm makes the calls wrong; verify "state" alone passes it.
    expect((await resumed.finish())?.correct).toBe(false)
  })

  it('a withdrawn call\'s change is taken back, and a fork starts from the parent\'s state at its step', async () => {
    const dataset = liveDataset({ ...DELETE_SHOPPING, verify: 'state' })
    const host = new TaskHost(dataset)
    const opened = await host.open('推理1', 'paginated', { state: 'live' })
    await host.call('Notes_Delete', { title: 'Shopping' }, 'test')
    await host.openAttempt?.withdraw(0)
    expect((await host.call('search_notes', { pattern: 'almonds' }, 'test')).content).toMatch(/1 result/)
    await host.call('Notes_Delete', { title: 'Shopping' }, 'test')
    await host.submit()
    await host.fork(opened.attemptId, 3)
    expect((await host.call('search_notes', { pattern: 'almonds' }, 'test')).content).not.toMatch(/1 result/)
    const verdict = await host.submit()
    expect(verdict).toMatchObject({ correct: true, state: { correct: true } })
  })

  it('collateral damage fails the state verdict', async () => {
    const dataset = liveDataset({ answer: [], free_params: [], expected_state: [], verify: 'state' })
    const host = new TaskHost(dataset)
    await host.open('推理1', 'paginated', { state: 'live' })
    await host.call('Notes_Delete', { title: 'Shopping' }, 'test')
    expect(await host.submit()).toMatchObject({ correct: false, errorType: 'other', state: { correct: false, errorType: 'collateral_change' } })
  })
})
