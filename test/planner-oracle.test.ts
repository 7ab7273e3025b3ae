// The built-in oracle on planner tasks (#28): it reads memories, loads skills, asks, delegates and replies through the tools.
import { describe, expect, it } from 'vitest'
import { loadDataset, solveWithOracle } from '../src/core/index'
import type { Dataset, TrajectoryStep } from '../src/core/index'
import { MEMORY_ITEMS, MEMORY_TOOLS } from './support/memoryFixture'
import { plannerFiles } from './support/plannerFixture'

const TASK = '推理1'

/** The planner fixture with the memory tools and items on 推理1, and these keys in its prompt_metadata. */
function dataset(metadata: Record<string, unknown>): Dataset {
  const files = plannerFiles({ metadata, tools: (tools) => [...tools, ...structuredClone(MEMORY_TOOLS)] })
  const records = JSON.parse(files['records_db.json'] ?? '{}') as Record<string, Record<string, unknown>>
  const own = records[TASK]
  if (own) own.memory = structuredClone(MEMORY_ITEMS)
  return loadDataset({ ...files, 'records_db.json': JSON.stringify(records) }).dataset
}

const names = (steps: readonly TrajectoryStep[]) => steps.map((s) => s.name)
/** A step's arguments as an object (an agent's come as the JSON text it wrote). */
const argsOf = (step: TrajectoryStep | undefined): Record<string, unknown> =>
  (typeof step?.arguments === 'string' ? JSON.parse(step.arguments) : (step?.arguments ?? {})) as Record<string, unknown>
const EXPENSE = { answer: [{ name: 'Expense_File', arguments: { amount: [12] } }], free_params: [[]] }

describe('the oracle on planner tasks', () => {
  it('loads the required skill, opens the required memory and asks once per scripted reply before it acts', async () => {
    const { steps, verdict } = await solveWithOracle(
      dataset({
        ...EXPENSE,
        dimension: 'skill',
        bucket: 'tool_call',
        skills: { required: ['expense-filing'] },
        memory: { required: ['mem_006'], evidence: 'opened' },
        user_replies: [{ reply: 'Yes, the 12 dollar lunch.' }],
        extraneous: { policy: 'no_extra_writes', allow: { Ask_User: 1 } },
      }),
      TASK,
    )
    expect(verdict).toMatchObject({ correct: true, errorType: null })
    const order = names(steps)
    expect(order.filter((n) => n === 'Ask_User')).toHaveLength(1)
    expect(order.indexOf('load_skill')).toBeLessThan(order.indexOf('Expense_File'))
    expect(order.indexOf('get_memory')).toBeLessThan(order.indexOf('Expense_File'))
    expect(argsOf(steps.find((s) => s.name === 'get_memory'))).toEqual({ id: 'mem_006' })
    // Nothing was refused on the way: the skill was loaded before its tool was called.
    expect(steps.filter((s) => !s.ok)).toEqual([])
  })

  it('without the memory read the same task fails on memory_not_used: the read is what the verdict needs', async () => {
    const data = dataset({ ...EXPENSE, dimension: 'memory', bucket: 'tool_call', memory: { required: ['mem_006'], evidence: 'opened' }, skills: { required: ['expense-filing'] } })
    const solved = await solveWithOracle(data, TASK)
    expect(solved.verdict).toMatchObject({ correct: true })
    // The same calls with get_memory left out, through a host of their own.
    const { TaskHost } = await import('../src/core/index')
    const host = new TaskHost(data)
    await host.open(TASK, 'paginated')
    for (const step of solved.steps) if (step.kind !== 'reply' && step.name !== 'get_memory') await host.call(step.name, step.arguments, 'agent')
    expect(await host.submit()).toMatchObject({ correct: false, errorType: 'memory_not_used' })
  })

  it('loads a skill the task does not list when its tool is refused as not loaded, and the refused call is no action', async () => {
    const { steps, verdict } = await solveWithOracle(dataset({ ...EXPENSE, dimension: 'skill', bucket: 'tool_call' }), TASK)
    expect(verdict).toMatchObject({ correct: true, errorType: null })
    const refused = steps.filter((s) => !s.ok)
    expect(refused.map((s) => s.name)).toEqual(['Expense_File'])
    expect(refused[0]?.content).toMatch(/skill_not_loaded/)
    expect(names(steps).filter((n) => n === 'load_skill')).toHaveLength(1)
  })

  it('writes the facts a mention requires into a delegate’s free-text payload', async () => {
    const { steps, verdict } = await solveWithOracle(
      dataset({
        answer: [{ name: 'Delegate_Finance', arguments: {} }],
        free_params: [['task']],
        dimension: 'subagent',
        bucket: 'tool_call',
        mentions: [{ call: 0, param: 'task', all: ['refund'], any: [['Maple Ridge Foods', 'MRF']] }],
      }),
      TASK,
    )
    expect(verdict).toMatchObject({ correct: true, errorType: null })
    const task = argsOf(steps.find((s) => s.name === 'Delegate_Finance')).task
    expect(task).toContain('refund')
    expect(task).toContain('Maple Ridge Foods')
    expect(steps.find((s) => s.name === 'Delegate_Finance')?.content).toContain('Finance will look into:')
  })

  it('ends with a reply that says what the rubric wants said, and none of what it must not', async () => {
    const { steps } = await solveWithOracle(
      dataset({
        dimension: 'subagent',
        bucket: 'agent_behavior',
        rubric: {
          items: [
            { id: 'r1', criterion: 'Tells the user the call is placed', points: 2, auto: { kind: 'said', all: ['calling Tom Ruiz'], any: ['finance', 'budget'] } },
            { id: 'r2', criterion: 'Does not promise a refund', points: 1, auto: { kind: 'not_said', any: ['refund'] } },
          ],
          pass: { min_score: 0.6, required: ['r1'] },
        },
      }),
      TASK,
    )
    const reply = steps.at(-1)
    expect(reply?.kind).toBe('reply')
    const text = String(argsOf(reply).text)
    expect(text).toContain('calling Tom Ruiz')
    expect(text).toContain('finance')
    expect(text).not.toContain('refund')
  })
})
