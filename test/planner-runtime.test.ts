import { describe, expect, it } from 'vitest'
import { Attempt, MemorySink, TaskHost, loadDataset } from '../src/core/index'
import type { AgentCard, AttemptTask, Skill, ToolSchema } from '../src/core/index'
import { NO_REPLY, askUserAnswer, delegateAnswer, loadSkillAnswer, loadedSkills, skillNotLoaded, toolRole, toolsWithSkills } from '../src/core/tools/planner'
import { AGENTS, SKILLS, plannerFiles } from './support/plannerFixture'
import { SAMPLE_DIR, TOOLS } from './fixtures'
import { loadDatasetFolder } from '../cli/files'

const tool = (name: string, extra: Partial<ToolSchema['function']> = {}): ToolSchema => ({
  type: 'function',
  function: { name, description: name, parameters: { type: 'object', properties: {} }, ...extra },
})
const EXPENSE = tool('Expense_File', { 'x-skill': 'expense-filing' })
const TRAVEL = tool('Travel_Book', { 'x-skill': 'travel-booking' })
const skills: Skill[] = [...SKILLS, { name: 'travel-booking', description: 'Book travel', body: 'Use Travel_Book.', tools: ['Travel_Book'] }]
const names = (tools: ToolSchema[]) => tools.map((t) => t.function.name)

describe('tool roles', () => {
  it('take x-kind first, then the name: search_ and get_ read, load_skill is meta, the rest write', () => {
    expect(['search_contacts', 'get_memory', 'load_skill', 'Phone_Call'].map((name) => toolRole({ name }))).toEqual(['read', 'read', 'meta', 'write'])
    expect(toolRole({ name: 'Ask_User', 'x-kind': 'ask' })).toBe('ask')
    expect(toolRole({ name: 'get_weather', 'x-kind': 'write' })).toBe('write')
  })
})

describe('skills', () => {
  it('hide a skill’s tools until it is loaded, and offer load_skill with the catalogue', () => {
    const tools = [...TOOLS, EXPENSE, TRAVEL]
    const before = toolsWithSkills(tools, skills, new Set())
    expect(names(before)).toEqual(['load_skill', ...names(TOOLS)])
    const load = before[0]?.function
    expect(load?.parameters.properties?.name?.enum).toEqual(['expense-filing', 'travel-booking'])
    expect(load?.description).toContain('- travel-booking: Book travel')
    expect(names(toolsWithSkills(tools, skills, new Set(['travel-booking'])))).toEqual(['load_skill', ...names(TOOLS), 'Travel_Book'])
  })

  it('leave a data set without skills as it is: no load_skill', () => {
    expect(toolsWithSkills(TOOLS, undefined, new Set())).toEqual(TOOLS)
    expect(toolsWithSkills(TOOLS, [], new Set())).toEqual(TOOLS)
  })

  it('are loaded by successful load_skill calls only, given as objects or JSON text', () => {
    const steps = [
      { name: 'load_skill', ok: true, arguments: { name: 'expense-filing' } },
      { name: 'load_skill', ok: false, arguments: { name: 'nope' } },
      { name: 'load_skill', ok: true, arguments: '{"name":"travel-booking"}' },
      { name: 'Phone_Call', ok: true, arguments: { name: 'x' } },
    ]
    expect([...loadedSkills(steps)]).toEqual(['expense-filing', 'travel-booking'])
    expect([...loadedSkills(steps.slice(1, 2))]).toEqual([])
  })

  it('answer the body and the new tools’ schemas, and refuse a tool not loaded by name', () => {
    const answer = loadSkillAnswer(skills[0] as Skill, [EXPENSE, TRAVEL])
    expect(answer.ok).toBe(true)
    expect(answer.content).toContain('# Expense filing')
    expect(answer.content).toContain('"name":"Expense_File"')
    expect(answer.content).not.toContain('Travel_Book')
    const refused = skillNotLoaded('Expense_File', 'expense-filing')
    expect(refused).toEqual({ ok: false, friction: true, content: expect.stringMatching(/^Error \(skill_not_loaded\): Expense_File .*"expense-filing".*load_skill/) as unknown })
  })
})

describe('Ask_User', () => {
  it('answers the scripted replies in order, the last repeating, and says so when there is none', () => {
    const replies = ['The one on Friday.', 'Yes.']
    expect([0, 1, 2].map((n) => askUserAnswer(replies, n).content)).toEqual(['The one on Friday.', 'Yes.', 'Yes.'])
    expect(askUserAnswer(undefined, 0).content).toBe(NO_REPLY)
    expect(askUserAnswer([], 3).content).toBe('The user did not reply.')
  })
})

describe('a sub-agent', () => {
  const card = AGENTS[0] as AgentCard
  it('replies from its card, filled from the arguments (an absent one empty)', () => {
    expect(delegateAnswer(card, { task: 'the refund for order 42' }).content).toBe('Finance will look into: the refund for order 42')
    expect(delegateAnswer(card, {}).content).toBe('Finance will look into: ')
    expect(delegateAnswer({ ...card, reply: '{a} and {b}' }, { a: 1, b: ['x'] }).content).toBe('1 and ["x"]')
  })
  it('gives a canned answer for the first argument whose value is a key, and never reads inherited keys', () => {
    const canned = { ...card, answers: { 'order 42': 'Refunded on 3 March.' } }
    expect(delegateAnswer(canned, { note: 'hi', task: 'order 42' }).content).toBe('Refunded on 3 March.')
    expect(delegateAnswer(canned, { task: 'toString' }).content).toBe('Finance will look into: toString')
  })
})

describe('an attempt on a planner data set, through the one host', () => {
  const replies = ['The one on Friday.', 'Yes, file it.']
  const { dataset } = loadDataset(plannerFiles({ metadata: { user_replies: replies.map((reply) => ({ reply })) } }))
  const taskId = dataset.tasks[0]?.id ?? ''
  const offered = (host: TaskHost) => names(host.tools())

  it('offers a skill’s tools only once load_skill has loaded it, and refuses an early call as friction, never as an action', async () => {
    const host = new TaskHost(dataset)
    const opened = await host.open(taskId)
    expect(names(opened.tools)).toContain('load_skill')
    expect(names(opened.tools)).not.toContain('Expense_File')
    expect(opened.systemPrompt).not.toContain('Expense_File')
    const early = await host.call('Expense_File', { amount: 12 }, 'agent')
    expect(early).toMatchObject({ ok: false, friction: true, kind: 'execution' })
    expect(early.content).toMatch(/skill_not_loaded/)
    const load = await host.call('load_skill', { name: 'expense-filing' }, 'agent')
    expect(load).toMatchObject({ ok: true, kind: 'meta' })
    expect(load.content).toContain('# Expense filing')
    expect(offered(host)).toContain('Expense_File')
    expect(await host.call('Expense_File', { amount: 12 }, 'agent')).toMatchObject({ ok: true, kind: 'execution' })
    expect((await host.submit()).calls.map((c) => c.name)).toEqual(['Expense_File'])
  })

  it('refuses load_skill for a skill that does not exist, naming the ones that do', async () => {
    const host = new TaskHost(dataset)
    await host.open(taskId)
    const step = await host.call('load_skill', { name: 'travel' }, 'agent')
    expect(step.ok).toBe(false)
    expect(step.content).toContain('expense-filing')
    expect(offered(host)).not.toContain('Expense_File')
  })

  it('a fork and a resume offer what their steps loaded', async () => {
    const sink = new MemorySink()
    const host = new TaskHost(dataset, sink)
    const opened = await host.open(taskId)
    await host.call('search_contacts', { pattern: 'Tom' }, 'agent')
    await host.call('load_skill', { name: 'expense-filing' }, 'agent')
    const beforeLoad = await host.fork(opened.attemptId, 1)
    expect(names(beforeLoad.tools)).not.toContain('Expense_File')
    const afterLoad = await host.fork(opened.attemptId, 2)
    expect(names(afterLoad.tools)).toContain('Expense_File')
    const stored = await sink.read(opened.attemptId)
    const resumed = await Attempt.resume({ ...attemptTaskOf(taskId), attemptId: opened.attemptId, sink })
    expect(stored?.steps).toHaveLength(2)
    expect(names(resumed.offeredTools())).toContain('Expense_File')
  })

  it('Ask_User answers the scripted replies in order and is never submitted; a sub-agent answers from its card', async () => {
    const host = new TaskHost(dataset)
    await host.open(taskId)
    const asked = []
    for (let i = 0; i < 3; i++) asked.push(await host.call('Ask_User', { question: 'Which one?' }, 'agent'))
    expect(asked.map((s) => [s.kind, s.content])).toEqual([['ask', replies[0]], ['ask', replies[1]], ['ask', replies[1]]])
    const handoff = await host.call('Delegate_Finance', { task: 'refund for order 42' }, 'agent')
    expect(handoff).toMatchObject({ ok: true, kind: 'execution', content: 'Finance will look into: refund for order 42' })
    expect((await host.submit()).calls.map((c) => c.name)).toEqual(['Delegate_Finance'])
  })

  function attemptTaskOf(id: string): AttemptTask {
    const task = dataset.tasks.find((t) => t.id === id)
    if (!task) throw new Error(id)
    return { task, tools: dataset.tools, records: dataset.records[id] ?? {}, profile: dataset.profile, ...(dataset.skills ? { skills: dataset.skills } : {}) }
  }
})

const SAMPLE = loadDatasetFolder(SAMPLE_DIR).dataset

describe('a published data set', () => {
  it('offers the same tools and answers the same steps as before planner tools existed: no load_skill, the two kinds', async () => {
    const host = new TaskHost(SAMPLE)
    const opened = await host.open('推理1')
    expect(opened.tools).toEqual(SAMPLE.tools)
    const search = await host.call('search_contacts', { pattern: 'Tom' }, 'agent')
    const call = await host.call('Phone_Call', { telephone: '13800000000' }, 'agent')
    expect([search.kind, call.kind]).toEqual(['retrieval', 'execution'])
    expect('friction' in search || 'friction' in call).toBe(false)
  })
})

describe('questions to the user in the score', () => {
  const metadata = { bucket: 'tool_call', extraneous: { policy: 'no_extra_writes', allow: { Ask_User: 1 } }, user_replies: [{ reply: 'Yes.' }] }
  const { dataset } = loadDataset(plannerFiles({ metadata }))
  const task = dataset.tasks[0]
  if (!task) throw new Error('no task')
  const goldCalls = task.answer.map((call) => ({ name: call.name, arguments: Object.fromEntries(Object.entries(call.arguments).map(([k, values]) => [k, values[0]])) }))

  async function verdictAfter(asks: number) {
    const host = new TaskHost(dataset)
    await host.open(task?.id ?? '')
    for (let i = 0; i < asks; i++) await host.call('Ask_User', { question: 'Shall I?' }, 'agent')
    for (const call of goldCalls) expect((await host.call(call.name, call.arguments, 'agent')).ok).toBe(true)
    return host.submit()
  }

  it('the page’s kernel counts them against the extraneous budget, as a response line’s calls do', async () => {
    expect(await verdictAfter(1)).toMatchObject({ correct: true, errorType: null })
    expect(await verdictAfter(2)).toMatchObject({ correct: false, errorType: 'extra_write' })
  })
})
