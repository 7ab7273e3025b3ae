import type { AgentMessage, TokenUsage } from '../agent/types'
import type { StateVerdict } from '../live/verdict'
import type { TaskVerdict } from '../score/types'
import type { Setting } from '../tools/types'
import type { TrajectoryStep } from '../tools/steps'
import type { AccessSetting } from '../dataset/types'

export { ACCESS_SETTINGS, isAccessSetting } from '../dataset/types'
export type { AccessSetting } from '../dataset/types'

/** An attempt's setting: a person's access, or a model setting (`no_search` comes from agents). */
export type AttemptSetting = AccessSetting | 'no_search'

/** The runtime setting behind an attempt's setting: browsing shows every hit, like a real phone. */
export function runtimeSetting(setting: AttemptSetting): Setting {
  return setting === 'browse' ? 'full' : setting
}

/** Which run, repeat and model an agent runner's attempt belongs to (and its prompt template, when not the default). */
export interface RunTag {
  id: string
  repeat: number
  model: string
  template?: string
}

/** Where a fork came from: the parent attempt and how many of its steps the fork inherited. */
export interface ForkOrigin {
  attemptId: string
  step: number
}

/** The verdict kept with a finished attempt. */
export interface AttemptVerdict {
  correct: boolean
  errorType: string | null
  mismatches: unknown[]
  /** In live state, when the task names the changes it expects: the state verdict. */
  state?: { correct: boolean; errorType: string | null; mismatches: unknown[] }
  /** Beside a state verdict: the calls' own verdict (`correct` above is the task's under its verify mode). */
  calls?: { correct: boolean; errorType: string | null }
}

/**
 * How a finished attempt's kept calls, and in live state its changes, pair
 * with the gold: what a review lays a stored verdict out with. Worked out
 * again from the steps when shown, and never a verdict itself.
 */
export interface VerdictExplanation {
  pairing: TaskVerdict['pairing']
  checks: TaskVerdict['checks']
  /** In live state: each expected change with the record it was checked against. */
  statePairing?: StateVerdict['pairing']
  /** A planner task's conditions as the steps met them (the memories used and missing, the skills loaded). */
  conditions?: TaskVerdict['conditions']
}

/**
 * Run-level random friction (a robustness study): each otherwise valid
 * execution call fails transiently with probability `rate`, decided by
 * (seed, task, run, call index), so a rerun meets the same failures.
 */
export interface FailureRate {
  rate: number
  seed: number | string
}

/** Whether an attempt's calls change its own copy of the records (docs/reference.md, "Live state"). */
export type AttemptState = 'static' | 'live'

export const ATTEMPT_STATES: readonly AttemptState[] = ['static', 'live']

/** An asked-for state: `static`, `live`, or absent (the task's default); anything else is refused naming the valid ones. */
export function readAttemptState(value: unknown): AttemptState | undefined {
  if (value === undefined || value === null) return undefined
  if (value === 'static' || value === 'live') return value
  throw new Error(`Unknown state ${JSON.stringify(value)}: use one of ${ATTEMPT_STATES.join(', ')}.`)
}

/** What a finished attempt keeps of the scorer's verdict (the kernel's finish, and an import's re-scoring). */
export function keptVerdict(verdict: Pick<AttemptVerdict, 'correct' | 'errorType' | 'mismatches' | 'state' | 'calls'>): AttemptVerdict {
  const { state, calls } = verdict
  return {
    correct: verdict.correct,
    errorType: verdict.errorType,
    mismatches: verdict.mismatches,
    ...(state ? { state: { correct: state.correct, errorType: state.errorType, mismatches: state.mismatches } } : {}),
    ...(calls ? { calls: { correct: calls.correct, errorType: calls.errorType } } : {}),
  }
}

/**
 * An attempt as every host knows it. Storage rows extend it (the page's adds
 * its data set, screen and flags).
 */
export interface AttemptInfo {
  id: string
  taskId: string
  access: AttemptSetting
  /** Who made the attempt: the annotator's name, or a model's. */
  actor: string
  /** Epoch ms. */
  started: number
  /** Active time so far. */
  elapsedMs: number
  finished: boolean
  ended?: number
  verdict?: AttemptVerdict
  /** Calls made, as last summarised (exact once finished). */
  callCount?: number
  run?: RunTag
  parent?: ForkOrigin
  /** `live` when calls change the attempt's own records; absent is `static`, the published protocol. */
  state?: AttemptState
  /** Random friction of the attempt's run, when it has one. */
  failure?: FailureRate
  /** The content fingerprint of the task as it was when the attempt was opened (src/core/authoring), so a revision can tell the attempts made on an earlier version. */
  taskFingerprint?: string
  /**
   * The content fingerprint of the task version the stored `verdict` was
   * computed against: the version played at the finish, or the one a
   * re-scoring (src/core/verdict) judged the stored steps against.
   */
  verdictFingerprint?: string
  /**
   * Made after its actor had received the task's gold (a verdict's diff, the
   * editor, an unseal, a fork of a finished attempt): practice, left out of
   * baselines, agreement and cross-validation. Absent is a blind attempt.
   */
  afterGold?: true
}

/** How an actor came to receive a task's gold. */
export type GoldSource = 'verdict' | 'editor' | 'unseal' | 'fork'

/** The fact that an actor received a task's gold, as a sink keeps it (the first time counts). */
export interface GoldReceipt {
  actor: string
  taskId: string
  via: GoldSource
  /** Epoch ms. */
  at: number
}

/** What an agent's loop has said so far in an attempt, stored whole after every turn. */
export interface StoredTurns {
  messages: AgentMessage[]
  usage: TokenUsage
  turns: number
  stop?: string
  error?: string
  /**
   * How many steps these turns cover. Steps past it belong to a turn that was
   * never stored whole (the page closed in the middle of it): a resume drops
   * them, and the model takes that turn again. Missing on turns stored before
   * this was kept: then every step counts.
   */
  covered?: number
}

/** A step in a fork that was copied from its parent. */
export interface InheritedStep extends TrajectoryStep {
  inherited: true
}

/** What a sink stores when an attempt opens: the attempt, and a fork's inherited steps with it. */
export interface AttemptStart {
  attempt: AttemptInfo
  inherited: readonly TrajectoryStep[]
}

/** What a sink gives back to resume an attempt. */
export interface StoredAttempt {
  attempt: AttemptInfo
  steps: TrajectoryStep[]
  turns?: StoredTurns
}

/** What a finish stores; no verdict when the task's gold is sealed away (the attempt is only *submitted*). */
export interface AttemptEnd {
  verdict?: AttemptVerdict
  /** With a verdict: the fingerprint of the task version it was computed against. */
  verdictFingerprint?: string
  callCount: number
}

/** What a host adds to a step it stores (the page: the screen the call moved the phone to). */
export interface StepNote {
  screen?: string
}

/**
 * Where an attempt's steps go: IndexedDB in the page, memory or files in
 * Node. Every method resolves once the change is stored, and rejects if it
 * was not; the kernel decides what a failure means.
 */
export interface AttemptSink {
  /** Stores a new attempt (with a fork's inherited steps), in one write. */
  create(start: AttemptStart): Promise<void>
  /** The attempt with its steps and turns, as stored. */
  read(attemptId: string): Promise<StoredAttempt | undefined>
  /** Stores a new step, or a step's withdrawal. */
  writeStep(attemptId: string, step: TrajectoryStep, note: StepNote): Promise<void>
  /** Stores an agent's conversation so far, with the count of steps it covers. */
  writeTurns(attemptId: string, turns: StoredTurns): Promise<void>
  /** Removes the steps from `from` on (those of a turn never stored whole). */
  dropSteps(attemptId: string, from: number): Promise<void>
  /** Ends the attempt with its verdict. */
  finish(attemptId: string, end: AttemptEnd): Promise<void>
  /** Keeps that an actor received a task's gold; a later receipt of the same pair changes nothing. */
  recordGold(receipt: GoldReceipt): Promise<void>
  /** Whether the actor has received the task's gold (a receipt is kept). */
  goldReceived(actor: string, taskId: string): Promise<boolean>
}

/**
 * One tab leads an attempt or a run: only the leader writes. `lead` calls back
 * with `true` when this holder leads (at once, or later when the leader lets
 * go) and `false` while another leads; it returns the release.
 */
export interface LeadLock {
  lead(key: string, onChange: (leading: boolean) => void): () => void
}
