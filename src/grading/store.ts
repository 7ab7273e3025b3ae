import { create } from 'zustand'
import { Attempt, GRADES_FILE, decisionsFor, gradeLines, parseGrades, rubricHash } from '../core'
import type { DatasetIssue, Grade, ItemGrade, RubricItemOutcome, Task, TrajectoryStep } from '../core'
import { attemptCalls, datasetAttempts, getAttempt, gradesOf, importGrades, listTasks, loadTask, putGrade, toSteps } from '../db'
import type { AttemptRow, DatasetRow, StoredVerdict } from '../db'
import { attemptSource } from '../state/attemptSource'
import { saveDownload } from '../state/download'
import { endReplay, showRecording } from '../state/recording'
import { useSession } from '../state/sessionStore'
import { useSettings } from '../state/settings'
import { gradesOfAttempt, gradingQueue } from './queue'
import type { GradingQueue } from './queue'
import { pageJudgeMode, storeVerdictWithGrades } from '../state/gradedJudge'

/** A grader's answer on one item while grading: undefined until they choose. */
export interface DraftItem {
  met: boolean | null | undefined
  evidence: number[]
  note: string
}

/** The attempt being graded: the replay's steps and the automatic items as the one scorer decided them. */
export interface Grading {
  attempt: AttemptRow
  /** Its place in the queue when opened: how the page names it (never by its actor). */
  number: number
  task: Task
  steps: TrajectoryStep[]
  /** The automatic items' outcomes (core's rubric verdict over the attempt's steps). */
  auto: RubricItemOutcome[]
  /** Once the grader has submitted (or had graded it before): every grade of it, and its verdict now. */
  revealed?: { grades: Grade[]; verdict?: StoredVerdict }
}

/** What an import of grades.jsonl did. */
export interface GradesImport {
  file: string
  added: number
  skipped: number
  issues: DatasetIssue[]
}

interface GradingState {
  queue?: GradingQueue
  loading: boolean
  open?: Grading
  /** The step shown on the phone (1-based; 0 before the first). */
  step: number
  draft: Record<string, DraftItem>
  saving: boolean
  error?: string
  imported?: GradesImport[]
}

export const useGrading = create<GradingState>()(() => ({ loading: false, step: 0, draft: {}, saving: false }))

const me = (): string => useSettings.getState().actor

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

/** Every grade of an attempt, stale ones too: what a grader sees once they have submitted. */
const everyGradeOf = (grades: readonly Grade[], attempt: AttemptRow): Grade[] => grades.filter((g) => g.task_id === attempt.taskId && g.attempt === attempt.id)

/** Reads the queue again (on opening the view, after a submission or an import). */
export async function loadQueue(): Promise<void> {
  const dataset = useSession.getState().dataset
  if (!dataset) return
  useGrading.setState({ loading: true })
  try {
    const [tasks, grades] = await Promise.all([listTasks(dataset.id), gradesOf(dataset.id)])
    const before = await datasetAttempts(dataset.id)
    const caughtUp = await catchUp(dataset, before, tasks, grades)
    const attempts = caughtUp > 0 ? await datasetAttempts(dataset.id) : before
    useGrading.setState({ queue: gradingQueue(attempts, tasks, grades, me()), loading: false })
  } catch (err) {
    useGrading.setState({ loading: false, error: messageOf(err) })
  }
}

/**
 * Attempts still waiting for grades that their grades now decide in part:
 * every re-scoring counts the grades stored (state/gradedJudge.ts), but an
 * attempt stored by an earlier version of the page, or judged while the
 * judge's mode counted it differently, may still wait. Each is judged again
 * (core decides, storage keeps the verdict); how many were.
 */
async function catchUp(dataset: DatasetRow, attempts: readonly AttemptRow[], tasks: readonly Task[], grades: readonly Grade[]): Promise<number> {
  const taskOf = new Map(tasks.map((t) => [t.id, t]))
  const judge = pageJudgeMode(grades, tasks)
  let judged = 0
  for (const attempt of attempts) {
    const task = taskOf.get(attempt.taskId)
    if (!task || !attempt.finished || attempt.verdict?.errorType !== 'rubric_pending') continue
    const { decisions } = decisionsFor(task, attempt.id, grades, { judge })
    if (![...decisions.values()].some((met) => met !== null)) continue
    await storeVerdictWithGrades(dataset, attempt.id)
    judged++
  }
  return judged
}

/** The manual items' empty answers. */
function emptyDraft(task: Task): Record<string, DraftItem> {
  const items = task.planner?.rubric?.items.filter((item) => !item.auto) ?? []
  return Object.fromEntries(items.map((item) => [item.id, { met: undefined, evidence: [], note: '' }]))
}

/** Opens an attempt for grading: its replay on the phone at the first step, the rubric beside it. Refused for the person's own. */
export async function openForGrading(attemptId: string, number = 1): Promise<void> {
  const dataset = useSession.getState().dataset
  useGrading.setState({ error: undefined })
  const attempt = await getAttempt(attemptId)
  if (!dataset || !attempt || attempt.datasetId !== dataset.id) return void useGrading.setState({ error: attemptId })
  if (attempt.actor === me()) return void useGrading.setState({ error: 'own' })
  const loaded = await loadTask(dataset.id, attempt.taskId)
  if (!loaded) return void useGrading.setState({ error: attemptId })
  const steps = toSteps(await attemptCalls(attempt.id))
  const verdict = Attempt.view(attempt, attemptSource(dataset, loaded), steps).explanation()?.conditions?.rubric
  const auto = verdict?.items.filter((item) => loaded.task.planner?.rubric?.items.find((r) => r.id === item.id)?.auto) ?? []
  const all = await gradesOf(dataset.id)
  const graded = gradesOfAttempt(all, attempt, loaded.task).some((g) => g.grader.kind === 'human' && g.grader.id === me())
  const grades = everyGradeOf(all, attempt)
  useGrading.setState({
    open: { attempt, number, task: loaded.task, steps, auto, ...(graded ? { revealed: { grades, ...(attempt.verdict ? { verdict: attempt.verdict } : {}) } } : {}) },
    draft: emptyDraft(loaded.task),
    step: 0,
  })
  await showStep(Math.min(1, steps.length))
}

/** Shows the attempt on the phone as it stood after `step` steps. */
export async function showStep(step: number): Promise<void> {
  const open = useGrading.getState().open
  if (!open) return
  const shown = Math.max(0, Math.min(open.steps.length, step))
  useGrading.setState({ step: shown })
  try {
    await showRecording(open.attempt, open.steps, shown)
  } catch (err) {
    useGrading.setState({ error: messageOf(err) })
  }
}

/**
 * Back to the queue, read again first: shown as it was, the attempt just
 * graded would sit at the top unmarked for a moment, and a quick tap there
 * would open it again. The phone goes back to the person's own attempt.
 */
export async function closeGrading(): Promise<void> {
  await loadQueue()
  useGrading.setState({ open: undefined, draft: {}, step: 0 })
  await endReplay()
}

export function setItem(id: string, change: Partial<DraftItem>): void {
  useGrading.setState((s) => {
    const before = s.draft[id] ?? { met: undefined, evidence: [], note: '' }
    return { draft: { ...s.draft, [id]: { ...before, ...change } } }
  })
}

/** Tapping a step marks it as evidence for an item, or takes it back; the phone shows the step. */
export function toggleEvidence(id: string, step: number): void {
  const item = useGrading.getState().draft[id]
  if (!item) return
  const evidence = item.evidence.includes(step) ? item.evidence.filter((s) => s !== step) : [...item.evidence, step].sort((a, b) => a - b)
  setItem(id, { evidence })
  void showStep(step)
}

/** Every manual item has an answer (can't tell is one). */
export const draftComplete = (draft: Record<string, DraftItem>): boolean => Object.values(draft).every((item) => item.met !== undefined)

/**
 * Submits the grade: stored at once, the attempt judged again by the one
 * re-scoring service with every grade of it, and the grades revealed to the
 * grader.
 */
export async function submitGrade(): Promise<void> {
  const { open, draft } = useGrading.getState()
  const dataset = useSession.getState().dataset
  if (!open || !dataset || !draftComplete(draft) || open.attempt.actor === me()) return
  const items: ItemGrade[] = Object.entries(draft).map(([id, item]) => ({ id, met: item.met ?? null, evidence: item.evidence, note: item.note.trim() }))
  const hash = rubricHash(open.task)
  const grade: Grade = {
    task_id: open.task.id,
    attempt: open.attempt.id,
    grader: { id: me(), kind: 'human' },
    items,
    at: new Date().toISOString(),
    ...(hash !== undefined ? { rubric_hash: hash } : {}),
  }
  useGrading.setState({ saving: true, error: undefined })
  try {
    await putGrade(dataset.id, grade)
    const judged = await storeVerdictWithGrades(dataset, open.attempt.id)
    const grades = everyGradeOf(await gradesOf(dataset.id), open.attempt)
    const verdict = judged?.verdict ?? open.attempt.verdict
    useGrading.setState({ open: { ...open, revealed: { grades, ...(verdict ? { verdict } : {}) } }, saving: false })
  } catch (err) {
    useGrading.setState({ saving: false, error: messageOf(err) })
  }
}

/**
 * Keeps a grade made elsewhere in the view (an adjudication, a judge's) and
 * judges its attempt again with every grade of it, as a submission does; the
 * queue is read again. False when the same grade was kept already.
 */
export async function storeGradeAndJudge(grade: Grade): Promise<boolean> {
  const dataset = useSession.getState().dataset
  if (!dataset) return false
  const added = await putGrade(dataset.id, grade)
  if (added) await storeVerdictWithGrades(dataset, grade.attempt)
  await loadQueue()
  return added
}

/** Grades the attempt again: a grader's latest grade replaces their earlier ones. */
export function gradeAgain(): void {
  const open = useGrading.getState().open
  if (!open) return
  const { revealed: _revealed, ...rest } = open
  useGrading.setState({ open: rest, draft: emptyDraft(open.task) })
}

/** Downloads every grade of the data set as grades.jsonl. */
export async function exportGrades(): Promise<number> {
  const dataset = useSession.getState().dataset
  if (!dataset) return 0
  const grades = await gradesOf(dataset.id)
  saveDownload(gradeLines(grades), GRADES_FILE, 'application/jsonl')
  return grades.length
}

/**
 * Merges other graders' grades.jsonl files: a grade already here is skipped,
 * and each stored attempt they grade is judged again with its grades.
 */
export async function importGradeFiles(files: readonly File[]): Promise<void> {
  const dataset = useSession.getState().dataset
  if (!dataset) return
  useGrading.setState({ saving: true, error: undefined, imported: undefined })
  const imported: GradesImport[] = []
  const touched = new Set<string>()
  try {
    for (const file of files) {
      const { grades, issues } = parseGrades(await file.text(), file.name)
      const { added, skipped } = await importGrades(dataset.id, grades)
      for (const grade of grades) touched.add(grade.attempt)
      imported.push({ file: file.name, added, skipped, issues })
    }
    for (const attemptId of touched) await storeVerdictWithGrades(dataset, attemptId)
    useGrading.setState({ imported, saving: false })
  } catch (err) {
    useGrading.setState({ imported, saving: false, error: messageOf(err) })
  }
  await loadQueue()
}
