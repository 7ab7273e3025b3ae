/**
 * Live attempts for the archive tests (test/archive-live.test.ts) and the
 * People view's end-to-end check (e2e/people-live.spec.ts): a small live data
 * set and five people's attempts at it, made by the attempt kernel.
 */
import { Attempt, MemorySink, keptVerdict, loadDataset, randomFailure } from '../../src/core/index'
import type { AttemptOutcome, CallSource, Dataset, FailureRate, ToolSchema } from '../../src/core/index'
import type { ArchivedAttempt, ArchivedStep } from '../../src/core/archive/index'
import { fixtureFiles } from '../fixtures'

/** A kernel verdict that must be there (the fixtures are never sealed). */
export function scored(outcome: AttemptOutcome | undefined): AttemptOutcome {
  if (!outcome) throw new Error('the attempt has no verdict: is its task sealed?')
  return outcome
}

export const T0 = Date.UTC(2026, 2, 1, 9, 0, 0)
export const MIN = 60_000
export const TASK = '推理1'

/**
 * The fixture data set with three notes tools and, on 推理1, live keys: edit
 * the Shopping note to "almonds", after a confirmation (a friction rule
 * refuses the edit until then). The edit's content is free for the calls
 * (any string matches the gold) and fixed for the state, so that the state
 * verdict can fail where the calls' passes.
 */
export function liveFiles(): Record<string, string> {
  const files = fixtureFiles()
  const lines = (files['input_data.jsonl'] ?? '').trim().split('\n')
  const first = JSON.parse(lines[0] ?? '{}')
  first.prompt_metadata = {
    answer: [
      { name: 'Notes_Confirm', arguments: { title: ['Shopping'] } },
      { name: 'Notes_Update', arguments: { title: ['Shopping'] } },
    ],
    free_params: [[], ['content']],
    expected_state: [{ app: 'notes', op: 'update', where: { 标题: 'Shopping' }, record: { 内容: ['almonds'] } }],
    friction: [{ tool: 'Notes_Update', requires: ['Notes_Confirm'], error: 'Confirm the edit first.' }],
  }
  const tools = JSON.parse(files['tools.json'] ?? '[]') as ToolSchema[]
  const tool = (name: string, properties: Record<string, unknown>, effect?: unknown) =>
    ({
      type: 'function',
      function: {
        name,
        description: '',
        parameters: { type: 'object', properties, required: ['title'] },
        ...(effect ? { 'x-effect': effect } : {}),
      },
    }) as ToolSchema
  const title = { title: { type: 'string' } }
  tools.push(
    tool('Notes_Update', { ...title, content: { type: 'string' } }, { app: 'notes', op: 'update', where: { 标题: 'title' }, fields: { content: '内容' } }),
    tool('Notes_Delete', title, { app: 'notes', op: 'delete', where: { 标题: 'title' } }),
    tool('Notes_Confirm', title),
  )
  return { ...files, 'input_data.jsonl': [JSON.stringify(first), ...lines.slice(1)].join('\n') + '\n', 'tools.json': JSON.stringify(tools) }
}

export const liveDataset = (): Dataset => loadDataset(liveFiles()).dataset

export type Call = { name: string; args: unknown; source?: CallSource }
export const UPDATE: Call = { name: 'Notes_Update', args: { title: 'Shopping', content: 'almonds' } }
export const CONFIRM: Call = { name: 'Notes_Confirm', args: { title: 'Shopping' } }

export interface Init {
  id: string
  actor: string
  taskId?: string
  started: number
  ended?: number
  state?: 'live'
  failure?: FailureRate
  fork?: { parent: ArchivedAttempt; step: number }
}

/** Runs calls through the attempt kernel, as the phone would, and gives the attempt as stored (as IndexedDB gives it back: JSON). */
export async function attempt(dataset: Dataset, init: Init, calls: Call[], withdraw: number[] = []): Promise<ArchivedAttempt> {
  const taskId = init.taskId ?? TASK
  const task = dataset.tasks.find((t) => t.id === taskId)
  if (!task) throw new Error(`no task ${taskId}`)
  const kernel = await Attempt.open({
    task,
    tools: dataset.tools,
    records: dataset.records[taskId] ?? {},
    profile: dataset.profile,
    setting: 'paginated',
    actor: init.actor,
    sink: new MemorySink(),
    ...(init.state ? { state: init.state } : {}),
    ...(init.failure ? { failure: init.failure } : {}),
    ...(init.fork ? { fork: { parent: init.fork.parent.id, steps: init.fork.parent.steps.map(({ at: _at, ...s }) => s), step: init.fork.step } } : {}),
  })
  for (const c of calls) await kernel.call(c.name, c.args, c.source ?? 'ui')
  for (const seq of withdraw) await kernel.withdraw(seq)
  const steps: ArchivedStep[] = kernel.trajectory().map(({ data: _data, ...s }) => ({ ...s, at: init.started + (s.seq + 1) * 1000 }))
  const finished = init.ended !== undefined
  return JSON.parse(
    JSON.stringify({
      id: init.id,
      taskId,
      access: 'paginated',
      actor: init.actor,
      started: init.started,
      elapsedMs: finished ? (init.ended ?? 0) - init.started - 5000 : 42_500,
      finished,
      ended: init.ended,
      verdict: finished ? keptVerdict(scored(kernel.verdict())) : undefined,
      parent: kernel.info.parent ? { attemptId: init.fork?.parent.id, step: kernel.info.parent.step } : undefined,
      state: kernel.info.state,
      failure: kernel.info.failure,
      steps,
    }),
  ) as ArchivedAttempt
}

/** A seed for which the run's random failures (rate 0.5) refuse the first valid execution call of 推理1 and not the next two. */
export function seedFailingFirstCall(): number {
  for (let seed = 0; seed < 10_000; seed++)
    if (randomFailure(seed, TASK, 0, 0, 0.5) && !randomFailure(seed, TASK, 0, 1, 0.5) && !randomFailure(seed, TASK, 0, 2, 0.5)) return seed
  throw new Error('no seed')
}

/**
 * ann (live): a search, an edit refused by friction, the confirmation, the
 * edit, a text message she then withdrew; solved. 李雷 forks her attempt
 * after the edit and deletes the note: wrong. zoe (live) tries the edit
 * once, refused, and gives up: wrong. bob (live, random failures) meets a
 * transient failure on his confirmation, confirms again and edits: solved.
 * cat (static) texts Tom at the other task.
 */
export async function people(dataset: Dataset) {
  const ann = await attempt(
    dataset,
    { id: 'p', actor: 'ann', started: T0, ended: T0 + 10 * MIN, state: 'live' },
    [
      { name: 'search_notes', args: { pattern: 'Shopping' } },
      UPDATE,
      CONFIRM,
      UPDATE,
      { name: 'Messages_Send', args: { telephone: '13822419087', text: 'done' }, source: 'api' },
    ],
    [4],
  )
  const li = await attempt(dataset, { id: 'f', actor: '李雷', started: T0 + 20 * MIN, ended: T0 + 25 * MIN, state: 'live', fork: { parent: ann, step: 4 } }, [
    { name: 'Notes_Delete', args: { title: 'Shopping' } },
  ])
  const zoe = await attempt(dataset, { id: 'q', actor: 'zoe', started: T0 + 30 * MIN, ended: T0 + 31 * MIN, state: 'live' }, [UPDATE])
  const bob = await attempt(dataset, { id: 'r', actor: 'bob', started: T0 + 40 * MIN, ended: T0 + 45 * MIN, state: 'live', failure: { rate: 0.5, seed: seedFailingFirstCall() } }, [
    CONFIRM,
    CONFIRM,
    UPDATE,
  ])
  const cat = await attempt(dataset, { id: 's', actor: 'cat', taskId: '多意图1', started: T0 + 50 * MIN, ended: T0 + 51 * MIN }, [
    { name: 'Messages_Send', args: { telephone: '13822419087', text: 'hi' } },
  ])
  return { ann, li, zoe, bob, cat, all: [ann, li, zoe, bob, cat] }
}

