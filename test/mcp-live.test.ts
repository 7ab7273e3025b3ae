import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from './fixtures'
import { cliArgs } from './support/cli'

const text = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('')

describe('the MCP server in live state (the live sample)', () => {
  const client = new Client({ name: 'spieval-live-test', version: '1.0.0' })
  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...cliArgs('cli/mcp.ts'), '--data', join(ROOT, 'public', 'data-live')],
      cwd: ROOT,
      stderr: 'pipe',
    })
    await client.connect(transport)
  }, 60_000)
  afterAll(async () => {
    await client.close()
  })

  it('open_task takes state; a live attempt refuses the ambiguous update and submit answers the state verdict', async () => {
    const refused = await client.callTool({ name: 'open_task', arguments: { id: '辨析L1', state: 'stateful' } })
    expect(refused.isError).toBe(true)
    expect(text(refused)).toMatch(/use one of static, live/)
    await client.callTool({ name: 'open_task', arguments: { id: '辨析L1' } })
    const ambiguous = await client.callTool({ name: 'Clock_UpdateAlarm', arguments: { name: 'Gym', newTime: '06:30' } })
    expect(ambiguous.isError).toBe(true)
    expect(text(ambiguous)).toMatch(/2 alarm records/)
    const verdict = JSON.parse(text(await client.callTool({ name: 'submit', arguments: {} })))
    expect(verdict.correct).toBe(false)
    expect(verdict.state).toMatchObject({ correct: false, errorType: 'missing_change' })
    // Static, the same call changes nothing and is only recorded; no state verdict.
    await client.callTool({ name: 'open_task', arguments: { id: '辨析L1', state: 'static' } })
    const recorded = await client.callTool({ name: 'Clock_UpdateAlarm', arguments: { name: 'Gym', newTime: '06:30' } })
    expect(recorded.isError).toBeFalsy()
    const staticVerdict = JSON.parse(text(await client.callTool({ name: 'submit', arguments: {} })))
    expect(staticVerdict).not.toHaveProperty('state')
  }, 60_000)
})
