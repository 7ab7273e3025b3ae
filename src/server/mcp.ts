import type { IncomingMessage, ServerResponse } from 'node:http'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { Episodes } from './episodes'
import { SUBMIT_TOOL, registerTools, replyArgument, toolText } from './mcpTools'

/**
 * What the MCP server tells a client on initialize: the task's system prompt,
 * then its instruction, so an MCP agent needs nothing but the address.
 */
function instructionsOf(episodes: Episodes, id: string): string {
  const opened = episodes.opened(id)
  return `${opened.systemPrompt}\n\n# Task\n${opened.instruction}`
}

/**
 * One MCP request to an episode's endpoint (`/episodes/{id}/mcp`). The episode
 * is in the address, so the transport is stateless (no protocol session): a
 * fresh SDK server and transport answer each POST, and are closed with it.
 * The tools are the episode's task tools and `submit`, registered by the same
 * code as `npm run mcp`'s.
 */
export async function handleEpisodeMcp(episodes: Episodes, id: string, request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
  const server = new Server({ name: 'spieval-phone', version: '0.1.0' }, { capabilities: { tools: {} }, instructions: instructionsOf(episodes, id) })
  registerTools(server, {
    hostTools: [SUBMIT_TOOL],
    taskTools: () => episodes.opened(id).tools,
    callHostTool: async (_name, args) => toolText(JSON.stringify(await episodes.verify(id, replyArgument(args)))),
    callTaskTool: (name, args) => episodes.call(id, { name, arguments: args }, 'mcp'),
  })
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
  response.on('close', () => {
    void transport.close()
    void server.close()
  })
  await server.connect(transport)
  await transport.handleRequest(request, response, body)
}
