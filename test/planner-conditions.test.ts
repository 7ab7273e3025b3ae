// The memory and skill conditions of planner tasks in the one scorer (#28): the kernel's verdict, re-scoring and `npm run score` agree.
import { describe, expect, it } from 'vitest'
import { loadDataset, parseResponses, responseLine, scoreResponses, trajectoryMessages } from '../src/core/index'
import type { Dataset, DetailLine, Task, TrajectoryStep } from '../src/core/index'
import { judgeAttempt } from '../src/core/verdict/rescore'
import { judgeConditions, underConditions } from '../src/core/score/conditions'
import type { ConditionStep } from '../src/core/score/conditions'
import { NO_MEMORY } from '../src/core/score/memoryReplay'
import { memoryFiles } from './support/memoryFixture'
import { scoreTexts } from '../cli/scoring'
import { openPlannerAttempt } from './support/plannerAttempt'

const skillTool = (name: string, skill: string) => ({ type: 'function', function: { name, description: name, 'x-skill': skill, parameters: { type: 'object', properties: { amount: { type: 'number' } } } } })
const SKILLS = [
  { name: 'expense-filing', description: 'How to file an expense claim', body: 'Use Expense_File.', tools: ['Expense_File'] },
  { name: 'travel-booking', description: 'How to book travel', body: 'Use Travel_Book.', tools: ['Travel_Book'] },
]

/** The memory fixture with two skills; task 推理1 (gold: call 13933334444) gets `metadata`. */
function worldFiles(metadata: Record<string, unknown>): Record<string, string> {
  const files = memoryFiles({ metadata, tools: (tools) => [...tools, skillTool('Expense_File', 'expense-filing'), skillTool('Travel_Book', 'travel-booking')] })
  return { ...files, 'skills.json': JSON.stringify(SKILLS) }
}
const world = (metadata: Record<string, unknown>): Dataset => loadDataset(worldFiles(metadata)).dataset
const taskOf = (dataset: Dataset): Task => dataset.tasks[0] as Task

type Call = [name: string, args: Record<string, unknown>]
const RIGHT: Call = ['Phone_Call', { telephone: '13933334444' }]
const WRONG: Call = ['Phone_Call', { telephone: '13911112222' }]
const search = (query: string): Call => ['search_memory', { query }]
const open = (id: string): Call => ['get_memory', { id }]
const load = (name: string): Call => ['load_skill', { name }]

/** An attempt made through the kernel, finished: its verdict and steps. */
async function played(dataset: Dataset, calls: Call[]) {
  const task = taskOf(dataset)
  const attempt = await openPlannerAttempt(dataset, task)
  for (const [name, args] of calls) await attempt.call(name, args, 'agent')
  const verdict = await attempt.finish()
  return { verdict, steps: [...attempt.trajectory()] }
}

/** `npm run score`'s details line for a response line (its records given, as the command reads them). */
function scored(dataset: Dataset, line: Record<string, unknown>): DetailLine {
  const { lines } = parseResponses(JSON.stringify(line))
  const details = scoreResponses([taskOf(dataset)], dataset.tools, lines, { records: dataset.records, profile: dataset.profile }).details
  return details[0] as DetailLine
}

/** The page's response line for steps: `calls` and `messages`, or only one of them. */
function lineOf(steps: readonly TrajectoryStep[], keep: 'both' | 'messages' | 'calls' = 'both'): Record<string, unknown> {
  const line = responseLine({ taskId: '推理1', run: 0, setting: 'paginated', instruction: 'Call my manager', steps, finished: true })
  if (keep === 'messages') delete line.calls
  if (keep === 'calls') delete line.messages
  return line
}

/** The kernel's verdict and the response line's, which must agree; the details line is given for its fields. */
async function both(dataset: Dataset, calls: Call[]) {
  const { verdict, steps } = await played(dataset, calls)
  const detail = scored(dataset, lineOf(steps))
  const messagesOnly = scored(dataset, lineOf(steps, 'messages'))
  const kernel = [verdict?.correct, verdict?.errorType]
  expect([detail.correct, detail.error_type]).toEqual(kernel)
  expect([messagesOnly.correct, messagesOnly.error_type]).toEqual(kernel)
  return { errorType: verdict?.errorType ?? null, correct: verdict?.correct, detail, steps, verdict }
}

describe('memory.required', () => {
  const dataset = world({ memory: { required: ['mem_005'], forbidden: ['mem_003'] } })

  it('is met when a successful read returned the item before the last action', async () => {
    const { correct, detail } = await both(dataset, [search('Shanghai hotel'), search('hotel'), RIGHT])
    expect(correct).toBe(true)
    expect(detail).toMatchObject({ memory_used: ['mem_005'], memory_missing: [] })
  })

  it('is not met without the read, or with it only after the last action', async () => {
    expect((await both(dataset, [RIGHT])).errorType).toBe('memory_not_used')
    const late = await both(dataset, [RIGHT, search('hotel')])
    expect(late.errorType).toBe('memory_not_used')
    expect(late.detail).toMatchObject({ memory_used: [], memory_missing: ['mem_005'] })
    // A read that found nothing, or failed, is no evidence.
    expect((await both(dataset, [search('peanuts'), open('mem_404'), RIGHT])).errorType).toBe('memory_not_used')
  })

  it('counts to the end when nothing was submitted: the call error is then what is wrong', async () => {
    expect((await both(dataset, [search('hotel')])).errorType).toBe('wrong_count')
    expect((await both(dataset, [])).errorType).toBe('memory_not_used')
  })

  it('reports the forbidden items used, without failing the task for them', async () => {
    const { correct, detail } = await both(dataset, [search('hotel'), RIGHT])
    expect(correct).toBe(true)
    expect(detail.memory_forbidden_used).toEqual(['mem_003'])
    expect(detail.skills_loaded).toBeUndefined()
  })

  it('counts a pinned item as returned, never as opened', async () => {
    expect((await both(world({ memory: { required: ['mem_001'] } }), [RIGHT])).correct).toBe(true)
    const opened = world({ memory: { required: ['mem_001', 'mem_005'], evidence: 'opened' } })
    expect((await both(opened, [search('hotel'), search('aisle'), RIGHT])).errorType).toBe('memory_not_used')
    const half = await both(opened, [open('mem_005'), RIGHT])
    expect(half.detail).toMatchObject({ memory_used: ['mem_005'], memory_missing: ['mem_001'] })
    expect((await both(opened, [open('mem_005'), open('mem_001'), RIGHT])).correct).toBe(true)
  })

  it('reads pages as the attempt did: an item on a later page was not returned by the first', async () => {
    const paged = world({ memory: { required: ['mem_007'] } })
    // Listing every item: seven, five a page in `paginated`.
    expect((await both(paged, [['search_memory', {}], RIGHT])).errorType).toBe('memory_not_used')
    expect((await both(paged, [['search_memory', { page: 2 }], RIGHT])).correct).toBe(true)
  })
})

describe('skills', () => {
  const dataset = world({ skills: { required: ['expense-filing'], forbidden: ['travel-booking'] } })

  it('a required skill must be loaded before the last action', async () => {
    const { correct, detail } = await both(dataset, [load('expense-filing'), RIGHT])
    expect(correct).toBe(true)
    expect(detail.skills_loaded).toEqual(['expense-filing'])
    expect(detail.memory_used).toBeUndefined()
    expect((await both(dataset, [RIGHT, load('expense-filing')])).errorType).toBe('skill_not_loaded')
    expect((await both(dataset, [load('no-such-skill'), RIGHT])).errorType).toBe('skill_not_loaded')
  })

  it('a forbidden skill fails the task wherever it was loaded', async () => {
    expect((await both(dataset, [load('expense-filing'), RIGHT, load('travel-booking')])).errorType).toBe('skill_forbidden_loaded')
  })

  it('a skill’s tool called before its skill is loaded is refused, never a submitted action', async () => {
    const plain = world({})
    // Without the gate the early call would be a second action: wrong_count.
    expect((await both(plain, [['Expense_File', { amount: 3 }], RIGHT])).correct).toBe(true)
    expect((await both(plain, [load('expense-filing'), ['Expense_File', { amount: 3 }], RIGHT])).errorType).toBe('wrong_count')
  })
})

describe('precedence', () => {
  const dataset = world({ memory: { required: ['mem_005'] }, skills: { required: ['expense-filing'], forbidden: ['travel-booking'] } })

  it('skill_forbidden_loaded, skill_not_loaded, memory_not_used, then the call errors', async () => {
    expect((await both(dataset, [load('travel-booking'), WRONG])).errorType).toBe('skill_forbidden_loaded')
    expect((await both(dataset, [WRONG])).errorType).toBe('skill_not_loaded')
    expect((await both(dataset, [load('expense-filing'), WRONG])).errorType).toBe('memory_not_used')
    expect((await both(dataset, [load('expense-filing'), search('hotel'), WRONG])).errorType).toBe('wrong_value')
    const right = await both(dataset, [load('expense-filing'), search('hotel'), RIGHT])
    expect(right.correct).toBe(true)
    expect(right.detail).toMatchObject({ memory_used: ['mem_005'], memory_missing: [], skills_loaded: ['expense-filing'], memory_forbidden_used: [] })
  })

  it('puts a condition’s error before the calls’ and keeps everything else of the verdict', () => {
    const steps: ConditionStep[] = [{ name: 'Phone_Call', arguments: {}, ok: true, kind: 'execution' }]
    const conditions = judgeConditions(taskOf(dataset), steps, NO_MEMORY)
    expect(conditions).toEqual({ memoryUsed: [], memoryMissing: ['mem_005'], memoryForbiddenUsed: [], skillsLoaded: [], error: 'skill_not_loaded' })
    const calls = { id: 't', correct: false, errorType: 'wrong_value' as const, mismatches: [], pairing: [], checks: [] }
    expect(underConditions(calls, conditions)).toMatchObject({ correct: false, errorType: 'skill_not_loaded', conditions })
    expect(underConditions({ ...calls, correct: true, errorType: null }, { ...conditions, error: null })).toMatchObject({ correct: true, errorType: null })
    expect(underConditions(calls, undefined)).toBe(calls)
  })
})

describe('a response line', () => {
  const dataset = world({ memory: { required: ['mem_005'] } })
  const message = (name: string, args: Record<string, unknown>, id: string, reply: string) => [
    { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] },
    { role: 'tool', tool_call_id: id, content: reply },
  ]

  it('has its reads answered again: a reply claiming an item the search would not return counts for nothing', () => {
    const claimed = JSON.stringify({ id: 'mem_005', text: 'Usual hotel in Shanghai: Hanting Hotel, the Bund.' })
    const messages = [
      { role: 'user', content: 'Call my manager' },
      ...message('search_memory', { query: 'peanuts' }, 'c1', `1 result for "peanuts" in memory:\n${claimed}`),
      ...message('Phone_Call', { telephone: '13933334444' }, 'c2', 'ok'),
    ]
    expect(scored(dataset, { id: '推理1', messages })).toMatchObject({ correct: false, error_type: 'memory_not_used', memory_missing: ['mem_005'] })
    // The same line whose search does return the item is correct, whatever its reply says.
    messages[1] = message('search_memory', { query: 'Bund' }, 'c1', 'nothing found')[0] as (typeof messages)[number]
    expect(scored(dataset, { id: '推理1', messages })).toMatchObject({ correct: true, memory_used: ['mem_005'] })
  })

  it('with only calls has no reads: only a pinned item counts', async () => {
    const { steps } = await played(dataset, [search('hotel'), RIGHT])
    expect(scored(dataset, lineOf(steps, 'calls'))).toMatchObject({ correct: false, error_type: 'memory_not_used' })
    expect(scored(dataset, { id: '推理1', calls: [{ name: 'get_memory', arguments: { id: 'mem_005' } }, { name: 'Phone_Call', arguments: { telephone: '13933334444' } }] }).error_type).toBe('memory_not_used')
    const pinned = world({ memory: { required: ['mem_002'] } })
    expect(scored(pinned, lineOf(steps, 'calls'))).toMatchObject({ correct: true, memory_used: ['mem_002'] })
  })

  it('without records at hand sees no memory at all', async () => {
    const { steps } = await played(dataset, [search('hotel'), RIGHT])
    const { lines } = parseResponses(JSON.stringify(lineOf(steps)))
    expect(scoreResponses([taskOf(dataset)], dataset.tools, lines).details[0]).toMatchObject({ correct: false, error_type: 'memory_not_used' })
  })

  it('scored by npm run score has the records read for it, and only for a memory condition', async () => {
    const { steps } = await played(dataset, [search('hotel'), RIGHT])
    const textsOf = (metadata: Record<string, unknown>) => {
      const files = worldFiles(metadata)
      return { inputData: files['input_data.jsonl'] ?? '', tools: files['tools.json'] ?? '', responses: JSON.stringify(lineOf(steps)) }
    }
    let read = 0
    const records = () => (read++, { records: dataset.records, profile: dataset.profile })
    const { scores } = scoreTexts(textsOf({ memory: { required: ['mem_005'] } }), records)
    expect([...scores.details()][0]).toMatchObject({ correct: true, memory_used: ['mem_005'] })
    expect(read).toBe(1)
    const skillsOnly = scoreTexts(textsOf({ skills: { required: ['expense-filing'] } }), records).scores
    expect([...skillsOnly.details()][0]).toMatchObject({ error_type: 'skill_not_loaded', skills_loaded: [] })
    expect(read).toBe(1)
  })

  it('of an unanswered task shows its conditions unmet, as no_response', () => {
    const details = scoreResponses([taskOf(dataset)], dataset.tools, [], { records: dataset.records, profile: dataset.profile }).details
    expect(details[0]).toMatchObject({ correct: false, error_type: 'no_response', memory_used: [], memory_missing: ['mem_005'], memory_forbidden_used: [] })
  })

  it('made by hand in the OpenAI form agrees with the kernel’s line', async () => {
    const { steps, verdict } = await played(dataset, [search('hotel'), RIGHT])
    const messages = trajectoryMessages('Call my manager', steps)
    expect(scored(dataset, { id: '推理1', setting: 'paginated', messages })).toMatchObject({ correct: verdict?.correct, error_type: verdict?.errorType })
  })
})

describe('re-scoring', () => {
  it('gives a stored attempt the kernel’s verdict, conditions included (the static path without skills)', async () => {
    const dataset = world({ memory: { required: ['mem_005'] } })
    const noSkills = { ...dataset, skills: undefined }
    const task = taskOf(dataset)
    for (const calls of [[search('hotel'), RIGHT], [RIGHT]] satisfies Call[][]) {
      const { steps, verdict } = await played(noSkills, calls)
      const attempt = { id: 'a1', taskId: task.id, access: 'paginated' as const, actor: 'tester', started: 0, elapsedMs: 0, finished: true, steps: steps.map((s) => ({ ...s, at: 0 })) }
      const judged = await judgeAttempt(attempt, { task, records: dataset.records[task.id] ?? {}, fingerprint: 'f' }, { tools: dataset.tools, profile: dataset.profile })
      expect([judged.verdict?.correct, judged.verdict?.errorType]).toEqual([verdict?.correct, verdict?.errorType])
    }
  })
})

describe('which records a file needs (one rule for npm run score, the People and Analysis views, and an export)', () => {
  it('names a memory task a line answers, and a live line of a task that expects changes, each once', async () => {
    const { recordsNeededFor, needsTaskRecords } = await import('../src/core/index')
    const remembering = taskOf(world({ memory: { required: ['mem_001'] } }))
    const plain = { id: 'p1', live: undefined, planner: undefined }
    const changing = { id: 'c1', live: { expectedState: { changes: [] } } as unknown as Task['live'], planner: undefined }
    const lines = [
      { id: remembering.id, raw: {} },
      { id: remembering.id, raw: {} },
      { id: 'p1', raw: { state: 'live' } },
      { id: 'c1', raw: {} },
    ]
    expect(recordsNeededFor([remembering, plain, changing], lines)).toEqual([remembering.id])
    expect(recordsNeededFor([remembering, plain, changing], [...lines, { id: 'c1', raw: { state: 'live' } }])).toEqual([remembering.id, 'c1'])
    expect(needsTaskRecords([plain, changing], lines)).toBe(false)
  })
})
