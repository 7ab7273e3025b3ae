import { describe, expect, it } from 'vitest'
import { Attempt, MemorySink, TRANSIENT_FAILURE, TaskHost, parseResponses, responseLine, scoreResponses, scoreTask, toolProperties } from '../src/core/index'
import type { GoldCall, Task } from '../src/core/index'
import { liveFixtureDataset as liveDataset } from './fixtures'


const DELETE_SHOPPING = {
  answer: [{ name: 'Notes_Delete', arguments: { title: ['Shopping'] } }],
  free_params: [[]],
  expected_state: [{ app: 'notes', op: 'delete', where: { 标题: 'Shopping' } }],
}

/** Runs calls in a live attempt through the kernel, finishes it, and gives its verdict and its response line as npm run agent writes it. */
async function attemptAndLine(dataset: ReturnType<typeof liveDataset>, calls: [string, unknown][]) {
  const host = new TaskHost(dataset)
  await host.open('推理1', 'paginated', { state: 'live' })
  for (const [name, args] of calls) await host.call(name, args, 'test')
  const steps = [...host.trajectory()]
  const verdict = await host.submit()
  const task = dataset.tasks[0] as Task
  const line = responseLine({ taskId: task.id, run: 0, setting: 'paginated', instruction: task.instruction, steps, finished: true, state: 'live' })
  return { verdict, line }
}

describe('npm run score on live lines gives the kernel\'s verdict', () => {
  const cases: { name: string; meta: Record<string, unknown>; calls: [string, unknown][] }[] = [
    { name: 'right calls, right state', meta: DELETE_SHOPPING, calls: [['Notes_Delete', { title: 'Shopping' }]] },
    { name: 'no call (state missing)', meta: DELETE_SHOPPING, calls: [] },
    { name: 'a failed call and a collateral insert', meta: DELETE_SHOPPING, calls: [['Notes_Delete', { title: 'Nope' }], ['TodoList_Create', { content: 'x', date: '2025-11-02', time: '10:00' }]] },
    { name: 'verify state: calls wrong, state right', meta: { ...DELETE_SHOPPING, verify: 'state', answer: [] , free_params: [] }, calls: [['Notes_Delete', { title: 'Shopping' }]] },
  ]
  for (const c of cases)
    it(c.name, async () => {
      const dataset = liveDataset(c.meta)
      const { verdict, line } = await attemptAndLine(dataset, c.calls)
      expect(line.state).toBe('live')
      const scored = scoreResponses(dataset.tasks, dataset.tools, parseResponses(JSON.stringify(line)).lines, { records: dataset.records, profile: dataset.profile })
      const detail = scored.details.find((d) => d.id === '推理1')
      expect(detail?.correct).toBe(verdict.correct)
      expect(detail?.error_type).toBe(verdict.errorType)
      expect(detail?.state_correct).toBe(verdict.state?.correct)
      expect(detail?.state_error_type).toBe(verdict.state?.errorType)
      expect(detail?.state_mismatches).toEqual(verdict.state?.mismatches)
      expect(scored.result.state?.tasks).toBe(1)
      expect(scored.result.state?.overall.mean).toBe(verdict.state?.correct ? 100 : 0)
    })

  it('a static line of the same task is judged on its calls, and live lines without records are refused, not scored static', async () => {
    const dataset = liveDataset(DELETE_SHOPPING)
    const staticLine = JSON.stringify({ id: '推理1', calls: [] })
    const staticScore = scoreResponses(dataset.tasks, dataset.tools, parseResponses(staticLine).lines)
    expect(staticScore.details[0]).not.toHaveProperty('state_correct')
    expect(staticScore.result).not.toHaveProperty('state')
    const liveLine = JSON.stringify({ id: '推理1', state: 'live', calls: [{ name: 'Notes_Delete', arguments: { title: 'Shopping' } }] })
    expect(() => scoreResponses(dataset.tasks, dataset.tools, parseResponses(liveLine).lines)).toThrow(/records_db\.json/)
  })
})

describe('run-level random friction', () => {
  it('fails the same calls on a rerun, marks them, and never submits them', async () => {
    const dataset = liveDataset(DELETE_SHOPPING)
    const task = dataset.tasks[0] as Task
    const run = async (seed: number, searches = false) => {
      const attempt = await Attempt.open({
        task, tools: dataset.tools, records: dataset.records['推理1'] ?? {}, profile: dataset.profile,
        setting: 'paginated', actor: 't', sink: new MemorySink(), failure: { rate: 0.5, seed }, run: { id: 'r', repeat: 1, model: 'm' },
      })
      for (let i = 0; i < 20; i++) {
        if (searches) await attempt.call('search_notes', { pattern: 'x' }, 'test')
        await attempt.call('TodoList_Create', { content: `n${i}`, date: '2025-11-02', time: '10:00' }, 'test')
      }
      return attempt
    }
    const a = await run(7)
    const b = await run(7)
    const c = await run(8)
    const failed = (x: Attempt) => x.trajectory().filter((s) => s.friction).map((s) => s.seq)
    expect(failed(a)).toEqual(failed(b))
    expect(failed(a)).not.toEqual(failed(c))
    // Searches between them do not move which execution calls fail: the index counts execution calls.
    const withSearches = await run(7, true)
    const executionOrdinals = (x: Attempt) => x.trajectory().filter((s) => s.kind === 'execution').flatMap((s, i) => (s.friction ? [i] : []))
    expect(executionOrdinals(withSearches)).toEqual(executionOrdinals(a))
    expect(failed(a).length).toBeGreaterThan(3)
    expect(failed(a).length).toBeLessThan(17)
    for (const s of a.trajectory().filter((x) => x.friction)) expect(s).toMatchObject({ ok: false, content: TRANSIENT_FAILURE })
    expect(a.submittedCalls()).toHaveLength(20 - failed(a).length)
    expect(a.info.failure).toEqual({ rate: 0.5, seed: 7 })
    // Resumed, the attempt goes on counting calls where it was: its next call meets what a run without the break would.
    const sink = new MemorySink()
    const whole = await Attempt.open({ task, tools: dataset.tools, records: {}, profile: dataset.profile, setting: 'paginated', actor: 't', sink, failure: { rate: 0.5, seed: 7 }, run: { id: 'r', repeat: 1, model: 'm' } })
    for (let i = 0; i < 10; i++) await whole.call('TodoList_Create', { content: `n${i}`, date: '2025-11-02', time: '10:00' }, 'test')
    const resumed = await Attempt.resume({ task, tools: dataset.tools, records: {}, profile: dataset.profile, attemptId: whole.id, sink })
    for (let i = 10; i < 20; i++) await resumed.call('TodoList_Create', { content: `n${i}`, date: '2025-11-02', time: '10:00' }, 'test')
    expect(failed(resumed)).toEqual(failed(a))
  })

  it('a rate of 0 adds nothing to the attempt', async () => {
    const dataset = liveDataset(DELETE_SHOPPING)
    const host = new TaskHost(dataset)
    await host.open('推理1', 'paginated', { failure: { rate: 0, seed: 1 } })
    expect(host.openAttempt?.info).not.toHaveProperty('failure')
  })
})

describe('ordered tasks pair calls by position', () => {
  it('the same calls in another order are right unordered and wrong ordered', () => {
    const answer: GoldCall[] = [
      { name: 'Phone_Call', arguments: { telephone: ['1'] } },
      { name: 'Messages_Send', arguments: { telephone: ['1'], text: ['hi'] } },
    ]
    const calls = [
      { name: 'Messages_Send', arguments: { telephone: '1', text: 'hi' } },
      { name: 'Phone_Call', arguments: { telephone: '1' } },
    ]
    const properties = toolProperties(liveDataset(DELETE_SHOPPING).tools)
    const task = { id: 't', answer, freeParams: [[], []] }
    expect(scoreTask(task, calls, properties).correct).toBe(true)
    const ordered = scoreTask({ ...task, live: { ordered: true } }, calls, properties)
    expect(ordered).toMatchObject({ correct: false, errorType: 'wrong_tool' })
    expect(scoreTask({ ...task, live: { ordered: true } }, [...calls].reverse(), properties).correct).toBe(true)
  })
})
