// The Judge tab's run loop (#29): one request per attempt through gradeWithJudge against the local stub's judge
// scripts, each grade stored as it comes; a garbage judge's grades are stored as invalid; an endpoint that never
// answers ends the run; a stop keeps what was graded. And which attempts are sent: finished ones at tasks with
// items for graders, not those this model already graded readably.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadDataset } from '../src/core/index'
import type { Grade, Task } from '../src/core/index'
import { judgeGrader } from '../src/core/judge'
import type { JudgeStep } from '../src/core/judge'
import { runJudge } from '../src/grading/judgeRun'
import type { JudgeProgress, JudgeRunInput } from '../src/grading/judgeRun'
import { judgeTargets } from '../src/grading/judgeTargets'
import { rubricFiles, rubricOf } from './support/rubricFixture'
import { startStubServer } from './support/stub-server'
import type { StubServer } from './support/stub-server'

const { dataset } = loadDataset(
  rubricFiles({
    rubric: rubricOf([
      { id: 'r1', points: 2 },
      { id: 'r2', points: 1, auto: { kind: 'said', all: ['manager'] } },
      { id: 'r3', points: 1 },
    ]),
  }),
)
const task = dataset.tasks.find((t) => t.planner?.rubric) as Task
const plain = dataset.tasks.find((t) => !t.planner?.rubric) as Task
const STEPS: JudgeStep[] = [{ name: 'Phone_Call', arguments: { telephone: '13933334444' }, kind: 'execution', ok: true, content: 'Calling' }]
const targets = ['a1', 'a2', 'a3'].map((attempt) => ({ task, attempt, trajectory: STEPS }))

let stub: StubServer
beforeAll(async () => {
  stub = await startStubServer()
})
afterAll(async () => {
  await stub.close()
})

function run(model: string, overrides: Partial<JudgeRunInput> = {}) {
  const stored: Grade[] = []
  const seen: JudgeProgress[] = []
  const result = runJudge({
    targets,
    endpoint: stub.url,
    model,
    key: '',
    fetch: (url, init) => fetch(url, init),
    now: () => new Date('2026-03-01T10:00:00Z'),
    put: async (grade) => void stored.push(grade),
    signal: new AbortController().signal,
    onProgress: (progress) => void seen.push(progress),
    sleep: async () => undefined,
    ...overrides,
  })
  return { result, stored, seen }
}

describe('runJudge', () => {
  it('grades each attempt once and stores every grade, counting the progress', async () => {
    stub.requests.length = 0
    const { result, stored, seen } = run('judge-good')
    expect(await result).toEqual({ done: 3, total: 3, valid: 3, invalid: 0, stopped: false })
    expect(stored.map((grade) => grade.attempt)).toEqual(['a1', 'a2', 'a3'])
    expect(stored.every((grade) => grade.grader.id === 'llm:judge-good' && grade.invalid === undefined)).toBe(true)
    expect(stub.requests.filter((r) => r.model === 'judge-good')).toHaveLength(3)
    expect(seen.map((p) => p.done)).toEqual([0, 1, 2, 3])
  })

  it('stores a garbage judge’s grades as invalid, every item "can’t tell", never "not met"', async () => {
    const { result, stored } = run('judge-garbage')
    expect(await result).toMatchObject({ done: 3, valid: 0, invalid: 3, stopped: false })
    expect(stored).toHaveLength(3)
    for (const grade of stored) {
      expect(grade.invalid).toBe(true)
      expect(grade.items.map((item) => item.met)).toEqual([null, null])
    }
  })

  it('ends the run when the endpoint never answers, keeping the grades stored before', async () => {
    let calls = 0
    const { result, stored } = run('judge-good', {
      fetch: async (url, init) => {
        calls += 1
        if (calls > 1) throw new TypeError('connection refused')
        return fetch(url, init)
      },
    })
    const ended = await result
    expect(ended).toMatchObject({ done: 1, valid: 1, stopped: false })
    expect(ended.failure).toMatch(/could not be reached/)
    expect(stored).toHaveLength(1)
  })

  it('stops between attempts when asked, keeping what was graded', async () => {
    const controller = new AbortController()
    const stored: Grade[] = []
    const { result } = run('judge-good', {
      signal: controller.signal,
      put: async (grade) => {
        stored.push(grade)
        controller.abort()
      },
    })
    expect(await result).toMatchObject({ done: 1, stopped: true })
    expect(stored).toHaveLength(1)
  })
})

describe('judgeTargets', () => {
  const attempts = [
    { id: 'done', taskId: task.id, finished: true },
    { id: 'open', taskId: task.id, finished: false },
    { id: 'plain', taskId: plain.id, finished: true },
    { id: 'judged', taskId: task.id, finished: true },
    { id: 'unreadable', taskId: task.id, finished: true },
  ]
  const grade = (attempt: string, invalid?: true): Grade => ({
    task_id: task.id,
    attempt,
    grader: judgeGrader('m'),
    items: [],
    at: '2026-03-01T10:00:00Z',
    ...(invalid ? { invalid } : {}),
  })

  it('sends the finished attempts at rubric tasks the model has not graded readably', () => {
    const steps = new Map([['done', STEPS]])
    const picked = judgeTargets(dataset.tasks, attempts, steps, [grade('judged'), grade('unreadable', true)], 'm')
    expect(picked.map((target) => target.attempt)).toEqual(['done', 'unreadable'])
    expect(picked[0]?.trajectory).toBe(STEPS)
    // Another model's grade does not count as this one's.
    expect(judgeTargets(dataset.tasks, attempts, steps, [grade('judged')], 'other').map((target) => target.attempt)).toEqual(['done', 'judged', 'unreadable'])
  })
})
