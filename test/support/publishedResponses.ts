/**
 * A deterministic responses file over the published sample (public/data),
 * for checking that the planner checks leave a published data set's scores
 * byte for byte as they were (test/planner-score-published.test.ts). Each run
 * changes the gold calls in one way: some ways use names a planner data set
 * gives roles to (Ask_User, load_skill, get_, Delegate_), and values an
 * `x-compare` mode would accept, so that a published data set, which has
 * neither `x-kind` nor `x-compare`, shows it still scores them as before.
 */
import { createHash } from 'node:crypto'
import type { GoldCall, PredictedCall, Task } from '../../src/core/index'

type Change = (calls: PredictedCall[], task: Task) => PredictedCall[]

const firstValues = (c: GoldCall): PredictedCall => ({ name: c.name, arguments: Object.fromEntries(Object.entries(c.arguments).map(([k, v]) => [k, v.find((x) => x !== null) ?? null])) })
const argsOf = (call: PredictedCall): Record<string, unknown> => (typeof call.arguments === 'object' && call.arguments !== null ? (call.arguments as Record<string, unknown>) : {})
const mapValues = (call: PredictedCall, f: (v: unknown) => unknown): PredictedCall => ({ name: call.name, arguments: Object.fromEntries(Object.entries(argsOf(call)).map(([k, v]) => [k, f(v)])) })
const plannerNames = ['Ask_User', 'load_skill', 'get_weather', 'Delegate_Finance']

const CHANGES: Change[] = [
  (calls) => calls,
  (_, task) => task.answer.map((c) => ({ name: c.name, arguments: JSON.stringify(Object.fromEntries(Object.entries(c.arguments).map(([k, v]) => [k, v.at(-1) ?? 'x']))) })),
  (calls) => calls.slice(1),
  (calls) => [...calls].reverse().concat(calls.slice(0, 1)),
  (calls) => calls.flatMap((c, i) => [{ name: plannerNames[i % plannerNames.length] ?? 'Ask_User', arguments: { question: 'Which one?', name: 'expense-filing' } }, c]),
  (calls) => [...calls, { name: 'search_contacts', arguments: { pattern: 'Tom' } }, { name: 'load_skill', arguments: { name: 'x' } }],
  // What casefold, strip, digits, datetime and set would accept, and exact does not.
  (calls) => calls.map((c) => mapValues(c, (v) => (typeof v === 'string' ? ` ${v.toUpperCase()} ` : v))),
  (calls) => calls.map((c) => mapValues(c, (v) => (typeof v === 'string' && /^\d{11}$/.test(v) ? `${v.slice(0, 3)}-${v.slice(3, 7)} ${v.slice(7)}` : v))),
  (calls) => calls.map((c) => mapValues(c, (v) => (typeof v === 'string' ? v.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$1/$2/$3').replace(/ (\d{2}):(\d{2}):00$/, 'T$1:$2') : v))),
  (calls) => calls.map((c) => mapValues(c, (v) => (Array.isArray(v) ? [...v, ...v] : v))),
  (calls) => calls.map((c, i) => (i === 0 ? { name: c.name, arguments: { ...argsOf(c), note: 'extra' } } : c)),
  (calls) => calls.map((c, i) => (i === calls.length - 1 ? { name: c.name, arguments: '{not json' } : c)),
]

/** One line per task per change (`run` = the change's index), plus one `messages` line per task and a task left unanswered in one run. */
export function publishedResponses(tasks: readonly Task[]): string {
  const lines: string[] = []
  CHANGES.forEach((change, run) => {
    tasks.forEach((task, t) => {
      if ((t + run) % 17 === 0) return
      lines.push(JSON.stringify({ id: task.id, run, calls: change(task.answer.map(firstValues), task) }))
    })
  })
  const run = CHANGES.length
  for (const task of tasks) {
    const tool_calls = [{ name: 'Ask_User', arguments: '{"question":"ok?"}' }, ...task.answer.map(firstValues)].map((c, i) => ({
      id: `c${i}`,
      type: 'function',
      function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
    }))
    lines.push(JSON.stringify({ id: task.id, run, messages: [{ role: 'user', content: 'x' }, { role: 'assistant', content: '', tool_calls }] }))
  }
  return lines.join('\n') + '\n'
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')
