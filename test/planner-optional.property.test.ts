// Planner tasks are optional (#28): a published SPIEval folder, or one made like it (npm run gen's tasks, no planner
// keys), loads through the planner-aware loader with no planner state, opens with the system prompt and tools the
// protocol had before the planner code, and any response lines score as the reference scorer scores them.
// (test/planner-score-published.test.ts holds the published sample's score files and analysis byte for byte.)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { COMPLETION_SENTENCE, DEFAULT_SYSTEM_TEMPLATE, MemorySink, TaskHost, loadDataset, parseResponses, profileText, scoreResponsesLazily, toolProperties } from '../src/core/index'
import type { Dataset, PredictedCall, Profile, Setting, TaskRecords, ToolSchema } from '../src/core/index'
import { APPS, isRetrievalToolName } from '../src/core/apps/registry'
import { generateTasks } from '../cli/gen/tasks'
import { SAMPLE_DIR } from './fixtures'
import { sha256 } from './support/publishedResponses'
import { referenceScoreTask } from './support/referenceScoreTask'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const SAMPLE: Record<string, string> = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(SAMPLE_DIR, name), 'utf8')]))
const SETTINGS: readonly Setting[] = ['paginated', 'full', 'no_search']

/**
 * The system prompt as the protocol built it before the planner code (commit 7931c8a, src/core/agent/prompt.ts):
 * retrieval and execution tools told apart by name, the records only in no_search, app by app in the apps' order.
 * The template, the profile's text and the completion sentence are the ones in use (the planner code left them alone).
 */
function referencePrompt(profile: Profile, tools: readonly ToolSchema[], setting: Setting, records: TaskRecords): string {
  const list = (some: readonly ToolSchema[]) => (some.length === 0 ? '(none)' : some.map((t) => `- ${t.function.name}: ${t.function.description}`).join('\n'))
  const notes: Record<Setting, string> = {
    paginated: '- Search results come 5 to a page. The reply says how many pages there are; ask for the next one with "page".',
    full: '- Each search returns every matching record at once.',
    no_search: '- There are no retrieval tools: every record on the phone is listed below.',
  }
  const sections = APPS.flatMap((app) => {
    const kept = records[app.key] ?? []
    return kept.length === 0 ? [] : [`## ${app.key} (${kept.length})\n${kept.map((r, i) => `${i + 1}. ${JSON.stringify(r)}`).join('\n')}`]
  })
  const recordsBlock = setting === 'no_search' ? `\n# Everything on the phone\n${sections.join('\n\n')}` : ''
  const slots: Record<string, string> = {
    profile: profileText(profile),
    retrieval_tools: list(setting === 'no_search' ? [] : tools.filter((t) => isRetrievalToolName(t.function.name))),
    execution_tools: list(tools.filter((t) => !isRetrievalToolName(t.function.name))),
    search_notes: notes[setting],
    completion: COMPLETION_SENTENCE,
    records: recordsBlock,
  }
  return DEFAULT_SYSTEM_TEMPLATE.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(slots, name) ? (slots[name] ?? whole) : whole)).trimEnd()
}

/** The tools offered before the planner code: the data set's, without the retrieval ones in no_search. */
const referenceTools = (tools: readonly ToolSchema[], setting: Setting) => (setting === 'no_search' ? tools.filter((t) => !isRetrievalToolName(t.function.name)) : tools)

/** A folder as npm run gen writes one (its tasks, the sample's tools and profile), in one of the layouts a folder may have. */
function generatedFolder(options: { seed: number; tasks: number; perTask: number; crlf: boolean; profile: boolean; prettyTools: boolean }): Record<string, string> {
  const generated = [...generateTasks({ tasks: options.tasks, records: options.tasks * options.perTask, seed: options.seed })]
  const end = options.crlf ? '\r\n' : '\n'
  const records = `{${generated.map((g, i) => `${i === 0 ? '' : ','}${end}${JSON.stringify(g.line.id)}: ${JSON.stringify(g.records)}`).join('')}${end}}${end}`
  const tools = options.prettyTools ? JSON.stringify(JSON.parse(SAMPLE['tools.json'] ?? '[]'), null, 2) : (SAMPLE['tools.json'] ?? '')
  return {
    'input_data.jsonl': generated.map((g) => JSON.stringify(g.line)).join(end) + end,
    'records_db.json': records,
    'tools.json': tools,
    ...(options.profile ? { 'profile.json': SAMPLE['profile.json'] ?? '' } : {}),
  }
}

const folders = fc.oneof(
  { weight: 3, arbitrary: fc.record({ seed: fc.nat(1_000_000), tasks: fc.integer({ min: 1, max: 6 }), perTask: fc.integer({ min: 10, max: 18 }), crlf: fc.boolean(), profile: fc.boolean(), prettyTools: fc.boolean() }).map(generatedFolder) },
  { weight: 1, arbitrary: fc.constant(SAMPLE) },
)

/** A response's calls made from a task's gold, shuffled, cut, repeated, with values changed and calls a planner data set would give roles to. */
const callEdits = fc.record({
  order: fc.array(fc.nat(), { maxLength: 4 }),
  changed: fc.array(fc.tuple(fc.nat(), fc.oneof(fc.constantFrom('x', ' 13822419087 ', 'VOICE', 'voice', '2026-03-15'), fc.integer(), fc.constant(null))), { maxLength: 2 }),
  inserted: fc.array(fc.record({ at: fc.nat(), name: fc.constantFrom('Ask_User', 'load_skill', 'Delegate_Finance', 'Memory_Add', 'search_memory', 'get_memory', 'search_contacts') }), { maxLength: 2 }),
  form: fc.constantFrom('calls', 'messages', 'none'),
  run: fc.constantFrom(0, 1),
})

type EditsOf = { order: number[]; changed: [number, unknown][]; inserted: { at: number; name: string }[]; form: 'calls' | 'messages' | 'none'; run: 0 | 1 }

function callsFor(gold: readonly PredictedCall[], edits: EditsOf): PredictedCall[] {
  let calls = edits.order.length > 0 && gold.length > 0 ? edits.order.map((i) => gold[i % gold.length] as PredictedCall) : [...gold]
  calls = calls.map((call, i) => {
    const args = { ...(call.arguments as Record<string, unknown>) }
    const change = edits.changed.find(([at]) => at % calls.length === i)
    const key = Object.keys(args)[0]
    if (change && key !== undefined) args[key] = change[1]
    return { name: call.name, arguments: args }
  })
  for (const { at, name } of edits.inserted) calls.splice(at % (calls.length + 1), 0, { name, arguments: { question: 'Which one?', name: 'expense-filing', id: 'mem_001' } })
  return calls
}

/** One response line in the published format: `calls`, or an OpenAI-style conversation whose arguments are JSON text. */
function responseLine(id: string, calls: readonly PredictedCall[], edits: EditsOf): string | undefined {
  if (edits.form === 'none') return undefined
  if (edits.form === 'calls') return JSON.stringify({ id, run: edits.run, calls })
  const tool_calls = calls.map((call, i) => ({ id: `c${i}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } }))
  return JSON.stringify({ id, run: edits.run, messages: [{ role: 'user', content: 'go' }, { role: 'assistant', content: null, tool_calls }, { role: 'assistant', content: COMPLETION_SENTENCE }] })
}

/** The gold as a model would call it: each argument's first acceptable value (null ones left out). */
const goldCalls = (dataset: Dataset, id: string): PredictedCall[] =>
  (dataset.tasks.find((t) => t.id === id)?.answer ?? []).map((call) => ({
    name: call.name,
    arguments: Object.fromEntries(Object.entries(call.arguments).flatMap(([key, values]) => (values[0] === null || values[0] === undefined ? [] : [[key, values[0]]]))),
  }))

describe('a data set without planner keys', () => {
  it('loads with no planner state and opens with the prompt and tools it had before the planner code, whatever the folder and task', async () => {
    await fc.assert(
      fc.asyncProperty(folders, fc.nat(), fc.constantFrom(...SETTINGS), async (files, pick, setting) => {
        const { dataset } = loadDataset(files)
        expect(dataset.tasks.filter((t) => t.planner !== undefined)).toEqual([])
        expect(dataset.skills).toBeUndefined()
        expect(dataset.agents).toBeUndefined()
        expect(dataset.tools).toEqual(JSON.parse(files['tools.json'] ?? '[]'))
        const task = dataset.tasks[pick % dataset.tasks.length]
        if (!task) throw new Error('no task')
        const host = new TaskHost(dataset, new MemorySink())
        const opened = await host.open(task.id, setting)
        const records = dataset.records[task.id] ?? {}
        expect(opened.systemPrompt).toBe(referencePrompt(dataset.profile, dataset.tools, setting, records))
        expect(opened.tools).toEqual(referenceTools(dataset.tools, setting))
        // Its trajectory stays its calls: no reply is kept of an agent's last answer.
        expect(host.openAttempt?.keepsAnswers).toBe(false)
      }),
      { numRuns: 40 },
    )
  })

  it('scores any response lines as the reference scorer does, with none of the planner figures', () => {
    fc.assert(
      fc.property(folders, fc.array(callEdits, { minLength: 1, maxLength: 6 }), (files, edits) => {
        const { dataset } = loadDataset(files)
        const properties = toolProperties(dataset.tools)
        const answered = new Map<string, PredictedCall[]>()
        const lines: string[] = []
        dataset.tasks.forEach((task, i) => {
          const edit = edits[i % edits.length] as EditsOf
          const calls = callsFor(goldCalls(dataset, task.id), edit)
          const line = responseLine(task.id, calls, edit)
          if (line === undefined) return
          lines.push(line)
          answered.set(`${task.id}/${edit.run}`, calls)
        })
        const scores = scoreResponsesLazily(dataset.tasks, dataset.tools, parseResponses(lines.join('\n')).lines)
        // Every task in every run: a task a run has no line for is no_response there.
        const runs = new Set([...answered.keys()].map((key) => key.slice(key.lastIndexOf('/'))))
        const details = [...scores.details()]
        expect(details).toHaveLength(dataset.tasks.length * Math.max(1, runs.size))
        for (const detail of details) {
          const task = dataset.tasks.find((t) => t.id === detail.id)
          if (!task) throw new Error(`no task ${detail.id}`)
          const reference = referenceScoreTask(task, answered.get(`${detail.id}/${detail.run}`), properties)
          expect({ correct: detail.correct, error_type: detail.error_type }, `${detail.id}/${detail.run}`).toEqual({ correct: reference.correct, error_type: reference.errorType })
        }
        for (const key of ['dimensions', 'overall_mobilepa', 'overall_mobilepa_partial', 'buckets']) expect(scores.result, key).not.toHaveProperty(key)
      }),
      { numRuns: 60 },
    )
  })

  it("gives the published sample's 50 tasks, in every setting, the prompts and tools the code before the planner gave", async () => {
    const { dataset } = loadDataset(SAMPLE)
    const host = new TaskHost(dataset, new MemorySink())
    const out: string[] = []
    for (const task of dataset.tasks)
      for (const setting of SETTINGS) {
        const opened = await host.open(task.id, setting)
        expect(opened.systemPrompt).toBe(referencePrompt(dataset.profile, dataset.tools, setting, dataset.records[task.id] ?? {}))
        out.push(opened.systemPrompt, JSON.stringify(opened.tools))
      }
    // Computed with the sources of commit 7931c8a (before the planner code): TaskHost.open's prompt and tools, joined so.
    expect(sha256(out.join('\n\u0000\n'))).toBe('545d8b8b6e8d1cd4b014ec4a80c6b9b5a92c352305039d785bfb6859725f61cb')
  })
})
