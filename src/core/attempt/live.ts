import { APP_KEYS } from '../dataset/types'
import { setOwn } from '../base/own'
import type { AppKey, PhoneRecord, Profile, TaskRecords, ToolSchema, Task } from '../dataset/types'
import { isAppKey } from '../apps/registry'
import { effectArguments, effectsOf, stateOfCalls } from '../live/replayCalls'
import { frictionFor } from '../live/friction'
import { parseRecordId } from '../live/state'
import type { EffectRefusal, LiveState } from '../live/state'
import type { RecordId, StateChange } from '../dataset/liveTypes'
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

/** What one live call did: the change it made, or why the state refused it (friction included). Not a verdict. */
export type CallOutcome = { ok: true; change?: StateChange } | { ok: false; content: string; friction?: true; refusal?: EffectRefusal }

/** An app's current records as views get them, with their ids once asked: new arrays when the app changes, the same while it does not. */
interface Column {
  records: PhoneRecord[]
  ids?: RecordId[]
}

/** The steps whose effects make the state: successful execution calls, not withdrawn, not refused by friction. */
const applied = (s: TrajectoryStep) => s.kind === 'execution' && s.ok && !s.withdrawn && !s.friction

/**
 * An attempt's own copy of its task's records (docs/reference.md, "Live state"). It is
 * never stored: the state is its steps replayed over the records (the effects
 * are deterministic), so a reload, a crash or a fork comes back to the same
 * state, and the data set's records are never changed.
 */
export class LiveRecords {
  private state: LiveState
  /**
   * Each app's current records, taken from the state once and then patched
   * change by change: a large app is not walked again after each change, and
   * apps a change left alone keep their arrays (a runtime's index keeps what
   * it prepared for them).
   */
  private columns = new Map<AppKey, Column>()
  private cachedRecords: { of: LiveState; version: number; records: TaskRecords } | undefined
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

  /**
   * The records as the attempt's calls left them (what searches see): the
   * same object until the next change, and an app's array the same until
   * that app changes. Read only.
   */
  current(): TaskRecords {
    const cached = this.cachedRecords
    if (cached?.of === this.state && cached.version === this.state.version) return cached.records
    // The apps the task has, or that gained records (as LiveState.taskRecords).
    const records: TaskRecords = {}
    for (const app of APP_KEYS) {
      const column = this.column(app)
      if (column.records.length > 0 || this.records[app] !== undefined) setOwn(records, app, column.records)
    }
    this.cachedRecords = { of: this.state, version: this.state.version, records }
    return records
  }

  get version(): number {
    return this.state.version
  }

  /** Builds the state again from steps (after a step was taken back, or read again from another tab). */
  reset(steps: readonly TrajectoryStep[]): void {
    this.state = this.replayed(steps)
    this.columns = new Map()
  }

  /**
   * Friction first (a task's rule refuses the call: the solver must repair its
   * plan), then the tool's effect (an update naming no record, or several,
   * is refused with how many match). `prior` are the steps before this call.
   */
  judge(step: TrajectoryStep, prior: readonly TrajectoryStep[]): CallOutcome {
    const nth = prior.filter((s) => s.name === step.name && s.kind === 'execution' && (s.ok || s.friction)).length + 1
    const succeeded = new Set(prior.filter(applied).map((s) => s.name))
    const rule = frictionFor(this.task.live?.friction, step.name, succeeded, nth)
    if (rule) return { ok: false, content: `Error: ${rule.error}`, friction: true }
    const effect = this.effectOf(step.name)
    if (!effect) return { ok: true }
    const result = this.state.apply(effect, effectArguments(step.arguments), this.profile)
    if (!result.ok) return { ok: false, content: `Error: ${result.message}`, ...(result.refusal ? { refusal: result.refusal } : {}) }
    this.patch(result.change)
    return { ok: true, change: result.change }
  }

  /** The records with their ids and changes, built once per version. */
  view(): LiveView {
    const cached = this.cachedView
    if (cached && cached.of === this.state && cached.view.version === this.state.version) return cached.view
    const records = this.current()
    const ids: Record<string, RecordId[]> = {}
    for (const app of APP_KEYS) {
      if (!records[app]) continue
      const column = this.column(app)
      column.ids ??= this.state.entries(app).map((e) => e.id)
      setOwn(ids, app, column.ids)
    }
    const view = { version: this.state.version, records, ids, changes: this.state.changes() }
    this.cachedView = { of: this.state, view }
    return view
  }

  /** The state verdict, when the task names the changes it expects. */
  verdict(): StateVerdict | undefined {
    const expected = this.task.live?.expectedState
    return expected ? stateVerdict(this.records, this.state, expected) : undefined
  }

  private column(app: AppKey): Column {
    let column = this.columns.get(app)
    if (!column) {
      column = { records: this.state.records(app).slice() }
      this.columns.set(app, column)
    }
    return column
  }

  /**
   * Brings a taken column up to date with a change the state just made: an
   * insert comes last, an update takes its record's place, a delete leaves
   * it. The column is copied, never edited: views and runtimes of the last
   * version keep theirs.
   */
  private patch(change: StateChange): void {
    if (!isAppKey(change.app)) return
    const column = this.columns.get(change.app)
    if (!column) return
    if (change.op === 'insert') {
      if (!change.after) return void this.columns.delete(change.app)
      this.columns.set(change.app, { records: column.records.concat([change.after]), ...(column.ids ? { ids: column.ids.concat([change.id]) } : {}) })
      return
    }
    const at = placeOf(column.records, change)
    // Not found cannot happen while the state hands out the objects it holds; taken again, it is right anyway.
    if (at < 0) return void this.columns.delete(change.app)
    const records = column.records.slice()
    if (change.op === 'update') {
      if (!change.after) return void this.columns.delete(change.app)
      records[at] = change.after
      this.columns.set(change.app, { records, ...(column.ids ? { ids: column.ids } : {}) })
      return
    }
    records.splice(at, 1)
    const ids = column.ids?.slice()
    ids?.splice(at, 1)
    this.columns.set(change.app, { records, ...(ids ? { ids } : {}) })
  }

  private replayed(steps: readonly TrajectoryStep[]): LiveState {
    return stateOfCalls(this.records, steps.filter(applied), this.effectOf, this.profile)
  }
}

/**
 * Where the record a change acted on stands in its app's current records
 * (found by identity: the state hands out the objects it holds), or −1. A
 * task's record stands at its index at most (deletes before it move it down),
 * an inserted one among the last.
 */
function placeOf(records: readonly PhoneRecord[], change: StateChange): number {
  const before = change.before
  if (!before) return -1
  const index = parseRecordId(change.id)?.index
  for (let at = Math.min(index ?? records.length - 1, records.length - 1); at >= 0; at--) if (records[at] === before) return at
  return -1
}
