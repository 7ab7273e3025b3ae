// MCP on a planner data set (#28): a loaded skill's tools are listed from then on, and the client is told.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from './fixtures'
import { cliArgs } from './support/cli'
import { plannerFiles } from './support/plannerFixture'

const text = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('')

describe('the MCP server on a data set with skills', () => {
  const client = new Client({ name: 'spieval-test', version: '1.0.0' })
  let changes = 0
  const folder = mkdtempSync(join(tmpdir(), 'mcp-skills-'))
  for (const [name, body] of Object.entries(plannerFiles())) writeFileSync(join(folder, name), body)
  const taskNames = async () => (await client.listTools()).tools.map((t) => t.name)

  beforeAll(async () => {
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes++
    })
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [...cliArgs('cli/mcp.ts'), '--data', folder], cwd: ROOT, stderr: 'pipe' }))
  }, 30_000)
  afterAll(async () => client.close())

  it('lists a skill’s tools only after load_skill, and sends tools/list_changed when it loads', async () => {
    const listed = JSON.parse(text(await client.callTool({ name: 'list_tasks', arguments: {} }))) as { id: string }[]
    await client.callTool({ name: 'open_task', arguments: { id: listed[0]?.id } })
    expect(await taskNames()).toContain('load_skill')
    expect(await taskNames()).not.toContain('Expense_File')
    const early = await client.callTool({ name: 'Expense_File', arguments: { amount: 12 } })
    expect(early.isError).toBe(true)
    expect(text(early)).toMatch(/skill_not_loaded/)
    const before = changes
    const loaded = await client.callTool({ name: 'load_skill', arguments: { name: 'expense-filing' } })
    expect(loaded.isError).toBeUndefined()
    await expect.poll(() => changes).toBe(before + 1)
    expect(await taskNames()).toContain('Expense_File')
    expect((await client.callTool({ name: 'Expense_File', arguments: { amount: 12 } })).isError).toBeUndefined()
    // A call that changes nothing offered sends nothing.
    await client.callTool({ name: 'Ask_User', arguments: { question: 'Which?' } })
    expect(changes).toBe(before + 1)
  })
})
