import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Validator } from '@cfworker/json-schema'
import type { Schema } from '@cfworker/json-schema'
import { parquetReadObjects } from 'hyparquet'
import type { FunctionTool, ResponseInputItem } from 'openai/resources/responses/responses'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { Attempt, MemorySink, loadDataset, parseResponses, responseLine, scoreResponses, solveWithOracle, systemPrompt } from '../src/core/index'
import type { AgentMessage, Dataset } from '../src/core/index'
import { buildArchive, zipArchive } from '../src/core/archive/index'
import type { ArchivedAttempt } from '../src/core/archive/index'
import {
  chatOfInspect,
  chatOfResponses,
  collectTrajectories,
  hfCard,
  hfJsonl,
  hfMessages,
  hfParquet,
  hfRow,
  inspectLogs,
  responsesLine,
} from '../src/core/trajectories/index'
import type { Trajectory, TrajectorySource } from '../src/core/trajectories/index'
import { readDatasetFolder } from '../cli/files'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { cliArgs } from './support/cli'

const dataset: Dataset = loadDataset(readDatasetFolder(SAMPLE_DIR)).dataset
const live = { records: dataset.records, profile: dataset.profile }
const T0 = Date.UTC(2026, 2, 14, 9, 0, 0)
const INSPECT_SCHEMA = JSON.parse(readFileSync(join(ROOT, 'docs/schemas/inspect-eval-log.schema.json'), 'utf8')) as Schema
const jsonl = (lines: readonly unknown[]) => lines.map((l) => JSON.stringify(l) + '\n').join('')

/** The oracle's run over the first tasks of each type, as `npm run agent` writes it. */
async function oracleLines(): Promise<string> {
  const ids = dataset.tasks.filter((_, i) => i % 5 === 0).map((t) => t.id)
  const lines = []
  for (const id of ids) {
    const task = dataset.tasks.find((t) => t.id === id)
    const { run, steps } = await solveWithOracle(dataset, id)
    const loop = { turns: run.turns, stop: run.stop, usage: { prompt: 100, completion: 20 } }
    lines.push(responseLine({ taskId: id, run: 0, setting: 'paginated', instruction: task?.instruction ?? '', steps, messages: run.messages, finished: true, model: 'oracle', loop, started: T0, ended: T0 + 1000, wallMs: 1000 }))
  }
  return jsonl(lines)
}

/** A person's attempt through the kernel, as the phone makes it, stored as an export carries it. */
async function personAttempt(id: string, actor: string, taskId: string, calls: { name: string; args: unknown }[], startedMin: number, finished: boolean): Promise<ArchivedAttempt> {
  const task = dataset.tasks.find((t) => t.id === taskId)
  if (!task) throw new Error(taskId)
  const kernel = await Attempt.open({ task, tools: dataset.tools, records: dataset.records[taskId] ?? {}, setting: 'browse', actor, sink: new MemorySink() })
  for (const c of calls) await kernel.call(c.name, c.args, 'ui')
  const started = T0 + startedMin * 60_000
  const steps = kernel.trajectory().map(({ data: _data, ...s }) => ({ ...s, at: started + (s.seq + 1) * 1000 }))
  return { id, taskId, access: 'browse', actor, started, elapsedMs: 60_000, finished, ...(finished ? { ended: started + 90_000 } : {}), steps }
}

/** Two people's export (the page's zip): ann right at 推理1, then wrong there again after seeing the gold (practice, never counted), wrong at 推理2 after a call the runtime refused; 李雷 unfinished at 推理1. */
async function peopleExport(): Promise<{ files: Record<string, string>; zip: Uint8Array }> {
  const gold = dataset.tasks.find((t) => t.id === '推理1')?.answer[0]?.arguments.telephone?.[0]
  const attempts = [
    await personAttempt('a1', 'ann', '推理1', [{ name: 'search_voicemail', args: { pattern: 'Rachel' } }, { name: 'Phone_Call', args: { telephone: gold } }], 0, true),
    { ...(await personAttempt('a2', 'ann', '推理1', [{ name: 'search_contacts', args: { pattern: 'manager' } }, { name: 'Phone_Call', args: { telephone: '13911112222' } }], 5, true)), afterGold: true as const },
    await personAttempt('a3', 'ann', '推理2', [{ name: 'Phone_Call', args: { tel: '1' } }, { name: 'Phone_Call', args: { telephone: '10000000000' } }], 10, true),
    await personAttempt('l1', '李雷', '推理1', [{ name: 'search_contacts', args: { pattern: 'Tom' } }], 1, false),
  ]
  const { files } = buildArchive({ attempts, tasks: dataset.tasks, tools: dataset.tools, dataset: { name: 'sample' }, exportedAt: '2026-03-15T00:00:00.000Z', live })
  return { files, zip: zipArchive(files) }
}

/** A harness's lines: one with arguments that are not JSON and no system prompt, and failed episodes (one at a task it answered before). */
const HARNESS = jsonl([
  {
    id: '推理1',
    run: 1,
    model: 'm',
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Call whoever is covering for my manager' }] },
      { role: 'assistant', content: '', tool_calls: [{ id: 'x1', type: 'function', function: { name: 'Phone_Call', arguments: '{"telephone": 13822419087' } }] },
      { role: 'tool', tool_call_id: 'x1', content: 'arguments are not valid JSON' },
      { role: 'assistant', content: 'Done.' },
    ],
  },
  { id: '推理2', run: 1, model: 'm', error: 'endpoint 500', partial_messages: [{ role: 'user', content: 'hi' }] },
  { id: '推理1', run: 1, model: 'm', error: 'timeout', partial_messages: [{ role: 'user', content: 'again' }] },
])

async function allSources(): Promise<TrajectorySource[]> {
  const people = await peopleExport()
  return [
    { name: 'oracle.jsonl', text: await oracleLines() },
    { name: 'people/response.jsonl', text: people.files['response.jsonl'] ?? '' },
    { name: 'harness.jsonl', text: HARNESS },
  ]
}

/** Messages with each call's arguments written canonically: Inspect keeps arguments parsed, not as the model's text. */
function parsedArguments(messages: readonly AgentMessage[]): AgentMessage[] {
  return messages.map((m) =>
    m.role === 'assistant' && m.tool_calls
      ? { ...m, tool_calls: m.tool_calls.map((c) => ({ ...c, function: { ...c.function, arguments: canonical(c.function.arguments) } })) }
      : m,
  )
}
function canonical(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text))
  } catch {
    return text
  }
}

describe('trajectories of response lines', () => {
  it('reads agents, people and harnesses into chat messages, system prompt first, each line scored by the scorer', async () => {
    const sources = await allSources()
    const { trajectories, issues, unknownTasks } = collectTrajectories(dataset, sources)
    expect(issues).toEqual([])
    expect(unknownTasks).toEqual([])
    expect(trajectories).toHaveLength(10 + 4 + 3)
    for (const t of trajectories) expect(t.messages[0]?.role).toBe('system')

    // The oracle's own conversation is kept as it was.
    const oracle = trajectories.filter((t) => t.model === 'oracle')
    const first = parseResponses(sources[0]?.text ?? '').lines[0]
    expect(oracle[0]?.messages).toEqual(first?.raw.messages)
    expect(oracle.every((t) => t.verdict.correct)).toBe(true)

    // A person's steps become messages: the protocol's prompt for their setting, the instruction, each call and its result.
    const ann = trajectories.filter((t) => t.actor === 'ann')
    // The export writes each task's counted attempt (the first blind one) last, so that the last line wins.
    expect(ann.map((t) => t.attempt)).toEqual(['a2', 'a1', 'a3'])
    const right = ann[1] as Trajectory
    const task = dataset.tasks.find((t) => t.id === '推理1')
    expect(right.messages[0]).toEqual({ role: 'system', content: systemPrompt({ profile: dataset.profile, tools: dataset.tools, setting: 'full', records: dataset.records['推理1'] ?? {} }) })
    expect(right.messages[1]).toEqual({ role: 'user', content: task?.instruction })
    expect(right.messages.slice(2).map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant', 'tool'])
    const firstResult = right.messages[3]
    expect(firstResult?.role === 'tool' && firstResult.content.length).toBeGreaterThan(0)

    // Each verdict is the scorer's: the export's own details.jsonl says the same of the lines it counts.
    const people = await peopleExport()
    const details = (people.files['details.jsonl'] ?? '').trim().split('\n').map((l) => JSON.parse(l) as { id: string; run: number; correct: boolean; error_type: string | null })
    const counted = (actorRun: number, id: string) => details.find((d) => d.run === actorRun && d.id === id)
    expect(right.verdict.correct).toBe(true)
    expect(counted(0, '推理1')?.correct).toBe(true)
    expect(ann[0]?.verdict.correct).toBe(false)
    expect(ann[2]?.verdict.error_type).toBe(counted(0, '推理2')?.error_type)
    const unfinished = trajectories.find((t) => t.actor === '李雷')
    expect(unfinished?.finished).toBe(false)
    expect(unfinished?.verdict.error_type).toBe(counted(1, '推理1')?.error_type)

    // The harness: text parts read as text, a system prompt added; the failed episode is no response.
    const [bad, failed] = trajectories.filter((t) => t.model === 'm')
    expect(bad?.messages[1]).toEqual({ role: 'user', content: 'Call whoever is covering for my manager' })
    expect(bad?.messages[2]).toMatchObject({ role: 'assistant', content: null })
    expect(bad?.verdict.correct).toBe(false)
    expect(failed?.error).toBe('endpoint 500')
    expect(failed?.finished).toBe(false)
    expect(failed?.verdict.error_type).toBe('no_response')
  })

  it('lists the task ids a data set does not have and reports lines it cannot read', () => {
    const { trajectories, issues, unknownTasks } = collectTrajectories(dataset, [{ name: 'x.jsonl', text: '{"id":"nope","calls":[]}\nnot json\n{"id":"推理1"}\n' }])
    expect(trajectories).toEqual([])
    expect(unknownTasks).toEqual(['nope'])
    expect(issues).toHaveLength(2)
    expect(issues[0]).toMatch(/^x\.jsonl line 2: not valid JSON/)
    expect(issues[1]).toBe('x.jsonl line 3: a response needs "calls" or "messages"')
  })
})

describe('keys from outside', () => {
  const hostile = jsonl([
    {
      id: '推理1',
      actor: '__proto__',
      attempt: 'constructor',
      messages: [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'toString', type: 'function', function: { name: 'Phone_Call', arguments: '{"__proto__":{"a":1},"constructor":"c","telephone":"1"}' } }] },
        { role: 'tool', tool_call_id: 'toString', content: 'ok' },
        { role: 'assistant', content: null, tool_calls: [{ id: '__proto__', type: 'function', function: { name: 'Phone_Call', arguments: 'not json' } }] },
        { role: 'tool', tool_call_id: '__proto__', content: 'bad' },
      ],
    },
  ])

  it('a person named __proto__ and calls with such ids and arguments come back through every format', async () => {
    const { trajectories, issues } = collectTrajectories(dataset, [{ name: 'hostile.jsonl', text: hostile }])
    expect(issues).toEqual([])
    const [t] = trajectories
    expect(t?.who).toBe('__proto__')
    expect(t?.attempt).toBe('constructor')
    const messages = t?.messages ?? []
    expect(JSON.parse(hfJsonl(trajectories.map(hfRow))).messages.length).toBe(messages.length)
    expect(hfMessages(JSON.parse(hfJsonl(trajectories.map(hfRow))))).toEqual(messages)
    expect(chatOfResponses(JSON.parse(JSON.stringify(responsesLine(t as Trajectory, 0).input)))).toEqual(messages)
    const [log] = inspectLogs(trajectories, {
      dataset: { name: 'sample', location: SAMPLE_DIR, tasks: dataset.tasks },
      scoreRun: (lines) => scoreResponses(dataset.tasks, dataset.tools, lines, live),
      exportedAt: '2026-03-15T00:00:00.000Z',
      version: '0.1.0',
    })
    const read = JSON.parse(JSON.stringify(log?.log)) as { eval: { model: string }; samples: { messages: unknown[] }[] }
    expect(read.eval.model).toBe('human/__proto__')
    expect(chatOfInspect(read.samples[0]?.messages ?? [])).toEqual(messages)
  })

  it('an attempt given twice is one trajectory; two different lines claiming one attempt are refused', async () => {
    const people = await peopleExport()
    const text = people.files['response.jsonl'] ?? ''
    const twice = collectTrajectories(dataset, [
      { name: 'a.jsonl', text },
      { name: 'b.jsonl', text },
    ])
    expect(twice.trajectories).toHaveLength(4)
    expect(twice.issues).toEqual([])
    const changed = collectTrajectories(dataset, [
      { name: 'a.jsonl', text },
      { name: 'b.jsonl', text: text.replaceAll('"elapsed_ms":60000', '"elapsed_ms":60001') },
    ])
    expect(changed.trajectories).toHaveLength(4)
    expect(changed.issues).toHaveLength(4)
    expect(changed.issues[0]).toMatch(/^b\.jsonl line 1: attempt \S+ is also a\.jsonl line 1, with other content$/)
  })
})

describe('Hugging Face chat data set', () => {
  it('JSONL and Parquet read back to the same messages and columns; the card describes them', async () => {
    const { trajectories } = collectTrajectories(dataset, await allSources())
    const rows = trajectories.map(hfRow)
    const fromJsonl = hfJsonl(rows).trim().split('\n').map((l) => JSON.parse(l) as { messages: unknown[] })
    expect(fromJsonl.map(hfMessages)).toEqual(trajectories.map((t) => t.messages))

    const parquet = hfParquet(rows)
    const fromParquet = (await parquetReadObjects({ file: parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.byteLength) as ArrayBuffer })) as Record<string, unknown>[]
    expect(fromParquet).toHaveLength(rows.length)
    expect(fromParquet.map((r) => hfMessages(r as { messages: unknown[] }))).toEqual(trajectories.map((t) => t.messages))
    const scalar = (r: Record<string, unknown>) => ({ id: r.id, actor: r.actor, model: r.model, run: r.run, correct: r.correct, error_type: r.error_type, finished: r.finished, tools: r.tools })
    expect(fromParquet.map(scalar)).toEqual(rows.map((r) => scalar(r as unknown as Record<string, unknown>)))
    expect(JSON.parse(String(fromParquet[0]?.tools))).toEqual(trajectories[0]?.tools)

    const card = hfCard(rows, { dataset: 'sample', license: 'cc-by-4.0', sources: ['oracle.jsonl'] })
    const front = /^---\n([\s\S]*?)\n---\n/.exec(card)?.[1] ?? ''
    const meta = parseYaml(front) as { license: string; configs: { data_files: { path: string }[] }[]; dataset_info: { features: { name: string }[]; splits: { num_examples: number }[] }; task_categories: string[] }
    expect(meta.license).toBe('cc-by-4.0')
    expect(meta.task_categories).toContain('text-generation')
    expect(meta.configs[0]?.data_files[0]?.path).toBe('data.parquet')
    expect(meta.dataset_info.features.map((f) => f.name)).toEqual(Object.keys(rows[0] ?? {}))
    expect(meta.dataset_info.splits[0]?.num_examples).toBe(rows.length)
  })
})

describe('Inspect eval logs', () => {
  it('one log per person or model and run, valid under the schema, its messages reading back the same', async () => {
    const { trajectories } = collectTrajectories(dataset, await allSources())
    const logs = inspectLogs(trajectories, {
      dataset: { name: 'sample', location: SAMPLE_DIR, tasks: dataset.tasks },
      scoreRun: (lines) => scoreResponses(dataset.tasks, dataset.tools, lines, live),
      exportedAt: '2026-03-15T00:00:00.000Z',
      version: '0.1.0',
    })
    const models = logs.map(({ log }) => (log.eval as { model: string }).model).sort()
    expect(models).toEqual(['human/ann', 'human/李雷', 'm', 'oracle'])
    // Inspect lists a .json log only under a name starting with a timestamp; like its own, the name ends with the eval's task id.
    for (const { name, log } of logs) expect(name).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}\\+00-00_spieval_${(log.eval as { task_id: string }).task_id}\\.json$`))
    expect(new Set(logs.map(({ log }) => (log.eval as { task_id: string }).task_id)).size).toBe(logs.length)

    const validator = new Validator(INSPECT_SCHEMA, '2020-12', false)
    for (const { log } of logs) {
      const result = validator.validate(JSON.parse(JSON.stringify(log)))
      expect(result.errors.slice(0, 3)).toEqual([])
    }

    const byModel = (model: string) => logs.find(({ log }) => (log.eval as { model: string }).model === model)?.log as { samples: { id: string; messages: unknown[]; scores: { spieval: { value: string } } }[]; results: { metadata: { spieval: { accuracy_percent: number } }; scores: { metrics: { accuracy: { value: number } } }[] } }
    // ann tried 推理1 twice: the log holds the attempt the scorer counts (the blind one, not the practice after it), as npm run score does.
    const ann = byModel('human/ann')
    expect(ann.samples.map((s) => s.id)).toEqual(['推理1', '推理2'])
    const counted = trajectories.find((t) => t.attempt === 'a1') as Trajectory
    expect(chatOfInspect(ann.samples[0]?.messages ?? [])).toEqual(parsedArguments(counted.messages))
    expect(ann.samples.map((s) => s.scores.spieval.value)).toEqual(['C', 'I'])
    // The refused call shows as a tool error; the others do not.
    const tools = (ann.samples[1]?.messages ?? []).filter((m) => (m as { role: string }).role === 'tool') as { content: string; error?: { message: string } }[]
    expect(tools.map((m) => m.error?.message)).toEqual([tools[0]?.content, undefined])
    expect(ann.results.scores[0]?.metrics.accuracy.value).toBe(0.5)
    expect(ann.results.metadata.spieval.accuracy_percent).toBeCloseTo((100 * 1) / dataset.tasks.length)

    // Every other sample reads back to its trajectory's messages; text that is not JSON comes back as it was.
    const oracle = byModel('oracle')
    expect(oracle.samples.map((s) => chatOfInspect(s.messages))).toEqual(trajectories.filter((t) => t.model === 'oracle').map((t) => parsedArguments(t.messages)))
    // The failed episode at 推理1 after an answered one: the scorer reads no line from it, so the answered one stays.
    const harness = byModel('m')
    const bad = trajectories.find((t) => t.model === 'm' && t.taskId === '推理1') as Trajectory
    expect(chatOfInspect(harness.samples[0]?.messages ?? [])).toEqual(bad.messages)
    expect(JSON.stringify(harness.samples[0]?.messages)).toContain('parse_error')
  })
})

describe('Responses API items', () => {
  it('each line reads back to the same chat messages, in the openai package types', async () => {
    const { trajectories } = collectTrajectories(dataset, await allSources())
    const lines = trajectories.map(responsesLine)
    // Checked by the compiler: the items and tools are what the openai package sends.
    const items: ResponseInputItem[][] = lines.map((l) => l.input)
    const tools: FunctionTool[][] = lines.map((l) => l.tools)
    expect(tools[0]?.map((t) => t.name)).toEqual(trajectories[0]?.tools.map((t) => t.function.name))
    const back = JSON.parse(JSON.stringify(items)) as unknown[][]
    expect(back.map(chatOfResponses)).toEqual(trajectories.map((t) => t.messages))
    expect(items[0]?.map((i) => i.type)).toContain('function_call_output')
  })
})

describe('npm run export', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [...cliArgs('cli/export.ts'), ...args], { cwd: ROOT, encoding: 'utf8' })

  it('writes each format from agent runs, a people export zip and its folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'))
    writeFileSync(join(dir, 'oracle.jsonl'), await oracleLines())
    const people = await peopleExport()
    writeFileSync(join(dir, 'people.zip'), people.zip)
    mkdirSync(join(dir, 'unzipped'))
    for (const [name, text] of Object.entries(people.files)) writeFileSync(join(dir, 'unzipped', name), text)
    const inputs = [join(dir, 'oracle.jsonl'), join(dir, 'people.zip')]

    // The people export twice (its zip and its folder): each attempt is one row.
    const hf = run('--format', 'hf', '--data', SAMPLE_DIR, '--out', join(dir, 'hf'), '--name', 'sample', ...inputs, join(dir, 'unzipped'))
    expect(hf.stderr).toBe('')
    expect(hf.status).toBe(0)
    expect(readdirSync(join(dir, 'hf')).sort()).toEqual(['README.md', 'data.jsonl', 'data.parquet'])
    expect(readFileSync(join(dir, 'hf/data.jsonl'), 'utf8').trim().split('\n')).toHaveLength(14)
    // The card names the inputs by file name only: where they lay on this machine is not published.
    const card = readFileSync(join(dir, 'hf/README.md'), 'utf8')
    expect(card).toContain('# SPIEval trajectories: sample')
    expect(card).toContain('`people.zip`')
    expect(card).not.toContain(dir)

    const inspect = run('--format', 'inspect', '--data', SAMPLE_DIR, '--out', join(dir, 'logs'), join(dir, 'oracle.jsonl'), join(dir, 'unzipped'))
    expect(inspect.status).toBe(0)
    expect(readdirSync(join(dir, 'logs'))).toHaveLength(3)
    expect(inspect.stdout).toContain('inspect view --log-dir')

    // npm run agent --output_dir D leaves D/response.jsonl: the folder is an input too.
    mkdirSync(join(dir, 'agent-out'))
    writeFileSync(join(dir, 'agent-out', 'response.jsonl'), readFileSync(join(dir, 'oracle.jsonl')))
    const responses = run('--format', 'responses', '--data', SAMPLE_DIR, '--out', join(dir, 'responses'), join(dir, 'agent-out'), join(dir, 'people.zip'))
    expect(responses.status).toBe(0)
    expect(readFileSync(join(dir, 'responses/responses.jsonl'), 'utf8').trim().split('\n')).toHaveLength(14)
  })

  it('refuses lines of another data set, an export changed after it was made, and a missing format', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-bad-'))
    writeFileSync(join(dir, 'other.jsonl'), '{"id":"elsewhere","calls":[]}\n')
    const other = run('--format', 'hf', '--data', SAMPLE_DIR, '--out', join(dir, 'out'), join(dir, 'other.jsonl'))
    expect(other.status).toBe(2)
    expect(other.stderr).toContain('"elsewhere"')

    const people = await peopleExport()
    mkdirSync(join(dir, 'changed'))
    for (const [name, text] of Object.entries(people.files)) writeFileSync(join(dir, 'changed', name), name === 'response.jsonl' ? text.replace('ann', 'bob') : text)
    const changed = run('--format', 'hf', '--data', SAMPLE_DIR, '--out', join(dir, 'out'), join(dir, 'changed'))
    expect(changed.status).not.toBe(0)
    expect(changed.stderr).toContain('does not match manifest.json')

    const noFormat = run('--data', SAMPLE_DIR, '--out', join(dir, 'out'), join(dir, 'other.jsonl'))
    expect(noFormat.status).toBe(2)
    expect(noFormat.stderr).toContain('--format')
  })
})
