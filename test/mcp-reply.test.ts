// MCP submit's reply, as an outside MCP client gives it (#28): kept with the attempt, it is what a rubric's said check reads.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from './fixtures'
import { cliArgs } from './support/cli'
import { plannerFiles } from './support/plannerFixture'

const text = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('')

/** 推理1 as a behaviour task: passed by telling the user that Tom is being called. */
const RUBRIC = {
  dimension: 'basic',
  bucket: 'agent_behavior',
  rubric: {
    items: [
      { id: 'r1', criterion: 'Tells the user who is being called', points: 2, auto: { kind: 'said', all: ['calling Tom'] } },
      { id: 'r2', criterion: 'Calls someone', points: 1, auto: { kind: 'called', tool: 'Phone_Call' } },
    ],
    pass: { min_score: 0.9, required: ['r1'] },
  },
}

describe('MCP submit with a reply, from an MCP client', () => {
  const client = new Client({ name: 'spieval-test', version: '1.0.0' })
  const folder = mkdtempSync(join(tmpdir(), 'mcp-reply-'))
  for (const [name, body] of Object.entries(plannerFiles({ metadata: RUBRIC }))) writeFileSync(join(folder, name), body)

  beforeAll(async () => {
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [...cliArgs('cli/mcp.ts'), '--data', folder], cwd: ROOT, stderr: 'pipe' }))
  }, 30_000)
  afterAll(async () => client.close())

  const attempt = async (reply?: string) => {
    await client.callTool({ name: 'open_task', arguments: { id: '推理1' } })
    await client.callTool({ name: 'Phone_Call', arguments: { telephone: '13933334444' } })
    return JSON.parse(text(await client.callTool({ name: 'submit', arguments: reply === undefined ? {} : { reply } }))) as { correct: boolean; errorType: string | null }
  }

  it('a reply that says it passes the rubric; the same calls without it fail it', async () => {
    expect(await attempt('I am calling Tom now.')).toMatchObject({ correct: true, errorType: null })
    expect(await attempt()).toMatchObject({ correct: false, errorType: 'rubric_failed' })
    expect(await attempt('Done.')).toMatchObject({ correct: false, errorType: 'rubric_failed' })
  })

  it('a reply that is not text is refused as a tool error, and nothing is submitted', async () => {
    await client.callTool({ name: 'open_task', arguments: { id: '推理1' } })
    const refused = await client.callTool({ name: 'submit', arguments: { reply: 7 } })
    expect(refused.isError).toBe(true)
    expect(text(refused)).toMatch(/reply/)
  })
})
