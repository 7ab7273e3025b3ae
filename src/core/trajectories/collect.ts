import { systemPrompt } from '../agent/prompt'
import type { AgentMessage } from '../agent/types'
import { isRetrievalToolName } from '../apps/registry'
import { trajectoryMessages } from '../attempt/responseLine'
import { lineMaker } from '../attempt/lineMaker'
import { runtimeSetting } from '../attempt/types'
import { ownValue } from '../base/own'
import { isPlainObject, splitLines } from '../base/text'
import { parseJsonWithLine } from '../base/jsonLine'
import type { Dataset, Task, ToolSchema } from '../dataset/types'
import { scoreResponses } from '../results/aggregate'
import { parseResponses, readRun } from '../results/responses'
import type { TrajectoryStep } from '../tools/steps'
import { SETTINGS } from '../tools/types'
import type { Setting } from '../tools/types'
import { normalizeMessages } from './messages'
import type { Trajectory, TrajectorySource } from './types'

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== ''

/** The setting a line was made in, as the tool runtime knows it (a person browsing sees every record: `full`). */
function runtimeOf(setting: string): Setting {
  if (setting === 'browse') return runtimeSetting('browse')
  return (SETTINGS as readonly string[]).includes(setting) ? (setting as Setting) : 'paginated'
}

/** The tools a setting offers: `no_search` has no retrieval tools. */
export function offeredTools(tools: readonly ToolSchema[], setting: Setting): ToolSchema[] {
  return setting === 'no_search' ? tools.filter((t) => !isRetrievalToolName(t.function.name)) : [...tools]
}

/**
 * The conversation of a line: its `messages`, or a failed episode's
 * `partial_messages`, or else made from its calls (a page export's
 * `trajectory`, with each call's result; bare `calls`, without), as the page
 * makes a person's. A conversation without a system message gets the one the
 * published protocol gives the task in that setting.
 */
function conversationOf(line: Record<string, unknown>, dataset: Dataset, task: Task, setting: Setting): AgentMessage[] | undefined {
  const given = Array.isArray(line.messages) ? line.messages : Array.isArray(line.partial_messages) ? line.partial_messages : undefined
  const steps = given ? undefined : Array.isArray(line.trajectory) ? line.trajectory : Array.isArray(line.calls) ? line.calls : undefined
  if (!given && !steps) return undefined
  const messages = given ? normalizeMessages(given) : normalizeMessages(trajectoryMessages(task.instruction, stepsOf(steps ?? [])))
  if (messages[0]?.role === 'system') return messages
  const prompt = systemPrompt({ profile: dataset.profile, tools: dataset.tools, setting, records: ownValue(dataset.records, task.id) ?? {} })
  return [{ role: 'system', content: prompt }, ...messages]
}

/** Calls (or a page export's trajectory) as steps for trajectoryMessages: name, arguments and, where known, the result. */
function stepsOf(calls: readonly unknown[]): TrajectoryStep[] {
  const steps: TrajectoryStep[] = []
  for (const c of calls) {
    if (!isPlainObject(c) || typeof c.name !== 'string') continue
    const kind = isRetrievalToolName(c.name) ? 'retrieval' : 'execution'
    const content = typeof c.content === 'string' ? c.content : ''
    steps.push({ seq: steps.length, name: c.name, arguments: c.arguments, source: 'agent', kind, ok: c.ok !== false, content })
  }
  return steps
}

/** The calls a line lists in `failed` (their seqs, which are the order of the calls in the conversation), by tool call id. */
function failedCallIds(line: Record<string, unknown>, messages: readonly AgentMessage[]): string[] {
  if (!Array.isArray(line.failed)) return []
  const ids = messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []))
  return line.failed.flatMap((seq) => (typeof seq === 'number' && ids[seq] !== undefined ? [ids[seq]] : []))
}

/** An ISO date in UTC; a time without a zone is UTC, as the archive reader takes it. */
function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value.replace(' ', 'T')}Z`
  const ms = Date.parse(zoned)
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}

const milliseconds = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined)

function usageOf(line: Record<string, unknown>): Trajectory['usage'] {
  const u = line.usage
  if (!isPlainObject(u) || typeof u.prompt_tokens !== 'number' || typeof u.completion_tokens !== 'number') return null
  return { input: u.prompt_tokens, output: u.completion_tokens }
}

/** What every export says about a trajectory beside its conversation: the task (`id`), who, how, and the scorer's verdict. */
export interface TrajectoryFields {
  id: string
  type: string
  actor: string | null
  model: string | null
  run: number
  setting: string
  state: string
  attempt: string | null
  finished: boolean
  correct: boolean
  error_type: string | null
  error: string | null
}

export function trajectoryFields(t: Trajectory): TrajectoryFields {
  return {
    id: t.taskId,
    type: t.type,
    actor: t.actor,
    model: t.model,
    run: t.run,
    setting: t.setting,
    state: t.state,
    attempt: t.attempt,
    finished: t.finished,
    correct: t.verdict.correct,
    error_type: t.verdict.error_type,
    error: t.error,
  }
}

/**
 * The trajectories of response files (`npm run agent`'s response.jsonl, the
 * response.jsonl of a page's export, a harness's output), each line scored
 * alone by the one scorer (live lines replayed over the data set's records).
 * Lines that cannot be read are reported in `issues` and left out; lines of
 * tasks the data set does not have are left out and their ids listed in
 * `unknownTasks` (the files were made on another data set).
 */
export function collectTrajectories(
  dataset: Dataset,
  sources: readonly TrajectorySource[],
): { trajectories: Trajectory[]; issues: string[]; unknownTasks: string[] } {
  const tasks = new Map(dataset.tasks.map((t) => [t.id, t]))
  const live = { records: dataset.records, profile: dataset.profile }
  // One list per setting, shared by its trajectories (an export writes it out once per list, not per line).
  const toolsOf = new Map(([...SETTINGS] as Setting[]).map((setting) => [setting, offeredTools(dataset.tools, setting)]))
  const trajectories: Trajectory[] = []
  const issues: string[] = []
  const unknown = new Set<string>()
  // An attempt given twice (an export as its zip and as its folder) is one trajectory; two lines claiming one attempt are a conflict.
  const attempts = new Map<string, { where: string; text: string }>()
  for (const source of sources) {
    splitLines(source.text).forEach((text, index) => {
      if (text.trim() === '') return
      const where = { file: source.name, line: index + 1 }
      const problem = (message: string): void => void issues.push(`${where.file} line ${where.line}: ${message}`)
      const parsed = parseJsonWithLine(text)
      if ('error' in parsed) return problem(`not valid JSON: ${parsed.error}`)
      const line = parsed.value
      if (!isPlainObject(line)) return problem('a response must be a JSON object')
      if (typeof line.id !== 'string' && typeof line.id !== 'number') return problem('"id" (the task id) is missing')
      if (nonEmpty(line.attempt)) {
        const earlier = attempts.get(line.attempt)
        if (earlier) return earlier.text === text.trim() ? undefined : problem(`attempt ${line.attempt} is also ${earlier.where}, with other content`)
        attempts.set(line.attempt, { where: `${where.file} line ${where.line}`, text: text.trim() })
      }
      const task = tasks.get(String(line.id))
      if (!task) return void unknown.add(String(line.id))
      const run = readRun(line.run)
      if (run === undefined) return problem('"run" must be a whole number')
      const setting = nonEmpty(line.setting) ? line.setting : 'paginated'
      const runtime = runtimeOf(setting)
      const messages = conversationOf(line, dataset, task, runtime)
      if (!messages) return problem('a response needs "calls" or "messages"')
      // The scorer reads the line as `npm run score` would; a failed episode's line (no calls) counts as no response.
      const scored = parseResponses(text, source.name).lines
      const { details } = scoreResponses([task], dataset.tools, scored, live)
      const verdict = details[0]
      if (!verdict) return problem('the scorer gave no verdict')
      const maker = lineMaker(line)
      const model = maker.kind === 'agent' ? (maker.model ?? null) : null
      const actor = maker.kind === 'person' && maker.actor !== '' ? maker.actor : null
      const working = milliseconds(line.elapsed_ms) ?? milliseconds(line.wall_ms)
      trajectories.push({
        taskId: task.id,
        type: task.type,
        instruction: task.instruction,
        run,
        actor,
        model,
        who: actor ?? model ?? `run ${run}`,
        setting,
        state: line.state === 'live' ? 'live' : 'static',
        attempt: nonEmpty(line.attempt) ? line.attempt : null,
        finished: line.finished !== false && line.error === undefined,
        started: isoOrNull(line.started),
        ended: isoOrNull(line.ended),
        workingSeconds: working === undefined ? null : working / 1000,
        usage: usageOf(line),
        error: typeof line.error === 'string' ? line.error : null,
        messages,
        failedCalls: failedCallIds(line, messages),
        tools: toolsOf.get(runtime) ?? offeredTools(dataset.tools, runtime),
        calls: scored[0]?.calls ?? [],
        verdict: { ...verdict, run },
        source: where,
      })
    })
  }
  return { trajectories, issues, unknownTasks: [...unknown] }
}
