import { toolsWithSkills } from '../tools/planner'
import type { Dataset, ToolSchema } from '../dataset/types'
import { openedTask, submission } from './answers'
import type { OpenedTask, SubmittedVerdict } from './answers'
import { Attempt } from '../attempt/attempt'
import { MemorySink } from '../attempt/memory'
import type { AttemptSink, AttemptState, FailureRate, RunTag } from '../attempt/types'
import type { TrajectoryStep } from '../tools/steps'
import { readSetting } from '../tools/types'
import type { CallSource, Setting } from '../tools/types'

/**
 * A Node host of the attempt kernel (the MCP server, `npm run agent`): one
 * data set, one open attempt at a time, the steps in a sink (memory unless
 * given). The page hosts the same kernel with IndexedDB behind it.
 */
export class TaskHost {
  private attempt: Attempt | undefined
  /** The attempt last submitted, until a task is opened again: a second submit is refused by its kernel. */
  private submitted: Attempt | undefined
  /** The operations asked so far, settled or not: each waits for those before it (see inOrder). */
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    readonly dataset: Dataset,
    private readonly sink: AttemptSink = new MemorySink(),
    private readonly actor = 'agent',
  ) {}

  listTasks(): { id: string; type: string; instruction: string }[] {
    return this.dataset.tasks.map((t) => ({ id: t.id, type: t.type, instruction: t.instruction }))
  }

  /** Opens a task with a fresh attempt. Rejects for an unknown id or setting. */
  async open(
    taskId: string,
    requested: Setting | string = 'paginated',
    options: { actor?: string; state?: AttemptState; failure?: FailureRate; run?: RunTag } = {},
  ): Promise<OpenedTask> {
    return this.inOrder(async () => {
      const setting = readSetting(requested)
      const source = this.taskSource(taskId)
      this.attempt?.close()
      this.submitted = undefined
      this.attempt = await Attempt.open({
        ...source,
        setting,
        actor: options.actor ?? this.actor,
        sink: this.sink,
        ...(options.state ? { state: options.state } : {}),
        ...(options.failure ? { failure: options.failure } : {}),
        ...(options.run ? { run: options.run } : {}),
      })
      return this.opened(this.attempt)
    })
  }

  /**
   * Opens a fork of a stored attempt: a new attempt of its task and setting
   * whose first `step` calls are the parent's (docs/reference.md, `fork`).
   */
  fork(attemptId: string, step: number, options: { actor?: string } = {}): Promise<OpenedTask> {
    return this.inOrder(() => this.forkNow(attemptId, step, options))
  }

  private async forkNow(attemptId: string, step: number, options: { actor?: string }): Promise<OpenedTask> {
    const stored = await this.sink.read(attemptId)
    if (!stored) throw new Error(`Unknown attempt "${attemptId}" (or one no longer kept: a host keeps a limited number).`)
    const source = this.taskSource(stored.attempt.taskId)
    const fork = { parent: attemptId, steps: stored.steps, step }
    const { state, failure, run } = stored.attempt
    const next = await Attempt.open({
      ...source,
      setting: stored.attempt.access,
      actor: options.actor ?? stored.attempt.actor,
      sink: this.sink,
      fork,
      ...(state ? { state } : {}),
      ...(failure ? { failure } : {}),
      ...(run ? { run } : {}),
    })
    this.attempt?.close()
    this.submitted = undefined
    this.attempt = next
    return this.opened(next)
  }

  /** The tools offered now: the open task's (all 21, or the execution tools in `no_search`; a skill's once loaded), else the data set's before any skill is loaded. */
  tools(): ToolSchema[] {
    return this.attempt?.offeredTools() ?? toolsWithSkills(this.dataset.tools, this.dataset.skills, new Set())
  }

  get openTaskId(): string | undefined {
    return this.attempt?.info.taskId
  }

  get openAttempt(): Attempt | undefined {
    return this.attempt
  }

  /** Runs a call through the open attempt. Never rejects for a bad call. */
  call(name: string, args: unknown, source: CallSource): Promise<TrajectoryStep> {
    return this.inOrder(async () => {
      if (!this.attempt) throw new Error(this.submitted ? 'The attempt is submitted: call open_task (or fork_attempt) to start a new one.' : 'No task is open: call open_task first.')
      return this.attempt.call(name, args, source)
    })
  }

  /** Records the assistant's message to the user in the open attempt (see Attempt.reply). */
  reply(text: string, source: CallSource): Promise<TrajectoryStep> {
    return this.inOrder(async () => {
      if (!this.attempt) throw new Error(this.submitted ? 'The attempt is submitted: a reply comes before submit.' : 'No task is open: call open_task first.')
      return this.attempt.reply(text, source)
    })
  }

  trajectory(): readonly TrajectoryStep[] {
    return this.attempt?.trajectory() ?? []
  }

  /**
   * Finishes the open attempt (the kernel's one finish) and closes it, after
   * `reply` (the assistant's message to the user), when given. A second
   * submit before a task is opened again goes to the kernel, which refuses
   * it: a verdict is final.
   */
  submit(reply?: { text: string; source: CallSource }): Promise<SubmittedVerdict> {
    return this.inOrder(async () => {
      const attempt = this.attempt ?? this.submitted
      if (!attempt) throw new Error('No task is open: call open_task first.')
      // The reply that goes with a submit is one request with it: nothing sent after the submit comes between.
      if (reply) {
        if (!this.attempt) throw new Error('The attempt is submitted: a reply comes before submit.')
        await this.attempt.reply(reply.text, reply.source)
      }
      const verdict = await attempt.finish()
      this.attempt = undefined
      this.submitted = attempt
      return submission(attempt, verdict)
    })
  }

  /**
   * Runs `operation` once every operation asked before it has settled, so
   * that requests take effect in the order they came: the MCP SDK handles a
   * client's requests concurrently, and a submit sent right behind a call, or
   * an open right behind a submit, must not overtake it.
   */
  private inOrder<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation, operation)
    this.queue = result.catch(() => undefined)
    return result
  }

  private taskSource(taskId: string) {
    const task = this.dataset.tasks.find((t) => t.id === taskId)
    if (!task) throw new Error(`Unknown task "${taskId}". Use list_tasks to see the ids.`)
    const { tools, profile, sealed, skills, agents } = this.dataset
    return { task, tools, records: this.dataset.records[taskId] ?? {}, profile, sealed: sealed !== undefined, ...(skills ? { skills } : {}), ...(agents ? { agents } : {}) }
  }

  private opened(attempt: Attempt): OpenedTask {
    return openedTask(attempt, this.dataset.profile)
  }
}
