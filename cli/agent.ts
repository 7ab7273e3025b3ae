/**
 * npm run agent -- --data DIR --agent oracle|keyword|openai [--model M --base-url URL --api-key-env VAR --extra JSON]
 *                   [--setting paginated|full|no_search] [--runs N] [--tasks id,id] [--max-turns N] --out responses.jsonl
 * Runs an agent over a data set through the core's tool runtime; writes
 * response lines (with `messages`) that `npm run score` scores, and prints the table.
 */
import { writeFileSync } from 'node:fs'
import {
  DatasetError,
  KeywordAgent,
  OracleAgent,
  SETTINGS,
  TaskHost,
  formatScoreTable,
  loadDataset,
  parseResponses,
  runAgent,
  scoreResponses,
} from '../src/core/index'
import type { ChatModel, Dataset, Setting, Task } from '../src/core/index'
import { OpenAIChatModel } from '../src/runner/openaiModel'
import { readOptions, required } from './args'
import { readDatasetFolder } from './files'

const USAGE = `Usage: npm run agent -- --data DIR --agent oracle|keyword|openai --out responses.jsonl
  [--model NAME --base-url URL --api-key-env VAR --extra '{"reasoning_effort":"high"}']
  [--setting paginated|full|no_search] [--runs 3] [--tasks 推理1,推理2] [--max-turns 50]`

const { values } = readOptions(
  {
    data: { type: 'string' },
    agent: { type: 'string' },
    out: { type: 'string' },
    model: { type: 'string' },
    'base-url': { type: 'string' },
    'api-key-env': { type: 'string' },
    extra: { type: 'string' },
    setting: { type: 'string' },
    runs: { type: 'string' },
    tasks: { type: 'string' },
    'max-turns': { type: 'string' },
  },
  USAGE,
)
const folder = required(values.data, 'data', USAGE)
const agent = required(values.agent, 'agent', USAGE)
const out = required(values.out, 'out', USAGE)
const setting = (typeof values.setting === 'string' ? values.setting : 'paginated') as Setting
const runs = Number(values.runs ?? 1)
const maxTurns = Number(values['max-turns'] ?? 50)
if (!SETTINGS.includes(setting) || !Number.isInteger(runs) || runs < 1 || !['oracle', 'keyword', 'openai'].includes(agent)) {
  console.error(USAGE)
  process.exit(2)
}

let dataset: Dataset
try {
  dataset = loadDataset(readDatasetFolder(folder)).dataset
} catch (err) {
  console.error(err instanceof DatasetError ? err.message : String(err))
  process.exit(1)
}
const wanted = typeof values.tasks === 'string' ? new Set(values.tasks.split(',')) : undefined
const tasks = dataset.tasks.filter((t) => !wanted || wanted.has(t.id))

function modelFor(task: Task): ChatModel {
  if (agent === 'oracle') return new OracleAgent(task)
  if (agent === 'keyword') return new KeywordAgent(dataset.profile)
  const keyVar = typeof values['api-key-env'] === 'string' ? values['api-key-env'] : 'OPENAI_API_KEY'
  return new OpenAIChatModel({
    baseURL: required(values['base-url'], 'base-url', USAGE),
    apiKey: process.env[keyVar] ?? '',
    model: required(values.model, 'model', USAGE),
    ...(typeof values.extra === 'string' ? { extra: JSON.parse(values.extra) as Record<string, unknown> } : {}),
  })
}

const lines: string[] = []
for (let run = 0; run < runs; run++) {
  for (const task of tasks) {
    const host = new TaskHost(dataset)
    const opened = host.open(task.id, setting)
    const started = new Date().toISOString()
    const model = modelFor(task)
    const result = await runAgent({
      model,
      systemPrompt: opened.systemPrompt,
      instruction: opened.instruction,
      tools: opened.tools,
      maxTurns,
      callTool: async (name, args) => host.call(name, args, 'agent'),
    })
    // The kept valid calls are what is scored, as in the page and the MCP server: an invalid call changes nothing.
    const { calls } = host.submit()
    lines.push(
      JSON.stringify({
        id: task.id,
        run,
        model: model.name,
        setting,
        calls,
        messages: result.messages,
        turns: result.turns,
        stop: result.stop,
        ...(result.error ? { error: result.error } : {}),
        started,
        ended: new Date().toISOString(),
      }),
    )
    process.stderr.write(`\rrun ${run + 1}/${runs}: ${lines.length - run * tasks.length}/${tasks.length} tasks`)
  }
}
process.stderr.write('\n')
writeFileSync(out, lines.join('\n') + '\n')
const { result } = scoreResponses(tasks, dataset.tools, parseResponses(lines.join('\n')).lines)
console.log(formatScoreTable(result, agent))
console.log(`\nWrote ${out}; score it with: npm run score -- --input_data ${folder}/input_data.jsonl --input_response_data ${out} --output_file result.json`)
