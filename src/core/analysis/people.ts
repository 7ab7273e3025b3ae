import { isRetrievalToolName } from '../apps/registry'
import { isPlainObject } from '../base/text'
import { parseArguments } from '../tools/runtime'
import { setOwn } from '../base/own'
import type { Task } from '../dataset/types'

/**
 * One person's attempt at one task, as the statistics of people need it
 * (the caller maps stored attempts to this). `calls` are the submitted
 * execution calls; `retrievals` counts the retrieval calls made.
 */
export interface PersonAttempt {
  attemptId: string
  taskId: string
  actor: string
  finished: boolean
  /** Epoch ms. */
  started: number
  /** Epoch ms; set on finished attempts. */
  ended?: number
  /** Active time. */
  elapsedMs: number
  /** The verdict against the gold; anything but `true` on a finished attempt counts as wrong. */
  correct?: boolean
  errorType?: string | null
  calls: { name: string; arguments: unknown }[]
  retrievals: number
  flags: { kind: string; comment: string; at: number }[]
  /** The attempt's setting (a study counts only those made in its own). */
  access?: string
  /** How its steps were made: call source (`ui`: tapped on the phone, `api`: window.spieval, `agent`: an in-page agent, ...) → steps. */
  sources?: Record<string, number>
  /** Made after the person received the task's gold (a review, the editor, an unseal, a fork): practice, never counted. */
  afterGold?: boolean
}

/** What decides whether an attempt counts: whose, at which task, finished, blind, and its place in time. */
export interface Countable {
  actor: string
  taskId: string
  finished: boolean
  afterGold?: boolean
  order: FinishedAttempt
}

/**
 * The attempts that count, in input order: for each person and task, the
 * first finished attempt made blind (earliest end; on a tie, the earlier
 * start, then the smaller id). An attempt made after its person received the
 * task's gold (`afterGold`) is practice, and unfinished attempts never count:
 * a person who saw the gold first has no counted attempt at that task.
 */
export function countedOf<T>(attempts: readonly T[], countable: (attempt: T) => Countable): T[] {
  const first = new Map<string, { attempt: T; order: FinishedAttempt }>()
  for (const attempt of attempts) {
    const c = countable(attempt)
    if (!c.finished || c.afterGold) continue
    const key = JSON.stringify([c.actor, c.taskId])
    const held = first.get(key)
    if (!held || byFinish(c.order, held.order) < 0) first.set(key, { attempt, order: c.order })
  }
  const kept = new Set([...first.values()].map((f) => f.attempt))
  return attempts.filter((a) => kept.has(a))
}

/** {@link countedOf} for the people's statistics (baseline, agreement, cross-validation, a study's dashboard). */
export function countedAttempts(attempts: readonly PersonAttempt[]): PersonAttempt[] {
  return countedOf(attempts, (a) => ({ ...a, order: { ...a, id: a.attemptId } }))
}

/** Finished attempts made after their person received the task's gold: listed as practice, never counted. */
export function isPractice(attempt: Pick<PersonAttempt, 'finished' | 'afterGold'>): boolean {
  return attempt.finished && attempt.afterGold === true
}

/** What orders finished attempts: their end (or start + active time), start and id. */
export interface FinishedAttempt {
  id: string
  started: number
  ended?: number
  elapsedMs: number
}

/**
 * Orders finished attempts, latest last: by end, then start, then id (code
 * units). The statistics count the first blind one ({@link countedOf}), and an
 * export writes it last, so that the scorer's "last line wins" keeps it too.
 */
export function byFinish(a: FinishedAttempt, b: FinishedAttempt): number {
  return endOf(a) - endOf(b) || a.started - b.started || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

const endOf = (a: FinishedAttempt) => a.ended ?? a.started + a.elapsedMs

/**
 * A canonical text for a set of submitted execution calls, equal when two
 * answers are the same answer: calls compared as a multiset (order ignored),
 * arguments as a JSON string or an object alike, keys in any order, an
 * explicit `null` argument the same as none, array values as multisets, the
 * string "100" not the number 100. Retrieval calls (`search_*`) are ignored;
 * arguments that are not a JSON object are kept as given, so they only equal
 * the very same text.
 *
 * With `task`, what its gold leaves open does not tell answers apart, as it
 * does not for scoring: a parameter free in every gold call of its tool is
 * left out (two messages to the same number with other words are one answer),
 * and one the gold lets be left out, with one value otherwise, stands for that
 * value when left out (`type: "VOICE"` and no `type`). Acceptable values that
 * differ still differ: people calling two numbers the gold both accepts
 * answered differently, which is what a split task shows.
 */
export function callSignature(calls: readonly { name: string; arguments: unknown }[], task?: Pick<Task, 'answer' | 'freeParams'>): string {
  const texts = calls
    .filter((c) => !isRetrievalToolName(c.name))
    .map((c) => {
      const parsed = parseArguments(c.arguments)
      if (!('args' in parsed)) return canonicalText({ name: c.name, unparsed: c.arguments })
      return canonicalText({ name: c.name, arguments: task ? asTheGoldReads(parsed.args, openParams(task, c.name)) : parsed.args })
    })
  return `[${texts.sort().join(',')}]`
}

/** What a task's gold leaves open in calls of one tool (see callSignature). */
interface OpenParams {
  free: ReadonlySet<string>
  defaults: ReadonlyMap<string, unknown>
}

function openParams(task: Pick<Task, 'answer' | 'freeParams'>, tool: string): OpenParams {
  const golds = task.answer.flatMap((call, i) => (call.name === tool ? [{ call, free: task.freeParams[i] ?? [] }] : []))
  const [first, ...others] = golds
  if (!first) return { free: new Set(), defaults: new Map() }
  const free = new Set(first.free.filter((param) => others.every((g) => g.free.includes(param))))
  const defaults = new Map<string, unknown>()
  for (const param of Object.keys(first.call.arguments)) {
    const lists = golds.map((g) => (Object.hasOwn(g.call.arguments, param) ? g.call.arguments[param] : undefined))
    if (!lists.every((list) => list?.includes(null))) continue
    const values = lists.flatMap((list) => (list ?? []).filter((v) => v !== null))
    const [value] = values
    if (value !== undefined && new Set(values.map(canonicalText)).size === 1) defaults.set(param, value)
  }
  return { free, defaults }
}

function asTheGoldReads(args: Record<string, unknown>, open: OpenParams): Record<string, unknown> {
  const read: Record<string, unknown> = {}
  for (const [param, value] of Object.entries(args)) if (!open.free.has(param) && value !== null && value !== undefined) setOwn(read, param, value)
  for (const [param, value] of open.defaults) if (!Object.hasOwn(read, param)) setOwn(read, param, value)
  return read
}

/** JSON with object keys sorted and array items sorted (arrays compare as multisets). */
function canonicalText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalText).sort().join(',')}]`
  if (isPlainObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalText(value[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/** The median (the mean of the two middle values for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const hi = sorted[mid] ?? 0
  return sorted.length % 2 === 1 ? hi : ((sorted[mid - 1] ?? 0) + hi) / 2
}

/** Items grouped by a key, groups and items in input order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}
