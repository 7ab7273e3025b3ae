import { ToolSession } from '../core'
import type { CallSource, Setting, Task, TaskRecords, ToolSchema, TrajectoryStep } from '../core'
import { saveStep } from '../db'

/**
 * A background attempt (an agent task nobody watches): the same runtime as
 * the phone's, in its own ToolSession, and every step in IndexedDB before the
 * caller sees it, as `callTool` does for the open task.
 */
export class Recorder {
  private session: ToolSession | undefined
  private attemptId = ''
  private started = 0

  /** Opens the task for an attempt; `restored` are its stored steps when it resumes. */
  open(
    task: Task,
    records: TaskRecords,
    tools: ToolSchema[],
    setting: Setting,
    attempt: { id: string; elapsedMs: number },
    restored: readonly TrajectoryStep[] = [],
  ): this {
    this.session = new ToolSession(task, tools, records, setting, restored)
    this.attemptId = attempt.id
    this.started = Date.now() - attempt.elapsedMs
    return this
  }

  /**
   * Runs a call and stores its step; never throws for a bad call. A storage
   * failure throws, and the step is taken back first, so that it is neither
   * scored nor repeated as if it had been stored.
   */
  async call(name: string, args: unknown, source: CallSource = 'agent'): Promise<TrajectoryStep> {
    const session = this.session
    if (!session) throw new Error('No task is open')
    const step = session.call(name, args, source)
    try {
      await saveStep(this.attemptId, step, { elapsedMs: this.elapsedMs() })
    } catch (err) {
      session.undo(step)
      throw err
    }
    return step
  }

  elapsedMs(): number {
    return Date.now() - this.started
  }

  callsMade(): number {
    return this.session?.trajectory().length ?? 0
  }

  /** The attempt's kept execution calls (what a person's verdict scores). */
  submittedCalls(): { name: string; arguments: unknown }[] {
    return this.session?.submittedCalls() ?? []
  }

  offeredTools(): ToolSchema[] {
    return this.session?.runtime.offeredTools() ?? []
  }
}
