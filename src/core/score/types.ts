/** Why a task was scored wrong (docs/reference.md); null when it is correct. */
export type ErrorType = 'wrong_tool' | 'wrong_count' | 'missing_param' | 'wrong_value' | 'other' | 'no_response'

export const ERROR_TYPES: readonly ErrorType[] = [
  'wrong_value',
  'wrong_count',
  'missing_param',
  'wrong_tool',
  'other',
  'no_response',
]

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
  /** Index of the predicted call (-1 for a gold call with no predicted partner). */
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
}
