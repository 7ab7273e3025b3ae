import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSources } from '../scripts/sample-lib'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { cliArgs } from './support/cli'

const text = (result: unknown): string => {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? []
  return content.map((c) => c.text ?? '').join('')
}

describe('the MCP server, driven by the SDK\'s own client over stdio', () => {
  const client = new Client({ name: 'spieval-test', version: '1.0.0' })
  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...cliArgs('cli/mcp.ts'), '--data', SAMPLE_DIR, '--task', '推理1'],
      cwd: ROOT,
      stderr: 'pipe',
    })
    await client.connect(transport)
  }, 30_000)
  afterAll(async () => {
    await client.close()
  })

  it('serves the task\'s 21 tools plus list_tasks, open_task, fork_attempt and submit', async () => {
    const { tools } = await client.listTools()
    expect(tools).toHaveLength(25)
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['list_tasks', 'open_task', 'fork_attempt', 'submit', 'search_contacts', 'Phone_Call']))
    expect(tools.find((t) => t.name === 'Phone_Call')?.inputSchema.required).toEqual(['telephone'])
  })

  it('solves a sample task and answers submit with the verdict', async () => {
    const source = readSources(ROOT).find((s) => s.task.id === '整合3')
    if (!source) throw new Error('no 整合3')
    const listed = JSON.parse(text(await client.callTool({ name: 'list_tasks', arguments: {} })))
    expect(listed).toHaveLength(50)
    const opened = JSON.parse(text(await client.callTool({ name: 'open_task', arguments: { id: '整合3' } })))
    expect(opened.instruction).toBe((source.task.messages as { content: string }[])[0]?.content)
    for (const step of source.solution.steps) {
      const reply = await client.callTool({ name: step.call.name, arguments: step.call.arguments as Record<string, unknown> })
      expect(reply.isError ?? false).toBe(false)
      for (const expected of step.expect) expect(text(reply)).toContain(expected)
    }
    const bad = await client.callTool({ name: 'Meeting_Create', arguments: { dateStart: '2026-03-18' } })
    expect(bad.isError).toBe(true)
    expect(text(bad)).toContain('Missing required parameter "dateEnd"')
    for (const call of source.solution.calls) {
      const reply = await client.callTool({ name: call.name, arguments: call.arguments as Record<string, unknown> })
      expect(reply.isError ?? false).toBe(false)
    }
    const verdict = JSON.parse(text(await client.callTool({ name: 'submit', arguments: {} })))
    expect(verdict).toMatchObject({ id: '整合3', correct: true, errorType: null })
    expect(verdict.calls).toHaveLength(source.solution.calls.length)
  })

  it('refuses open_task with a setting that is not one of the three, naming them, whatever its type', async () => {
    for (const setting of ['Paginated', 5, true]) {
      const reply = await client.callTool({ name: 'open_task', arguments: { id: '推理1', setting } })
      expect(reply.isError, JSON.stringify(setting)).toBe(true)
      expect(text(reply)).toBe(`Unknown setting ${JSON.stringify(setting)}: use one of paginated, full, no_search.`)
    }
  })

  it('reports a wrong answer with its error type, and calls without an open task as errors', async () => {
    await client.callTool({ name: 'open_task', arguments: { id: '推理1' } })
    await client.callTool({ name: 'Phone_Call', arguments: { telephone: '13655208731' } })
    const verdict = JSON.parse(text(await client.callTool({ name: 'submit', arguments: {} })))
    expect(verdict).toMatchObject({ correct: false, errorType: 'wrong_value' })
    const none = await client.callTool({ name: 'Phone_Call', arguments: { telephone: '1' } })
    expect(none.isError).toBe(true)
    expect(text(none)).toMatch(/open_task/)
  })

  it('refuses a second submit of the same attempt, saying its verdict is final', async () => {
    await client.callTool({ name: 'open_task', arguments: { id: '推理1' } })
    await client.callTool({ name: 'Phone_Call', arguments: { telephone: '13655208731' } })
    expect(JSON.parse(text(await client.callTool({ name: 'submit', arguments: {} })))).toMatchObject({ correct: false })
    const again = await client.callTool({ name: 'submit', arguments: {} })
    expect(again.isError).toBe(true)
    expect(text(again)).toMatch(/already finished and its verdict is final/)
  })

  it('forks an attempt: the new one keeps the parent\'s first calls and is scored on its own', async () => {
    const opened = JSON.parse(text(await client.callTool({ name: 'open_task', arguments: { id: '推理1' } })))
    await client.callTool({ name: 'search_contacts', arguments: { pattern: 'Rachel' } })
    await client.callTool({ name: 'Phone_Call', arguments: { telephone: '13655208731' } })
    const wrong = JSON.parse(text(await client.callTool({ name: 'submit', arguments: {} })))
    expect(wrong.correct).toBe(false)
    const outOfRange = await client.callTool({ name: 'fork_attempt', arguments: { attempt: opened.attemptId, step: 3 } })
    expect(outOfRange.isError).toBe(true)
    expect(text(outOfRange)).toMatch(/from 0 to 2/)
    const fork = JSON.parse(text(await client.callTool({ name: 'fork_attempt', arguments: { attempt: opened.attemptId, step: 1 } })))
    expect(fork).toMatchObject({ id: '推理1' })
    expect(fork.attemptId).not.toBe(opened.attemptId)
    const sample = JSON.parse(readFileSync(join(ROOT, 'public/data/input_data.jsonl'), 'utf8').split('\n')[0] ?? '{}')
    const gold = sample.prompt_metadata.answer[0]
    await client.callTool({ name: gold.name, arguments: Object.fromEntries(Object.entries(gold.arguments as Record<string, unknown[]>).map(([k, v]) => [k, v[0]])) })
    const verdict = JSON.parse(text(await client.callTool({ name: 'submit', arguments: {} })))
    expect(verdict).toMatchObject({ id: '推理1', correct: true })
    expect(verdict.calls).toHaveLength(1)
  })

  it('applies requests in the order they were sent, a submit right behind a call and an open right behind a submit', async () => {
    // Sent back to back, none awaited: the SDK's server handles them concurrently.
    const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args })
    const answers = await Promise.all([
      call('open_task', { id: '推理1' }),
      call('Phone_Call', { telephone: '13822419087' }),
      call('submit'),
      call('open_task', { id: '辨析2' }),
      call('Phone_Call', { telephone: '13800000000' }),
      call('submit'),
    ])
    expect(answers.map((a) => a.isError ?? false)).toEqual([false, false, false, false, false, false])
    const first = JSON.parse(text(answers[2]))
    // The call still running when submit came is scored and listed (the list was taken before the finish, empty).
    expect(first).toMatchObject({ id: '推理1', correct: true, calls: [{ name: 'Phone_Call', arguments: { telephone: '13822419087' } }] })
    const second = JSON.parse(text(answers[5]))
    // The task opened behind the first submit stays open for the call after it (the submit's end closed it).
    expect(second).toMatchObject({ id: '辨析2', calls: [{ name: 'Phone_Call', arguments: { telephone: '13800000000' } }] })
  })

  it('keeps a submit with a reply one request: a call sent right behind it comes after it, and is refused', async () => {
    const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args })
    const [opened, submitted, late] = await Promise.all([
      call('open_task', { id: '推理1' }),
      call('submit', { reply: 'Calling Tom now.' }),
      call('Phone_Call', { telephone: '13822419087' }),
    ])
    expect(opened.isError ?? false).toBe(false)
    // The call ran between the reply and the finish, and was scored (the reply and the finish were two requests).
    expect(JSON.parse(text(submitted))).toMatchObject({ id: '推理1', calls: [] })
    expect(late.isError).toBe(true)
    expect(text(late)).toContain('The attempt is submitted')
  })
})
