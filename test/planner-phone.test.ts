// The planner apps on the phone (#28): what their taps send and show, apart from the page. A form's check of a
// skill's tool sees the skills loaded so far; the review's memory lines come from the kernel's explanation; a
// handoff is filled in from a record only where the fields match; the memory bar's arguments are an agent's; the
// planner screens have their own addresses.
import { describe, expect, it } from 'vitest'
import { Attempt, explanationOf, loadDataset } from '../src/core/index'
import type { Dataset, Task } from '../src/core/index'
import { prefillFromRecord } from '../src/phone/planner/delegatePrefill'
import { EMPTY_QUERY, atPage, memorySearchArguments, queryOf } from '../src/phone/planner/memoryQuery'
import { hashToRoute, routeToHash } from '../src/state/routes'
import { storedOutcome } from '../src/state/storedVerdict'
import { memoryFiles } from './support/memoryFixture'
import { plannerFiles } from './support/plannerFixture'
import { openPlannerAttempt } from './support/plannerAttempt'

async function attemptOn(dataset: Dataset): Promise<Attempt> {
  const task = dataset.tasks[0] as Task
  return openPlannerAttempt(dataset, task)
}

describe("an action form's check", () => {
  it("refuses a skill's tool until the skill is loaded, then passes it, recording nothing", async () => {
    const attempt = await attemptOn(loadDataset(plannerFiles()).dataset)
    const before = attempt.check('Expense_File', { amount: 12 })
    expect(before.ok).toBe(false)
    expect(before.content).toContain('skill_not_loaded')
    await attempt.call('load_skill', { name: 'expense-filing' }, 'ui')
    expect(attempt.check('Expense_File', { amount: 12 })).toMatchObject({ ok: true })
    expect(attempt.check('Expense_File', {}).ok).toBe(false)
    expect(attempt.trajectory().map((s) => s.name)).toEqual(['load_skill'])
  })
})

describe("the review's memory lines", () => {
  it('come with the explanation of a finished attempt, and with the verdict the review lays out', async () => {
    const dataset = loadDataset(memoryFiles({ metadata: { memory: { required: ['mem_005', 'mem_006'] } } })).dataset
    const attempt = await attemptOn(dataset)
    await attempt.call('search_memory', { query: 'Hanting' }, 'ui')
    const verdict = await attempt.finish()
    if (!verdict) throw new Error('no verdict')
    const explanation = explanationOf(verdict)
    expect(explanation.conditions).toMatchObject({ memoryUsed: ['mem_005'], memoryMissing: ['mem_006'] })
    const row = { taskId: '推理1', finished: true, verdict: { correct: verdict.correct, errorType: verdict.errorType, mismatches: verdict.mismatches } }
    expect(storedOutcome(row, explanation)?.conditions?.memoryMissing).toEqual(['mem_006'])
    expect(attempt.explanation()?.conditions).toEqual(explanation.conditions)
  })

  it('are absent for a task without memory or skill conditions', async () => {
    const attempt = await attemptOn(loadDataset(memoryFiles()).dataset)
    const verdict = await attempt.finish()
    if (!verdict) throw new Error('no verdict')
    expect(explanationOf(verdict)).not.toHaveProperty('conditions')
  })
})

describe('a handoff filled in from a record', () => {
  const properties = {
    request: { type: 'string' },
    amount: { type: 'number' },
    date: { type: 'string' },
    mode: { type: 'string', enum: ['飞机', '火车'] },
    travelers: { type: 'array', items: { type: 'string' } },
  }

  it('takes the fields whose name or English label is a parameter’s, typed as the parameter is', () => {
    const charge = { 项目: 'Hotel', 金额: '412.00', 日期: '2026-03-05', 收款人: 'The Grove Hotel' }
    expect(prefillFromRecord(properties, 'transaction', charge)).toEqual({ amount: 412, date: '2026-03-05' })
    const trip = { 日期: '2026-03-24', 交通方式: '火车', 联系人: 'Daniel Hayes' }
    expect(prefillFromRecord(properties, 'transport', trip)).toEqual({ date: '2026-03-24', mode: '火车' })
  })

  it('guesses nothing else: no match, a value outside the enum, an empty field', () => {
    expect(prefillFromRecord(properties, 'transport', { 交通方式: '汽车', 日期: '' })).toEqual({})
    expect(prefillFromRecord(properties, 'notes', { 标题: 'Work laptop', 内容: 'Asset tag MRF-2291' })).toEqual({})
    expect(prefillFromRecord({ travelers: properties.travelers }, 'memory', { travelers: 'Claire Hayes' })).toEqual({ travelers: ['Claire Hayes'] })
  })
})

describe("the memory app's search bar", () => {
  it('sends only what differs from the defaults, as an agent would', () => {
    expect(memorySearchArguments(EMPTY_QUERY, 1)).toEqual({})
    const form = { query: 'peanut.*severe', mode: 'regex' as const, matchCase: true, kind: 'fact', tags: 'lily, health，school ,', from: '2026-01-01', to: '' }
    expect(memorySearchArguments(form, 2)).toEqual({
      query: 'peanut.*severe',
      mode: 'regex',
      ignore_case: false,
      tags: ['lily', 'health', 'school'],
      kind: 'fact',
      date_from: '2026-01-01',
      page: 2,
    })
  })

  it('shows a search as it was made, and pages it', () => {
    const args = { query: 'Lily', tags: ['school'], kind: 'procedure', page: 2 }
    expect(queryOf(args)).toEqual({ ...EMPTY_QUERY, query: 'Lily', tags: 'school', kind: 'procedure' })
    expect(memorySearchArguments(queryOf(args), 2)).toEqual(args)
    expect(atPage(args, 1)).toEqual({ query: 'Lily', tags: ['school'], kind: 'procedure' })
    expect(atPage({}, 3)).toEqual({ page: 3 })
  })
})

describe('the planner screens’ addresses', () => {
  it('round-trip through the hash; the record a handoff started from stays out of it', () => {
    for (const view of ['user', 'skills', 'assistants'] as const) {
      const hash = routeToHash('memory-5', { screen: 'planner', view, from: { app: 'transaction', record: { 金额: 412 } } })
      expect(hash).toBe(`#/task/memory-5/planner/${view}`)
      expect(hashToRoute(hash)).toEqual({ taskId: 'memory-5', route: { screen: 'planner', view } })
    }
    expect(hashToRoute('#/task/memory-5/planner/nowhere')).toEqual({ taskId: 'memory-5', route: { screen: 'home' } })
    expect(hashToRoute('#/task/memory-5/app/memory/3')).toEqual({ taskId: 'memory-5', route: { screen: 'record', app: 'memory', index: 3 } })
  })
})
