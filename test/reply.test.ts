// The assistant's reply to the user (#28): one kernel step, kept by every host, in the response line, never scored.
import { afterEach, describe, expect, it } from 'vitest'
import { Attempt, MemorySink, loadDataset, responseLine, runAttemptAgent, scoredCallsOf } from '../src/core/index'
import type { Dataset } from '../src/core/index'
import type { AgentMessage, ChatModel, TrajectoryStep } from '../src/core/index'
import { fixtureDataset, fixtureFiles } from './fixtures'
import { startServer } from './support/episodeServer'
import type { OpenedEpisode } from '../bench/serve-client'

const dataset = fixtureDataset()
const first = dataset.tasks[0]
if (!first) throw new Error('fixture has no task')
const task = first

/** The fixture with 推理1 a planner task (a `dimension`). */
function plannerDataset(): Dataset {
  const files = fixtureFiles()
  const [first, ...rest] = (files['input_data.jsonl'] ?? '').trim().split('\n')
  const line = JSON.parse(first ?? '{}') as { prompt_metadata: Record<string, unknown> }
  line.prompt_metadata.dimension = 'basic'
  return loadDataset({ ...files, 'input_data.jsonl': [JSON.stringify(line), ...rest].join('\n') + '\n' }).dataset
}

async function opened(sink = new MemorySink(), from: Dataset = dataset) {
  const source = from.tasks.find((t) => t.id === task.id) ?? task
  const attempt = await Attempt.open({ task: source, tools: from.tools, records: from.records[task.id] ?? {}, profile: from.profile, setting: 'paginated', actor: 'tester', sink })
  return { attempt, sink }
}

const lineOf = (steps: readonly TrajectoryStep[]) => responseLine({ taskId: task.id, run: 0, setting: 'paginated', instruction: 'Call my manager', steps, finished: true })

describe('Attempt.reply', () => {
  it('keeps the message as a reply step: stored, in the line’s messages, and never a scored call', async () => {
    const { attempt, sink } = await opened()
    await attempt.call('Phone_Call', { telephone: '13933334444' }, 'agent')
    const step = await attempt.reply('I am calling your manager now.', 'api')
    expect(step).toMatchObject({ seq: 1, name: 'reply', kind: 'reply', ok: true, arguments: { text: 'I am calling your manager now.' } })
    expect((await sink.read(attempt.id))?.steps.map((s) => s.kind)).toEqual(['execution', 'reply'])
    expect(scoredCallsOf(attempt.trajectory())).toEqual([{ name: 'Phone_Call', arguments: { telephone: '13933334444' } }])
    const verdict = await attempt.finish()
    expect(verdict?.correct).toBe(true)
    const messages = lineOf(attempt.trajectory()).messages as AgentMessage[]
    expect(messages.at(-1)).toEqual({ role: 'assistant', content: 'I am calling your manager now.' })
  })

  it('refuses what is not text, and anything after the finish', async () => {
    const { attempt } = await opened()
    await expect(attempt.reply(42 as unknown as string, 'api')).rejects.toThrow(/string/)
    await attempt.finish()
    await expect(attempt.reply('late', 'api')).rejects.toThrow()
    expect(attempt.trajectory()).toEqual([])
  })
})

/** A model that calls the phone once, then answers in words. */
function answeringModel(answer: string): ChatModel {
  let turn = 0
  return {
    name: 'stub',
    async complete(): Promise<{ message: Extract<AgentMessage, { role: 'assistant' }> }> {
      turn++
      if (turn === 1)
        return { message: { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'Phone_Call', arguments: '{"telephone":"13933334444"}' } }] } }
      return { message: { role: 'assistant', content: answer } }
    },
  }
}

describe('the agent loop on an attempt', () => {
  it('keeps a planner task’s last answer as the reply, covered by the stored turns (a resume keeps it)', async () => {
    const planner = plannerDataset()
    const { attempt, sink } = await opened(new MemorySink(), planner)
    const result = await runAttemptAgent(attempt, { model: answeringModel('Done: calling Mr. Li.'), systemPrompt: 'sys', instruction: 'Call my manager' })
    expect(result.stop).toBe('answered')
    expect(attempt.trajectory().map((s) => s.kind)).toEqual(['execution', 'reply'])
    const resumed = await Attempt.resume({ attemptId: attempt.id, task: attempt.source.task, tools: planner.tools, records: planner.records[task.id] ?? {}, profile: planner.profile, sink, turnBased: true })
    expect(resumed.trajectory().at(-1)).toMatchObject({ kind: 'reply', arguments: { text: 'Done: calling Mr. Li.' } })
  })

  it('keeps no reply when the model answers with nothing', async () => {
    const { attempt } = await opened(new MemorySink(), plannerDataset())
    await runAttemptAgent(attempt, { model: answeringModel('   '), systemPrompt: 'sys', instruction: 'Call my manager' })
    expect(attempt.trajectory().map((s) => s.kind)).toEqual(['execution'])
  })

  it('keeps a SPIEval task’s trajectory its calls: the answer stays in the conversation only', async () => {
    const { attempt } = await opened()
    const result = await runAttemptAgent(attempt, { model: answeringModel('Done.'), systemPrompt: 'sys', instruction: 'Call my manager' })
    expect(attempt.trajectory().map((s) => s.kind)).toEqual(['execution'])
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'Done.' })
  })
})

let stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops) await stop()
  stops = []
})

describe('the episode server', () => {
  it('keeps a verify’s reply in the finished line, and refuses a reply that is not a string', async () => {
    const lines: Record<string, unknown>[] = []
    const started = await startServer({ onFinished: (line) => lines.push(line) })
    stops.push(started.stop)
    const { client } = started
    const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: '推理1' })
    const path = `/episodes/${episode.episode_id}`
    expect(await client.send('POST', `${path}/verify`, { reply: 7 })).toMatchObject({ status: 400, body: { error: expect.stringContaining('reply') } })
    await client.expect(200, 'POST', `${path}/verify`, { reply: 'I could not find your manager.' })
    const messages = lines[0]?.messages as AgentMessage[] | undefined
    expect(messages?.at(-1)).toEqual({ role: 'assistant', content: 'I could not find your manager.' })
  })
})

describe('the one validator', () => {
  it('refuses a tool named reply: the name is the reply step’s', () => {
    const files = fixtureFiles()
    const tools = JSON.parse(files['tools.json'] ?? '[]') as unknown[]
    const reply = { type: 'function', function: { name: 'reply', description: 'Say something', parameters: { type: 'object', properties: {} } } }
    expect(() => loadDataset({ ...files, 'tools.json': JSON.stringify([...tools, reply]) })).toThrow(/tool name "reply" is reserved/)
    expect(() => loadDataset(files)).not.toThrow()
  })
})
