/**
 * Gold by demonstration: an author solves the task on the phone, and what
 * they did becomes the task's answer. Only kept actions count, as the scorer
 * counts them (successful execution calls, not withdrawn).
 */
import type { GoldCall, PhoneRecord, TaskRecords } from '../dataset/types'
import { setOwn } from '../base/own'
import type { ExpectedChange, StateChange } from '../dataset/liveTypes'
import { submittedOf } from '../tools/steps'
import type { TrajectoryStep } from '../tools/steps'

/** Each kept execution call becomes a gold call whose every argument has that one acceptable value; no parameter is free. */
export function goldFromCalls(steps: readonly Pick<TrajectoryStep, 'kind' | 'ok' | 'withdrawn' | 'name' | 'arguments'>[]): { answer: GoldCall[]; freeParams: string[][] } {
  const answer = submittedOf(steps).map((call) => {
    const args: Record<string, unknown[]> = {}
    const given = call.arguments !== null && typeof call.arguments === 'object' ? (call.arguments as Record<string, unknown>) : {}
    for (const [key, value] of Object.entries(given)) setOwn(args, key, [value])
    return { name: call.name, arguments: args }
  })
  return { answer, freeParams: answer.map(() => []) }
}

/**
 * The changes an attempt left, as the task's `expected_state`: an insert
 * expects the new record's fields as they are; an update expects the changed
 * fields; an update or delete names its record by the first field whose value
 * no other record of the app shares (the `where` must name exactly one).
 * A change whose record cannot be named so is left out and reported.
 */
export function expectedStateFromChanges(changes: readonly StateChange[], records: TaskRecords): { expected: ExpectedChange[]; unnamed: StateChange[] } {
  const expected: ExpectedChange[] = []
  const unnamed: StateChange[] = []
  for (const change of changes) {
    if (change.op === 'insert') {
      expected.push({ app: change.app, op: 'insert', record: acceptable(change.after ?? {}, Object.keys(change.after ?? {})) })
      continue
    }
    const where = change.before ? uniqueWhere(change.before, records[change.app as keyof TaskRecords] ?? []) : undefined
    if (!where) {
      unnamed.push(change)
      continue
    }
    if (change.op === 'delete') expected.push({ app: change.app, op: 'delete', where })
    else expected.push({ app: change.app, op: 'update', where, record: acceptable(change.after ?? {}, change.fields ?? []) })
  }
  return { expected, unnamed }
}

function acceptable(record: PhoneRecord, fields: readonly string[]): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {}
  for (const field of fields) if (Object.hasOwn(record, field)) setOwn(out, field, [record[field]])
  return out
}

function uniqueWhere(record: PhoneRecord, list: readonly PhoneRecord[]): Record<string, unknown> | undefined {
  for (const [field, value] of Object.entries(record)) {
    if (value === null || typeof value === 'object') continue
    if (list.filter((r) => r[field] === value).length !== 1) continue
    const where: Record<string, unknown> = {}
    setOwn(where, field, value)
    return where
  }
  return undefined
}
