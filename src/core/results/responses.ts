import { isRetrievalToolName } from '../apps/registry'
import { isPlainObject, splitLines } from '../base/text'
import { parseJsonWithLine } from '../base/jsonLine'
import type { DatasetIssue } from '../dataset/types'
import type { PredictedCall } from '../score/types'

/** One response line (docs/reference.md): a task's answer in one run. */
export interface ResponseLine {
  id: string
  run: number
  /** The execution calls to score, in order (retrieval calls removed). */
  calls: PredictedCall[]
  /** The whole line as given, for exports that keep extra keys. */
  raw: Record<string, unknown>
  line: number
  /** The line as written: what names an attempt imported into the page without an `attempt` key (grades/attemptKey.ts); absent on a line made in code. */
  text?: string
}

/**
 * The execution calls of a response: its `calls` when given, otherwise every
 * execution-tool call of its assistant messages, in order.
 */
export function executionCallsOf(line: Record<string, unknown>): PredictedCall[] {
  const calls: PredictedCall[] = []
  if (Array.isArray(line.calls)) {
    for (const c of line.calls)
      if (isPlainObject(c) && typeof c.name === 'string') calls.push({ name: c.name, arguments: c.arguments })
  } else if (Array.isArray(line.messages)) calls.push(...toolCallsOf(line.messages))
  return calls.filter((c) => !isRetrievalToolName(c.name))
}

/** Every tool call of a conversation's assistant messages, in order (the tool messages' replies are only text, never read). */
export function toolCallsOf(messages: readonly unknown[]): PredictedCall[] {
  const calls: PredictedCall[] = []
  for (const message of messages) {
    if (!isPlainObject(message) || message.role !== 'assistant' || !Array.isArray(message.tool_calls)) continue
    for (const tc of message.tool_calls) {
      const fn = isPlainObject(tc) ? tc.function : undefined
      if (isPlainObject(fn) && typeof fn.name === 'string') calls.push({ name: fn.name, arguments: fn.arguments })
    }
  }
  return calls
}

/** Parses response lines (JSONL). Lines that cannot be read are reported and skipped. */
export function parseResponses(text: string, file = 'responses.jsonl'): { lines: ResponseLine[]; issues: DatasetIssue[] } {
  const lines: ResponseLine[] = []
  const issues: DatasetIssue[] = []
  splitLines(text).forEach((rawLine, index) => {
    const line = index + 1
    if (rawLine.trim() === '') return
    const parsed = parseJsonWithLine(rawLine)
    const problem = (message: string): void => void issues.push({ level: 'error', file, line, message })
    if ('error' in parsed) return problem(`not valid JSON: ${parsed.error}`)
    const value = parsed.value
    if (!isPlainObject(value)) return problem('a response must be a JSON object')
    if (typeof value.id !== 'string' && typeof value.id !== 'number') return problem('"id" (the task id) is missing')
    if (!Array.isArray(value.calls) && !Array.isArray(value.messages))
      return problem('a response needs "calls" or "messages"')
    const run = readRun(value.run)
    if (run === undefined) return problem('"run" must be a whole number')
    lines.push({ id: String(value.id), run, calls: executionCallsOf(value), raw: value, line, text: rawLine })
  })
  return { lines, issues }
}

/**
 * The task ids response lines name that the data set does not have, each
 * once, in the lines' order, and how many lines name them. The scorer scores
 * the data set's tasks, so such lines count for nothing: a file made for
 * another data set scores 0 (every task `no_response`) unless a reader says
 * why.
 */
export function unknownTasks(tasks: readonly { id: string }[], lines: readonly { id: string }[]): { ids: string[]; lines: number } {
  const known = new Set(tasks.map((task) => task.id))
  const unknown = lines.filter((line) => !known.has(line.id))
  return { ids: [...new Set(unknown.map((line) => line.id))], lines: unknown.length }
}

/** A line's `run`: absent is 0; an integer, or a string of digits; anything else is undefined (the line is skipped). */
export function readRun(value: unknown): number | undefined {
  if (value === undefined || value === null) return 0
  const run = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  return typeof run === 'number' && Number.isInteger(run) ? run : undefined
}
