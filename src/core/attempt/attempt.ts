import { engineFor, loadSearchEngine } from '../search/engines'
import { contentFingerprint } from '../authoring/content'
import type { Profile, Task, TaskRecords, ToolSchema } from '../dataset/types'
import { TRANSIENT_FAILURE, randomFailure } from '../live/friction'
import { liveOutcome } from '../live/outcome'
import type { LiveOutcome } from '../live/outcome'
import { isPlainObject } from '../base/text'
import { newId } from '../base/ids'
import { scoreTask, toolProperties } from '../score/task'
import { taskConditions, underConditions } from '../score/conditions'
import type { PredictedCall } from '../score/types'
import { ToolRuntime } from '../tools/runtime'
import type { CallContext } from '../tools/runtime'
import type { ArgumentIssue } from '../tools/validate'
import type { EffectRefusal } from '../live/state'
import { REPLY, loadedSkills } from '../tools/planner'
import type { AgentCard, Skill } from '../dataset/plannerTypes'
import { RefusedArguments, scoredCallsOf, submittedOf } from '../tools/steps'
import type { TrajectoryStep } from '../tools/steps'
import { nonJsonProblem } from '../tools/jsonArguments'
import type { CallSource, ToolResult } from '../tools/types'
import { AttemptClosed, StepNotStored } from './errors'
import { inheritedSteps } from './fork'
import { VERDICT_FINAL, receiveGold, verdictReachesActor } from './gold'
import { LiveRecords } from './live'
import type { LiveView } from './live'
import { keptVerdict, runtimeSetting } from './types'
import type { AttemptInfo, AttemptSetting, AttemptSink, AttemptState, FailureRate, LeadLock, RunTag, StepNote, StoredTurns, VerdictExplanation } from './types'

/** What the kernel tells its host. */
export type AttemptEvent =
  | { type: 'step'; step: TrajectoryStep }
  /** A step the sink refused, already taken back. */
  | { type: 'undone'; step: TrajectoryStep; error: unknown }
  /** This holder started or stopped leading; on taking the lead the steps were read again. */
  | { type: 'lead'; leading: boolean }
  | { type: 'finished'; verdict: AttemptOutcome | undefined }

/**
 * The verdict of a finished attempt: on its calls, and in live state on the
 * state it left (`correct` and `errorType` are then the task's under its
 * verify mode, and `calls` the calls' own verdict).
 */
export type AttemptOutcome = LiveOutcome

/** The explanation a review lays a stored verdict out with, taken from a verdict the kernel computed (no scoring again). */
export function explanationOf(verdict: AttemptOutcome): VerdictExplanation {
  return {
    pairing: verdict.pairing,
    checks: verdict.checks,
    ...(verdict.state ? { statePairing: verdict.state.pairing } : {}),
    ...(verdict.conditions ? { conditions: verdict.conditions } : {}),
  }
}

/** What an attempt runs on: its task, the data set's tools, the task's records. */
export interface AttemptTask {
  task: Task
  tools: readonly ToolSchema[]
  records: TaskRecords
  /** The user profile: live effects stamp its "now", name, phone and account. Needed for `live` state. */
  profile?: Profile
  /**
   * The task comes from a sealed data set: its gold is not here (an empty
   * answer means "unknown", not "do nothing"), so the attempt is never scored.
   */
  sealed?: boolean
  /** The task version's content fingerprint, when the host keeps it: otherwise it is computed from the task and its records. */
  fingerprint?: string
  /** A planner data set's skills.json and agents.json: skills gate their tools, sub-agents answer handoffs. */
  skills?: readonly Skill[]
  agents?: readonly AgentCard[]
}

export interface OpenAttempt extends AttemptTask {
  setting: AttemptSetting
  /** `live`: calls change the attempt's own copy of the records. Default `static`. */
  state?: AttemptState
  /** Random friction of a robustness study (a fork takes its parent's). */
  failure?: FailureRate
  actor: string
  sink: AttemptSink
  run?: RunTag
  /** A fork: the parent attempt, its steps, and how many of them to inherit. */
  fork?: { parent: string; steps: readonly TrajectoryStep[]; step: number }
  /** With a lock, the attempt writes only while it leads. */
  lock?: LeadLock
  now?: () => number
}

export interface ResumeAttempt extends AttemptTask {
  attemptId: string
  sink: AttemptSink
  /** Resume an agent's attempt: steps past its last whole stored turn are dropped. */
  turnBased?: boolean
  lock?: LeadLock
}

const NO_SKILLS: ReadonlySet<string> = new Set()

const leadKey = (attemptId: string) => `attempt:${attemptId}`

/**
 * One attempt at one task, whoever makes it: a person, a program through the
 * API or WebMCP, an agent job, the MCP server, the command line. Every rule
 * about attempts is here, once:
 * - a step is stored before anyone sees it; a step the sink refuses is taken
 *   back and reported ({@link StepNotStored});
 * - changes run one at a time, so sequence numbers never skip;
 * - an agent's turn is stored whole: steps past the last stored turn are
 *   dropped on resume, and the model takes that turn again;
 * - with a lock, only the leading holder writes; one that takes the lead reads
 *   the steps again first;
 * - a finished attempt takes no more changes, and its verdict is final;
 * - an attempt opened after its actor received the task's gold (a verdict, the
 *   editor, an unseal, a fork of a finished attempt) is `afterGold`: practice.
 */
export class Attempt {
  private rt: ToolRuntime
  private steps: TrajectoryStep[]
  private readonly live: LiveRecords | undefined
  private readonly listeners = new Set<(event: AttemptEvent) => void>()
  /** The change in flight; the next waits for it. */
  private queue: Promise<unknown> = Promise.resolve()
  private leadingNow = true
  private readOnly = false
  private releaseLead: (() => void) | undefined
  private fingerprint: string | undefined
  /** Why a refused step found no one record to change, for a page to say in a person's words; in memory only (the stored step says it to a model). */
  private readonly refusals = new WeakMap<TrajectoryStep, EffectRefusal>()

  private constructor(
    readonly info: AttemptInfo,
    readonly source: AttemptTask,
    private readonly sink: AttemptSink,
    steps: readonly TrajectoryStep[],
    private turns: StoredTurns | undefined,
  ) {
    this.steps = [...steps]
    if (info.state === 'live') {
      if (!source.profile) throw new Error('A live attempt needs the data set\'s profile (its effects stamp the time and the owner)')
      this.live = new LiveRecords(source.task, source.records, source.tools, source.profile, this.steps)
    }
    this.rt = this.newRuntime()
  }

  /** The task's tools over the records as they stand: the task's own, or in live state the attempt's copy. */
  get runtime(): ToolRuntime {
    return this.rt
  }

  private newRuntime(): ToolRuntime {
    const { skills, agents, task } = this.source
    const planner = { ...(skills ? { skills } : {}), ...(agents ? { agents } : {}), ...(task.planner?.userReplies ? { userReplies: task.planner.userReplies } : {}) }
    return new ToolRuntime([...this.source.tools], this.live?.current() ?? this.source.records, { setting: runtimeSetting(this.info.access), planner })
  }

  /** The live records changed (or were built again): searches must see them. */
  private liveChanged(rebuild: boolean): void {
    if (!this.live) return
    if (rebuild) this.live.reset(this.steps)
    // The runtime follows the change: what it prepared for records left alone stays (a large phone is not indexed again).
    this.rt = this.rt.withRecords(this.live.current())
  }

  /** Starts a new attempt (a fork when `fork` is given) and stores it before it takes a call. */
  static async open(input: OpenAttempt): Promise<Attempt> {
    const inherited = input.fork ? inheritedSteps(input.fork.steps, input.fork.step) : []
    const now = input.now ?? Date.now
    // A fork of a finished attempt starts from its review (and a practice attempt's fork is practice too).
    const parent = input.fork ? (await input.sink.read(input.fork.parent))?.attempt : undefined
    const fromGold = parent !== undefined && ((parent.finished && !input.sealed) || parent.afterGold === true)
    if (fromGold) await receiveGold(input.sink, input.actor, input.task.id, 'fork', now)
    const afterGold = fromGold || (verdictReachesActor(input) && (await input.sink.goldReceived(input.actor, input.task.id)))
    const info: AttemptInfo = {
      id: newId(),
      taskId: input.task.id,
      access: input.setting,
      actor: input.actor,
      started: now(),
      elapsedMs: 0,
      finished: false,
      callCount: inherited.length,
      ...(input.run ? { run: input.run } : {}),
      ...(input.fork ? { parent: { attemptId: input.fork.parent, step: input.fork.step } } : {}),
      taskFingerprint: input.fingerprint ?? contentFingerprint({ task: input.task, records: input.records }),
      ...(input.state === 'live' ? { state: 'live' as const } : {}),
      ...(input.failure && input.failure.rate > 0 ? { failure: { rate: input.failure.rate, seed: input.failure.seed } } : {}),
      ...(afterGold ? { afterGold: true as const } : {}),
    }
    await input.sink.create({ attempt: info, inherited })
    const attempt = new Attempt(info, input, input.sink, inherited, undefined)
    attempt.fingerprint = info.taskFingerprint
    if (input.lock) attempt.takeLead(input.lock)
    return attempt
  }

  /** Takes up a stored attempt where it was left. */
  static async resume(input: ResumeAttempt): Promise<Attempt> {
    const stored = await input.sink.read(input.attemptId)
    if (!stored) throw new Error(`Attempt ${input.attemptId} is not stored`)
    const attempt = new Attempt(stored.attempt, input, input.sink, stored.steps, stored.turns)
    if (input.turnBased) await attempt.dropUnfinishedTurn()
    if (input.lock) attempt.takeLead(input.lock)
    return attempt
  }

  /**
   * An attempt in memory only, for a view of stored steps (a replay, a
   * review): it reads, recomputes and scores, and refuses every change.
   */
  static view(info: AttemptInfo, source: AttemptTask, steps: readonly TrajectoryStep[]): Attempt {
    const attempt = new Attempt(info, source, READ_ONLY_SINK, steps, undefined)
    attempt.readOnly = true
    return attempt
  }

  get id(): string {
    return this.info.id
  }

  get leading(): boolean {
    return this.leadingNow
  }

  get finished(): boolean {
    return this.info.finished
  }

  /**
   * Whether the task is a planner task (it has planner keys, or its data set
   * skills or sub-agents): an agent's last answer is then kept as its reply,
   * which a rubric may read. A SPIEval task's trajectory stays its calls.
   */
  get keepsAnswers(): boolean {
    const { task, skills, agents } = this.source
    return task.planner !== undefined || skills !== undefined || agents !== undefined
  }

  /** The agent's conversation as last stored. */
  storedTurns(): StoredTurns | undefined {
    return this.turns
  }

  /**
   * Runs a call and stores its step. A bad call is stored with `ok: false`;
   * arguments JSON cannot carry are refused ({@link RefusedArguments}) and
   * stored nowhere; a step the sink refuses is taken back and the call
   * rejects with {@link StepNotStored}. `note` adds what the host keeps
   * with the step (computed from the step, before it is stored).
   */
  call(name: string, args: unknown, source: CallSource, note?: (step: TrajectoryStep) => StepNote): Promise<TrajectoryStep> {
    const refusal = typeof args === 'string' ? undefined : nonJsonProblem(args)
    if (refusal) return Promise.reject(new RefusedArguments(`${name}: ${refusal}`))
    return this.serial(async () => {
      this.assertWritable()
      // A regex or fuzzy search needs its engine, which a page loads on first use.
      const engine = engineFor(args)
      if (engine) await loadSearchEngine(engine)
      const step: TrajectoryStep = { seq: this.steps.length, ...this.rt.call(name, args, source, this.callContext()) }
      const version = this.live?.version
      if (step.kind === 'execution' && step.ok && this.failsTransiently()) {
        Object.assign(step, { ok: false, content: TRANSIENT_FAILURE, friction: true })
        delete step.data
      } else if (this.live && step.kind === 'execution' && step.ok) {
        const outcome = this.live.judge(step, this.steps)
        if (!outcome.ok) {
          // A refused call executed nothing: it answers as any failed call does, with no data.
          Object.assign(step, { ok: false, content: outcome.content, ...(outcome.friction ? { friction: true } : {}) })
          delete step.data
          if (outcome.refusal) this.refusals.set(step, outcome.refusal)
        } else if (outcome.change) step.data = { ...(isPlainObject(step.data) ? step.data : {}), change: outcome.change }
      }
      this.steps.push(step)
      if (this.live && this.live.version !== version) this.liveChanged(false)
      await this.store(
        step,
        () => this.sink.writeStep(this.id, step, note?.(step) ?? {}),
        () => {
          this.steps.pop()
          if (this.live && this.live.version !== version) this.liveChanged(true)
        },
      )
      return step
    })
  }

  /**
   * Stores the assistant's message to the user as a step of kind `reply`
   * (no tool is called): an agent's last answer, or a person's or program's.
   * A rubric's `said` and `not_said` read these and the questions asked.
   */
  reply(text: string, source: CallSource): Promise<TrajectoryStep> {
    if (typeof text !== 'string') return Promise.reject(new RefusedArguments(`${REPLY}: the text must be a string`))
    return this.serial(async () => {
      this.assertWritable()
      const step: TrajectoryStep = { seq: this.steps.length, name: REPLY, arguments: { text }, source, kind: 'reply', ok: true, content: '' }
      this.steps.push(step)
      await this.store(
        step,
        () => this.sink.writeStep(this.id, step, {}),
        () => void this.steps.pop(),
      )
      return step
    })
  }

  /** Marks a kept execution call as taken back; it stays in the trajectory. Gives `undefined` for any other step. */
  withdraw(seq: number): Promise<TrajectoryStep | undefined> {
    return this.serial(async () => {
      this.assertWritable()
      const current = this.steps[seq]
      if (!current || current.kind !== 'execution' || !current.ok || current.withdrawn) return undefined
      const step: TrajectoryStep = { ...current, withdrawn: true }
      this.steps[seq] = step
      // In live state a withdrawn call's change is taken back too: the state is the kept calls replayed.
      this.liveChanged(true)
      await this.store(
        step,
        () => this.sink.writeStep(this.id, step, {}),
        () => {
          this.steps[seq] = current
          this.liveChanged(true)
        },
      )
      return step
    })
  }

  /** Stores an agent's conversation after a turn, with the steps it covers: the turn is then whole. */
  storeTurns(turns: Omit<StoredTurns, 'covered'>): Promise<void> {
    return this.serial(async () => {
      if (this.readOnly) throw new AttemptClosed(VIEW_ONLY)
      if (!this.leadingNow) throw new AttemptClosed(ANOTHER_TAB)
      const whole: StoredTurns = { ...turns, messages: [...turns.messages], covered: this.steps.length }
      await this.sink.writeTurns(this.id, whole)
      this.turns = whole
    })
  }

  /**
   * Ends the attempt: scores its kept execution calls with the one scorer, and
   * stores the verdict. A sealed task's attempt is only submitted: no verdict
   * (undefined), as nothing here knows the gold.
   */
  finish(): Promise<AttemptOutcome | undefined> {
    return this.serial(async () => {
      if (this.info.finished && !this.readOnly) throw new AttemptClosed(VERDICT_FINAL)
      this.assertWritable()
      const verdict = this.verdict()
      const kept = verdict && keptVerdict(verdict)
      // The verdict's diff shows the gold: the actor's next attempt at this task is practice. Kept first, so that no verdict is shown unrecorded.
      if (kept && verdictReachesActor(this.info)) await receiveGold(this.sink, this.info.actor, this.info.taskId, 'verdict')
      // The verdict is kept with the version it judged: a later revision of the task is told apart, and re-scores it.
      const judged = kept ? { verdict: kept, verdictFingerprint: this.versionFingerprint() } : {}
      await this.sink.finish(this.id, { ...judged, callCount: this.steps.length })
      Object.assign(this.info, { finished: true, callCount: this.steps.length }, judged)
      this.releaseLead?.()
      this.emit({ type: 'finished', verdict })
      return verdict
    })
  }

  /** The fingerprint of the task version this attempt runs on (its source), computed once. */
  private versionFingerprint(): string {
    this.fingerprint ??= this.source.fingerprint ?? contentFingerprint({ task: this.source.task, records: this.source.records })
    return this.fingerprint
  }

  /** The task's gold is sealed away: the attempt can be submitted, never scored. */
  get sealed(): boolean {
    return this.source.sealed === true
  }

  /**
   * The verdict as things stand (what a finish stores): on the kept execution
   * calls, and in live state on the state they left, under the task's verify
   * mode; then under a planner task's memory and skill conditions and its
   * rubric (the verdict of the `agent_behavior` bucket), read from every step,
   * the replies to the user too. Undefined for a sealed task.
   */
  verdict(): AttemptOutcome | undefined {
    if (this.sealed) return undefined
    const { task, tools, records } = this.source
    const calls = scoreTask(task, scoredCallsOf(this.steps), toolProperties(tools))
    // Memory reads are answered again over the task's records, as `npm run score` answers a response line's.
    const conditions = taskConditions(task, this.steps, { tools, records, setting: runtimeSetting(this.info.access) })
    // A static attempt is judged on its calls alone, as `npm run score` judges its response line.
    if (!this.live) return underConditions(calls, conditions)
    return underConditions(liveOutcome(task, calls, this.live.verdict()), conditions)
  }

  /**
   * How the kept calls, and in live state the changes, pair with the gold:
   * what a review shows to explain a stored verdict (the verdict itself is the
   * one stored at the finish or by a re-scoring, src/core/verdict), never a
   * verdict of its own. Undefined for a sealed task.
   */
  explanation(): VerdictExplanation | undefined {
    const verdict = this.verdict()
    return verdict && explanationOf(verdict)
  }

  /**
   * In live state: the records as the calls left them, with their ids, and
   * every change against the task's records (for the phone's marks and the
   * review). Undefined in static state.
   */
  liveView(): LiveView | undefined {
    return this.live?.view()
  }

  /**
   * Whether the run's random friction refuses this otherwise valid execution
   * call. The call index counts the earlier otherwise valid execution calls
   * (the refused ones too), so a replay or a fork meets the same failures.
   */
  private failsTransiently(): boolean {
    const failure = this.info.failure
    if (!failure) return false
    const index = this.steps.filter((s) => s.kind === 'execution' && (s.ok || s.friction)).length
    return randomFailure(failure.seed, this.info.taskId, this.info.run?.repeat ?? 0, index, failure.rate)
  }

  /** Checks a call without recording it: the answer it would get now. */
  check(name: string, args: unknown): ToolResult {
    // With the skills loaded so far: a loaded skill's tool is checked as its call will be.
    return this.rt.call(name, args, 'ui', this.callContext())
  }

  /** Why `step`, a live execution call this attempt refused, found no one record to change, as data; undefined for any other step, or one read back from storage. */
  refusalOf(step: TrajectoryStep): EffectRefusal | undefined {
    return this.refusals.get(step)
  }

  /** What is wrong with a call's arguments, as data, for a form to say at each field (see `check`). */
  argumentIssues(name: string, args: unknown): ArgumentIssue[] {
    return this.rt.argumentIssues(name, args)
  }

  /** Every step so far, in order. */
  trajectory(): readonly TrajectoryStep[] {
    return this.steps
  }

  /** What is scored: the successful, not withdrawn execution calls, in order. */
  submittedCalls(): PredictedCall[] {
    return submittedOf(this.steps)
  }

  /**
   * The tools offered now, in this attempt's setting (no retrieval tools in
   * `no_search`): a skill's tools once a kept step has loaded it, so a fork
   * and a resume offer what their steps loaded.
   */
  offeredTools(): ToolSchema[] {
    return this.rt.offeredTools(this.loadedSkills())
  }

  /**
   * What the next call's answer depends on: the skills loaded and the
   * questions answered so far. Read from the steps only where the data set has
   * skills or the task scripted replies: every call of every other attempt
   * comes through here.
   */
  private callContext(): CallContext {
    const asked = this.source.task.planner?.userReplies ? this.steps.filter((s) => s.kind === 'ask' && s.ok).length : 0
    return { loaded: this.loadedSkills(), asked }
  }

  private loadedSkills(): ReadonlySet<string> {
    return this.source.skills?.length ? loadedSkills(this.steps) : NO_SKILLS
  }

  subscribe(listener: (event: AttemptEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Lets go of the lead (the host moves on); changes wait for nothing more. */
  close(): void {
    this.releaseLead?.()
    this.releaseLead = undefined
  }

  /** Resolves once every change asked so far has been stored or refused. */
  settled(): Promise<void> {
    return this.queue.then(
      () => undefined,
      () => undefined,
    )
  }

  private serial<T>(change: () => Promise<T>): Promise<T> {
    const next = this.queue.then(change, change)
    this.queue = next.catch(() => undefined)
    return next
  }

  private assertWritable(): void {
    if (this.readOnly) throw new AttemptClosed(VIEW_ONLY)
    if (this.info.finished) throw new AttemptClosed('This attempt is finished; open the task again to start a new one')
    if (!this.leadingNow) throw new AttemptClosed(ANOTHER_TAB)
  }

  private async store(step: TrajectoryStep, write: () => Promise<void>, undo: () => void): Promise<void> {
    try {
      await write()
    } catch (error) {
      undo()
      this.emit({ type: 'undone', step, error })
      throw new StepNotStored(`The call was not saved, so it was taken back: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
    }
    this.emit({ type: 'step', step })
  }

  /** Steps past the last whole turn belong to a turn cut short: they go, and the model takes that turn again. */
  private async dropUnfinishedTurn(): Promise<void> {
    const covered = this.turns ? (this.turns.covered ?? this.steps.length) : 0
    if (this.steps.length <= covered) return
    await this.sink.dropSteps(this.id, covered)
    this.steps = this.steps.slice(0, covered)
    this.liveChanged(true)
  }

  private takeLead(lock: LeadLock): void {
    this.releaseLead = lock.lead(leadKey(this.id), (leading) => void this.onLead(leading))
  }

  private async onLead(leading: boolean): Promise<void> {
    if (!leading) {
      this.leadingNow = false
      this.emit({ type: 'lead', leading })
      return
    }
    if (this.leadingNow) return
    // What the other tab stored comes first; changes wait for it.
    await this.serial(async () => {
      const stored = await this.sink.read(this.id)
      if (stored) {
        Object.assign(this.info, stored.attempt)
        this.steps = stored.steps
        this.turns = stored.turns
        this.liveChanged(true)
      }
      this.leadingNow = true
    })
    this.emit({ type: 'lead', leading: true })
  }

  private emit(event: AttemptEvent): void {
    for (const listener of this.listeners) listener(event)
  }
}


const ANOTHER_TAB = 'This attempt is open in another tab; continue there, or close that tab'

const VIEW_ONLY = 'This is a view of a recorded attempt; nothing can be changed'
const refuse = () => Promise.reject(new AttemptClosed(VIEW_ONLY))
const READ_ONLY_SINK: AttemptSink = {
  create: refuse,
  read: () => Promise.resolve(undefined),
  writeStep: refuse,
  writeTurns: refuse,
  dropSteps: refuse,
  finish: refuse,
  recordGold: refuse,
  goldReceived: () => Promise.resolve(false),
}
