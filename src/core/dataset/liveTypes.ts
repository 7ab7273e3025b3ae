/**
 * Types of live state (docs/reference.md, "Live state"): effects of execution tools,
 * expected changes of a task, friction rules and the verify mode.
 */
import type { PhoneRecord, Profile } from './types'

/** What an effect or an expected change does to one record of an app. */
export type ChangeOp = 'insert' | 'update' | 'delete'

export const CHANGE_OPS: readonly ChangeOp[] = ['insert', 'update', 'delete']

/**
 * Where a stamped field's value comes from: `date` and `time` are the
 * profile's "now" (`YYYY-MM-DD`, `HH:MM:SS`); `name`, `phone` and
 * `paymentAccount` are the profile's own keys, for the fields that say who
 * sent or paid (the user, whoever the data set's profile is); `id` (an
 * insert only) is a fresh id, unique among the app's records in the task and
 * the same whenever the attempt's calls are replayed (a memory item's `mem_…`).
 */
export type StampKind = 'date' | 'time' | 'name' | 'phone' | 'paymentAccount' | 'id'

export const STAMP_KINDS: readonly StampKind[] = ['date', 'time', 'name', 'phone', 'paymentAccount', 'id']

/** The profile values a stamp reads; a {@link Profile} fits. */
export type StampSource = Pick<Profile, 'now' | 'name' | 'phone' | 'paymentAccount'>

/**
 * The `x-effect` of a tool's `function` object. On `insert`, `update`:
 * `set` and `stamp` are written first and the given arguments' `fields` last,
 * so a `set` value is a default an argument overrides.
 */
export interface Effect {
  app: string
  op: ChangeOp
  /** record field → argument: picks the one record an update or delete acts on. */
  where?: Record<string, string>
  /** argument → record field. */
  fields?: Record<string, string>
  /** record field → constant. */
  set?: Record<string, unknown>
  /** record field → where its value comes from. */
  stamp?: Record<string, StampKind>
}

/** One entry of `prompt_metadata.expected_state`. */
export interface ExpectedChange {
  app: string
  op: ChangeOp
  /** record field → value (update, delete): must name exactly one of the task's records. */
  where?: Record<string, unknown>
  /** record field → acceptable values (`null`: may be absent). Not on a delete. */
  record?: Record<string, unknown[]>
}

/** One entry of `prompt_metadata.friction`. A rule with both conditions refuses when both hold. */
export interface FrictionRule {
  tool: string
  /** Refuse the n-th otherwise valid call of the tool (1-based). */
  on?: number[]
  /** Refuse until each named tool has had a successful call earlier in the attempt. */
  requires?: string[]
  /** What the refused call answers. */
  error: string
}

/** Which verdicts make a task correct. */
export type Verify = 'calls' | 'state' | 'both'

export const VERIFY_MODES: readonly Verify[] = ['calls', 'state', 'both']

/** The live keys of a task's `prompt_metadata`, as read; absent keys stay absent. */
export interface LiveMetadata {
  expectedState?: ExpectedChange[]
  friction?: FrictionRule[]
  verify?: Verify
  ordered?: boolean
  /**
   * A sealed task's readable marker that it runs live: its `expected_state`
   * is sealed with the gold, yet participants must meet the task in the same
   * state as everyone else (src/core/seal, `runtime` of a sealed line).
   */
  runsLive?: true
}

/** A record's id within one attempt's state: `<app>:<index>` for the task's records, `<app>:n<k>` for the k-th inserted one. */
export type RecordId = string

/** One change between a task's records and an attempt's state, or made by one call. */
export interface StateChange {
  app: string
  op: ChangeOp
  id: RecordId
  /** The record before (update, delete). */
  before?: PhoneRecord
  /** The record after (insert, update). */
  after?: PhoneRecord
  /** The fields whose values differ (update). */
  fields?: string[]
}
