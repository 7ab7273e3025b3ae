import { randomUUID } from 'node:crypto'
import { TaskHost, defaultState, responseLine } from '../core/index'
import type { AttemptState, CallSource, Dataset, OpenedTask, SubmittedVerdict, TrajectoryStep } from '../core/index'
import { HttpError } from './http-error'
import type { CallRequest, EpisodeRequest } from './request'

/** What opening an episode answers: `window.spieval.open`'s object in the server's snake case, with the episode's id. */
export interface EpisodeOpened {
  episode_id: string
  id: string
  type: string
  instruction: string
  profile: OpenedTask['profile']
  system_prompt: string
  tools: OpenedTask['tools']
  setting: string
  state: AttemptState
  attempt_id: string
}

/** An episode as `GET /episodes/{id}` and a WebSocket `state` show it (no gold: the verdict only once verified). */
export interface EpisodeView {
  episode_id: string
  task_id: string
  setting: string
  state: AttemptState
  failure_rate?: number
  seed?: number | string
  finished: boolean
  calls: { name: string; arguments: unknown; ok: boolean; content: string; source: string }[]
  verdict?: SubmittedVerdict
}

export interface EpisodeLimits {
  /** Episodes held at once, finished ones included until deleted or expired. */
  maxEpisodes: number
  /** An episode nobody touched for this long is dropped. */
  idleMs: number
  /** The clock (epoch ms); tests move it. */
  now?: () => number
  /** Called with the response line of every verified episode (`--out`). */
  onFinished?: (line: Record<string, unknown>) => void
}

interface Episode {
  id: string
  request: EpisodeRequest & { state: AttemptState }
  /** The episode's own host of the attempt kernel, its steps in memory. */
  host: TaskHost
  opened: OpenedTask
  started: number
  lastUsed: number
  finished?: { verdict: SubmittedVerdict; steps: readonly TrajectoryStep[] }
  verifying?: Promise<SubmittedVerdict>
}

/**
 * The server's episodes: each one a TaskHost of the attempt kernel with a
 * memory sink, so every rule about attempts is the kernel's. This class only
 * names them, bounds how many are held and for how long, and refuses what a
 * finished or unknown episode cannot do.
 */
export class Episodes {
  private readonly episodes = new Map<string, Episode>()
  private readonly now: () => number

  constructor(
    readonly dataset: Dataset,
    private readonly limits: EpisodeLimits,
  ) {
    this.now = limits.now ?? Date.now
  }

  get size(): number {
    return this.episodes.size
  }

  tasks(): { id: string; type: string; instruction: string }[] {
    return this.dataset.tasks.map((t) => ({ id: t.id, type: t.type, instruction: t.instruction }))
  }

  async open(request: EpisodeRequest): Promise<EpisodeOpened> {
    const task = this.dataset.tasks.find((t) => t.id === request.taskId)
    if (!task) throw new HttpError(404, `Unknown task ${JSON.stringify(request.taskId)}: GET /tasks lists the ids.`)
    this.expireIdle()
    if (this.episodes.size >= this.limits.maxEpisodes)
      throw new HttpError(
        429,
        `The server holds its maximum of ${this.limits.maxEpisodes} episodes: DELETE finished ones (or wait: an episode idle for ${Math.round(this.limits.idleMs / 1000)} s expires).`,
      )
    const full = { ...request, state: request.state ?? defaultState(task) }
    const host = new TaskHost(this.dataset, undefined, request.actor)
    const opened = await this.openOn(host, full)
    const now = this.now()
    const episode: Episode = { id: randomUUID(), request: full, host, opened, started: now, lastUsed: now }
    this.episodes.set(episode.id, episode)
    return this.openedAnswer(episode)
  }

  /**
   * Starts the episode's task again: a fresh attempt with the same task,
   * setting, state and failures, its calls so far dropped (OpenEnv's `reset`).
   * Not once verified: the verdict has shown the gold, and a second try
   * written after it would pass for a first one.
   */
  async reset(id: string): Promise<EpisodeOpened> {
    const episode = this.callable(id)
    episode.opened = await this.openOn(episode.host, episode.request)
    episode.started = this.now()
    return this.openedAnswer(episode)
  }

  /** Runs a call through the episode's attempt: `{ok, content, data?}`, exactly as `window.spieval.call` answers. */
  async call(id: string, call: CallRequest, source: CallSource): Promise<{ ok: boolean; content: string; data?: unknown }> {
    const episode = this.callable(id)
    try {
      const step = await episode.host.call(call.name, call.arguments, source)
      return { ok: step.ok, content: step.content, ...(step.data === undefined ? {} : { data: step.data }) }
    } catch (err) {
      return { ok: false, content: `Error: ${err instanceof Error ? err.message : String(err)}` }
    }
  }

  /**
   * Finishes the episode through the kernel's one finish: `window.spieval.submit()`'s verdict. A second verify is
   * refused. `reply`, the assistant's message to the user, is kept with the attempt first.
   */
  async verify(id: string, reply?: string): Promise<SubmittedVerdict> {
    const episode = this.callable(id)
    episode.verifying = this.finish(episode, reply)
    try {
      return await episode.verifying
    } catch (err) {
      delete episode.verifying
      throw err
    }
  }

  /** What the episode's task offers an agent: its prompt, instruction and tools. */
  opened(id: string): OpenedTask {
    return this.get(id).opened
  }

  view(id: string): EpisodeView {
    const episode = this.get(id)
    const { request } = episode
    const steps = episode.finished?.steps ?? episode.host.trajectory()
    return {
      episode_id: episode.id,
      task_id: request.taskId,
      setting: request.setting,
      state: request.state,
      ...(request.failure ? { failure_rate: request.failure.rate, seed: request.failure.seed } : {}),
      finished: episode.finished !== undefined,
      calls: steps.map((s) => ({ name: s.name, arguments: s.arguments, ok: s.ok, content: s.content, source: s.source })),
      ...(episode.finished ? { verdict: episode.finished.verdict } : {}),
    }
  }

  delete(id: string): void {
    this.drop(this.get(id))
  }

  /** Drops every episode idle for longer than the limit; answers how many. */
  expireIdle(): number {
    const deadline = this.now() - this.limits.idleMs
    let dropped = 0
    for (const episode of this.episodes.values())
      if (episode.lastUsed < deadline) {
        this.drop(episode)
        dropped++
      }
    return dropped
  }

  /** Drops every episode (the server is stopping). */
  clear(): void {
    for (const episode of this.episodes.values()) episode.host.openAttempt?.close()
    this.episodes.clear()
  }

  private drop(episode: Episode): void {
    episode.host.openAttempt?.close()
    this.episodes.delete(episode.id)
  }

  /** The episode, touched; an unknown or expired id is a 404. */
  private get(id: string): Episode {
    const episode = this.episodes.get(id)
    const now = this.now()
    if (episode && episode.lastUsed < now - this.limits.idleMs) this.drop(episode)
    else if (episode) {
      episode.lastUsed = now
      return episode
    }
    throw new HttpError(404, `Unknown episode ${JSON.stringify(id)} (never started, deleted, or idle for more than ${Math.round(this.limits.idleMs / 1000)} s).`)
  }

  /** The episode while it can still take calls; a finished one is a 409. */
  private callable(id: string): Episode {
    const episode = this.get(id)
    if (episode.finished || episode.verifying)
      throw new HttpError(409, `Episode ${id} is verified: its verdict is final. POST /episodes starts another.`)
    return episode
  }

  private async openOn(host: TaskHost, request: Episode['request']): Promise<OpenedTask> {
    const { failure, run } = request
    return host.open(request.taskId, request.setting, {
      state: request.state,
      ...(failure ? { failure } : {}),
      run: { id: 'serve', repeat: run, model: request.actor },
    })
  }

  private async finish(episode: Episode, reply: string | undefined): Promise<SubmittedVerdict> {
    const attempt = episode.host.openAttempt
    const attemptId = episode.opened.attemptId
    const verdict = await episode.host.submit(reply === undefined ? undefined : { text: reply, source: 'api' })
    // Read after the finish: a call still running when verify came is in the verdict, and so in the steps written.
    const steps = [...(attempt?.trajectory() ?? [])]
    episode.finished = { verdict, steps }
    const { request } = episode
    this.limits.onFinished?.(
      responseLine({
        taskId: request.taskId,
        run: request.run,
        setting: request.setting,
        instruction: episode.opened.instruction,
        steps,
        finished: true,
        // The agent's name as its model too: the scorer's rows, the page's import and the trajectories' export read
        // a line with a model as an agent's, and one with an actor alone as a person's.
        model: request.actor,
        actor: request.actor,
        started: episode.started,
        ended: this.now(),
        attemptId,
        state: request.state,
        ...(request.failure ? { failure: request.failure } : {}),
      }),
    )
    return verdict
  }

  private openedAnswer(episode: Episode): EpisodeOpened {
    const { opened, request } = episode
    return {
      episode_id: episode.id,
      id: opened.id,
      type: opened.type,
      instruction: opened.instruction,
      profile: opened.profile,
      system_prompt: opened.systemPrompt,
      tools: opened.tools,
      setting: request.setting,
      state: request.state,
      attempt_id: opened.attemptId,
    }
  }
}
