/**
 * npm run agent -- --data DIR --agent oracle|keyword|openai [--model M --base-url URL --api-key-env VAR --extra JSON]
 *                   [--setting paginated|full|no_search] [--runs N] [--tasks id,id] [--max-turns N] --out responses.jsonl
 * Runs an agent over a data set through the core's tool runtime; writes
 * response lines (with `messages`) that `npm run score` scores, and prints the table.
 */
import { KeywordAgent, MAX_TURNS, OracleAgent, TaskHost, formatScoreTable, parseResponses, runAgent, scoreResponses } from '../src/core/index'
import type { ChatModel, Task } from '../src/core/index'
import { OpenAIChatModel } from '../src/runner/openaiModel'
import { choice, readOptions, required, settingOption, wholeNumber } from './args'
import { CliError, exitOnError, keepSecret } from './errors'
import { checkOutputPath, checkTaskIds, loadDatasetFolder, writeText } from './files'

exitOnError()

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
// Every flag is checked before the first task runs: a typo should not cost a run over a paid endpoint.
const folder = required(values.data, 'data', USAGE)
const agent = choice(required(values.agent, 'agent', USAGE), 'agent', ['oracle', 'keyword', 'openai'] as const, USAGE)
const out = required(values.out, 'out', USAGE)
checkOutputPath(out, 'Output file (--out)')
const setting = settingOption(values.setting, USAGE)
const runs = wholeNumber(values.runs, 'runs', 1, USAGE, 1)
const maxTurns = wholeNumber(values['max-turns'], 'max-turns', MAX_TURNS, USAGE, 1)
const endpoint = agent === 'openai' ? endpointOptions() : undefined

function endpointOptions() {
  const baseURL = required(values['base-url'], 'base-url', USAGE)
  if (!URL.canParse(baseURL)) throw new CliError(`--base-url is not a URL: ${baseURL}`, { usage: USAGE })
  const model = required(values.model, 'model', USAGE)
  let extra: Record<string, unknown> | undefined
  if (typeof values.extra === 'string') {
    let parsed: unknown
    try {
      parsed = JSON.parse(values.extra)
    } catch (err) {
      throw new CliError(`--extra is not valid JSON: ${err instanceof Error ? err.message : String(err)}`, { usage: USAGE, cause: err })
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new CliError('--extra must be a JSON object.', { usage: USAGE })
    extra = parsed as Record<string, unknown>
  }
  const keyVar = typeof values['api-key-env'] === 'string' ? values['api-key-env'] : undefined
  if (keyVar !== undefined && !process.env[keyVar]) throw new CliError(`--api-key-env names ${keyVar}, which is not set.`, { usage: USAGE })
  const apiKey = process.env[keyVar ?? 'OPENAI_API_KEY'] ?? ''
  keepSecret(apiKey)
  return { baseURL, model, apiKey, ...(extra ? { extra } : {}) }
}

const dataset = loadDatasetFolder(folder).dataset
const wanted = typeof values.tasks === 'string' ? values.tasks.split(',').filter(Boolean) : undefined
if (wanted) checkTaskIds(dataset, wanted, folder)
const tasks = dataset.tasks.filter((t) => !wanted || wanted.includes(t.id))

function modelFor(task: Task): ChatModel {
  if (endpoint) return new OpenAIChatModel(endpoint)
  return agent === 'oracle' ? new OracleAgent(task) : new KeywordAgent(dataset.profile)
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
writeText(out, lines.join('\n') + '\n', 'Output file (--out)')
const { result } = scoreResponses(tasks, dataset.tools, parseResponses(lines.join('\n')).lines)
console.log(formatScoreTable(result, agent))
console.log(`\nWrote ${out}; score it with: npm run score -- --input_data ${folder}/input_data.jsonl --input_response_data ${out} --output_file result.json`)
