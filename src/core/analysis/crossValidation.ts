import type { Task } from '../dataset/types'
import { toCsv } from '../results/table'
import { callSignature, countedAttempts, groupBy, isPractice } from './people'
import type { PersonAttempt } from './people'

/**
 * One person at one task: the attempt that counts (the first finished blind
 * one), else the latest unfinished blind one, else (`practice`) the latest of
 * the attempts made after the person saw the gold, which never count.
 */
export interface CrossValidationSolver {
  actor: string
  attemptId: string
  state: 'finished' | 'in progress' | 'practice'
  /** The verdict; null while in progress. */
  correct: boolean | null
  errorType: string | null
  /** {@link callSignature} of the submitted calls, as the task's gold reads them; null while in progress. */
  signature: string | null
  elapsedMs: number
  retrievals: number
  /** All of this person's attempts at the task, finished or not. */
  attempts: number
  /** Of those, the finished ones made after the person saw the gold: practice, listed but not counted. */
  practice: number
}

/**
 * Which group a task falls in: `wrong` when a solver's verdict is wrong
 * (a candidate for revising the gold), else `split` when the solvers
 * submitted different answers, else `ok` (agreed, one solver, or none yet).
 */
export type CrossValidationStatus = 'wrong' | 'split' | 'ok'

export interface CrossValidationRow {
  taskId: string
  type: string
  instruction: string
  status: CrossValidationStatus
  /** One per person who opened the task, by name. */
  solvers: CrossValidationSolver[]
  /** People with a finished attempt, and how many of them reached the gold. */
  finished: number
  solved: number
  /** Distinct answers among the finished solvers. */
  answers: number
  /** Whether the finished solvers all submitted the same answer; null with fewer than two. */
  agree: boolean | null
  /** Every flag raised on the task, from any attempt, oldest first. */
  flags: { actor: string; kind: string; comment: string; at: number }[]
}

const GROUP: Record<CrossValidationStatus, number> = { wrong: 0, split: 1, ok: 2 }

/**
 * The cross-validation list, one row per task: tasks a solver got wrong
 * first, then tasks where solvers disagree with each other, then the rest,
 * each group in task order. Attempts at tasks not in `tasks` are left out.
 */
export function crossValidation(tasks: readonly Task[], attempts: readonly PersonAttempt[]): CrossValidationRow[] {
  const counted = new Set(countedAttempts(attempts))
  const byTask = groupBy(attempts, (a) => a.taskId)
  return tasks
    .map((task, index) => ({ row: taskRow(task, byTask.get(task.id) ?? [], counted), index }))
    .sort((a, b) => GROUP[a.row.status] - GROUP[b.row.status] || a.index - b.index)
    .map(({ row }) => row)
}

function taskRow(task: Task, attempts: PersonAttempt[], counted: Set<PersonAttempt>): CrossValidationRow {
  const byActor = groupBy(attempts, (a) => a.actor)
  const solvers = [...byActor.keys()].sort().map((actor): CrossValidationSolver => {
    const own = byActor.get(actor) ?? []
    const practice = own.filter(isPractice).length
    const kept = own.find((a) => counted.has(a))
    if (kept)
      return {
        actor,
        attemptId: kept.attemptId,
        state: 'finished',
        correct: kept.correct === true,
        errorType: kept.errorType ?? null,
        signature: callSignature(kept.calls, task),
        elapsedMs: kept.elapsedMs,
        retrievals: kept.retrievals,
        attempts: own.length,
        practice,
      }
    const blind = own.filter((a) => !a.afterGold)
    const open = (blind.length > 0 ? blind : own).reduce((a, b) => (b.started >= a.started ? b : a))
    const state = blind.length > 0 ? 'in progress' : 'practice'
    return { actor, attemptId: open.attemptId, state, correct: null, errorType: null, signature: null, elapsedMs: open.elapsedMs, retrievals: open.retrievals, attempts: own.length, practice }
  })
  const done = solvers.filter((s) => s.state === 'finished')
  const answers = new Set(done.map((s) => s.signature)).size
  const agree = done.length < 2 ? null : answers === 1
  const status: CrossValidationStatus = done.some((s) => !s.correct) ? 'wrong' : agree === false ? 'split' : 'ok'
  const flags = attempts.flatMap((a) => a.flags.map((f) => ({ actor: a.actor, kind: f.kind, comment: f.comment, at: f.at }))).sort((a, b) => a.at - b.at)
  return { taskId: task.id, type: task.type, instruction: task.instruction, status, solvers, finished: done.length, solved: done.filter((s) => s.correct).length, answers, agree, flags }
}

/**
 * The cross-validation list as CSV (RFC 4180), one line per row in the given
 * order: each solver as `name: correct | wrong (error type) | in progress`,
 * each flag as `name [kind]: comment`.
 */
export function crossValidationCsv(rows: readonly CrossValidationRow[]): string {
  const header = ['task', 'type', 'status', 'instruction', 'finished', 'solved', 'answers', 'agree', 'solvers', 'flags']
  return toCsv([
    header,
    ...rows.map((r) => [
      r.taskId,
      r.type,
      r.status,
      r.instruction,
      r.finished,
      r.solved,
      r.answers,
      r.agree === null ? '' : r.agree ? 'yes' : 'no',
      r.solvers.map(solverText).join('; '),
      r.flags.map((f) => `${f.actor} [${f.kind}]: ${f.comment}`).join('; '),
    ]),
  ])
}

function solverText(s: CrossValidationSolver): string {
  const practice = s.practice > 0 && s.state !== 'practice' ? ` (+${s.practice} practice)` : ''
  if (s.state !== 'finished') return `${s.actor}: ${s.state}${practice}`
  return `${s.actor}: ${s.correct ? 'correct' : `wrong${s.errorType ? ` (${s.errorType})` : ''}`}${practice}`
}
