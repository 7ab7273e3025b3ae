import type { AttemptVerdict } from '../attempt/types'
import type { ArchivedAttempt, ArchivedStep } from '../archive/types'
import type { Profile, Task, TaskRecords, ToolSchema } from '../dataset/types'
import type { AgentCard, Skill } from '../dataset/plannerTypes'
import type { RubricDecisions } from '../score/rubric'

/**
 * One version of a task, as a verdict is computed against it: the task, its
 * records, and its content fingerprint (src/core/authoring contentFingerprint
 * of the two), which is kept with the verdict to say which version it judged.
 */
export interface TaskVersion {
  task: Task
  records: TaskRecords
  fingerprint: string
}

/** What judging an attempt needs besides its task version: the data set's tools and profile (live effects stamp its "now"). */
export interface JudgeContext {
  tools: readonly ToolSchema[]
  profile: Profile
  /** The data set is sealed (no gold): the calls are judged, the attempt is never scored. */
  sealed?: boolean
  /** A planner data set's skills and sub-agents: with skills, a call's answer depends on what was loaded before it. */
  skills?: readonly Skill[]
  agents?: readonly AgentCard[]
}

/** What a data set gives every judgement of its attempts: its tools and profile, and its skills and sub-agents when it has them. */
export function judgeContext(dataset: Pick<JudgeContext, 'tools' | 'profile' | 'skills' | 'agents'>, sealed = false): JudgeContext {
  const { tools, profile, skills, agents } = dataset
  return { tools, profile, ...(sealed ? { sealed } : {}), ...(skills ? { skills } : {}), ...(agents ? { agents } : {}) }
}

/** A verdict as a person reads it: right or wrong, and why; in live state, the state verdict's too. */
export interface VerdictSummary {
  correct: boolean
  errorType: string | null
  state?: { correct: boolean; errorType: string | null }
}

/** An attempt whose verdict as given (in a file, or stored) is not the one the task version's gold gives. */
export interface VerdictChange {
  attemptId: string
  taskId: string
  actor: string
  /** As given. */
  stored: VerdictSummary
  /** As the task version's gold scores the attempt's calls; this one is kept. */
  recomputed: VerdictSummary
}

/**
 * An attempt judged again: its steps as the kernel's rules judge them, its
 * verdict (none when unfinished or sealed), the fingerprint of the task
 * version both were computed against, and how the verdict differs from the
 * one it had.
 */
export interface JudgedAttempt {
  steps: ArchivedStep[]
  verdict?: AttemptVerdict
  taskFingerprint: string
  change?: VerdictChange
}

/**
 * The re-scoring service's signature (src/core/verdict judgeAttempt). Storage
 * takes it from its caller, so that it stores what the service gives and
 * never scores itself.
 */
export type AttemptJudge = (attempt: ArchivedAttempt, version: TaskVersion, context: JudgeContext, decisions?: RubricDecisions) => Promise<JudgedAttempt>

/**
 * Whether an attempt's steps can only be judged by running its calls through
 * the kernel again: in live state a call's answer depends on the calls
 * before it (an update needs its record, a friction rule counts tries, a
 * requirement needs an earlier success), and a run's random failures refuse
 * calls that are valid by their schema. A schema check would take such a
 * refused call, marked `ok: true` in a file, as a submitted action. So do
 * skills: a skill's tool answers only once an earlier call loaded it.
 */
export function needsKernel(attempt: Pick<ArchivedAttempt, 'state' | 'failure'>, context: Pick<JudgeContext, 'skills'> = {}): boolean {
  return attempt.state === 'live' || attempt.failure !== undefined || (context.skills?.length ?? 0) > 0
}
