import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { ToolSchema } from '../core/index'
import { readReply } from './request'

/** A tool result of one text block; an error one when the call failed. */
export const toolText = (value: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: value }], ...(isError ? { isError } : {}) })

/** The `submit` tool of every MCP host: finishing the attempt answers its verdict. */
export const SUBMIT_TOOL: Tool = {
  name: 'submit',
  description: 'Finish the open task: score its execution calls and return the verdict as JSON. The verdict is final: submitting the attempt again is refused, and a later attempt at the task counts as practice.',
  inputSchema: { type: 'object', properties: { reply: { type: 'string', description: 'Your final message to the user, if any: kept with the attempt before it is scored.' } } },
}

/** `submit`'s optional reply to the user. */
export const replyArgument = (args: Record<string, unknown>): string | undefined => readReply(args.reply)

/** A task tool (SPIEval's function schema) as MCP lists it. */
export function mcpTool(tool: ToolSchema): Tool {
  return { name: tool.function.name, description: tool.function.description, inputSchema: { ...tool.function.parameters, type: 'object' as const } }
}

/** What an MCP host offers: its own tools (open, submit, ...) beside the open task's, and how it runs each. */
export interface McpToolHost {
  hostTools: readonly Tool[]
  /** The tools the open task offers now (all 21, or the execution tools in `no_search`; a skill's once loaded). */
  taskTools(): readonly ToolSchema[]
  /** Runs one of `hostTools`. */
  callHostTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>
  /** Runs a task tool through the attempt kernel; a bad call is `ok: false`, never a rejection. */
  callTaskTool(name: string, args: Record<string, unknown>): Promise<{ ok: boolean; content: string }>
}

/**
 * Registers the tool list and tool calls on an MCP server: the stdio server
 * (`npm run mcp`) and each episode's endpoint (`npm run serve`) answer them
 * the same way. A call's text is what a model would see; a failed call, or a
 * host tool that throws, is an error result with the message.
 */
const toolNames = (tools: readonly ToolSchema[]) => tools.map((t) => t.function.name).join('\n')

export function registerTools(server: Server, host: McpToolHost): void {
  const hostNames = new Set(host.hostTools.map((t) => t.name))
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...host.hostTools, ...host.taskTools().map(mcpTool)] }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name } = request.params
    const args = request.params.arguments ?? {}
    try {
      if (hostNames.has(name)) return await host.callHostTool(name, args)
      const before = toolNames(host.taskTools())
      const step = await host.callTaskTool(name, args)
      // A loaded skill offers its tools from now on: the client is told to list them again.
      if (toolNames(host.taskTools()) !== before) await server.sendToolListChanged()
      return toolText(step.content, !step.ok)
    } catch (err) {
      return toolText(err instanceof Error ? err.message : String(err), true)
    }
  })
}
