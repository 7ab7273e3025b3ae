import { APP_KEYS } from '../dataset/types'
import type { Profile, TaskRecords, ToolSchema, Task } from '../dataset/types'
import { effectArguments, effectsOf, stateOfCalls } from '../live/replayCalls'
import { frictionFor } from '../live/friction'
import { LiveState } from '../live/state'
import type { RecordId, StateChange } from '../live/types'
import { stateVerdict } from '../live/verdict'
import type { StateVerdict } from '../live/verdict'
import type { TrajectoryStep } from '../tools/steps'

/** An attempt's records in live state, for views: as they stand, with their ids, and the changes against the task's. */
export interface LiveView {
  /** Grows with every change: a view is the same object until it does. */
  version: number
  records: TaskRecords
  /** Per app, the id of each current record, in the order of `records`. */
  ids: Record<string, RecordId[]>
  /** Inserted, updated (with the fields) and deleted records against the task's records. */
  changes: StateChange[]
}

/** What a valid execution call does in live state. */
export type LiveOutcome = { ok: true; change?: StateChange } | { ok: false; content: string; friction?: true }

/** The steps whose effects make the state: successful execution calls, not withdrawn, not refused by friction. */
const applied = (s: TrajectoryStep) => s.kind === 'execution' && s.ok && !s.withdrawn && !s.friction

/**
 * An attempt's own copy of its task's records (DESIGN.md, "Live state"). It is
 * never stored: the state is its steps replayed over the records (the effects
 * are deterministic), so a reload, a crash or a fork comes back to the same
 * state, and the data set's records are never changed.
 */
export class LiveRecords {
  private state: LiveState
  private cachedView: { of: LiveState; view: LiveView } | undefined
  private readonly effectOf: ReturnType<typeof effectsOf>

  constructor(
    private readonly task: Task,
    private readonly records: TaskRecords,
    tools: readonly ToolSchema[],
    private readonly profile: Profile,
    steps: readonly TrajectoryStep[],
  ) {
    this.effectOf = effectsOf(tools)
    this.state = this.replayed(steps)
  }

  /** The records as the attempt's calls left them (what searches see). */
  current(): TaskRecords {
    return this.state.taskRecords()
  }

  get version(): number {
    return this.state.version
  }

  /** Builds the state again from steps (after a step was taken back, or read again from another tab). */
  reset(steps: readonly TrajectoryStep[]): void {
    this.state = this.replayed(steps)
  }

  /**
   * Friction first (a task's rule refuses the call: the solver must repair its
   * plan), then the tool's effect (an update naming no record, or several,
   * is refused with how many match). `prior` are the steps before this call.
   */
  judge(step: TrajectoryStep, prior: readonly TrajectoryStep[]): LiveOutcome {
    const nth = prior.filter((s) => s.name === step.name && s.kind === 'execution' && (s.ok || s.friction)).length + 1
    const succeeded = new Set(prior.filter(applied).map((s) => s.name))
    const rule = frictionFor(this.task.live?.friction, step.name, succeeded, nth)
    if (rule) return { ok: false, content: `Error: ${rule.error}`, friction: true }
    const effect = this.effectOf(step.name)
    if (!effect) return { ok: true }
    const result = this.state.apply(effect, effectArguments(step.arguments), this.profile)
    if (!result.ok) return { ok: false, content: `Error: ${result.message}` }
    return { ok: true, change: result.change }
  }

  /** The records with their ids and changes, built once per version. */
  view(): LiveView {
    const cached = this.cachedView
    if (cached && cached.of === this.state && cached.view.version === this.state.version) return cached.view
    const records = this.current()
    const ids: Record<string, RecordId[]> = {}
    for (const app of APP_KEYS) if (records[app]) ids[app] = this.state.entries(app).map((e) => e.id)
    const view = { version: this.state.version, records, ids, changes: this.state.changes() }
    this.cachedView = { of: this.state, view }
    return view
  }

  /** The state verdict, when the task names the changes it expects. */
  verdict(): StateVerdict | undefined {
    const expected = this.task.live?.expectedState
    return expected ? stateVerdict(this.records, this.state, expected) : undefined
  }

  private replayed(steps: readonly TrajectoryStep[]): LiveState {
    return stateOfCalls(this.records, steps.filter(applied), this.effectOf, this.profile)
  }
}

