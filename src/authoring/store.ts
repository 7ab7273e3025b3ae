/**
 * The task editor's store: one draft (a task and its records), its history
 * for undo and redo, whether it differs from what was loaded or saved, and
 * the validator's findings on it. Edits are pure functions of the draft
 * (exported for the tests and the view); the store only keeps them in order.
 */
import { create } from 'zustand'
import { DatasetError, MemorySink, expectedStateFromChanges, goldFromCalls, loadDataset, readProfile, solveWithOracle, submittedOf } from '../core'
import { effectsOf, stateOfCalls } from '../core'
import type { ContentChange, TaskContent } from '../core'
import { StaleRevision, attemptCalls, datasetAttempts, goldReceived, listTasks, loadTask, recordGold, saveProfile, saveTaskRevision, taskRevisions, toSteps } from '../db'
import type { RevisionRow, VerdictFlip } from '../db'
import { openTask } from '../state/attemptController'
import { gradedJudgeFor } from '../state/gradedJudge'
import { replaceHashNow } from '../state/hashWriter'
import { usePhone } from '../state/phone'
import { routeToHash } from '../state/routes'
import { showView, viewBeforeEditor } from '../state/view'
import { refreshProgress } from '../state/progress'
import { useSession } from '../state/sessionStore'
import { useSettings } from '../state/settings'
import { blockingFindings, countRecords, draftFiles, lintDraft } from '../core'
import type { DraftContext, Finding, FindingPlace } from '../core'
import { emptyTask, freeId, setGold, setLive } from '../core'

// The pure edits and the draft's lint live in core; the view and the tests take them from here with the store.
export * from '../core/authoring'

export interface SaveOutcome {
  rev: number
  fingerprint: string
  flips: VerdictFlip[]
}

export interface Solvability {
  solved: boolean
  /** The verdict's error type, or the reason the draft could not be run. */
  detail: string | null
}

export interface AuthoringState {
  /**
   * `sealed`: the active data set is sealed and has no gold to edit. `ask`:
   * the person has not received the task's gold; the editor asks before it
   * shows it (their later attempts at the task are then practice).
   */
  status: 'idle' | 'loading' | 'ready' | 'missing' | 'sealed' | 'ask'
  /** With `ask`: the task whose gold the editor would show. */
  asking?: string
  datasetId?: string
  /** The task's id as stored: what a save replaces; absent for a new task not yet saved. */
  storedId?: string
  draft?: TaskContent
  /** The content last loaded or saved: the draft is dirty when it differs. */
  base?: TaskContent
  /** The stored task's revision the draft started from (0 before its first edit): a save of an older one is refused. */
  baseRev?: number
  past: TaskContent[]
  future: TaskContent[]
  findings: Finding[]
  context?: DraftContext
  saved?: SaveOutcome
  saving: boolean
  saveError?: string
  /** The save was refused: this revision of the task was saved elsewhere (another tab) after the draft's. */
  saveConflict?: { rev: number }
  solvability?: Solvability | 'running'
  history?: { rows: RevisionRow[]; error?: string }
  /** Counts the drafts started (opened, new, duplicated): the view starts its own state afresh with each. */
  opened: number
  /** A message for the last action that changed nothing (no finished attempt to take the gold from, ...). */
  notice?: { key: 'noAttempt' | 'noChanges' | 'unnamedChanges'; count?: number }
}

const initial: AuthoringState = { status: 'idle', past: [], future: [], findings: [], saving: false, opened: 0 }

export const useAuthoring = create<AuthoringState>()(() => ({ ...initial }))

/** Edits within this time of each other, to the same field, are one step of undo (typing a word is one edit). */
export const COALESCE_MS = 800

// ---- history ---------------------------------------------------------------

let lastEdit: { key: string; at: number } | undefined
let lintTimer: ReturnType<typeof setTimeout> | undefined
/** How long what typing newly finds waits after the last keystroke. */
export const LINT_DELAY_MS = 250
/**
 * Typing lints at every keystroke only up to this many records: the lint takes about 7 µs a record here (7 ms at
 * 1,000), too long for each keystroke beyond. A larger draft is linted after the pause only, findings fixed or not.
 */
export const LINT_WHILE_TYPING_MAX_RECORDS = 1000

function json(value: unknown): string {
  return JSON.stringify(value)
}

/** Whether the draft differs from what was loaded or last saved. */
export function isDirty(state: Pick<AuthoringState, 'draft' | 'base'>): boolean {
  return state.draft !== undefined && (state.base === undefined || json(state.draft) !== json(state.base))
}

export function canUndo(state: Pick<AuthoringState, 'past'>): boolean {
  return state.past.length > 0
}

export function canRedo(state: Pick<AuthoringState, 'future'>): boolean {
  return state.future.length > 0
}

/** Findings shown at one place. */
export function findingsAt(findings: readonly Finding[], place: FindingPlace): Finding[] {
  return findings.filter((f) => f.place === place)
}

/**
 * Applies an edit to the draft. With a `coalesce` key, an edit that follows
 * one with the same key within {@link COALESCE_MS} joins its undo step.
 */
export function editDraft(change: (content: TaskContent) => TaskContent, coalesce?: string, now = Date.now()): void {
  const { draft, past } = useAuthoring.getState()
  if (!draft) return
  const next = change(draft)
  if (next === draft) return
  const joins = coalesce !== undefined && lastEdit?.key === coalesce && now - lastEdit.at < COALESCE_MS && past.length > 0
  lastEdit = coalesce === undefined ? undefined : { key: coalesce, at: now }
  // The oracle's answer was about the draft before: it is cleared with the edit, not with the lint that follows.
  useAuthoring.setState({ draft: next, past: joins ? past : [...past, draft], future: [], notice: undefined, solvability: undefined })
  if (coalesce === undefined) lintNow()
  else lintWhileTyping()
}

export function undo(): void {
  const { draft, past, future } = useAuthoring.getState()
  const previous = past[past.length - 1]
  if (!draft || !previous) return
  lastEdit = undefined
  useAuthoring.setState({ draft: previous, past: past.slice(0, -1), future: [draft, ...future], notice: undefined, solvability: undefined })
  lintNow()
}

export function redo(): void {
  const { draft, past, future } = useAuthoring.getState()
  const next = future[0]
  if (!draft || !next) return
  lastEdit = undefined
  useAuthoring.setState({ draft: next, past: [...past, draft], future: future.slice(1), notice: undefined, solvability: undefined })
  lintNow()
}

function scheduleLint(): void {
  if (lintTimer !== undefined) clearTimeout(lintTimer)
  lintTimer = setTimeout(lintNow, LINT_DELAY_MS)
}

/**
 * The lint while a person types. A finding shown under a field pushes down
 * what is below it, so a finding that came or went a moment after the last
 * keystroke moved the buttons under a pointer already on its way to one
 * (*Add gold call* moved up 48 px as the instruction's finding went). So what
 * the typing fixed goes at once, a place at a time (each place whose findings
 * are all resolved), as the person types; what it newly finds, or words
 * differently, waits for a pause of {@link LINT_DELAY_MS}, so that a half-typed
 * value is not called wrong. Any other edit (a button, a choice, undo) is
 * linted at once, in the same render as its own change.
 */
function lintWhileTyping(): void {
  const { draft, context, findings } = useAuthoring.getState()
  if (!draft || !context || countRecords(draft.records) > LINT_WHILE_TYPING_MAX_RECORDS) return scheduleLint()
  const next = lintDraft(draft, context)
  const kept = findings.filter((shown) => next.some((found) => found.place === shown.place))
  if (kept.length < findings.length) useAuthoring.setState({ findings: kept })
  if (json(kept) === json(next)) {
    if (lintTimer !== undefined) clearTimeout(lintTimer)
    lintTimer = undefined
  } else scheduleLint()
}

/** Runs the lint on the draft now (typing waits {@link LINT_DELAY_MS} for what it newly finds). */
export function lintNow(): void {
  if (lintTimer !== undefined) clearTimeout(lintTimer)
  lintTimer = undefined
  const { draft, context } = useAuthoring.getState()
  if (!draft || !context) return
  useAuthoring.setState({ findings: lintDraft(draft, context) })
}

// ---- loading and saving ----------------------------------------------------

/** Starts the editor on a draft (loaded, new or duplicated): no history, linted at once. */
export function startDraft(draft: TaskContent, context: DraftContext, options: { datasetId: string; storedId?: string; base?: TaskContent; baseRev?: number }): void {
  lastEdit = undefined
  // Replaced whole: nothing of the previous draft (its saved revision, its history) may stay.
  useAuthoring.setState(
    (s) => ({
      ...initial,
      opened: s.opened + 1,
      status: 'ready',
      datasetId: options.datasetId,
      ...(options.storedId !== undefined ? { storedId: options.storedId } : {}),
      draft,
      ...(options.base ? { base: options.base } : {}),
      ...(options.baseRev !== undefined ? { baseRev: options.baseRev } : {}),
      context,
    }),
    true,
  )
  lintNow()
}

function contextOf(taskIds: readonly string[], except: string | undefined): DraftContext | undefined {
  const dataset = useSession.getState().dataset
  if (!dataset) return undefined
  return {
    tools: dataset.tools,
    profile: dataset.profile,
    hasProfile: dataset.hasProfile,
    ...(dataset.skills ? { skills: dataset.skills } : {}),
    ...(dataset.agents ? { agents: dataset.agents } : {}),
    otherIds: new Set(taskIds.filter((id) => id !== except)),
  }
}

/** Opens the editor on a stored task of the active data set, or on a new empty task for `new`; a draft of that task with unsaved edits is kept. */
export async function openEditor(taskId: string): Promise<void> {
  const { dataset, tasks } = useSession.getState()
  if (!dataset) return
  if (dataset.sealed) {
    useAuthoring.setState((s) => ({ ...initial, opened: s.opened, status: 'sealed' }), true)
    return
  }
  const ids = tasks.map((t) => t.id)
  // Coming back to a draft with unsaved edits (from the phone, after solving the task there) keeps it.
  const current = useAuthoring.getState()
  if (current.status === 'ready' && current.datasetId === dataset.id && isDirty(current) && (taskId === 'new' ? current.storedId === undefined : current.storedId === taskId)) return
  if (taskId === 'new') {
    const context = contextOf(ids, undefined)
    if (context) startDraft(emptyTask(freeId('new', new Set(ids))), context, { datasetId: dataset.id })
    return
  }
  useAuthoring.setState({ status: 'loading' })
  const [loaded, revisions] = await Promise.all([loadTask(dataset.id, taskId), taskRevisions(dataset.id, taskId)])
  const context = contextOf(ids, taskId)
  if (!loaded || !context) {
    useAuthoring.setState((s) => ({ ...initial, opened: s.opened, status: 'missing' }), true)
    return
  }
  if (!(await goldReceived(dataset.id, useSettings.getState().actor, taskId))) {
    useAuthoring.setState((s) => ({ ...initial, opened: s.opened, status: 'ask', asking: taskId }), true)
    return
  }
  const content: TaskContent = { task: loaded.task, records: loaded.records }
  startDraft(content, context, { datasetId: dataset.id, storedId: taskId, base: content, baseRev: revisions.at(-1)?.rev ?? 0 })
}

/**
 * The person would rather not see the gold: back to the view shown before the
 * editor. The phone's address is written again (its own write may wait, and
 * yields to an address typed meanwhile), so that the editor's link asks again.
 */
export function declineGold(): void {
  const view = viewBeforeEditor()
  showView(view)
  const task = useSession.getState().task
  if (view === 'phone' && task) replaceHashNow(routeToHash(task.id, usePhone.getState().route))
}

/** The person agreed to see the gold of the task the editor asked about: kept (their later attempts at it are practice), then shown. */
export async function showAskedGold(): Promise<void> {
  const { status, asking } = useAuthoring.getState()
  const dataset = useSession.getState().dataset
  if (status !== 'ask' || asking === undefined || !dataset) return
  await recordGold(dataset.id, { actor: useSettings.getState().actor, taskId: asking, via: 'editor', at: Date.now() })
  await openEditor(asking)
}

/** A new empty task in place of the draft. */
export function newTask(): void {
  const { datasetId, context } = useAuthoring.getState()
  const ids = useSession.getState().tasks.map((t) => t.id)
  if (!datasetId || !context) return
  startDraft(emptyTask(freeId('new', new Set(ids))), { ...context, otherIds: new Set(ids) }, { datasetId })
}

/** A copy of the draft under a new id, not yet saved: a variant to change. */
export function duplicateTask(): void {
  const { datasetId, context, draft } = useAuthoring.getState()
  if (!datasetId || !context || !draft) return
  const ids = new Set(useSession.getState().tasks.map((t) => t.id))
  const copy = structuredClone(draft)
  const { source: _source, ...task } = copy.task
  startDraft({ ...copy, task: { ...task, id: freeId(`${draft.task.id}-copy`, ids) } }, { ...context, otherIds: ids }, { datasetId })
}

/**
 * Saves the draft as the task's next revision: every finished attempt at it is
 * scored again and the flips come back. The session's task list is read again
 * (the id, instruction or type may have changed).
 */
export async function saveDraft(): Promise<SaveOutcome | undefined> {
  lintNow()
  const { datasetId, draft, storedId, baseRev, findings, saving } = useAuthoring.getState()
  if (!datasetId || !draft || saving || blockingFindings(findings).length > 0) return undefined
  useAuthoring.setState({ saving: true, saveError: undefined, saveConflict: undefined })
  try {
    const author = useSettings.getState().actor
    const outcome = await saveTaskRevision(datasetId, draft, { author, ...(storedId !== undefined ? { replaces: storedId, ...(baseRev !== undefined ? { base: baseRev } : {}) } : {}) }, await gradedJudgeFor(datasetId))
    // The author wrote this gold (under this id, a new or renamed task too): their attempts at it are practice.
    await recordGold(datasetId, { actor: author, taskId: draft.task.id, via: 'editor', at: Date.now() })
    const tasks = await refreshTasks(datasetId)
    const ids = tasks.map((t) => t.id)
    // The phone's finished attempt at this task is shown again under the revision (its verdict as re-scored); one in progress is left as it is.
    const { attempt } = useSession.getState()
    if (storedId !== undefined && attempt?.finished && attempt.taskId === storedId && attempt.datasetId === datasetId)
      await openTask(draft.task.id, undefined, { attemptId: attempt.id }).catch(() => undefined)
    useAuthoring.setState((s) => ({
      saving: false,
      saved: outcome,
      storedId: draft.task.id,
      base: draft,
      baseRev: outcome.rev,
      context: s.context ? { ...s.context, otherIds: new Set(ids.filter((id) => id !== draft.task.id)) } : s.context,
      history: undefined,
    }))
    return outcome
  } catch (err) {
    if (err instanceof StaleRevision) useAuthoring.setState({ saving: false, saveConflict: { rev: err.current } })
    else useAuthoring.setState({ saving: false, saveError: err instanceof Error ? err.message : String(err) })
    return undefined
  }
}

/** Reads the active data set's tasks again into the session (after a save), and the progress of its attempts. */
export async function refreshTasks(datasetId: string) {
  const tasks = await listTasks(datasetId)
  if (useSession.getState().dataset?.id === datasetId) useSession.setState({ tasks })
  await refreshProgress(datasetId)
  return tasks
}

/** The oracle's run at the draft, through the tool runtime, in memory: whether the gold can be reached with the tools. */
export async function checkSolvability(): Promise<Solvability | undefined> {
  const { draft, context } = useAuthoring.getState()
  if (!draft || !context) return undefined
  useAuthoring.setState({ solvability: 'running' })
  let result: Solvability
  try {
    const { dataset } = loadDataset(draftFiles(draft, context))
    const { verdict } = await solveWithOracle(dataset, draft.task.id, { sink: new MemorySink() })
    result = { solved: verdict.correct === true, detail: verdict.errorType }
  } catch (err) {
    result = { solved: false, detail: err instanceof DatasetError ? err.issues.map((i) => i.message).join('; ') : err instanceof Error ? err.message : String(err) }
  }
  // Only for the draft it ran on: an edit meanwhile has cleared it.
  if (useAuthoring.getState().draft === draft) useAuthoring.setState({ solvability: result })
  return result
}

/** The current person's latest finished attempt at the task being edited, with its steps; a notice when there is none. */
async function myLatestAttempt() {
  const { datasetId, storedId } = useAuthoring.getState()
  const actor = useSettings.getState().actor
  if (!datasetId || storedId === undefined) return undefined
  const attempts = await datasetAttempts(datasetId)
  const latest = attempts
    .filter((a) => a.taskId === storedId && a.actor === actor && a.finished && a.importedFrom === undefined)
    .sort((a, b) => b.started - a.started)[0]
  if (!latest) {
    useAuthoring.setState({ notice: { key: 'noAttempt' } })
    return undefined
  }
  return toSteps(await attemptCalls(latest.id))
}

/**
 * Gold by demonstration: the current person's latest finished attempt at the
 * task (as stored) becomes the gold calls. One undoable edit.
 */
export async function goldFromMyAttempt(): Promise<boolean> {
  const steps = await myLatestAttempt()
  if (!steps) return false
  const gold = goldFromCalls(steps)
  editDraft((c) => setGold(c, gold))
  return true
}

/**
 * Live state by demonstration: the changes the current person's latest
 * finished attempt left on the draft's records (its kept calls' effects, as
 * the kernel applies them) become the task's `expected_state`. A change whose
 * record no field names alone is left out, and the notice says how many.
 */
export async function expectedStateFromMyAttempt(): Promise<boolean> {
  const steps = await myLatestAttempt()
  const { draft, context } = useAuthoring.getState()
  if (!steps || !draft || !context) return false
  const state = stateOfCalls(draft.records, submittedOf(steps), effectsOf(context.tools), context.profile)
  const changes = state.changes()
  if (changes.length === 0) {
    useAuthoring.setState({ notice: { key: 'noChanges' } })
    return false
  }
  const { expected, unnamed } = expectedStateFromChanges(changes, draft.records)
  editDraft((c) => setLive(c, { ...c.task.live, expectedState: expected }))
  if (unnamed.length > 0) useAuthoring.setState({ notice: { key: 'unnamedChanges', count: unnamed.length } })
  return true
}

/** The task's revisions, oldest first, with what each changed against the one before. */
export async function loadHistory(): Promise<void> {
  const { datasetId, storedId } = useAuthoring.getState()
  if (!datasetId || storedId === undefined) return
  try {
    const rows = await taskRevisions(datasetId, storedId)
    useAuthoring.setState({ history: { rows } })
  } catch (err) {
    useAuthoring.setState({ history: { rows: [], error: err instanceof Error ? err.message : String(err) } })
  }
}

export type { ContentChange, RevisionRow, VerdictFlip }

/**
 * The data set's profile edited as profile.json's text: read as the loader
 * reads it, then saved for the whole data set (its finished live attempts
 * scored again). The phone and the draft's lint take the new profile at once.
 */
export async function saveProfileText(text: string): Promise<{ problems: string[] } | { flips: VerdictFlip[] }> {
  const { datasetId, context } = useAuthoring.getState()
  if (!datasetId || !context) return { problems: ['no data set is open'] }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    return { problems: [`not valid JSON: ${err instanceof Error ? err.message : String(err)}`] }
  }
  const read = readProfile(value)
  if ('problems' in read) return read
  try {
    const saved = await saveProfile(datasetId, read.profile, { author: useSettings.getState().actor }, await gradedJudgeFor(datasetId))
    const dataset = useSession.getState().dataset
    if (dataset?.id === datasetId) useSession.setState({ dataset: { ...dataset, profile: read.profile, hasProfile: true } })
    useAuthoring.setState({ context: { ...context, profile: read.profile, hasProfile: true } })
    lintNow()
    return { flips: saved.flips }
  } catch (err) {
    return { problems: [err instanceof Error ? err.message : String(err)] }
  }
}
