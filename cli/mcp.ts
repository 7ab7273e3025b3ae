/**
 * npm run mcp -- --data public/data [--task ID] [--setting paginated|full|no_search]
 * An MCP server over stdio for desktop agents: the open task's tools from
 * src/core, plus list_tasks, open_task and submit.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import { SETTINGS, TaskHost, readSetting } from '../src/core/index'
import { readOptions, required, settingOption } from './args'
import { exitOnError } from './errors'
import { checkTaskIds, loadDatasetFolder } from './files'

exitOnError()

const USAGE = 'Usage: npm run mcp -- --data DATASET_FOLDER [--task TASK_ID] [--setting paginated|full|no_search]'
const { values } = readOptions({ data: { type: 'string' }, task: { type: 'string' }, setting: { type: 'string' } }, USAGE)
const folder = required(values.data, 'data', USAGE)
const defaultSetting = settingOption(values.setting, USAGE)

const host = new TaskHost(loadDatasetFolder(folder).dataset)
if (values.task !== undefined) {
  const task = required(values.task, 'task', USAGE)
  checkTaskIds(host.dataset, [task], folder)
  host.open(task, defaultSetting)
}

const text = (value: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: value }], ...(isError ? { isError } : {}) })

/** The host's own tools, beside the task's 21. */
const HOST_TOOLS: Tool[] = [
  { name: 'list_tasks', description: 'List the tasks of the data set: id, capability type and instruction.', inputSchema: { type: 'object', properties: {} } },
  {
    name: 'open_task',
    description: 'Open a task (a fresh attempt). Returns its instruction, the user profile and the system prompt.',
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Task id, e.g. 推理1.' },
        setting: { type: 'string', enum: [...SETTINGS], description: 'paginated (default), full or no_search.' },
      },
      required: ['id'],
    },
  },
  { name: 'submit', description: 'Finish the open task: score its execution calls and return the verdict as JSON.', inputSchema: { type: 'object', properties: {} } },
]

const server = new Server({ name: 'spieval-phone', version: '0.1.0' }, { capabilities: { tools: { listChanged: true } } })

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    ...HOST_TOOLS,
    ...host.tools().map((t) => ({ name: t.function.name, description: t.function.description, inputSchema: { ...t.function.parameters, type: 'object' as const } })),
  ],
}))

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name } = request.params
  const args = request.params.arguments ?? {}
  try {
    if (name === 'list_tasks') return text(JSON.stringify(host.listTasks()))
    if (name === 'open_task') {
      // An unknown setting is refused naming the valid ones; the catch below sends that back as a tool error.
      const opened = host.open(String(args.id ?? ''), readSetting(args.setting, defaultSetting))
      await server.sendToolListChanged()
      return text(JSON.stringify({ id: opened.id, type: opened.type, instruction: opened.instruction, profile: opened.profile, systemPrompt: opened.systemPrompt }))
    }
    if (name === 'submit') return text(JSON.stringify(host.submit()))
    const step = host.call(name, args, 'mcp')
    return text(step.content, !step.ok)
  } catch (err) {
    return text(err instanceof Error ? err.message : String(err), true)
  }
})

await server.connect(new StdioServerTransport())
