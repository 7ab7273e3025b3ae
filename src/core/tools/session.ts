import type { Task, ToolSchema, TaskRecords } from '../dataset/types'
import { ToolRuntime, parseArguments } from './runtime'
import type { CallSource, Setting, ToolCall } from './types'
import type { PredictedCall } from '../score/types'
import { nonJsonProblem } from './jsonArguments'

/**
 * Arguments that JSON cannot carry (NaN, a BigInt, a cycle, a function): the
 * call is refused before anything is recorded, because its stored and exported
 * forms would differ. Hosts answer it as `ok: false` with this message.
 */
export class RefusedArguments extends Error {
  override name = 'RefusedArguments'
}

/** A call in a trajectory: its place, and whether the solver took it back before finishing. */
export interface TrajectoryStep extends ToolCall {
  seq: number
  withdrawn?: boolean
}

/**
 * What a trajectory submits, and so what is scored: its successful, not
 * withdrawn execution calls, in order, with their arguments as objects (a
 * model sends them as JSON text; a successful call's text always parses).
 */
export function submittedOf(steps: readonly Pick<TrajectoryStep, 'kind' | 'ok' | 'withdrawn' | 'name' | 'arguments'>[]): PredictedCall[] {
  return steps
    .filter((s) => s.kind === 'execution' && s.ok && !s.withdrawn)
    .map((s) => {
      const parsed = parseArguments(s.arguments)
      return { name: s.name, arguments: 'args' in parsed ? parsed.args : s.arguments }
    })
}

/**
 * One attempt at one task: the runtime plus the trajectory every call lands
 * in, whoever made it. Listeners see each step as it is recorded (the browser
 * persists it there).
 */
export class ToolSession {
  readonly runtime: ToolRuntime
  private readonly steps: TrajectoryStep[] = []
  private readonly listeners = new Set<(step: TrajectoryStep) => void>()

  constructor(
    readonly task: Pick<Task, 'id'>,
    tools: ToolSchema[],
    records: TaskRecords,
    setting: Setting,
    restored: readonly TrajectoryStep[] = [],
  ) {
    this.runtime = new ToolRuntime(tools, records, { setting })
    this.steps.push(...restored)
  }

  /**
   * Runs a call through the runtime and records it. A bad call is recorded
   * with `ok: false`; only arguments JSON cannot carry throw
   * {@link RefusedArguments}, and are recorded nowhere.
   */
  call(name: string, args: unknown, source: CallSource): TrajectoryStep {
    const refusal = typeof args === 'string' ? undefined : nonJsonProblem(args)
    if (refusal) throw new RefusedArguments(`${name}: ${refusal}`)
    const step: TrajectoryStep = { seq: this.steps.length, ...this.runtime.call(name, args, source) }
    this.steps.push(step)
    for (const listener of this.listeners) listener(step)
    return step
  }

  /** Marks an execution call as taken back; it stays in the trajectory. */
  withdraw(seq: number): TrajectoryStep | undefined {
    const step = this.steps[seq]
    if (!step || step.kind !== 'execution' || !step.ok) return undefined
    step.withdrawn = true
    for (const listener of this.listeners) listener(step)
    return step
  }

  /**
   * Takes back a step that could not be stored, so that nothing unsaved is
   * shown or scored: a new call is removed, a withdrawal undone.
   */
  undo(step: TrajectoryStep): void {
    const last = this.steps[this.steps.length - 1]
    if (!step.withdrawn && last === step) this.steps.pop()
    else if (step.withdrawn && this.steps[step.seq] === step) step.withdrawn = false
    for (const listener of this.listeners) listener(step)
  }

  /** Every step so far, in order. */
  trajectory(): readonly TrajectoryStep[] {
    return this.steps
  }

  /** What gets scored: the successful, not withdrawn execution calls, in order. */
  submittedCalls(): PredictedCall[] {
    return submittedOf(this.steps)
  }

  /** Subscribes to recorded and changed steps; returns the unsubscribe function. */
  subscribe(listener: (step: TrajectoryStep) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
