/**
 * Trajectories as Inspect (UK AISI inspect_ai) eval logs, JSON format,
 * version 2: one log per actor or model and run, one sample per task, so
 * that `inspect view` shows people's baselines and agents' runs side by side.
 * The subset written is described by docs/schemas/inspect-eval-log.schema.json.
 */
import type { AgentMessage, AssistantToolCall } from '../agent/types'
import { sha256Hex } from '../archive/files'
import { ownValue } from '../base/own'
import { isPlainObject } from '../base/text'
import type { Task } from '../dataset/types'
import { scoreResponses } from '../results/aggregate'
import type { ResponseLine } from '../results/responses'
import { parseArguments } from '../tools/runtime'
import { argumentsText } from './messages'
import type { Trajectory } from './types'

/** The scorer's name in the logs. */
export const INSPECT_SCORER = 'spieval'
/** The task's name in the logs. */
export const INSPECT_TASK = 'spieval'

/** Where Inspect keeps a call's arguments text that is not a JSON object (its ToolCall has the parsed object only). */
const RAW_ARGUMENTS = 'spieval_raw_arguments'

type Json = Record<string, unknown>

export interface InspectInput {
  /** The data set: its name and location, its tasks (the gold is each sample's target), its tools. */
  dataset: { name: string; location: string; tasks: readonly Task[] }
  /** Scores every task of a run, as `npm run score` does (the log's whole-data-set accuracy). */
  scoreRun: (lines: ResponseLine[]) => ReturnType<typeof scoreResponses>
  /** ISO date of the export: the logs' creation time where the lines give none. */
  exportedAt: string
  /** The exporting program's version, recorded as a package. */
  version: string
}

/** An Inspect timestamp in a file name: `2026-03-01T09-00-00+00-00`. */
function fileStamp(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19).replaceAll(':', '-') + '+00-00'
}

/** A short id of text (Inspect's ids are 22 base-57 characters; any string is read). */
const shortId = (text: string): string => sha256Hex(text).slice(0, 22)

/** An assistant's tool call as Inspect's ToolCall: arguments as an object; text that is not one keeps `parse_error`. */
function toolCall(call: AssistantToolCall): { call: Json; raw?: string } {
  const parsed = parseArguments(call.function.arguments)
  const base = { id: call.id, function: call.function.name, type: 'function' }
  if ('args' in parsed) return { call: { ...base, arguments: parsed.args } }
  return { call: { ...base, arguments: {}, parse_error: parsed.error }, raw: call.function.arguments }
}

/** Chat messages as Inspect's ChatMessage list (a tool message names the function it answers). */
export function inspectMessages(messages: readonly AgentMessage[], model: string | null, failedCalls: readonly string[] = []): Json[] {
  const names = new Map<string, string>()
  const failed = new Set(failedCalls)
  return messages.map((m): Json => {
    if (m.role === 'system' || m.role === 'user') return { role: m.role, content: m.content, source: 'input' }
    if (m.role === 'tool')
      return {
        role: 'tool',
        content: m.content,
        tool_call_id: m.tool_call_id,
        function: names.get(m.tool_call_id) ?? null,
        // A refused call shows as a tool error in Inspect's viewer; the reply says why.
        ...(failed.has(m.tool_call_id) ? { error: { type: 'unknown', message: m.content } } : {}),
      }
    const calls = (m.tool_calls ?? []).map(toolCall)
    for (const c of m.tool_calls ?? []) names.set(c.id, c.function.name)
    const raw = calls.filter((c) => c.raw !== undefined).map((c) => [c.call.id, c.raw])
    return {
      role: 'assistant',
      content: m.content ?? '',
      tool_calls: calls.length > 0 ? calls.map((c) => c.call) : null,
      model,
      source: 'generate',
      ...(raw.length > 0 ? { metadata: { [RAW_ARGUMENTS]: Object.fromEntries(raw) } } : {}),
    }
  })
}

/** Inspect's messages back as chat messages: what {@link inspectMessages} wrote comes back as it was. */
export function chatOfInspect(messages: readonly unknown[]): AgentMessage[] {
  return messages.filter(isPlainObject).map((m): AgentMessage => {
    const content = typeof m.content === 'string' ? m.content : ''
    if (m.role === 'system' || m.role === 'user') return { role: m.role, content }
    if (m.role === 'tool') return { role: 'tool', tool_call_id: String(m.tool_call_id ?? ''), content }
    const raw = isPlainObject(m.metadata) && isPlainObject(m.metadata[RAW_ARGUMENTS]) ? m.metadata[RAW_ARGUMENTS] : {}
    const calls = (Array.isArray(m.tool_calls) ? m.tool_calls : []).filter(isPlainObject).map((c): AssistantToolCall => {
      const text = ownValue(raw, String(c.id))
      return { id: String(c.id), type: 'function', function: { name: String(c.function), arguments: typeof text === 'string' ? text : argumentsText(c.arguments) } }
    })
    return calls.length > 0 ? { role: 'assistant', content: content === '' ? null : content, tool_calls: calls } : { role: 'assistant', content }
  })
}

/** What went wrong, in a few words, for the score's explanation. */
function explanation(t: Trajectory): string {
  const v = t.verdict
  if (v.correct) return 'Correct: the execution calls match the gold.'
  const what = v.mismatches.slice(0, 5).map((m) => `${m.tool}.${m.param}: ${m.status}`)
  const state = v.state_correct === false ? ` The state the calls leave is wrong (${v.state_error_type ?? 'unknown'}).` : ''
  return `Wrong: ${v.error_type ?? 'unknown'}${what.length > 0 ? ` (${what.join('; ')}${v.mismatches.length > 5 ? '; …' : ''})` : ''}.${state}`
}

function sample(t: Trajectory, task: Task | undefined): Json {
  const messages = inspectMessages(t.messages, t.model, t.failedCalls)
  const last = [...messages].reverse().find((m) => m.role === 'assistant')
  const usage = t.usage ? { input_tokens: t.usage.input, output_tokens: t.usage.output, total_tokens: t.usage.input + t.usage.output } : undefined
  const modelName = t.model ?? t.who
  return {
    id: t.taskId,
    epoch: 1,
    input: t.instruction,
    target: JSON.stringify(task?.answer ?? []),
    messages,
    output: {
      model: modelName,
      choices: last ? [{ message: last, stop_reason: Array.isArray(last.tool_calls) ? 'tool_calls' : 'stop' }] : [],
      completion: typeof last?.content === 'string' ? last.content : '',
      ...(usage ? { usage } : {}),
    },
    scores: {
      [INSPECT_SCORER]: {
        value: t.verdict.correct ? 'C' : 'I',
        answer: JSON.stringify(t.calls),
        explanation: explanation(t),
        history: [],
        metadata: {
          error_type: t.verdict.error_type,
          mismatches: t.verdict.mismatches,
          ...(t.verdict.state_correct !== undefined ? { state_correct: t.verdict.state_correct, state_error_type: t.verdict.state_error_type ?? null } : {}),
        },
      },
    },
    metadata: {
      type: t.type,
      setting: t.setting,
      state: t.state,
      actor: t.actor,
      model: t.model,
      run: t.run,
      attempt: t.attempt,
      finished: t.finished,
      source: `${t.source.file}:${t.source.line}`,
    },
    store: {},
    events: [],
    model_usage: usage ? { [modelName]: usage } : {},
    role_usage: {},
    attachments: {},
    ...(t.started ? { started_at: t.started } : {}),
    ...(t.ended ? { completed_at: t.ended } : {}),
    ...(t.workingSeconds !== null ? { total_time: t.workingSeconds, working_time: t.workingSeconds } : {}),
    ...(t.error !== null ? { error: { message: t.error, traceback: '', traceback_ansi: '' } } : {}),
  }
}

/** A response line of the trajectory, as the scorer reads it (its scored calls), for the run's whole-data-set score. */
const lineOf = (t: Trajectory, index: number): ResponseLine => ({ id: t.taskId, run: t.run, calls: t.calls, raw: { id: t.taskId, run: t.run, state: t.state }, line: index + 1 })

/**
 * The eval logs: one per (who, run). A log holds one sample per task: the
 * line the scorer counts (the last for that task, a failed episode's line
 * counting only where the task has no other), as `npm run score` would.
 * Its accuracy is over those samples; `results.metadata.spieval` also gives
 * the scorer's accuracy for the run over every task of the data set (tasks
 * without a line count as wrong there).
 */
export function inspectLogs(trajectories: readonly Trajectory[], input: InspectInput): { name: string; log: Json }[] {
  const groups = new Map<string, Trajectory[]>()
  for (const t of trajectories) {
    const key = JSON.stringify([t.who, t.run])
    const group = groups.get(key) ?? []
    const earlier = group.find((g) => g.taskId === t.taskId)
    // The scorer reads nothing from a failed episode's line, so an earlier line of that task still counts.
    if (earlier && earlier.error === null && t.error !== null) continue
    groups.set(key, [...group.filter((g) => g !== earlier), t])
  }
  const tasks = new Map(input.dataset.tasks.map((t) => [t.id, t]))
  const order = new Map(input.dataset.tasks.map((t, i) => [t.id, i]))
  return [...groups.values()].map((group) => {
    const first = group[0] as Trajectory
    const samples = [...group].sort((a, b) => (order.get(a.taskId) ?? 0) - (order.get(b.taskId) ?? 0))
    const starts = samples.map((t) => t.started).filter((s): s is string => s !== null).sort()
    const ends = samples.map((t) => t.ended).filter((s): s is string => s !== null).sort()
    const created = starts[0] ?? input.exportedAt
    const person = first.actor !== null
    const model = person ? `human/${first.who}` : first.who
    const runId = shortId(JSON.stringify([input.dataset.name, first.who, first.run]))
    // Inspect names a log `<created>_<task>_<task_id>`, a task id being one eval's own.
    const taskId = shortId(`task ${runId}`)
    const correct = samples.filter((t) => t.verdict.correct).length
    const overall = input.scoreRun(samples.map(lineOf)).result.overall.mean
    const evalMetadata = { who: first.who, actor: first.actor, model: first.model, run: first.run, setting: first.setting, state: first.state }
    const usage = samples.reduce((u, t) => (t.usage ? { input: u.input + t.usage.input, output: u.output + t.usage.output } : u), { input: 0, output: 0 })
    const log: Json = {
      version: 2,
      status: 'success',
      eval: {
        eval_id: shortId(`eval ${runId}`),
        run_id: runId,
        created,
        task: INSPECT_TASK,
        task_id: taskId,
        task_version: 0,
        task_attribs: {},
        task_args: {},
        task_args_passed: {},
        solver: person ? 'person_on_phone' : 'agent_loop',
        dataset: { name: input.dataset.name, location: input.dataset.location, samples: samples.length, sample_ids: samples.map((t) => t.taskId), shuffled: false },
        model,
        model_generate_config: {},
        model_args: {},
        config: { epochs: 1 },
        packages: { 'spieval-phone': input.version },
        metadata: evalMetadata,
      },
      plan: { name: 'plan', steps: [{ solver: person ? 'person_on_phone' : 'agent_loop', params: { setting: first.setting }, params_passed: {} }], config: {} },
      results: {
        total_samples: samples.length,
        completed_samples: samples.length,
        scores: [
          {
            name: INSPECT_SCORER,
            scorer: INSPECT_SCORER,
            scored_samples: samples.length,
            unscored_samples: 0,
            params: {},
            metrics: { accuracy: { name: 'accuracy', value: samples.length === 0 ? 0 : correct / samples.length, params: {} } },
          },
        ],
        metadata: { spieval: { tasks: input.dataset.tasks.length, answered: samples.length, accuracy_percent: overall } },
      },
      stats: {
        started_at: created,
        completed_at: ends[ends.length - 1] ?? created,
        model_usage: usage.input + usage.output > 0 ? { [model]: { input_tokens: usage.input, output_tokens: usage.output, total_tokens: usage.input + usage.output } } : {},
        role_usage: {},
        connection_limit_history: [],
      },
      invalidated: false,
      tags: [],
      metadata: evalMetadata,
      samples: samples.map((t) => sample(t, tasks.get(t.taskId))),
    }
    return { name: `${fileStamp(created)}_${INSPECT_TASK}_${taskId}.json`, log }
  })
}
