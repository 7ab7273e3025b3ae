// The Grade view's queue (#29): attempts whose rubric waits for people, fewest grades first, never the grader's own;
// an attempt the grader graded already comes after the others; a grade under another rubric is not counted.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadDataset, rubricHash } from '../src/core/index'
import type { Grade, Task } from '../src/core/index'
import type { AttemptRow } from '../src/db/index'
import { checkSteps, gradingQueue } from '../src/grading/queue'
import { ROOT } from './fixtures'

const FOLDER = join(ROOT, 'public/data-planner')
const { dataset } = loadDataset(Object.fromEntries(['input_data.jsonl', 'tools.json', 'records_db.json', 'profile.json', 'skills.json', 'agents.json'].map((f) => [f, readFileSync(join(FOLDER, f), 'utf8')])))
const TASKS: Task[] = dataset.tasks
const HASH = rubricHash(TASKS.find((t) => t.id === 'basic-6') as Task) ?? ''

let started = 0
function attempt(id: string, actor: string, errorType: string | null, extra: Partial<AttemptRow> = {}): AttemptRow {
  return {
    id,
    datasetId: 'd',
    taskId: 'basic-6',
    access: 'paginated',
    actor,
    started: ++started,
    elapsedMs: 0,
    finished: true,
    screen: '',
    callCount: 2,
    verdict: { correct: errorType === null, errorType, mismatches: [] },
    ...extra,
  } as AttemptRow
}

const grade = (attemptId: string, grader: string, hash: string | undefined = HASH): Grade => ({
  task_id: 'basic-6',
  attempt: attemptId,
  grader: { id: grader, kind: 'human' },
  items: [{ id: 'r4', met: true, evidence: [], note: '' }],
  at: '2026-03-01T09:00:00Z',
  ...(hash !== undefined ? { rubric_hash: hash } : {}),
})

describe('the grading queue', () => {
  it('lists pending attempts of others, fewest grades first, and counts the grader’s own apart', () => {
    const attempts = [
      attempt('a', 'ann', 'rubric_pending'),
      attempt('b', 'bot', 'rubric_pending'),
      attempt('mine', 'me', 'rubric_pending'),
      attempt('done', 'dan', null),
      attempt('open', 'eve', null, { finished: false }),
      attempt('other', 'fay', 'rubric_pending', { taskId: 'basic-1' }),
    ]
    const queue = gradingQueue(attempts, TASKS, [grade('a', 'x'), grade('a', 'y'), grade('b', 'x')], 'me')
    expect(queue.entries.map((e) => [e.attempt.id, e.grades])).toEqual([
      ['b', 1],
      ['a', 2],
    ])
    expect(queue.own).toBe(1)
  })

  it('puts what the grader graded after the rest, decided or not, and does not count stale grades', () => {
    const attempts = [attempt('graded', 'ann', null), attempt('fresh', 'bob', 'rubric_pending')]
    const queue = gradingQueue(attempts, TASKS, [grade('graded', 'me'), grade('fresh', 'x', 'f'.repeat(64)), grade('fresh', 'y', 'f'.repeat(64))], 'me')
    expect(queue.entries.map((e) => [e.attempt.id, e.grades, e.gradedByMe])).toEqual([
      ['fresh', 0, false],
      ['graded', 1, true],
    ])
  })

  it('points an automatic check at the steps it reads', () => {
    const steps = [
      { seq: 0, name: 'Phone_Call', arguments: {}, ok: true, kind: 'execution' as const, source: 'ui' as const, content: '' },
      { seq: 1, name: 'Ask_User', arguments: {}, ok: true, kind: 'execution' as const, source: 'ui' as const, content: '' },
    ]
    expect(checkSteps({ kind: 'called', tool: 'Ask_User' }, steps)).toEqual([2])
    expect(checkSteps({ kind: 'called_before', first: 'Ask_User', then: 'write' }, steps)).toEqual([1, 2])
  })
})
