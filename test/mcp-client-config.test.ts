import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { describe, expect, it } from 'vitest'
import { ROOT } from './fixtures'

/** The `mcpServers` configuration docs/guide-agents.md gives an MCP client, with its placeholder path made this checkout's. */
function documentedServer(): { command: string; args: string[] } {
  const guide = readFileSync(join(ROOT, 'docs', 'guide-agents.md'), 'utf8')
  const block = /```json\n(\{\n\s+"mcpServers"[\s\S]*?)```/.exec(guide)?.[1]
  if (!block) throw new Error('docs/guide-agents.md shows no mcpServers configuration')
  const config = JSON.parse(block.replaceAll('/path/to/spieval-phone', ROOT)) as { mcpServers: Record<string, { command: string; args: string[] }> }
  const [server] = Object.values(config.mcpServers)
  if (!server) throw new Error('the configuration names no server')
  return server
}

describe('the MCP client configuration the agents guide shows', () => {
  it('starts a server whose standard output is the protocol alone, from any folder', { timeout: 60_000 }, async () => {
    const { command, args } = documentedServer()
    // A client starts servers from its own folder, not the project's.
    const transport = new StdioClientTransport({ command, args, cwd: '/', stderr: 'pipe' })
    const errors: string[] = []
    transport.onerror = (err) => errors.push(err.message)
    const client = new Client({ name: 'config-test', version: '1.0.0' })
    try {
      await client.connect(transport)
      transport.onerror = (err) => errors.push(err.message) // connect sets its own; what arrives after it counts too
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toContain('open_task')
      expect(errors).toEqual([])
    } finally {
      await client.close()
    }
  })
})
