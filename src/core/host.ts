import type { Dataset, Profile, ToolSchema } from './dataset/types'
import { systemPrompt } from './agent/prompt'
import { ToolSession } from './tools/session'
import type { TrajectoryStep } from './tools/session'
import { readSetting } from './tools/types'
import type { CallSource, Setting } from './tools/types'
import { scoreTask, toolProperties } from './score/task'
import type { Mismatch, PredictedCall } from './score/types'

/** What opening a task gives an agent (the same object as window.spieval.open). */
export interface OpenedTask {
  id: string
  type: string
  instruction: string
  profile: Profile
  systemPrompt: string
  tools: ToolSchema[]
}

/** The verdict on a submitted attempt (the same object as window.spieval.submit). */
export interface SubmittedVerdict {
  id: string
  correct: boolean
  errorType: string | null
  calls: PredictedCall[]
  mismatches: Mismatch[]
}

/**
 * One data set with one open task at a time, in memory: what a Node host
 * (the MCP server, the agent runner's tests) needs. The browser keeps the
 * same flow in its session store, with IndexedDB behind it.
 */
export class TaskHost {
  private session: ToolSession | undefined
  private taskId: string | undefined

  constructor(readonly dataset: Dataset) {}

  listTasks(): { id: string; type: string; instruction: string }[] {
    return this.dataset.tasks.map((t) => ({ id: t.id, type: t.type, instruction: t.instruction }))
  }

  /** Opens a task with a fresh trajectory. Throws for an unknown id or setting. */
  open(taskId: string, requested: Setting | string = 'paginated'): OpenedTask {
    const setting = readSetting(requested)
    const task = this.dataset.tasks.find((t) => t.id === taskId)
    if (!task) throw new Error(`Unknown task "${taskId}". Use list_tasks to see the ids.`)
    const records = this.dataset.records[taskId] ?? {}
    this.session = new ToolSession(task, this.dataset.tools, records, setting)
    this.taskId = taskId
    return {
      id: task.id,
      type: task.type,
      instruction: task.instruction,
      profile: this.dataset.profile,
      systemPrompt: systemPrompt({ profile: this.dataset.profile, tools: this.dataset.tools, setting, records }),
      tools: this.session.runtime.offeredTools(),
    }
  }

  /** The open task's tools (all 21, or the execution tools in `no_search`). */
  tools(): ToolSchema[] {
    return this.session?.runtime.offeredTools() ?? this.dataset.tools
  }

  get openTaskId(): string | undefined {
    return this.taskId
  }

  /** Runs a call through the task's runtime. Never throws for a bad call. */
  call(name: string, args: unknown, source: CallSource): TrajectoryStep {
    if (!this.session) throw new Error('No task is open: call open_task first.')
    return this.session.call(name, args, source)
  }

  trajectory(): readonly TrajectoryStep[] {
    return this.session?.trajectory() ?? []
  }

  /** Scores the open task's kept execution calls and closes it. */
  submit(): SubmittedVerdict {
    const session = this.session
    const task = this.dataset.tasks.find((t) => t.id === this.taskId)
    if (!session || !task) throw new Error('No task is open: call open_task first.')
    const calls = session.submittedCalls()
    const verdict = scoreTask(task, calls, toolProperties(this.dataset.tools))
    this.session = undefined
    this.taskId = undefined
    return { id: task.id, correct: verdict.correct, errorType: verdict.errorType, calls, mismatches: verdict.mismatches }
  }
}
