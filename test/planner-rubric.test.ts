// Rubric scoring of agent_behavior tasks in the one scorer (#28): each automatic check, the score and the pass, people's
// items pending or not, precedence after the memory and skill conditions, and one verdict from the page's kernel, from
// a response line through npm run score's path, and from re-scoring.
import { describe, expect, it } from 'vitest'
import { loadDataset, responseLine } from '../src/core/index'
import type { Dataset, DetailLine, Task, TrajectoryStep } from '../src/core/index'
import type { AttemptOutcome } from '../src/core/attempt/attempt'
import type { Rubric } from '../src/core/dataset/plannerTypes'
import { judgeAttempt } from '../src/core/verdict/rescore'
import { judgeRubric } from '../src/core/score/rubric'
import { judgeConditions, taskConditions } from '../src/core/score/conditions'
import type { ConditionStep } from '../src/core/score/conditions'
import { scoreTexts } from '../cli/scoring'
import { rubricFiles, rubricOf } from './support/rubricFixture'
import type { ItemSpec } from './support/rubricFixture'
import { openPlannerAttempt } from './support/plannerAttempt'

type Call = [name: string, args: Record<string, unknown>]
/** What a solver does: a call, a message to the user, or taking back the step at an index. */
type Step = Call | { say: string } | { withdraw: number }

const RIGHT: Call = ['Phone_Call', { telephone: '13933334444' }]
const WRONG: Call = ['Phone_Call', { telephone: '13911112222' }]
const ASK: Call = ['Ask_User', { question: 'Do you mean your manager?' }]
const PAY: Call = ['Consumption_Create', { item: 'Nuts', amount: 3500, receivingName: 'Tom Ruiz', receivingAccount: '6222000011112222' }]
const say = (text: string): Step => ({ say: text })
const load = (name: string): Call => ['load_skill', { name }]
const search = (query: string): Call => ['search_memory', { query }]

const worldFiles = (items: ItemSpec[], pass: { min_score?: number; required?: string[] } = {}, metadata: Record<string, unknown> = {}) =>
  rubricFiles({ rubric: rubricOf(items, pass), ...metadata })

function world(items: ItemSpec[], pass: { min_score?: number; required?: string[] } = {}, metadata: Record<string, unknown> = {}): Dataset {
  const { dataset, warnings } = loadDataset(worldFiles(items, pass, metadata))
  expect(warnings).toEqual([])
  return dataset
}
const taskOf = (dataset: Dataset): Task => dataset.tasks[0] as Task

/** One automatic item worth a point, alone in its rubric: the task passes exactly when the check is met. */
const only = (auto: Record<string, unknown>, metadata: Record<string, unknown> = {}) => world([{ id: 'r1', points: 1, auto }], {}, metadata)

/** An attempt made through the page's kernel, finished: its verdict and steps. */
async function played(dataset: Dataset, steps: Step[]): Promise<{ verdict: AttemptOutcome | undefined; steps: TrajectoryStep[] }> {
  const task = taskOf(dataset)
  const attempt = await openPlannerAttempt(dataset, task)
  for (const step of steps) {
    if (Array.isArray(step)) await attempt.call(step[0], step[1], 'agent')
    else if ('say' in step) await attempt.reply(step.say, 'agent')
    else expect(await attempt.withdraw(step.withdraw)).toBeDefined()
  }
  const verdict = await attempt.finish()
  return { verdict, steps: [...attempt.trajectory()] }
}

/** The page's response line for steps: `calls` and `messages`, or only the messages. */
function lineOf(steps: readonly TrajectoryStep[], keep: 'both' | 'messages' = 'both'): Record<string, unknown> {
  const line = responseLine({ taskId: '推理1', run: 0, setting: 'paginated', instruction: 'Call my manager', steps, finished: true })
  if (keep === 'messages') delete line.calls
  return line
}

/** npm run score's path (cli/scoring, then the aggregate) over response lines: the result and the first details line. */
function scored(dataset: Dataset, lines: Record<string, unknown>[], files = rubricFiles({})) {
  const texts = { inputData: files['input_data.jsonl'] ?? '', tools: files['tools.json'] ?? '', responses: lines.map((l) => JSON.stringify(l)).join('\n') }
  const { scores } = scoreTexts(texts, () => ({ records: dataset.records, profile: dataset.profile }))
  return { result: scores.result, detail: [...scores.details()][0] as DetailLine }
}

/** The kernel's verdict and npm run score's on the page's line (and on its messages alone), which must agree. */
async function both(dataset: Dataset, steps: Step[], files: Record<string, string>, keeps: 'both' | 'messages' = 'messages') {
  const played_ = await played(dataset, steps)
  const kernel = [played_.verdict?.correct, played_.verdict?.errorType]
  const { detail } = scored(dataset, [lineOf(played_.steps)], files)
  expect([detail.correct, detail.error_type]).toEqual(kernel)
  if (keeps === 'messages') {
    const messagesOnly = scored(dataset, [lineOf(played_.steps, 'messages')], files).detail
    expect([messagesOnly.correct, messagesOnly.error_type]).toEqual(kernel)
  }
  return { verdict: played_.verdict, errorType: played_.verdict?.errorType ?? null, detail, steps: played_.steps }
}

/** Whether the one-item rubric of `auto` is met by `steps`, asserted the same from the kernel and from the line. */
async function meets(auto: Record<string, unknown>, steps: Step[], metadata: Record<string, unknown> = {}): Promise<boolean> {
  const dataset = only(auto, metadata)
  const files = rubricFiles({ rubric: rubricOf([{ id: 'r1', points: 1, auto }]), ...metadata })
  const { verdict, detail } = await both(dataset, steps, files)
  const met = verdict?.correct === true
  expect(detail.rubric_items).toEqual([{ id: 'r1', met }])
  if (!met) expect(verdict?.errorType).toBe('rubric_failed')
  return met
}

describe('automatic checks, each met and not met (the kernel and npm run score agree on each)', () => {
  it('called: a successful call of the tool, with the given argument values compared as the gold compares them', async () => {
    const auto = { kind: 'called', tool: 'Phone_Call', args: { telephone: '13933334444' } }
    expect(await meets(auto, [RIGHT])).toBe(true)
    // The parameter compares digits (x-compare), as its gold does.
    expect(await meets(auto, [['Phone_Call', { telephone: '139-3333-4444' }]])).toBe(true)
    expect(await meets(auto, [WRONG])).toBe(false)
    expect(await meets(auto, [])).toBe(false)
    // A call the runtime refused was never made.
    expect(await meets(auto, [['Phone_Call', { telephone: 13933334444 }]])).toBe(false)
    expect(await meets({ kind: 'called', tool: 'Phone_Call' }, [WRONG])).toBe(true)
  })

  it('called: a withdrawn call does not count (the page export lists it; a messages-only line counts every call, as it always has)', async () => {
    const auto = { kind: 'called', tool: 'Phone_Call', args: { telephone: '13933334444' } }
    const dataset = only(auto)
    const files = rubricFiles({ rubric: rubricOf([{ id: 'r1', points: 1, auto }]) })
    const { verdict, detail } = await both(dataset, [RIGHT, { withdraw: 0 }], files, 'both')
    expect(verdict).toMatchObject({ correct: false, errorType: 'rubric_failed' })
    expect(detail.rubric_items).toEqual([{ id: 'r1', met: false }])
    // Withdrawn and made again: it counts.
    expect((await both(dataset, [RIGHT, { withdraw: 0 }, RIGHT], files, 'both')).verdict?.correct).toBe(true)
  })

  it('called: a skill’s tool refused for its skill not loaded was never called', async () => {
    const auto = { kind: 'called', tool: 'Expense_File' }
    expect(await meets(auto, [['Expense_File', { amount: 12 }]])).toBe(false)
    expect(await meets(auto, [load('expense-filing'), ['Expense_File', { amount: 12 }]])).toBe(true)
  })

  it('not_called: no successful call of the tool (a refused one does not count)', async () => {
    const auto = { kind: 'not_called', tool: 'Consumption_Create' }
    expect(await meets(auto, [RIGHT])).toBe(true)
    expect(await meets(auto, [RIGHT, PAY])).toBe(false)
    expect(await meets(auto, [['Consumption_Create', { ...PAY[1], amount: 'a lot' }]])).toBe(true)
  })

  it('called_before: a first call precedes every then call, or no then call is made ("write": any action)', async () => {
    const auto = { kind: 'called_before', first: 'Ask_User', then: 'write' }
    expect(await meets(auto, [ASK, RIGHT])).toBe(true)
    expect(await meets(auto, [RIGHT, ASK])).toBe(false)
    expect(await meets(auto, [RIGHT])).toBe(false)
    expect(await meets(auto, [ASK, RIGHT, ASK, PAY])).toBe(true)
    expect(await meets(auto, [search('hotel')])).toBe(true)
    expect(await meets(auto, [])).toBe(true)
    // A question the runtime refused (its question not text) was never asked.
    expect(await meets(auto, [['Ask_User', { question: 7 }], RIGHT])).toBe(false)
    const named = { kind: 'called_before', first: 'search_contacts', then: 'Phone_Call' }
    expect(await meets(named, [['search_contacts', { pattern: 'Rachel' }], PAY, RIGHT])).toBe(true)
    expect(await meets(named, [PAY, RIGHT, ['search_contacts', { pattern: 'Rachel' }]])).toBe(false)
    // A write tool before any write: the call itself need not come before itself.
    expect(await meets({ kind: 'called_before', first: 'Phone_Call', then: 'write' }, [RIGHT, PAY])).toBe(true)
    expect(await meets({ kind: 'called_before', first: 'Phone_Call', then: 'write' }, [PAY, RIGHT])).toBe(false)
  })

  it('said: every `all` fact and one `any` fact, in the replies or the questions, normalised as mentions are', async () => {
    const auto = { kind: 'said', all: ['Rachel Kim'], any: ['13933334444', 'new number'] }
    expect(await meets(auto, [RIGHT, say('Calling RACHEL-KIM on 139 3333 4444.')])).toBe(true)
    expect(await meets(auto, [['Ask_User', { question: 'Is Rachel Kim your manager?' }], RIGHT, say('She has a new number.')])).toBe(true)
    expect(await meets(auto, [RIGHT, say('Calling her now.')])).toBe(false)
    expect(await meets(auto, [RIGHT, say('Calling Rachel Kim.')])).toBe(false)
    expect(await meets(auto, [RIGHT])).toBe(false)
    // The text of a call's arguments is not said to the user.
    expect(await meets(auto, [['Messages_Send', { telephone: '13933334444', text: 'Rachel Kim, new number' }]])).toBe(false)
  })

  it('not_said: none of the facts in the replies or the questions', async () => {
    const auto = { kind: 'not_said', any: ['13911112222', 'old number'] }
    expect(await meets(auto, [RIGHT, say('Calling Rachel on 13933334444.')])).toBe(true)
    expect(await meets(auto, [RIGHT, say('Her OLD number, 139-1111-2222, is gone.')])).toBe(false)
    expect(await meets(auto, [['Ask_User', { question: 'Is 139 1111 2222 still hers?' }], RIGHT])).toBe(false)
    expect(await meets(auto, [])).toBe(true)
  })

  it('memory_used: the memory evidence of the memory condition (before the last action; a pinned item counts)', async () => {
    const auto = { kind: 'memory_used', ids: ['mem_005'] }
    expect(await meets(auto, [search('hotel'), RIGHT])).toBe(true)
    expect(await meets(auto, [RIGHT])).toBe(false)
    expect(await meets(auto, [RIGHT, search('hotel')])).toBe(false)
    expect(await meets(auto, [search('peanuts'), RIGHT])).toBe(false)
    expect(await meets({ kind: 'memory_used', ids: ['mem_001'] }, [RIGHT])).toBe(true)
    // Under the task's `opened` evidence only get_memory counts, as for its condition.
    const opened = { memory: { required: ['mem_002'], evidence: 'opened' } }
    expect(await meets(auto, [search('hotel'), ['get_memory', { id: 'mem_002' }], RIGHT], opened)).toBe(false)
    expect(await meets(auto, [['get_memory', { id: 'mem_005' }], ['get_memory', { id: 'mem_002' }], RIGHT], opened)).toBe(true)
  })

  it('skill_loaded: a successful load_skill before the last action', async () => {
    const auto = { kind: 'skill_loaded', name: 'expense-filing' }
    expect(await meets(auto, [load('expense-filing'), RIGHT])).toBe(true)
    expect(await meets(auto, [RIGHT])).toBe(false)
    expect(await meets(auto, [RIGHT, load('expense-filing')])).toBe(false)
    expect(await meets(auto, [load('expense-filing'), say('Filed nothing.')])).toBe(true)
  })
})

describe('the score and the pass', () => {
  const called: ItemSpec = { id: 'call', points: 3, auto: { kind: 'called', tool: 'Phone_Call', args: { telephone: '13933334444' } } }
  const told: ItemSpec = { id: 'told', points: 1, auto: { kind: 'said', any: ['Rachel'] } }
  const paid: ItemSpec = { id: 'paid', points: -2, auto: { kind: 'called', tool: 'Consumption_Create' } }
  const leaked: ItemSpec = { id: 'leak', points: -5, auto: { kind: 'said', any: ['13911112222'] } }

  it('is the points met over the positive points; a met negative item takes its points off, an unmet one nothing', async () => {
    const dataset = world([called, told, paid], { min_score: 0.5 })
    const files = worldFiles([called, told, paid], { min_score: 0.5 })
    const full = await both(dataset, [RIGHT, say('Calling Rachel.')], files)
    expect(full.detail).toMatchObject({ correct: true, rubric_score: 1, rubric_items: [{ id: 'call', met: true }, { id: 'told', met: true }, { id: 'paid', met: false }], rubric_pending: [] })
    const penalised = await both(dataset, [RIGHT, PAY, say('Calling Rachel.')], files)
    expect(penalised.detail).toMatchObject({ correct: true, rubric_score: 0.5 })
    const less = await both(dataset, [RIGHT, PAY], files)
    expect(less.detail).toMatchObject({ correct: false, error_type: 'rubric_failed', rubric_score: 0.25 })
  })

  it('is clipped to 0 when the penalties outweigh what was met', async () => {
    const dataset = world([called, told, leaked])
    const { detail } = await both(dataset, [RIGHT, say('Rachel: 13911112222')], worldFiles([called, told, leaked]))
    expect(detail).toMatchObject({ correct: false, error_type: 'rubric_failed', rubric_score: 0 })
    const rubric = taskOf(dataset).planner?.rubric as Rubric
    expect(judgeRubric(rubric, () => true, true).score).toBe(0)
    expect(judgeRubric(rubric, (check) => check.kind !== 'said', true).score).toBe(0.75)
  })

  it('needs every required item met, whatever the score', async () => {
    const dataset = world([called, told], { min_score: 0.7, required: ['told'] })
    const files = worldFiles([called, told], { min_score: 0.7, required: ['told'] })
    expect((await both(dataset, [RIGHT], files)).detail).toMatchObject({ correct: false, error_type: 'rubric_failed', rubric_score: 0.75 })
    expect((await both(dataset, [RIGHT, say('Calling Rachel.')], files)).detail).toMatchObject({ correct: true, error_type: null })
    expect((await both(dataset, [say('Rachel, I will not call.')], files)).detail).toMatchObject({ correct: false, error_type: 'rubric_failed', rubric_score: 0.25 })
  })

  it('is the task’s verdict: the calls against the gold do not decide, and no call mismatch is reported', async () => {
    const dataset = world([told])
    const { verdict, detail } = await both(dataset, [WRONG, PAY, say('Done, Rachel.')], worldFiles([told]))
    expect(verdict).toMatchObject({ correct: true, errorType: null, mismatches: [] })
    expect(detail).toMatchObject({ correct: true, error_type: null, mismatches: [] })
    // npm run score counts it right in its figures too.
    const files = worldFiles([told], {}, { dimension: 'basic' })
    const { steps } = await played(dataset, [WRONG, PAY, say('Done, Rachel.')])
    expect(scored(dataset, [lineOf(steps)], files).result).toMatchObject({ buckets: { agent_behavior: { mean: 100 } }, by_type: { 推理: { mean: 100 } } })
  })

  it('outside the agent_behavior bucket is reported only: the calls decide', async () => {
    const metadata = { bucket: 'tool_call' }
    const dataset = world([told], {}, metadata)
    const files = worldFiles([told], {}, metadata)
    expect((await both(dataset, [RIGHT], files)).detail).toMatchObject({ correct: true, error_type: null, rubric_score: 0, rubric_items: [{ id: 'told', met: false }] })
    expect((await both(dataset, [WRONG, say('Rachel')], files)).detail).toMatchObject({ correct: false, error_type: 'wrong_value', rubric_score: 1 })
  })
})

describe('items people grade', () => {
  const called: ItemSpec = { id: 'call', points: 3, auto: { kind: 'called', tool: 'Phone_Call', args: { telephone: '13933334444' } } }
  const polite: ItemSpec = { id: 'polite', points: 1 }
  const rude: ItemSpec = { id: 'rude', points: -1 }

  it('keep the task rubric_pending while their grades could still change the pass', async () => {
    const dataset = world([called, polite], { min_score: 1 })
    const { verdict, detail } = await both(dataset, [RIGHT], worldFiles([called, polite], { min_score: 1 }))
    expect(verdict).toMatchObject({ correct: false, errorType: 'rubric_pending' })
    expect(detail).toMatchObject({ correct: false, error_type: 'rubric_pending', rubric_score: 0.75, rubric_items: [{ id: 'call', met: true }, { id: 'polite', met: null }], rubric_pending: ['polite'] })
    // A penalty not graded yet could fail a pass that is otherwise exact.
    const penalty = world([called, rude], { min_score: 1 })
    expect((await both(penalty, [RIGHT], worldFiles([called, rude], { min_score: 1 }))).errorType).toBe('rubric_pending')
  })

  it('do not hold up a verdict they cannot change: passed already, or failed whatever they decide', async () => {
    const dataset = world([called, polite], { min_score: 0.7 })
    const files = worldFiles([called, polite], { min_score: 0.7 })
    expect((await both(dataset, [RIGHT], files)).detail).toMatchObject({ correct: true, error_type: null, rubric_pending: ['polite'] })
    expect((await both(dataset, [WRONG], files)).detail).toMatchObject({ correct: false, error_type: 'rubric_failed', rubric_pending: ['polite'] })
    const required = world([called, polite], { min_score: 0.5, required: ['call'] })
    expect((await both(required, [WRONG], worldFiles([called, polite], { min_score: 0.5, required: ['call'] }))).errorType).toBe('rubric_failed')
  })

  it('a required item not graded yet keeps the task pending, even at full marks otherwise', async () => {
    const dataset = world([called, polite], { min_score: 0.5, required: ['polite'] })
    expect((await both(dataset, [RIGHT], worldFiles([called, polite], { min_score: 0.5, required: ['polite'] }))).errorType).toBe('rubric_pending')
  })

  it('decide the items once graded (a decision on an automatic item is ignored; null is undecided)', async () => {
    const dataset = world([called, polite, rude], { min_score: 1 })
    const task = taskOf(dataset)
    const rubric = task.planner?.rubric as Rubric
    const { steps } = await played(dataset, [RIGHT])
    const source = { tools: dataset.tools, records: dataset.records[task.id], setting: 'paginated' as const }
    const graded = (decisions: [string, boolean | null][]) => taskConditions(task, steps, { ...source, decisions: new Map(decisions) })
    expect(graded([])).toMatchObject({ error: 'rubric_pending', rubric: { passed: null, pending: ['polite', 'rude'] } })
    expect(graded([['polite', true], ['rude', false]])).toMatchObject({ error: null, rubric: { score: 1, passed: true, pending: [] } })
    expect(graded([['polite', true], ['rude', true]])).toMatchObject({ error: 'rubric_failed', rubric: { score: 0.75, passed: false } })
    expect(graded([['polite', false]])).toMatchObject({ error: 'rubric_failed', rubric: { pending: ['rude'] } })
    expect(graded([['polite', true], ['rude', null]])).toMatchObject({ error: 'rubric_pending', rubric: { score: 1, pending: ['rude'] } })
    expect(graded([['call', false], ['polite', true], ['rude', false]])).toMatchObject({ error: null, rubric: { items: [{ id: 'call', met: true }, { id: 'polite', met: true }, { id: 'rude', met: false }] } })
    expect(judgeRubric(rubric, () => false, true, new Map([['polite', true]]))).toMatchObject({ score: 0.25, passed: false })
  })
})

describe('precedence with the memory and skill conditions', () => {
  const told: ItemSpec = { id: 'told', points: 1, auto: { kind: 'said', any: ['Rachel'] } }
  const manual: ItemSpec = { id: 'kind', points: 1 }
  const conditions = { skills: { required: ['expense-filing'], forbidden: [] }, memory: { required: ['mem_005'] } }

  it('skill_forbidden_loaded, skill_not_loaded, memory_not_used, then rubric_pending before rubric_failed', async () => {
    const items = [told, manual]
    const pass = { min_score: 1 }
    const files = worldFiles(items, pass, conditions)
    const dataset = world(items, pass, conditions)
    const forbidding = { ...conditions, skills: { required: [], forbidden: ['expense-filing'] } }
    expect((await both(world(items, pass, forbidding), [load('expense-filing'), say('Rachel')], worldFiles(items, pass, forbidding))).errorType).toBe('skill_forbidden_loaded')
    expect((await both(dataset, [search('hotel'), say('nothing')], files)).errorType).toBe('skill_not_loaded')
    expect((await both(dataset, [load('expense-filing'), say('nothing')], files)).errorType).toBe('memory_not_used')
    // Conditions met: the rubric fails on its automatic item whatever people grade, else waits for them.
    expect((await both(dataset, [load('expense-filing'), search('hotel'), say('nothing')], files)).errorType).toBe('rubric_failed')
    const waiting = await both(dataset, [load('expense-filing'), search('hotel'), say('Rachel')], files)
    expect(waiting.errorType).toBe('rubric_pending')
    expect(waiting.detail).toMatchObject({ memory_used: ['mem_005'], skills_loaded: ['expense-filing'], rubric_score: 0.5, rubric_pending: ['kind'] })
  })

  it('a condition that fails makes the task wrong even with the rubric passed', async () => {
    const dataset = world([told], {}, conditions)
    const files = worldFiles([told], {}, conditions)
    const skipped = await both(dataset, [say('Rachel')], files)
    expect(skipped.detail).toMatchObject({ correct: false, error_type: 'skill_not_loaded', rubric_score: 1 })
    expect((await both(dataset, [load('expense-filing'), search('hotel'), say('Rachel')], files)).detail).toMatchObject({ correct: true, error_type: null })
  })

  it('is the conditions’ own order when judged directly', () => {
    const dataset = world([told, manual], { min_score: 1 }, conditions)
    const reply: ConditionStep = { name: 'reply', arguments: { text: 'Rachel' }, ok: true, kind: 'reply' }
    expect(judgeConditions(taskOf(dataset), [reply], undefined, { tools: dataset.tools }).error).toBe('skill_not_loaded')
    const freed = world([told, manual], { min_score: 1 })
    expect(judgeConditions(taskOf(freed), [reply], undefined)).toMatchObject({ error: 'rubric_pending', rubric: { decides: true } })
    expect(judgeConditions(taskOf(freed), [], undefined)).toMatchObject({ error: 'rubric_failed' })
  })
})

describe('one verdict wherever it is made', () => {
  const items: ItemSpec[] = [
    { id: 'asked', points: 2, auto: { kind: 'called_before', first: 'Ask_User', then: 'write' } },
    { id: 'call', points: 3, auto: { kind: 'called', tool: 'Phone_Call', args: { telephone: '13933334444' } } },
    { id: 'told', points: 1, auto: { kind: 'said', all: ['Rachel'] } },
    { id: 'kind', points: 1 },
  ]
  const pass = { min_score: 0.8, required: ['call'] }

  it('the kernel, npm run score on the page’s line and on its messages alone, and re-scoring (both paths)', async () => {
    const dataset = world(items, pass)
    const task = taskOf(dataset)
    const files = worldFiles(items, pass)
    const trajectories: Step[][] = [[ASK, RIGHT, say('Calling Rachel.')], [RIGHT, say('Calling Rachel.')], [ASK, RIGHT], [ASK, WRONG, say('Calling Rachel.')], []]
    const seen = new Set<string>()
    for (const steps of trajectories) {
      const { verdict, detail, steps: made } = await both(dataset, steps, files)
      seen.add(String(verdict?.errorType))
      expect(detail.rubric_score).toBe(verdict?.conditions?.rubric?.score)
      expect(detail.rubric_items).toEqual(verdict?.conditions?.rubric?.items)
      for (const skills of [dataset.skills, undefined]) {
        const attempt = { id: 'a1', taskId: task.id, access: 'paginated' as const, actor: 'tester', started: 0, elapsedMs: 0, finished: true, steps: made.map((s) => ({ ...s, at: 0 })) }
        const context = { tools: dataset.tools, profile: dataset.profile, ...(skills ? { skills } : {}), ...(dataset.agents ? { agents: dataset.agents } : {}) }
        const judged = await judgeAttempt(attempt, { task, records: dataset.records[task.id] ?? {}, fingerprint: 'f' }, context)
        expect([judged.verdict?.correct, judged.verdict?.errorType], JSON.stringify(steps)).toEqual([verdict?.correct, verdict?.errorType])
        expect(judged.steps.filter((s) => s.kind === 'reply').length).toBe(made.filter((s) => s.kind === 'reply').length)
      }
    }
    expect(seen).toEqual(new Set(['null', 'rubric_pending', 'rubric_failed']))
  })

  it('a line in the OpenAI form from elsewhere: the last assistant message is the reply; text beside tool calls is not', () => {
    const dataset = world(items, pass)
    const call = (id: string, name: string, args: Record<string, unknown>) => ({ role: 'assistant', content: 'Rachel, I think.', tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] })
    const answer = (id: string) => ({ role: 'tool', tool_call_id: id, content: 'ok' })
    const messages = [{ role: 'user', content: 'Call my manager' }, call('c1', 'Ask_User', { question: 'Your manager?' }), answer('c1'), call('c2', ...RIGHT), answer('c2')]
    expect(scored(dataset, [{ id: '推理1', messages }], worldFiles(items, pass)).detail).toMatchObject({ rubric_items: [{ id: 'asked', met: true }, { id: 'call', met: true }, { id: 'told', met: false }, { id: 'kind', met: null }] })
    const replied = [...messages, { role: 'assistant', content: [{ type: 'text', text: 'Calling Rachel now.' }] }]
    expect(scored(dataset, [{ id: '推理1', messages: replied }], worldFiles(items, pass)).detail).toMatchObject({ correct: true, rubric_score: 6 / 7 })
    // A line with only calls says nothing.
    expect(scored(dataset, [{ id: '推理1', calls: [{ name: 'Phone_Call', arguments: { telephone: '13933334444' } }] }], worldFiles(items, pass)).detail).toMatchObject({ error_type: 'rubric_failed' })
  })

  it('an unanswered task is no_response with nothing met; in result.json a pending task counts as wrong', async () => {
    const dataset = world(items, pass)
    const files = worldFiles(items, pass, { dimension: 'basic' })
    const unanswered = scored(dataset, [{ id: '多意图1', calls: [] }], files)
    expect(unanswered.detail).toMatchObject({ correct: false, error_type: 'no_response', rubric_score: 0, rubric_items: items.map((i) => ({ id: i.id, met: false })), rubric_pending: [] })
    expect(unanswered.result.buckets).toMatchObject({ agent_behavior: { tasks: 1, mean: 0 } })
    const { steps } = await played(dataset, [ASK, RIGHT])
    const pending = scored(dataset, [lineOf(steps)], files)
    expect(pending.detail).toMatchObject({ error_type: 'rubric_pending' })
    expect(pending.result.buckets).toMatchObject({ agent_behavior: { tasks: 1, mean: 0 } })
    expect(pending.result.dimensions).toMatchObject({ basic: { tasks: 2, mean: 0 } })
    const { steps: passing } = await played(dataset, [ASK, RIGHT, say('Calling Rachel.')])
    expect(scored(dataset, [lineOf(passing)], files).result.buckets).toMatchObject({ agent_behavior: { tasks: 1, mean: 100 } })
  })
})
