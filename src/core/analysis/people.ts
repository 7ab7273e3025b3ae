import { isRetrievalToolName } from '../apps/registry'
import { isPlainObject } from '../dataset/text'
import { parseArguments } from '../tools/runtime'

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
}

/**
 * The attempts statistics count: for each person and task, the latest
 * finished attempt (greatest end; on a tie, the later start, then the greater
 * id: the order in which an export's lines put them, so that the scorer's
 * "last line wins" picks the same one). Unfinished attempts never count.
 * Returned in input order.
 */
export function countedAttempts(attempts: readonly PersonAttempt[]): PersonAttempt[] {
  const latest = new Map<string, PersonAttempt>()
  const finish = (a: PersonAttempt): FinishedAttempt => ({ ...a, id: a.attemptId })
  for (const a of attempts) {
    if (!a.finished) continue
    const key = `${a.actor}\u0000${a.taskId}`
    const held = latest.get(key)
    if (!held || byFinish(finish(a), finish(held)) >= 0) latest.set(key, a)
  }
  const kept = new Set(latest.values())
  return attempts.filter((a) => kept.has(a))
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
 * units). The one order of "latest": the statistics count the last one, and an
 * export writes it last, so that the scorer's "last line wins" keeps it too.
 */
export function byFinish(a: FinishedAttempt, b: FinishedAttempt): number {
  return endOf(a) - endOf(b) || a.started - b.started || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

const endOf = (a: FinishedAttempt) => a.ended ?? a.started + a.elapsedMs

/**
 * A canonical text for a set of submitted execution calls, equal exactly when
 * two answers are the same for scoring: calls compared as a multiset (order
 * ignored), arguments as a JSON string or an object alike, keys in any order,
 * an explicit `null` argument the same as none, array values as multisets,
 * the string "100" not the number 100. Retrieval calls (`search_*`) are
 * ignored; arguments that are not a JSON object are kept as given, so they
 * only equal the very same text.
 */
export function callSignature(calls: readonly { name: string; arguments: unknown }[]): string {
  const texts = calls
    .filter((c) => !isRetrievalToolName(c.name))
    .map((c) => {
      const parsed = parseArguments(c.arguments)
      return canonicalText('args' in parsed ? { name: c.name, arguments: parsed.args } : { name: c.name, unparsed: c.arguments })
    })
  return `[${texts.sort().join(',')}]`
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
