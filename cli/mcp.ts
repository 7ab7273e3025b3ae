/**
 * npm run mcp -- --data public/data [--task ID] [--setting paginated|full|no_search] [--state static|live]
 * An MCP server over stdio for desktop agents: the open task's tools from
 * src/core, plus list_tasks, open_task, fork_attempt and submit. Attempts go
 * through the one attempt kernel, kept in memory: the last {@link KEPT_ATTEMPTS}
 * used (an older one can no longer be forked).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { ATTEMPT_STATES, MemorySink, SETTINGS, TaskHost, defaultState, readAttemptState, readSetting } from '../src/core/index'
import type { AttemptState, OpenedTask } from '../src/core/index'
import { choice, readOptions, required, settingOption } from './args'
import { exitOnError } from './errors'
import { checkTaskIds, loadDatasetFolder } from './files'
import { SUBMIT_TOOL, registerTools, replyArgument, toolText as text } from '../src/server/mcpTools'

exitOnError()

const USAGE = 'Usage: npm run mcp -- --data DATASET_FOLDER [--task TASK_ID] [--setting paginated|full|no_search] [--state static|live]'
const { values } = readOptions({ data: { type: 'string' }, task: { type: 'string' }, setting: { type: 'string' }, state: { type: 'string' } }, USAGE)
const folder = required(values.data, 'data', USAGE)
const defaultSetting = settingOption(values.setting, USAGE)
const defaultStateOption = typeof values.state === 'string' ? choice(values.state, 'state', ATTEMPT_STATES, USAGE) : undefined

/** Attempts the server keeps in memory; the one used longest ago is let go first. */
const KEPT_ATTEMPTS = 1000
const host = new TaskHost(loadDatasetFolder(folder).dataset, new MemorySink({ limit: KEPT_ATTEMPTS }))
if (values.task !== undefined) {
  const task = required(values.task, 'task', USAGE)
  checkTaskIds(host.dataset, [task], folder)
  await host.open(task, defaultSetting, stateFor(task, undefined))
}

/** The state a task opens in: as asked, else the server's --state, else the task's default (live where it expects changes or meets friction). */
function stateFor(taskId: string, asked: unknown): { state: AttemptState } {
  const task = host.dataset.tasks.find((t) => t.id === taskId)
  return { state: readAttemptState(asked) ?? defaultStateOption ?? (task ? defaultState(task) : 'static') }
}

const openedText = (opened: OpenedTask) => ({
  id: opened.id,
  type: opened.type,
  instruction: opened.instruction,
  profile: opened.profile,
  systemPrompt: opened.systemPrompt,
  attemptId: opened.attemptId,
})

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
        state: {
          type: 'string',
          enum: [...ATTEMPT_STATES],
          description: 'static (the published protocol) or live (execution calls change the phone). Default: live for tasks that expect changes or meet friction.',
        },
      },
      required: ['id'],
    },
  },
  {
    name: 'fork_attempt',
    description:
      'Start a new attempt of an earlier attempt\'s task and setting whose first `step` calls are copies of that attempt\'s (marked inherited); the parent is never changed.',
    inputSchema: {
      type: 'object',
      properties: {
        attempt: { type: 'string', description: 'The attempt id open_task (or an earlier fork) returned.' },
        step: { type: 'integer', minimum: 0, description: 'How many of its calls to keep: 0 up to its number of calls.' },
      },
      required: ['attempt', 'step'],
    },
  },
  SUBMIT_TOOL,
]

const server = new Server({ name: 'spieval-phone', version: '0.1.0' }, { capabilities: { tools: { listChanged: true } } })

registerTools(server, {
  hostTools: HOST_TOOLS,
  taskTools: () => host.tools(),
  async callHostTool(name, args) {
    if (name === 'list_tasks') return text(JSON.stringify(host.listTasks()))
    if (name === 'open_task') {
      // An unknown setting is refused naming the valid ones; registerTools sends that back as a tool error.
      const id = String(args.id ?? '')
      const opened = await host.open(id, readSetting(args.setting, defaultSetting), stateFor(id, args.state))
      await server.sendToolListChanged()
      return text(JSON.stringify(openedText(opened)))
    }
    if (name === 'fork_attempt') {
      const opened = await host.fork(String(args.attempt ?? ''), typeof args.step === 'number' ? args.step : Number.NaN)
      await server.sendToolListChanged()
      return text(JSON.stringify(openedText(opened)))
    }
    const reply = replyArgument(args)
    return text(JSON.stringify(await host.submit(reply === undefined ? undefined : { text: reply, source: 'mcp' })))
  },
  callTaskTool: (name, args) => host.call(name, args, 'mcp'),
})

await server.connect(new StdioServerTransport())
