/**
 * Structural reading of the live keys: a task's `prompt_metadata`
 * (`expected_state`, `friction`, `verify`, `ordered`) and a tool's `x-effect`.
 * Problems are sentences naming the key, pushed to `problems`, in the style
 * of the task reader (parse.ts). What needs the rest of the data set (known
 * apps and fields, `where` naming one record, tools that exist) is
 * {@link liveProblems}'s.
 */
import { isPlainObject } from '../base/text'
import { hasOwn, ownValue, setOwn } from '../base/own'
import { CHANGE_OPS, STAMP_KINDS, VERIFY_MODES } from '../dataset/liveTypes'
import type { ChangeOp, Effect, ExpectedChange, FrictionRule, LiveMetadata, StampKind, Verify } from '../dataset/liveTypes'
import type { PlannerMetadata } from '../dataset/plannerTypes'

const EXPECTED_KEYS = ['app', 'op', 'where', 'record']
const FRICTION_KEYS = ['tool', 'on', 'requires', 'error']
const EFFECT_KEYS = ['app', 'op', 'where', 'fields', 'set', 'stamp']

/** The key of `x-effect` in a tool's `function` object. */
export const EFFECT_KEY = 'x-effect'

/**
 * Reads the live keys of a task's `prompt_metadata`. Absent (or null) keys
 * stay absent; a malformed key adds its problems and is left out.
 */
export function readLiveMetadata(meta: Record<string, unknown>, problems: string[]): LiveMetadata {
  const live: LiveMetadata = {}
  const expected = ownValue(meta, 'expected_state')
  if (expected !== undefined && expected !== null) {
    const read = readExpectedState(expected, problems)
    if (read) live.expectedState = read
  }
  const friction = ownValue(meta, 'friction')
  if (friction !== undefined && friction !== null) {
    const read = readFriction(friction, problems)
    if (read) live.friction = read
  }
  const verify = ownValue(meta, 'verify')
  if (verify !== undefined && verify !== null) {
    if (typeof verify === 'string' && (VERIFY_MODES as readonly string[]).includes(verify)) live.verify = verify as Verify
    else problems.push(`"prompt_metadata.verify" must be one of ${VERIFY_MODES.join(', ')} (got ${JSON.stringify(verify)})`)
  }
  // A state verdict needs the changes to check; without them it would pass any attempt that changed nothing.
  if ((live.verify === 'state' || live.verify === 'both') && (expected === undefined || expected === null))
    problems.push(`"prompt_metadata.verify" is "${live.verify}" but there is no "expected_state" (use [] for "nothing may change")`)
  const ordered = ownValue(meta, 'ordered')
  if (ordered !== undefined && ordered !== null) {
    if (typeof ordered === 'boolean') live.ordered = ordered
    else problems.push(`"prompt_metadata.ordered" must be true or false (got ${JSON.stringify(ordered)})`)
  }
  return live
}

/** The key of a sealed line that keeps what the runtime needs (src/core/seal/seal.ts writes it). */
export const SEALED_RUNTIME_KEY = 'runtime'

/** The key of a sealed line's `runtime` that keeps what a planner task's runtime reads. */
export const SEALED_PLANNER_KEY = 'planner'

/** What a sealed line's `runtime` gives its task: the state it runs in, and what the runtime reads of a planner task. */
export interface SealedRuntime {
  live: LiveMetadata
  /** Set for a planner task: it is one (its last answer is kept as its reply), and what `Ask_User` answers. */
  planner?: PlannerMetadata
}

/**
 * Reads a sealed line's `runtime`: `{"state": "live" | "static",
 * "friction"?: [...], "planner"?: {"user_replies"?: [{"reply": text}]}}`,
 * what a participant's phone needs to run the task as everyone meets it. It
 * reveals that the task runs live, that it is a planner task and what the
 * user answers when asked, not what the task expects; any other key could be
 * gold left in, so it is refused.
 */
export function readSealedRuntime(value: unknown, problems: string[]): SealedRuntime {
  const at = `"${SEALED_RUNTIME_KEY}"`
  if (!isPlainObject(value)) {
    problems.push(`${at} must be an object with "state"`)
    return { live: {} }
  }
  unknownKeys(value, ['state', 'friction', SEALED_PLANNER_KEY], at, problems)
  const state = ownValue(value, 'state')
  if (state !== 'live' && state !== 'static') problems.push(`${at}.state must be "live" or "static"`)
  const live: LiveMetadata = state === 'static' ? {} : { runsLive: true }
  const friction = ownValue(value, 'friction')
  if (friction !== undefined) {
    if (state === 'static') problems.push(`${at}.friction is for a task that runs live, but "state" is "static"`)
    const read = readFriction(friction, problems)
    if (read) live.friction = read
  }
  const planner = ownValue(value, SEALED_PLANNER_KEY)
  return planner === undefined ? { live } : { live, planner: readSealedPlanner(planner, `${at}.${SEALED_PLANNER_KEY}`, problems) }
}

/** A sealed planner task's readable part: only its scripted replies to `Ask_User` (its other keys judge it). */
function readSealedPlanner(value: unknown, at: string, problems: string[]): PlannerMetadata {
  if (!isPlainObject(value)) {
    problems.push(`${at} must be an object`)
    return {}
  }
  unknownKeys(value, ['user_replies'], at, problems)
  const replies = ownValue(value, 'user_replies')
  if (replies === undefined) return {}
  const valid =
    Array.isArray(replies) && replies.every((reply) => isPlainObject(reply) && typeof reply.reply === 'string' && Object.keys(reply).length === 1)
  if (valid) return { userReplies: replies.map((reply) => (reply as { reply: string }).reply) }
  problems.push(`${at}.user_replies must be a list of {"reply": text}, with no other key`)
  return {}
}

/** The verify mode in force: as given, else `both` with expected state and `calls` without. */
export function verifyOf(live: LiveMetadata | undefined): Verify {
  return live?.verify ?? (live?.expectedState ? 'both' : 'calls')
}

/**
 * The state a new attempt takes when none is asked for: `live` for a task
 * that expects changes or meets friction (neither exists without it), or a
 * sealed one marked so, otherwise `static`, the published protocol.
 */
export function defaultState(task: { live?: LiveMetadata }): 'static' | 'live' {
  return task.live?.expectedState || task.live?.friction || task.live?.runsLive ? 'live' : 'static'
}

/** Whether a task is correct under its verify mode. A missing state verdict (a static attempt) fails `state` and `both`. */
export function correctUnder(verify: Verify, callsCorrect: boolean, stateCorrect: boolean | undefined): boolean {
  if (verify === 'calls') return callsCorrect
  if (verify === 'state') return stateCorrect === true
  return callsCorrect && stateCorrect === true
}

function readExpectedState(value: unknown, problems: string[]): ExpectedChange[] | undefined {
  if (!Array.isArray(value)) {
    problems.push('"prompt_metadata.expected_state" must be a list of changes')
    return undefined
  }
  const before = problems.length
  const changes: ExpectedChange[] = []
  value.forEach((entry: unknown, i) => {
    const at = `"expected_state[${i}]`
    if (!isPlainObject(entry)) return void problems.push(`${at}" must be an object with "app" and "op"`)
    unknownKeys(entry, EXPECTED_KEYS, `${at}"`, problems)
    const app = readApp(entry.app, `${at}.app"`, problems)
    const op = readOp(entry.op, `${at}.op"`, problems)
    const change: ExpectedChange = { app: app ?? '', op: op ?? 'insert' }
    if (hasOwn(entry, 'where')) {
      if (op === 'insert') problems.push(`${at}.where" is for an update or a delete; an insert names no record`)
      const where = readWhere(entry.where, `${at}.where"`, problems)
      if (where) change.where = where
    } else if (op === 'update' || op === 'delete') problems.push(`${at}" (${op}) needs "where" naming the record`)
    if (hasOwn(entry, 'record')) {
      if (op === 'delete') problems.push(`${at}.record" is for an insert or an update; a delete writes no fields`)
      const record = readAcceptableRecord(entry.record, `${at}.record"`, problems)
      if (record) {
        change.record = record
        if (op === 'update' && Object.keys(record).length === 0)
          problems.push(`${at}.record" of an update must list at least one field`)
      }
    } else if (op === 'update') problems.push(`${at}" (update) needs "record" listing the fields it changes`)
    changes.push(change)
  })
  return problems.length === before ? changes : undefined
}

function readFriction(value: unknown, problems: string[]): FrictionRule[] | undefined {
  if (!Array.isArray(value)) {
    problems.push('"prompt_metadata.friction" must be a list of rules')
    return undefined
  }
  const before = problems.length
  const rules: FrictionRule[] = []
  value.forEach((entry: unknown, i) => {
    const at = `"friction[${i}]`
    if (!isPlainObject(entry)) return void problems.push(`${at}" must be an object with "tool" and "error"`)
    unknownKeys(entry, FRICTION_KEYS, `${at}"`, problems)
    const { tool, on, requires, error } = entry
    if (typeof tool !== 'string' || tool === '') problems.push(`${at}.tool" must be a tool name`)
    if (typeof error !== 'string' || error.trim() === '') problems.push(`${at}.error" must be the message the refused call answers`)
    const rule: FrictionRule = { tool: String(tool), error: String(error) }
    if (on !== undefined) {
      if (!Array.isArray(on) || on.length === 0 || !on.every((n) => Number.isInteger(n) && (n as number) >= 1))
        problems.push(`${at}.on" must be a non-empty list of call numbers (1 = the first otherwise valid call)`)
      else rule.on = on as number[]
    }
    if (requires !== undefined) {
      if (!Array.isArray(requires) || requires.length === 0 || !requires.every((t) => typeof t === 'string' && t !== ''))
        problems.push(`${at}.requires" must be a non-empty list of tool names`)
      else rule.requires = requires as string[]
    }
    rules.push(rule)
  })
  return problems.length === before ? rules : undefined
}

/**
 * Reads a tool's `x-effect` (an extra key of its `function` object).
 * Undefined when there is none, or when it is malformed (with problems).
 */
export function readEffect(fn: Record<string, unknown>, problems: string[]): Effect | undefined {
  if (!hasOwn(fn, EFFECT_KEY)) return undefined
  const value = fn[EFFECT_KEY]
  const at = `"${EFFECT_KEY}`
  if (!isPlainObject(value)) {
    problems.push(`${at}" must be an object with "app" and "op"`)
    return undefined
  }
  const before = problems.length
  unknownKeys(value, EFFECT_KEYS, `${at}"`, problems)
  const app = readApp(value.app, `${at}.app"`, problems)
  const op = readOp(value.op, `${at}.op"`, problems)
  const effect: Effect = { app: app ?? '', op: op ?? 'insert' }
  if (hasOwn(value, 'where')) {
    if (op === 'insert') problems.push(`${at}.where" is for an update or a delete; an insert acts on no existing record`)
    const where = readNames(value.where, `${at}.where"`, 'record field → argument name', problems)
    if (where && Object.keys(where).length === 0) problems.push(`${at}.where" must name at least one field`)
    if (where) effect.where = where
  } else if (op === 'update' || op === 'delete') problems.push(`${at}" (${op}) needs "where": record field → argument name`)
  if (hasOwn(value, 'fields')) {
    if (op === 'delete') problems.push(`${at}.fields" is for an insert or an update; a delete writes nothing`)
    const fields = readNames(value.fields, `${at}.fields"`, 'argument name → record field', problems)
    if (fields) effect.fields = fields
  }
  if (hasOwn(value, 'set')) {
    if (op === 'delete') problems.push(`${at}.set" is for an insert or an update; a delete writes nothing`)
    const set = value.set
    if (!isPlainObject(set)) problems.push(`${at}.set" must be an object: record field → value`)
    else {
      for (const [field, v] of Object.entries(set))
        if (v === null) problems.push(`${at}.set.${field}" is null; leave the field out instead`)
      effect.set = copyOwn(set)
    }
  }
  if (hasOwn(value, 'stamp')) {
    if (op === 'delete') problems.push(`${at}.stamp" is for an insert or an update; a delete writes nothing`)
    const stamp = value.stamp
    if (!isPlainObject(stamp)) problems.push(`${at}.stamp" must be an object: record field → ${STAMP_KINDS.join(' | ')}`)
    else {
      for (const [field, kind] of Object.entries(stamp)) {
        if (typeof kind !== 'string' || !(STAMP_KINDS as readonly string[]).includes(kind))
          problems.push(`${at}.stamp.${field}" must be one of ${STAMP_KINDS.join(', ')} (got ${JSON.stringify(kind)})`)
        // A record keeps its id: what a task or a later call names it by must not change under it.
        if (kind === 'id' && op !== 'insert') problems.push(`${at}.stamp.${field}" is "id", which only an insert gives`)
      }
      effect.stamp = copyOwn(stamp) as Record<string, StampKind>
    }
  }
  return problems.length === before ? effect : undefined
}

function unknownKeys(value: Record<string, unknown>, known: readonly string[], at: string, problems: string[]): void {
  for (const key of Object.keys(value))
    if (!known.includes(key)) problems.push(`${at} has unknown key "${key}" (known: ${known.join(', ')})`)
}

function readApp(value: unknown, at: string, problems: string[]): string | undefined {
  if (typeof value === 'string' && value !== '') return value
  problems.push(`${at} must be an app key`)
  return undefined
}

function readOp(value: unknown, at: string, problems: string[]): ChangeOp | undefined {
  if (typeof value === 'string' && (CHANGE_OPS as readonly string[]).includes(value)) return value as ChangeOp
  problems.push(`${at} must be one of ${CHANGE_OPS.join(', ')} (got ${JSON.stringify(value)})`)
  return undefined
}

function readWhere(value: unknown, at: string, problems: string[]): Record<string, unknown> | undefined {
  if (!isPlainObject(value) || Object.keys(value).length === 0) {
    problems.push(`${at} must be an object of record field → value, with at least one field`)
    return undefined
  }
  for (const [field, v] of Object.entries(value))
    if (v === null) problems.push(`${at.slice(0, -1)}.${field}" is null; name the record by values it has`)
  return copyOwn(value)
}

function readAcceptableRecord(value: unknown, at: string, problems: string[]): Record<string, unknown[]> | undefined {
  if (!isPlainObject(value)) {
    problems.push(`${at} must be an object of record field → list of acceptable values`)
    return undefined
  }
  const record: Record<string, unknown[]> = {}
  for (const [field, values] of Object.entries(value)) {
    const fieldAt = `${at.slice(0, -1)}.${field}"`
    if (!Array.isArray(values)) problems.push(`${fieldAt} must be a list of acceptable values`)
    else if (values.length === 0) problems.push(`${fieldAt} lists no acceptable value`)
    else setOwn(record, field, values as unknown[])
  }
  return record
}

function readNames(value: unknown, at: string, shape: string, problems: string[]): Record<string, string> | undefined {
  if (!isPlainObject(value)) {
    problems.push(`${at} must be an object: ${shape}`)
    return undefined
  }
  const names: Record<string, string> = {}
  for (const [key, name] of Object.entries(value)) {
    if (typeof name === 'string' && name !== '') setOwn(names, key, name)
    else problems.push(`${at.slice(0, -1)}.${key}" must be a name (${shape})`)
  }
  return names
}

function copyOwn(value: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) setOwn(copy, key, v)
  return copy
}
