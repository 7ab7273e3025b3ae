// The Analysis view's planner figures over attempts (#28): sub-agent route and handoff accuracy, memory recall and skill
// loads, read from the one scorer's verdicts and the calls they were made from; every expected value worked out by hand.
import { describe, expect, it } from 'vitest'
import { analyze, countShare, loadDataset, parseResponses, plannerAttemptFigures, scoreResponses } from '../src/core/index'
import type { AttemptVerdict, Dataset, DetailLine, ResponseLine, Task } from '../src/core/index'
import { AGENTS, SKILLS, plannerFiles } from './support/plannerFixture'
import { MEMORY_ITEMS, MEMORY_TOOLS } from './support/memoryFixture'

type Call = [name: string, args: Record<string, unknown>]

const FINANCE: Call = ['Delegate_Finance', { task: 'Refund order 42, charged twice' }]
const FINANCE_VAGUE: Call = ['Delegate_Finance', { task: 'Please sort out the refund' }]
const TRAVEL: Call = ['Delegate_Travel', { task: 'Refund order 42' }]
const CALL_RACHEL: Call = ['Phone_Call', { telephone: '13911112222' }]
const CALL_WRONG: Call = ['Phone_Call', { telephone: '13800000000' }]
const CALL_MANAGER: Call = ['Phone_Call', { telephone: '13933334444' }]
const EXPENSE: Call = ['Expense_File', { amount: 42 }]
const load = (name: string): Call => ['load_skill', { name }]

const delegateTool = (name: string, agent: string) => ({
  type: 'function',
  function: { name, description: `Hand work to ${agent}`, 'x-kind': 'delegate', 'x-agent': agent, parameters: { type: 'object', properties: { task: { type: 'string' } }, required: ['task'] } },
})

/**
 * The planner fixture with a second sub-agent (travel) and a second skill (travel-booking, forbidden on K1), the
 * memory app on 推理1, and these tasks: 推理1 (memory: three memories required, one forbidden), 多意图1 (basic), S1
 * (sub-agent: finance, or travel as an alternative; the payload must mention order 42), S2 (sub-agent: a call, then
 * finance), S3 (sub-agent, judged by its rubric), S4 (sub-agent, no route in its gold) and K1 (skill).
 */
function worldFiles(): Record<string, string> {
  const files = plannerFiles({
    tools: (tools) => [
      ...tools,
      ...structuredClone(MEMORY_TOOLS),
      delegateTool('Delegate_Travel', 'travel'),
      { type: 'function', function: { name: 'Book_Trip', description: 'Book a trip', 'x-skill': 'travel-booking', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
    ],
    skills: [...SKILLS, { name: 'travel-booking', description: 'How to book a trip', body: 'Use Book_Trip.', tools: ['Book_Trip'] }],
    agents: [...AGENTS, { id: 'travel', name: 'Travel', description: 'Books and refunds trips', tool: 'Delegate_Travel', skills: [{ id: 'trips', name: 'Trips', description: 'Trips' }], reply: 'Travel will: {task}' }],
  })
  const [reasoning, multi] = (files['input_data.jsonl'] ?? '').trim().split('\n').map((line) => JSON.parse(line) as { id: string; prompt_metadata: Record<string, unknown> })
  if (!reasoning || !multi) throw new Error('the fixture has two tasks')
  Object.assign(reasoning.prompt_metadata, { dimension: 'memory', memory: { required: ['mem_002', 'mem_005', 'mem_006'], evidence: 'returned', forbidden: ['mem_003'] } })
  Object.assign(multi.prompt_metadata, { dimension: 'basic' })
  const task = (id: string, content: string, metadata: Record<string, unknown>) => ({ id, type: '推理', messages: [{ role: 'user', content }], prompt_metadata: metadata })
  const finance = { name: 'Delegate_Finance', arguments: {} }
  const tasks = [
    reasoning,
    multi,
    task('S1', 'Get my order 42 refunded.', {
      dimension: 'subagent',
      answer: [finance],
      free_params: [['task']],
      mentions: [{ call: 0, param: 'task', all: ['order 42'] }],
      alternatives: [{ answer: [{ name: 'Delegate_Travel', arguments: {} }], free_params: [['task']] }],
    }),
    task('S2', 'Call Rachel, then have finance refund order 42.', {
      dimension: 'subagent',
      answer: [{ name: 'Phone_Call', arguments: { telephone: ['13911112222'] } }, finance],
      free_params: [[], ['task']],
    }),
    task('S3', 'Have finance look at order 42.', {
      dimension: 'subagent',
      bucket: 'agent_behavior',
      answer: [finance],
      free_params: [['task']],
      rubric: { items: [{ id: 'r1', criterion: 'Hands it to finance', points: 1, auto: { kind: 'called', tool: 'Delegate_Finance' } }], pass: { min_score: 1, required: [] }, graders: { min: 1 } },
    }),
    task('S4', 'Call my manager yourself.', { dimension: 'subagent', answer: [{ name: 'Phone_Call', arguments: { telephone: ['13933334444'] } }], free_params: [[]] }),
    task('K1', 'File my 42 expense.', {
      dimension: 'skill',
      answer: [{ name: 'Expense_File', arguments: { amount: [42] } }],
      free_params: [['payee']],
      skills: { required: ['expense-filing'], forbidden: ['travel-booking'] },
    }),
  ]
  const records = JSON.parse(files['records_db.json'] ?? '{}') as Record<string, Record<string, unknown>>
  const base = records['推理1'] ?? {}
  for (const t of tasks) records[t.id] = t.id === '推理1' ? { ...base, memory: structuredClone(MEMORY_ITEMS) } : base
  return { ...files, 'input_data.jsonl': tasks.map((t) => JSON.stringify(t)).join('\n') + '\n', 'records_db.json': JSON.stringify(records) }
}

function world(): Dataset {
  const { dataset, warnings } = loadDataset(worldFiles())
  expect(warnings).toEqual([])
  return dataset
}

/** A response line whose trajectory is its messages: each call an assistant tool call (the replies are answered again by the scorer). */
function line(id: string, run: number, calls: Call[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const messages: unknown[] = [{ role: 'user', content: id }]
  calls.forEach(([name, args], i) => {
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: `c${i}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }] })
    messages.push({ role: 'tool', tool_call_id: `c${i}`, content: '' })
  })
  return { id, run, model: 'm', setting: 'paginated', messages, ...extra }
}

const linesOf = (values: Record<string, unknown>[]): ResponseLine[] => parseResponses(values.map((v) => JSON.stringify(v)).join('\n')).lines

/**
 * Two runs. Sub-agents (S1, S2 counted; S3 is judged by its rubric, S4 routes nowhere): run 0 hands S1 to finance
 * mentioning order 42 (route and handoff right) and S2 to travel (a wrong route); run 1 hands S1 to finance without the
 * order (route right, handoff wrong: mention missing) and makes S2's call to a wrong number but its handoff right (the
 * task is wrong, the handoff right). Route 3 of 4, handoff 2 of 4. Memory (推理1): run 0 searches "hotel", which
 * returns mem_003 (forbidden) and mem_005, so with pinned mem_002 it uses 2 of 3; run 1 reads nothing, only mem_002
 * counts, 1 of 3: recall 3 of 6. Skills (K1): run 0 loads expense-filing (1 load); run 1 loads travel-booking and
 * expense-filing (2 loads): 1.5 loads an attempt, the required skill loaded 2 of 2, the forbidden one 1 of 2.
 */
function runs(): ResponseLine[] {
  return linesOf([
    line('S1', 0, [FINANCE]),
    line('S2', 0, [CALL_RACHEL, TRAVEL]),
    line('S3', 0, [FINANCE]),
    line('S4', 0, [CALL_MANAGER]),
    line('推理1', 0, [['search_memory', { query: 'hotel' }], CALL_MANAGER]),
    line('K1', 0, [load('expense-filing'), EXPENSE]),
    line('S1', 1, [FINANCE_VAGUE]),
    line('S2', 1, [CALL_WRONG, FINANCE]),
    line('推理1', 1, [CALL_MANAGER]),
    line('K1', 1, [load('travel-booking'), load('expense-filing'), EXPENSE]),
  ])
}

const scoring = (dataset: Dataset) => ({ records: dataset.records, profile: dataset.profile })

describe('plannerAttemptFigures through the Analysis view’s rows', () => {
  it('counts routes, handoffs, memory recall and skill loads from the verdicts of npm run score’s code', () => {
    const dataset = world()
    const rows = analyze(dataset.tasks, dataset.tools, runs(), scoring(dataset))
    expect(rows).toHaveLength(1)
    const planner = rows[0]?.planner
    expect(planner?.delegation).toEqual({ tasks: 2, route: { hits: 3, of: 4 }, handoff: { hits: 2, of: 4 } })
    expect(planner?.memory).toEqual({ tasks: 1, attempts: 2, used: 3, required: 6 })
    expect(planner?.skills).toEqual({ tasks: 1, attempts: 2, loads: 3, required: { hits: 2, of: 2 }, forbidden: { hits: 1, of: 2 } })
    expect(countShare(planner?.delegation?.route ?? { hits: 0, of: 0 })).toBe(75)
  })

  it('reads the same verdicts the scorer writes into details.jsonl', () => {
    const dataset = world()
    const lines = runs()
    const { details } = scoreResponses(dataset.tasks, dataset.tools, lines, scoring(dataset))
    const at = (id: string, run: number) => details.find((d) => d.id === id && d.run === run)
    // The verdicts the figures above stand on.
    expect([at('S1', 0)?.correct, at('S1', 1)?.error_type, at('S2', 0)?.error_type, at('S2', 1)?.error_type]).toEqual([true, 'mention_missing', 'wrong_tool', 'wrong_value'])
    expect([at('推理1', 0)?.memory_used, at('推理1', 0)?.memory_forbidden_used, at('推理1', 1)?.memory_used]).toEqual([['mem_002', 'mem_005'], ['mem_003'], ['mem_002']])
    expect([at('K1', 0)?.skills_loaded, at('K1', 1)?.skills_loaded, at('K1', 1)?.error_type]).toEqual([['expense-filing'], ['travel-booking', 'expense-filing'], 'skill_forbidden_loaded'])
    expect(plannerAttemptFigures(dataset.tasks, dataset.tools, details, lines)).toEqual(analyze(dataset.tasks, dataset.tools, lines, scoring(dataset))[0]?.planner)
  })

  it('follows a kept verdict rather than judging the calls again', () => {
    const dataset = world()
    const lines = linesOf([line('S1', 0, [FINANCE_VAGUE], { attempt: 'a1', actor: 'Ann' })])
    // The page's stored verdict says right (say, from a revision of the task): the handoff counts as right.
    const kept = (l: ResponseLine): AttemptVerdict | undefined => (l.raw.attempt === 'a1' ? { correct: true, errorType: null, mismatches: [] } : undefined)
    expect(analyze(dataset.tasks, dataset.tools, lines, scoring(dataset), kept)[0]?.planner?.delegation?.handoff).toEqual({ hits: 1, of: 1 })
    expect(analyze(dataset.tasks, dataset.tools, lines, scoring(dataset))[0]?.planner?.delegation?.handoff).toEqual({ hits: 0, of: 1 })
  })

  it('gives nothing for a data set without a dimension key', () => {
    const { dataset } = loadDataset(plannerFiles())
    const rows = analyze(dataset.tasks, dataset.tools, linesOf([{ id: '推理1', calls: [] }]))
    expect(rows[0]?.planner).toBeUndefined()
  })
})

/** A minimal task and details line, for the definitions' edge cases. */
const subagentTask = (id: string, gold: string[], alternatives: string[][] = []): Pick<Task, 'id' | 'answer' | 'planner' | 'live'> => ({
  id,
  answer: gold.map((name) => ({ name, arguments: {} })),
  planner: { dimension: 'subagent', alternatives: alternatives.map((names) => ({ answer: names.map((name) => ({ name, arguments: {} })), freeParams: names.map(() => []) })) },
})
const detail = (id: string, run: number, over: Partial<DetailLine> = {}): DetailLine => ({ id, run, type: '推理', correct: false, error_type: 'other', mismatches: [], ...over })
const callsLine = (id: string, run: number, names: string[], raw: Record<string, unknown> = {}) => ({ id, run, calls: names.map((name) => ({ name, arguments: {} })), raw })
const TOOLS = ['Delegate_A', 'Delegate_B', 'Delegate_C'].map((name) => delegateTool(name, name.slice(9).toLowerCase()) as Dataset['tools'][number])

describe('the definitions', () => {
  it('takes the route as the set of sub-agents delegated to, against the answer’s or an alternative’s', () => {
    const tasks = [subagentTask('t', ['Delegate_A', 'Delegate_B'], [['Delegate_C']])]
    const figure = (names: string[]) => plannerAttemptFigures(tasks, TOOLS, [detail('t', 0)], [callsLine('t', 0, names)])?.delegation?.route
    expect(figure(['Delegate_B', 'Delegate_A', 'Delegate_A'])).toEqual({ hits: 1, of: 1 })
    expect(figure(['Delegate_C'])).toEqual({ hits: 1, of: 1 })
    expect(figure(['Delegate_A'])).toEqual({ hits: 0, of: 1 })
    expect(figure(['Delegate_A', 'Delegate_B', 'Delegate_C'])).toEqual({ hits: 0, of: 1 })
    expect(figure(['Phone_Call'])).toEqual({ hits: 0, of: 1 })
  })

  it('takes the handoff as right when no mismatch is on a delegate call, whatever the verdict on the other calls', () => {
    const tasks = [subagentTask('t', ['Phone_Call', 'Delegate_A'])]
    const handoff = (mismatches: DetailLine['mismatches']) =>
      plannerAttemptFigures(tasks, TOOLS, [detail('t', 0, { mismatches })], [callsLine('t', 0, ['Phone_Call', 'Delegate_A'])])?.delegation?.handoff
    const m = (tool: string, param: string, got?: unknown) => ({ gold: 0, predicted: 0, tool, param, status: 'wrong_value' as const, ...(got !== undefined ? { got } : {}) })
    expect(handoff([m('Phone_Call', 'telephone')])).toEqual({ hits: 1, of: 1 })
    expect(handoff([m('Delegate_A', 'task')])).toEqual({ hits: 0, of: 1 })
    // A surplus delegate call beyond the task's budget is listed under its own tool; another tool in a delegate's place names it as `got`.
    expect(handoff([{ gold: -1, predicted: 2, tool: 'Delegate_A', param: '(call)', status: 'unexpected' }])).toEqual({ hits: 0, of: 1 })
    expect(handoff([m('Phone_Call', '(tool)', 'Delegate_B')])).toEqual({ hits: 0, of: 1 })
  })

  it('counts only answered attempts, each at the line its verdict was made from', () => {
    const tasks = [subagentTask('t', ['Delegate_A'])]
    const figures = plannerAttemptFigures(
      tasks,
      TOOLS,
      [detail('t', 0, { correct: true, error_type: null }), detail('t', 1, { error_type: 'no_response' })],
      // Run 0's last line routes right; its practice line after the gold is not what was scored.
      [callsLine('t', 0, ['Delegate_B']), callsLine('t', 0, ['Delegate_A']), callsLine('t', 0, ['Delegate_B'], { after_gold: true })],
    )
    expect(figures?.delegation).toEqual({ tasks: 1, route: { hits: 1, of: 1 }, handoff: { hits: 1, of: 1 } })
  })

  it('leaves out sub-agent tasks judged by their rubric and those whose gold delegates nothing', () => {
    const rubric = { ...subagentTask('r', ['Delegate_A']), planner: { dimension: 'subagent' as const, bucket: 'agent_behavior' as const } }
    const figures = plannerAttemptFigures([rubric, subagentTask('n', ['Phone_Call'])], TOOLS, [detail('r', 0), detail('n', 0)], [callsLine('r', 0, ['Delegate_A']), callsLine('n', 0, [])])
    expect(figures).toEqual({})
  })

  it('counts each skill once an attempt, and only attempts at tasks that require or forbid one in those shares', () => {
    const tasks = [
      { id: 'k1', answer: [], planner: { dimension: 'skill' as const, skills: { required: ['a', 'b'], forbidden: [] } } },
      { id: 'k2', answer: [], planner: { dimension: 'skill' as const, skills: { required: [], forbidden: ['c'] } } },
    ]
    const figures = plannerAttemptFigures(
      tasks,
      TOOLS,
      [detail('k1', 0, { skills_loaded: ['a'] }), detail('k2', 0, { skills_loaded: ['a', 'c'] }), detail('k1', 1, { skills_loaded: ['b', 'a'] })],
      [callsLine('k1', 0, []), callsLine('k2', 0, []), callsLine('k1', 1, [])],
    )
    expect(figures?.skills).toEqual({ tasks: 2, attempts: 3, loads: 5, required: { hits: 1, of: 2 }, forbidden: { hits: 1, of: 1 } })
  })

  it('sums recall over attempts: required memories used over those required', () => {
    const memory = (required: string[]) => ({ required, evidence: 'returned' as const, forbidden: [] })
    const tasks = [
      { id: 'm1', answer: [], planner: { dimension: 'memory' as const, memory: memory(['x', 'y']) } },
      { id: 'm2', answer: [], planner: { dimension: 'memory' as const, memory: memory(['z']) } },
      { id: 'm3', answer: [], planner: { dimension: 'memory' as const } },
    ]
    const figures = plannerAttemptFigures(
      tasks,
      TOOLS,
      [detail('m1', 0, { memory_used: ['y'] }), detail('m2', 0, { memory_used: ['z'] }), detail('m3', 0), detail('m2', 1, { error_type: 'no_response' })],
      [callsLine('m1', 0, []), callsLine('m2', 0, []), callsLine('m3', 0, [])],
    )
    expect(figures?.memory).toEqual({ tasks: 2, attempts: 2, used: 2, required: 3 })
  })
})
