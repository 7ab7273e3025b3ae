import { Attempt, StepNotStored, defaultState, explanationOf, finishRisk, inheritedSteps } from '../core'
import type { ArgumentIssue, AttemptEvent, EffectRefusal, AttemptOutcome, AttemptSetting, AttemptState, CallSource, FailureRate, FinishRisk, LeadLock, TaskVerdict, ToolResult, ToolRuntime, TrajectoryStep } from '../core'
import { IndexedDbSink, RecentTasks, addFlag, discardNobodysEmptyAttempt, getAttempt, latestAttempt, markOpen, saveElapsed, saveScreen } from '../db'
import type { AttemptRow, DatasetRow, FlagKind, IndexedDbSinkOptions, SpievalDatabase } from '../db'
import { attemptSource } from './attemptSource'
import { routeAfter } from './phonePlan'
import type { PhonePlan } from './phonePlan'
import { hashToRoute, routeToHash } from './routes'
import type { PhoneRoute } from './routes'
import type { SessionState } from './sessionStore'
import { fixedAccess } from './settings'

/** The attempt's active time as the page keeps it (the timer on screen; a test's own clock). */
export interface PageClock {
  /** Starts timing an attempt from its stored time; it runs only when `running`. */
  start(baseMs: number, running: boolean): void
  /** Pauses; the active time so far. */
  pause(): number
  resume(): void
  elapsed(): number
  /** Wall-clock epoch ms (when a screen was moved to). */
  now(): number
}

/** What the phone does with a step: the screen it moves to, the searches it shows. */
export interface PagePhone {
  plan(step: TrajectoryStep, navigate: boolean, taskId: string | undefined, runtime: ToolRuntime | undefined): PhonePlan | undefined
  reset(route: PhoneRoute, by: 'agent' | undefined): void
}

/** Jobs shown at the next frame (a program's calls), or at once before something a person did. */
export interface PageFrames {
  later(key: string, job: () => void): void
  flush(): void
}

export interface PageHostDeps {
  /** Where attempts, calls and flags are stored. */
  db: SpievalDatabase
  clock: PageClock
  /** One tab leads an attempt. */
  lock: LeadLock
  /** What the page shows: the session (data set, task, attempt, steps). */
  session: { getState(): SessionState; setState(change: Partial<SessionState>): void }
  /** Keeps the task list in step with an attempt row just stored. */
  progress(row: AttemptRow): void
  /** Takes an attempt that storage deleted off the task list (and the lists read from it). */
  forgetAttempt(attemptId: string): void
  phone: PagePhone
  frames: PageFrames
  /** The person's choices: who is solving, in which access setting. */
  settings(): { actor: string; access: AttemptSetting }
  /** A storage failure shown to the person (returned to be thrown); cleared by the next stored change. */
  storage: { report(err: unknown): Error; clear(): void }
  /** Whether the page is on screen (the timer runs only then). */
  visible(): boolean
}

/** A call checked without being recorded: the runtime's answer, and what is wrong with each argument, for a form to say at the field. */
export interface CallCheck extends Pick<ToolResult, 'ok' | 'content'> {
  issues: ArgumentIssue[]
}

export interface OpenOptions {
  /** Always start a new attempt. */
  fresh?: boolean
  /** Resume this stored attempt, whoever made it. */
  attemptId?: string
  setting?: AttemptSetting
  actor?: string
  run?: AttemptRow['run']
  /** A program opens it: the phone takes no focus and the address bar follows lazily. */
  byAgent?: boolean
  /** A new attempt's state (default: the settings' choice); a resumed attempt keeps its own. */
  state?: AttemptState
  /** A new attempt's random friction (a run's robustness study). */
  failure?: FailureRate
}

/**
 * The page's host of the attempt kernel: the attempt open on the phone, for
 * a person's taps, window.spieval, WebMCP and the watched agent job alike.
 * The kernel keeps the rules (stored before shown, rollback, one tab leads,
 * the verdict); this shows what it reports, and what storage kept. Its
 * storage, clock, lock and stores are given, so a test drives it without a
 * browser (test/support/pageHostHarness.ts).
 */
export class PageHost {
  private current: Attempt | undefined
  private stopListening: (() => void) | undefined
  /** The open attempt's screen as last stored, so that a screen is written once. */
  private savedScreen: string | undefined
  private phoneSinkOf: { datasetId: string; sink: IndexedDbSink } | undefined
  /** Where the attempt on the phone is stored (the phone's sink, or a watched run's). */
  private currentSink: IndexedDbSink | undefined
  /** The tasks last opened here: going back to one does not read its records again (db/recentTasks.ts). */
  private readonly recentTasks = new RecentTasks()
  /** Opens under way (a person may switch tasks while one is still opening). */
  private openings = 0

  constructor(private readonly deps: PageHostDeps) {}

  /** The attempt on the phone (a replay's view included), for the phone's list views and the hosts. */
  get attempt(): Attempt | undefined {
    return this.current
  }

  /**
   * A sink of the page's: attempts of this data set, starting on their task's
   * home screen, each call as durable as its study asks, timed by the page's
   * clock and shown when on the phone, unless `options` say otherwise.
   */
  sinkFor(dataset: DatasetRow, options: Partial<Pick<IndexedDbSinkOptions, 'elapsedMs' | 'recordOpen' | 'onRow'>> = {}): IndexedDbSink {
    const durability = dataset.sealed?.study?.durability
    return new IndexedDbSink({
      datasetId: dataset.id,
      homeScreen: (taskId) => routeToHash(taskId, { screen: 'home' }),
      elapsedMs: () => this.deps.clock.elapsed(),
      // The attempt on the phone shows its row as last stored (its verdict included: storage's, not a copy).
      onRow: (row) => {
        if (this.current?.id === row.id) this.deps.session.setState({ attempt: row })
      },
      db: this.deps.db,
      ...(durability ? { durability } : {}),
      ...options,
    })
  }

  /** The phone's sink for a data set: its new attempts become the open attempt. */
  private phoneSink(dataset: DatasetRow): IndexedDbSink {
    if (this.phoneSinkOf?.datasetId !== dataset.id) this.phoneSinkOf = { datasetId: dataset.id, sink: this.sinkFor(dataset, { recordOpen: true }) }
    return this.phoneSinkOf.sink
  }

  /**
   * A program's attempt that may or may not be on the phone (a watched run job,
   * a model resumed from a replay): while it is, its calls and finish take the
   * phone's path, so that they show; once someone opens another task there, they
   * go on in the same attempt alone.
   */
  onPhoneOrAlone(attempt: Attempt): { call: (name: string, args: string) => Promise<TrajectoryStep>; finish: () => Promise<TaskVerdict | undefined> } {
    const onPhone = () => this.current === attempt
    return {
      call: (name, args) => (onPhone() ? this.callTool(name, args, 'agent') : attempt.call(name, args, 'agent')),
      finish: async () => (onPhone() ? ((await this.finishAttempt()) ?? attempt.finish()) : attempt.finish()),
    }
  }

  /**
   * Opens a task on the phone: the stored attempt named, or the person's latest
   * attempt at it (resuming it, or its review if finished), or a new one with
   * the current access setting. `fresh` always starts a new attempt.
   */
  openTask(taskId: string, route?: PhoneRoute, options: OpenOptions = {}): Promise<void> {
    return this.whileOpening(() => this.openTaskNow(taskId, route, options))
  }

  private async openTaskNow(taskId: string, route: PhoneRoute | undefined, options: OpenOptions): Promise<void> {
    const { db, session, lock } = this.deps
    const { dataset } = session.getState()
    if (!dataset) return
    if (options.byAgent) this.programDrives()
    const settings = this.deps.settings()
    const actor = options.actor ?? settings.actor
    // The task's rows and the attempt to resume are read at once, and the time spent on the attempt left is stored
    // once the phone shows the new one: each waited for IndexedDB in turn took about a third of a task switch.
    const loading = this.recentTasks.load(dataset.id, taskId, db)
    const finding = options.fresh ? undefined : options.attemptId ? getAttempt(options.attemptId, db) : latestAttempt(dataset.id, taskId, actor, db)
    finding?.catch(() => undefined) // awaited below, unless the task is not there
    const loaded = await loading
    if (!loaded) throw new Error(`Task ${taskId} is not in this data set`)
    const left = this.writableOrUndefined()
    const storeTimeLeft = this.depart()
    // Stored whatever becomes of the open (a failed open has left the attempt too).
    try {
      if (left && actor !== '') await this.dropIfNobodysAndEmpty(left)
      session.setState({ replaying: undefined })
      const source = attemptSource(dataset, loaded)
      // A run's attempt on the phone is not the open attempt: a reload brings back the person's.
      const target = options.run ? this.sinkFor(dataset) : this.phoneSink(dataset)
      const stored = await finding
      // The attempt left is taken up again: its time is stored before it is read.
      if (stored && stored.id === left?.id) await storeTimeLeft()
      let attempt: Attempt
      if (stored) {
        // A run's attempt is led by the run (one tab runs it), and resumes at its last whole turn.
        attempt = await Attempt.resume({ ...source, attemptId: stored.id, sink: target, ...(options.run ? { turnBased: true } : { lock }) })
        if (!stored.run && !options.attemptId) await markOpen(stored, db).catch((err: unknown) => this.deps.storage.report(err))
      } else {
        // A study's share fixes the setting of every attempt its participant makes, however the task is opened.
        const fixed = options.run ? undefined : fixedAccess(dataset)
        const setting = fixed ?? options.setting ?? settings.access
        const state = options.state ?? defaultState(loaded.task)
        attempt = await Attempt.open({
          ...source,
          setting,
          actor,
          sink: target,
          state,
          ...(options.failure ? { failure: options.failure } : {}),
          ...(options.run ? { run: options.run } : { lock }),
        })
      }
      const row = target.row(attempt.id)
      if (row) this.deps.progress(row)
      this.enter(attempt, target, route, options.byAgent)
    } finally {
      await storeTimeLeft()
    }
  }

  /**
   * Opens a fork of a stored attempt on the phone (docs/reference.md, `fork`): a new
   * attempt of its task and setting whose first `step` calls are the parent's.
   */
  forkAttempt(parentId: string, step: number, options: { actor?: string; byAgent?: boolean } = {}): Promise<Attempt> {
    return this.whileOpening(() => this.forkAttemptNow(parentId, step, options))
  }

  private async forkAttemptNow(parentId: string, step: number, options: { actor?: string; byAgent?: boolean }): Promise<Attempt> {
    const { db, session } = this.deps
    const { dataset } = session.getState()
    if (!dataset) throw new Error('No data set is loaded')
    if (options.byAgent) this.programDrives()
    const target = this.phoneSink(dataset)
    const parent = await target.read(parentId)
    if (!parent || target.row(parentId)?.datasetId !== dataset.id) throw new Error(`Attempt ${parentId} is not in this data set`)
    const loaded = await this.recentTasks.load(dataset.id, parent.attempt.taskId, db)
    if (!loaded) throw new Error(`Task ${parent.attempt.taskId} is not in this data set`)
    const fork = { parent: parentId, steps: parent.steps, step }
    // Checked before anything changes (the kernel's own check): a step out of range leaves the phone as it was.
    inheritedSteps(parent.steps, step)
    await this.leaveAttempt()
    session.setState({ replaying: undefined })
    const attempt = await Attempt.open({
      ...attemptSource(dataset, loaded),
      ...(parent.attempt.state ? { state: parent.attempt.state } : {}),
      ...(parent.attempt.failure ? { failure: parent.attempt.failure } : {}),
      setting: parent.attempt.access,
      actor: options.actor ?? parent.attempt.actor,
      sink: target,
      lock: this.deps.lock,
      fork,
    })
    const row = target.row(attempt.id)
    if (row) this.deps.progress(row)
    // The phone stands where the parent's replay stood at that step, and a reload comes back there.
    const route = routeAfter(attempt.trajectory(), attempt.liveView() !== undefined) ?? { screen: 'home' }
    this.enter(attempt, target, route, options.byAgent)
    await this.rememberScreen(route)
    return attempt
  }

  /** Marks the session as opening (the phone takes no input) until every open under way has ended. */
  private async whileOpening<T>(open: () => Promise<T>): Promise<T> {
    if (this.openings++ === 0) this.deps.session.setState({ opening: true })
    try {
      return await open()
    } finally {
      if (--this.openings === 0) this.deps.session.setState({ opening: undefined })
    }
  }

  /** A program drives the page: no dialog asks a person for a name over what it does. */
  private programDrives(): void {
    if (!this.deps.session.getState().programDriving) this.deps.session.setState({ programDriving: true })
  }

  /** Shows an attempt on the phone: its trajectory, its screen, its timer, and its verdict once finished. */
  private enter(attempt: Attempt, from: IndexedDbSink, route?: PhoneRoute, byAgent = false): void {
    this.deps.frames.flush() // what a program did in the attempt shown so far lands first (its progress included)
    this.stopListening?.()
    this.current = attempt
    this.currentSink = from
    this.stopListening = attempt.subscribe((event) => this.onAttemptEvent(attempt, from, event))
    const row = from.row(attempt.id)
    if (!row) return
    this.show(attempt, row, route ?? hashToRoute(row.screen).route, byAgent)
  }

  private show(attempt: Attempt, row: AttemptRow, route: PhoneRoute, byAgent = false): void {
    const steps = attempt.trajectory()
    const live = attempt.liveView()
    this.deps.session.setState({
      task: attempt.source.task,
      records: live?.records ?? attempt.source.records,
      live,
      attempt: row,
      steps: [...steps],
      explanation: row.finished ? attempt.explanation() : undefined,
      leading: attempt.leading,
    })
    this.deps.clock.start(row.elapsedMs, !row.finished && attempt.leading && this.deps.visible())
    this.savedScreen = row.screen
    this.deps.phone.reset(route, byAgent ? 'agent' : undefined)
    for (const step of steps) this.deps.phone.plan(step, false, row.taskId, attempt.runtime)?.apply()
  }

  /** Another tab took or left the lead; on taking it the kernel has read what that tab stored. */
  private onAttemptEvent(attempt: Attempt, from: IndexedDbSink, event: AttemptEvent): void {
    if (this.current !== attempt || event.type !== 'lead') return
    if (!event.leading) {
      this.deps.clock.pause()
      this.deps.session.setState({ leading: false })
      return
    }
    const row = from.row(attempt.id)
    if (!row) return
    this.show(attempt, row, hashToRoute(row.screen).route)
    this.deps.progress(row)
  }

  /**
   * A first visit opens its task before the person is named (the page asks meanwhile). That attempt, left untouched
   * once they give a name, is nobody's work: exports, the People view and the task list must not show it.
   */
  private async dropIfNobodysAndEmpty(left: Attempt): Promise<void> {
    if (left.info.actor !== '' || left.trajectory().length > 0) return
    const dropped = await discardNobodysEmptyAttempt(left.id, this.deps.db).catch((err: unknown) => void this.deps.storage.report(err))
    if (dropped) this.deps.forgetAttempt(left.id)
  }

  /** Stores the time spent on the attempt being left, and lets another tab lead it. */
  async leaveAttempt(): Promise<void> {
    await this.depart()()
  }

  /**
   * Leaves the attempt on the phone at once (its timer stopped, its lead let go), and gives the write of the time
   * spent on it: a storage failure is reported, not thrown, and a second call writes nothing.
   */
  private depart(): () => Promise<void> {
    const attempt = this.current
    const elapsed = this.deps.clock.pause()
    this.stopListening?.()
    this.stopListening = undefined
    this.current = undefined
    this.currentSink = undefined
    attempt?.close()
    this.deps.session.setState({ leading: true })
    if (!attempt || attempt.finished || !attempt.leading || this.deps.session.getState().replaying) return () => Promise.resolve()
    const calls = attempt.trajectory().length
    let stored: Promise<void> | undefined
    return () =>
      (stored ??= saveElapsed(attempt.id, elapsed, calls, this.deps.db).then(
        () => undefined,
        (err: unknown) => void this.deps.storage.report(err),
      ))
  }

  /** Puts a view of a recorded attempt on the phone (a replay): nothing can be called or stored. */
  putViewOnPhone(attempt: Attempt): void {
    this.stopListening?.()
    this.stopListening = undefined
    this.current = attempt
    this.currentSink = undefined
  }

  /** Pauses the timer while the tab is hidden and stores the time; resumes it when the tab is back. */
  onVisibilityChange(visible: boolean): void {
    const attempt = this.writableOrUndefined()
    if (!attempt) return
    if (visible) this.deps.clock.resume()
    else void saveElapsed(attempt.id, this.deps.clock.pause(), attempt.trajectory().length, this.deps.db).catch((err: unknown) => this.deps.storage.report(err))
  }

  /** Stores the running time (every few seconds, so that a crash loses little of it). */
  async checkpointTime(): Promise<void> {
    const attempt = this.writableOrUndefined()
    if (attempt) await saveElapsed(attempt.id, this.deps.clock.elapsed(), attempt.trajectory().length, this.deps.db).catch((err: unknown) => this.deps.storage.report(err))
  }

  private writableOrUndefined(): Attempt | undefined {
    const attempt = this.current
    if (!attempt || attempt.finished || !attempt.leading || this.deps.session.getState().replaying) return undefined
    return attempt
  }

  /** The open attempt, ready for a change; the kernel refuses the rest (finished, led elsewhere) with its own message. */
  private openForChange(): Attempt {
    if (!this.current) throw new Error('No task is open')
    if (this.deps.session.getState().replaying) throw new Error('The phone is showing a replay; open a task to make calls')
    return this.current
  }

  /** A change the kernel took back because it was not stored: the page shows what is stored, and says why. */
  private notStored(attempt: Attempt, err: unknown): unknown {
    if (!(err instanceof StepNotStored)) return err
    this.deps.storage.report(err.cause ?? err)
    if (this.current === attempt) this.showTrajectory(attempt)
    return err
  }

  /** The trajectory as the kernel holds it, and in live state the records as its calls left them (the same objects while nothing changed). */
  private showTrajectory(attempt: Attempt): void {
    const live = attempt.liveView()
    this.deps.session.setState({ steps: [...attempt.trajectory()], ...(live ? { records: live.records, live } : {}) })
  }

  /**
   * The one path for every call on the phone: a person's button,
   * window.spieval, WebMCP and the watched agent job all come here. The step is
   * stored before the phone shows it.
   */
  async callTool(name: string, args: unknown, source: CallSource): Promise<TrajectoryStep> {
    const attempt = this.openForChange()
    if (source !== 'ui') this.programDrives()
    const taskId = attempt.info.taskId
    let plan: PhonePlan | undefined
    const firstCall = attempt.trajectory().length === 0
    let step: TrajectoryStep
    try {
      step = await attempt.call(name, args, source, (s) => {
        plan = this.deps.phone.plan(s, source !== 'ui', taskId, attempt.runtime)
        return plan?.screen ? { screen: plan.screen } : {}
      })
    } catch (err) {
      throw this.notStored(attempt, err)
    }
    this.deps.storage.clear()
    if (plan?.screen) this.savedScreen = plan.screen
    const showTrajectory = () => {
      if (this.current === attempt) this.showTrajectory(attempt)
    }
    const showProgress = () => {
      const row = this.deps.session.getState().attempt
      if (row?.id === attempt.id) this.deps.progress(row) // the first call moves the task to "in progress"
    }
    const shown = plan
    const { frames } = this.deps
    if (source === 'ui') {
      // A person's tap shows at once (after anything a program did before it).
      frames.flush()
      shown?.apply()
      showTrajectory()
      if (firstCall) showProgress()
    } else {
      // A program's calls show at the next frame: the newest screen per app, the trajectory as it then stands.
      if (shown) frames.later(`phone:${shown.app}`, shown.apply)
      frames.later('trajectory', showTrajectory)
      if (firstCall) frames.later('progress', showProgress)
    }
    return step
  }

  /** Remembers the screen with the attempt (debounced by the caller). */
  async rememberScreen(route: PhoneRoute): Promise<void> {
    const { attempt: row, task } = this.deps.session.getState()
    const attempt = this.writableOrUndefined()
    const screen = routeToHash(task?.id, route)
    // A call that moved the phone stored its screen with it: no second write.
    if (!attempt || !row || row.id !== attempt.id || screen === this.savedScreen) return
    this.savedScreen = screen
    const screenAt = this.deps.clock.now()
    // The copy in memory first: the attempt's first call writes the row whole (see saveStep).
    this.currentSink?.noteScreen(row.id, screen, screenAt)
    this.deps.session.setState({ attempt: { ...row, screen, screenAt } })
    await saveScreen(row.id, screen, screenAt, this.deps.db).catch((err: unknown) => this.deps.storage.report(err))
  }

  /**
   * Checks a call against its schema without recording it: a person's form
   * records nothing until it is valid, and says the issues at their fields
   * (the runtime's message for what no field holds). Only a refused check
   * asks for the issues: a valid form is not validated twice.
   */
  checkCall(name: string, args: unknown): CallCheck {
    const attempt = this.current
    const result = attempt?.check(name, args)
    if (!attempt || !result) return { ok: false, content: 'No task is open', issues: [] }
    return { ok: result.ok, content: result.content, issues: result.ok ? [] : attempt.argumentIssues(name, args) }
  }

  /** Why a step the open attempt just refused found no one record to change, as data (see Attempt.refusalOf). */
  refusalOf(step: TrajectoryStep): EffectRefusal | undefined {
    return this.current?.refusalOf(step)
  }

  /** Keeps the assistant's message to the user with the open attempt (the kernel's reply), and shows it in the trajectory. */
  async replyToUser(text: string, source: CallSource): Promise<TrajectoryStep> {
    const attempt = this.openForChange()
    if (source !== 'ui') this.programDrives()
    let step: TrajectoryStep
    try {
      step = await attempt.reply(text, source)
    } catch (err) {
      throw this.notStored(attempt, err)
    }
    this.deps.storage.clear()
    this.showTrajectory(attempt)
    return step
  }

  /** Withdraws a pending execution call; it stays in the trajectory, marked. */
  async withdrawCall(seq: number): Promise<void> {
    const attempt = this.openForChange()
    try {
      if (!(await attempt.withdraw(seq))) return
    } catch (err) {
      throw this.notStored(attempt, err)
    }
    this.deps.storage.clear()
    this.showTrajectory(attempt)
  }

  /**
   * Ends the attempt with the kernel's one finish. The page shows the verdict
   * storage kept (the row the sink reports once it is on disk), never a copy of
   * its own: what is shown is what every later reader finds.
   */
  async finishAttempt(): Promise<TaskVerdict | undefined> {
    this.deps.frames.flush() // the calls a program made are shown before the verdict
    const attempt = this.openForChange()
    // Refused by the kernel with its own message, the timer untouched.
    if (attempt.finished || !attempt.leading) return attempt.finish()
    this.deps.clock.pause()
    let verdict: AttemptOutcome | undefined
    try {
      verdict = await attempt.finish()
    } catch (err) {
      if (!attempt.finished) this.deps.clock.resume()
      throw this.deps.storage.report(err)
    }
    const row = this.deps.session.getState().attempt
    if (row?.id === attempt.id) this.deps.progress(row)
    // Laid out from the verdict the finish just computed and stored: no second scoring.
    if (this.current === attempt) this.deps.session.setState({ explanation: verdict && explanationOf(verdict), steps: [...attempt.trajectory()] })
    return verdict
  }

  /** Flags the task for its author, on the finished attempt. */
  async flagTask(kind: FlagKind, comment: string): Promise<void> {
    const { attempt } = this.deps.session.getState()
    if (!attempt?.finished) throw new Error('Finish the attempt before flagging the task')
    let stored: AttemptRow | undefined
    try {
      stored = await addFlag(attempt.id, { kind, comment: comment.trim(), at: Date.now() }, this.deps.db)
    } catch (err) {
      throw this.deps.storage.report(err)
    }
    if (!stored) return
    this.deps.progress(stored)
    this.deps.session.setState({ attempt: stored })
  }

  /**
   * Whether finishing the open attempt now looks like a slip, read from the
   * kernel at the moment of asking: a program's calls reach the page's store
   * only at the next frame, and a Finish pressed before it must still see them.
   */
  finishRiskNow(): FinishRisk | undefined {
    const attempt = this.current
    return attempt ? finishRisk(attempt.trajectory(), attempt.info.access) : undefined
  }

  /** The calls the open attempt submits (kept execution calls). */
  submittedCalls(): { name: string; arguments: unknown }[] {
    return this.current?.submittedCalls() ?? []
  }
}
