import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KeywordAgent, OracleAgent, TaskHost, loadDataset, parseResponses, runAgent, scoreResponses } from '../src/core/index'
import type { ChatModel } from '../src/core/index'
import { OpenAIChatModel } from '../src/runner/openaiModel'
import { readDatasetFolder } from '../cli/files'
import { SAMPLE_DIR } from './fixtures'
import { startStubServer } from './support/stub-server'
import type { StubServer } from './support/stub-server'

const dataset = loadDataset(readDatasetFolder(SAMPLE_DIR)).dataset

async function runOn(taskId: string, model: ChatModel, maxTurns?: number) {
  const host = new TaskHost(dataset)
  const opened = host.open(taskId)
  const result = await runAgent({
    model,
    systemPrompt: opened.systemPrompt,
    instruction: opened.instruction,
    tools: opened.tools,
    callTool: async (name, args) => host.call(name, args, 'agent'),
    ...(maxTurns ? { maxTurns } : {}),
  })
  return { result, host, verdict: host.submit() }
}

describe('the agent loop against an OpenAI-compatible stub server', () => {
  let stub: StubServer
  beforeAll(async () => {
    stub = await startStubServer()
  })
  afterAll(async () => stub.close())
  const model = (script: string) => new OpenAIChatModel({ baseURL: stub.url, apiKey: 'sk-test', model: script, extra: { reasoning_effort: 'high' } })

  it('runs every parallel call of a turn and answers each with a tool message, in order', async () => {
    const { result, verdict, host } = await runOn('推理1', model('solve-推理1'))
    expect(result.stop).toBe('answered')
    expect(result.turns).toBe(4)
    expect(result.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant'])
    const tools = result.messages.filter((m) => m.role === 'tool')
    expect(tools.map((m) => m.tool_call_id)).toEqual(['c0_0', 'c0_1', 'c1_0', 'c2_0'])
    expect(tools[1]?.content).toContain('Tom from Finance')
    expect(host.trajectory()).toHaveLength(0) // submitted and closed
    expect(verdict).toMatchObject({ correct: true, errorType: null })
    expect(result.usage).toEqual({ prompt: 400, completion: 40 })
    const first = stub.requests.find((r) => r.model === 'solve-推理1')
    expect(first).toMatchObject({ tools: 21, extra: { reasoning_effort: 'high' }, authorization: 'Bearer sk-test' })
  })

  it('answers arguments that are not JSON with an error result, and goes on', async () => {
    const { result, verdict } = await runOn('推理1', model('malformed'))
    const tool = result.messages.find((m) => m.role === 'tool')
    expect(tool?.content).toMatch(/arguments are not valid JSON/)
    expect(verdict.correct).toBe(true)
  })

  it('stops an endless loop at 50 turns', async () => {
    const before = stub.requests.length
    const { result } = await runOn('推理1', model('loop'))
    expect(result.stop).toBe('max_turns')
    expect(result.turns).toBe(50)
    expect(stub.requests.length - before).toBe(50)
  })

  it('resumes a stopped run from its messages', async () => {
    const host = new TaskHost(dataset)
    const opened = host.open('推理1')
    const controller = new AbortController()
    const common = {
      model: model('solve-推理1'),
      systemPrompt: opened.systemPrompt,
      instruction: opened.instruction,
      tools: opened.tools,
      callTool: async (name: string, args: string) => host.call(name, args, 'agent'),
    }
    const stopped = await runAgent({ ...common, signal: controller.signal, onTurn: (_m, turn) => void (turn === 2 && controller.abort()) })
    expect(stopped).toMatchObject({ stop: 'aborted', turns: 2 })
    const resumed = await runAgent({ ...common, resume: stopped.messages })
    expect(resumed).toMatchObject({ stop: 'answered', turns: 4 })
    expect(host.submit().correct).toBe(true)
  })
})

describe('built-in agents on the sample data set', () => {
  it('oracle solves every task through the tools; keyword is a weak baseline; both score the same from their response lines', async () => {
    const lines: string[] = []
    for (const [run, make] of [
      [0, (t: (typeof dataset.tasks)[number]) => new OracleAgent(t)],
      [1, () => new KeywordAgent(dataset.profile)],
    ] as const) {
      for (const task of dataset.tasks) {
        const { result, verdict } = await runOn(task.id, make(task))
        // The page and the MCP server score the kept valid calls (an invalid call changes nothing): the oracle's are all valid.
        if (run === 0) expect(verdict, task.id).toMatchObject({ correct: true })
        lines.push(JSON.stringify({ id: task.id, run, model: run === 0 ? 'oracle' : 'keyword', setting: 'paginated', messages: result.messages }))
      }
    }
    const { result } = scoreResponses(dataset.tasks, dataset.tools, parseResponses(lines.join('\n')).lines)
    expect(result.per_run[0]?.overall).toBe(100)
    expect(result.per_run[1]?.overall).toBeLessThan(30)
    console.log(`oracle ${result.per_run[0]?.overall}%, keyword ${result.per_run[1]?.overall?.toFixed(1)}%`)
  })
})
