/** Why a task's calls were scored wrong, in any data set (docs/reference.md). */
export type BaseErrorType = 'wrong_tool' | 'wrong_count' | 'missing_param' | 'wrong_value' | 'other' | 'no_response'

/**
 * What a planner task's memory and skill conditions find (its `skills` and
 * `memory`; docs/reference.md, "Planner tasks"). They come before every other
 * error, in this order: a task that loaded a forbidden skill is wrong for
 * that, whatever its calls.
 */
export type ConditionErrorType = 'skill_forbidden_loaded' | 'skill_not_loaded' | 'memory_not_used'

/**
 * What only a planner task's checks find: its conditions (first, see
 * {@link ConditionErrorType}), then its call checks (`order`, `extraneous`
 * and `mentions`), which count after every base error, in this order: a task
 * is wrong_order only when its calls are otherwise right.
 */
export type PlannerErrorType = ConditionErrorType | 'wrong_order' | 'extra_write' | 'mention_missing' | RubricErrorType

/**
 * What a rubric finds where it decides (the `agent_behavior` bucket), after
 * the conditions' errors: `rubric_pending` while items people have not
 * graded could still change whether it passes, `rubric_failed` when it fails
 * whatever they decide.
 */
export type RubricErrorType = 'rubric_pending' | 'rubric_failed'

/** Why a task was scored wrong; null when it is correct. */
export type ErrorType = BaseErrorType | PlannerErrorType

/** The error types every table lists: a published data set can make only these, and its tables keep their columns. */
export const ERROR_TYPES: readonly BaseErrorType[] = [
  'wrong_value',
  'wrong_count',
  'missing_param',
  'wrong_tool',
  'other',
  'no_response',
]

/** The planner error types, each group in its precedence (the conditions' come before the base types, the call checks' after): listed beside {@link ERROR_TYPES} only where some task made one. */
export const PLANNER_ERROR_TYPES: readonly PlannerErrorType[] = [
  'skill_forbidden_loaded',
  'skill_not_loaded',
  'memory_not_used',
  'wrong_order',
  'extra_write',
  'mention_missing',
  'rubric_pending',
  'rubric_failed',
]

/** Failures by error type: the base types always counted, a planner type once it occurs. */
export type ErrorCounts = Record<BaseErrorType, number> & Partial<Record<PlannerErrorType, number>>

/** The error types to list for some counts: every base type, then each planner type that some count has. */
export function errorTypesIn(counts: readonly ErrorCounts[]): ErrorType[] {
  return [...ERROR_TYPES, ...PLANNER_ERROR_TYPES.filter((e) => counts.some((c) => (c[e] ?? 0) > 0))]
}

export type { PredictedCall } from '../dataset/types'

/** How one parameter of a paired call compares with the gold. */
export type ParamStatus =
  | 'ok'
  /** a constrained parameter is absent and null is not acceptable */
  | 'missing'
  /** present, but equal to none of the acceptable values */
  | 'wrong_value'
  /** present, neither constrained nor free */
  | 'unexpected'
  /** a free parameter whose value does not fit the tool schema */
  | 'invalid'
  /** the call's arguments are not a JSON object */
  | 'unparseable'
  /** a planner task's call made before a call its `order` puts first (`expected`: that gold call's index) */
  | 'out_of_order'
  /** a planner task's free-text argument without a fact its `mentions` require (`expected`: the strings, or `any` lists, not found) */
  | 'mention_missing'

export interface ParamCheck {
  param: string
  status: ParamStatus
  /** Acceptable values (constrained parameters). */
  expected?: unknown[]
  /** The submitted value; absent when the parameter was left out. */
  got?: unknown
  free?: boolean
}

/** A failing parameter check, placed on its gold call and predicted call. */
export interface Mismatch extends ParamCheck {
  /** Index of the gold call (-1 for a predicted call with no gold partner). */
  gold: number
  /**
   * Index of the predicted call among the submitted actions (-1 for a gold
   * call with no predicted partner, and for an ask call beyond a planner
   * task's `extraneous` budget: param `(ask)`, its arguments in `got`).
   */
  predicted: number
  tool: string
}

/** The verdict on one task. */
export interface TaskVerdict {
  id: string
  correct: boolean
  errorType: ErrorType | null
  mismatches: Mismatch[]
  /** Best pairing as [gold index, predicted index]. */
  pairing: [number, number][]
  /** Every parameter check of every paired call, for a parameter-level diff. */
  checks: { gold: number; predicted: number; tool: string; params: ParamCheck[] }[]
  /**
   * When a planner task's verdict is that of one of its `alternatives` (its
   * index there), not of `answer`: gold indexes above are then that
   * alternative's calls. Absent for `answer`.
   */
  alternative?: number
  /** A planner task's memory and skill conditions, where it has any (see {@link ConditionVerdict}). */
  conditions?: ConditionVerdict
}

/**
 * How a trajectory met its task's memory and skill conditions. `memoryUsed`
 * and `memoryMissing` split `memory.required`; `memoryForbiddenUsed` is a
 * diagnostic only, never a gate; `skillsLoaded` lists every skill the
 * trajectory loaded, in order.
 */
export interface ConditionVerdict {
  memoryUsed: string[]
  memoryMissing: string[]
  memoryForbiddenUsed: string[]
  skillsLoaded: string[]
  /** The task's rubric, where it has one (see {@link RubricVerdict}). */
  rubric?: RubricVerdict
  /** The first failed condition; then, where the rubric decides, its error. */
  error: ConditionErrorType | RubricErrorType | null
}

/** Whether a rubric item was met: null for an item people grade that nobody has decided yet. */
export interface RubricItemOutcome {
  id: string
  met: boolean | null
}

/**
 * How a trajectory met its task's rubric. `score` is the points of the items
 * met over the positive points, clipped to 0..1, an undecided item counted as
 * not met. `passed` is true when the rubric passes whatever the undecided
 * items turn out to be, false when it fails whatever they turn out to be, and
 * null while they could still change it. `decides` is true in the
 * `agent_behavior` bucket, where the rubric (not the calls) is the task's
 * verdict; elsewhere the rubric is reported only.
 */
export interface RubricVerdict {
  score: number
  items: RubricItemOutcome[]
  /** The ids of the undecided items, in the rubric's order. */
  pending: string[]
  passed: boolean | null
  decides: boolean
}
