import { describe, expect, it, vi } from 'vitest'
import { ToolSession } from '../src/core/index'
import type { Task } from '../src/core/index'
import { RECORDS, TOOLS, fixtureDataset } from './fixtures'

const saveStep = vi.fn<(...args: unknown[]) => Promise<void>>()
vi.mock('../src/db', () => ({ saveStep: (...args: unknown[]) => saveStep(...args) }))
const { Recorder } = await import('../src/state/recorder')

const task = fixtureDataset().tasks.find((t) => t.id === '推理1') as Task

describe('a step that could not be stored is taken back', () => {
  it('ToolSession.undo removes a new call and undoes a withdrawal', () => {
    const session = new ToolSession(task, TOOLS, RECORDS, 'paginated')
    const kept = session.call('Phone_Call', { telephone: '13933334444' }, 'test')
    const unsaved = session.call('Phone_Call', { telephone: '13911112222' }, 'test')
    session.undo(unsaved)
    expect(session.trajectory()).toEqual([kept])
    const withdrawal = session.withdraw(kept.seq)
    expect(withdrawal?.withdrawn).toBe(true)
    if (withdrawal) session.undo(withdrawal)
    expect(session.trajectory()[0]?.withdrawn).toBe(false)
    expect(session.submittedCalls()).toEqual([{ name: 'Phone_Call', arguments: { telephone: '13933334444' } }])
    // The next call takes the seq the unsaved one had: sequence numbers never skip.
    expect(session.call('search_sms', { pattern: 'Rachel' }, 'test').seq).toBe(1)
  })

  it('a background agent job whose write fails keeps no unsaved step, and reports the failure', async () => {
    const recorder = new Recorder().open(task, RECORDS, TOOLS, 'paginated', { id: 'a1', elapsedMs: 0 })
    saveStep.mockResolvedValueOnce(undefined)
    await recorder.call('search_contacts', { pattern: 'Rachel' })
    saveStep.mockRejectedValueOnce(new Error('QuotaExceededError: the disk is full'))
    await expect(recorder.call('Phone_Call', { telephone: '13933334444' })).rejects.toThrow(/disk is full/)
    expect(recorder.callsMade()).toBe(1)
    expect(recorder.submittedCalls()).toEqual([])
  })
})
