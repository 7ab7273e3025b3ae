import { describe, expect, it } from 'vitest'
import type { AttemptRow } from '../src/db/index'
import type { Task } from '../src/core/index'
import { filterTasks, nextTaskId, statusCounts, taskStatuses } from '../src/state/progress'
import { elapsedAt, formatElapsed } from '../src/state/timer'

let n = 0
function attempt(taskId: string, actor: string, change: Partial<AttemptRow> = {}): AttemptRow {
  n += 1
  return { id: `a${n}`, datasetId: 'd', taskId, access: 'browse', actor, started: n * 1000, elapsedMs: 0, finished: false, screen: '', callCount: 0, ...change }
}
const task = (id: string, type: string) => ({ id, type }) as Task

describe('task statuses', () => {
  const rows = [
    attempt('t1', 'ann', { finished: true, verdict: { correct: true, errorType: null, mismatches: [] }, callCount: 2 }),
    attempt('t2', 'ann', { finished: true, verdict: { correct: false, errorType: 'wrong_value', mismatches: [] }, callCount: 1 }),
    attempt('t2', 'ann', { callCount: 3 }), // a newer attempt with calls: in progress again
    attempt('t3', 'ann', { finished: true, verdict: { correct: false, errorType: 'wrong_count', mismatches: [] } }),
    attempt('t3', 'ann'), // opened, no call: the last verdict stands
    attempt('t4', 'ann', { finished: true, verdict: { correct: true, errorType: null, mismatches: [] }, flags: [{ kind: 'ambiguous', comment: '', at: 1 }] }),
    attempt('t5', 'ann'), // opened only
    attempt('t6', 'ann', { finished: true, callCount: 1 }), // finished without a verdict: a sealed task, submitted
    attempt('t1', 'ben', { finished: true, verdict: { correct: false, errorType: 'wrong_value', mismatches: [] } }),
  ]
  const statuses = taskStatuses(rows, 'ann')

  it('are per person: flagged first, then an open attempt with calls, then the newest finished verdict', () => {
    expect(Object.fromEntries(statuses)).toEqual({ t1: 'correct', t2: 'in_progress', t3: 'wrong', t4: 'flagged', t5: 'not_started', t6: 'submitted' })
    expect(taskStatuses(rows, 'ben').get('t1')).toBe('wrong')
  })

  it('filter, count and step through the tasks', () => {
    const tasks = [task('t1', 'A'), task('t2', 'A'), task('t3', 'B'), task('t4', 'B'), task('t5', 'B'), task('t6', 'B'), task('t7', 'B')]
    expect(statusCounts(tasks, statuses)).toEqual({ not_started: 2, in_progress: 1, correct: 1, wrong: 1, submitted: 1, flagged: 1 })
    expect(filterTasks(tasks, statuses, 'B', '').map((t) => t.id)).toEqual(['t3', 't4', 't5', 't6', 't7'])
    expect(filterTasks(tasks, statuses, '', 'submitted').map((t) => t.id)).toEqual(['t6'])
    const fresh = filterTasks(tasks, statuses, 'B', 'not_started')
    expect(fresh.map((t) => t.id)).toEqual(['t5', 't7'])
    expect(nextTaskId(fresh, 't5')).toBe('t7')
    expect(nextTaskId(fresh, 't7')).toBe('t5') // wraps round
    expect(nextTaskId(fresh, 't1')).toBe('t5') // the open task is not in the list: its first
    expect(nextTaskId([], 't1')).toBeUndefined()
  })
})

describe('the timer', () => {
  it('adds the running stretch to the stored time, and nothing while paused', () => {
    expect(elapsedAt({ baseMs: 5_000, since: null }, 99_000)).toBe(5_000)
    expect(elapsedAt({ baseMs: 5_000, since: 10_000 }, 12_500)).toBe(7_500)
    expect(elapsedAt({ baseMs: 5_000, since: 10_000 }, 9_000)).toBe(5_000) // a clock going back never subtracts
  })

  it('reads as m:ss, and h:mm:ss past an hour', () => {
    expect(formatElapsed(0)).toBe('0:00')
    expect(formatElapsed(65_999)).toBe('1:05')
    expect(formatElapsed(3_600_000 + 61_000)).toBe('1:01:01')
  })
})
