import type { Task } from '../dataset/types'
import { orderedTypes } from '../score/capabilities'
import { capabilityName } from '../score/capabilities'
import { formatMeanStd } from '../score/stats'
import type { StudyFile } from '../study/file'
import { humanBaseline } from './baseline'
import type { AgreementFigures, PersonScore } from './baseline'
import { crossValidation } from './crossValidation'
import type { CrossValidationRow } from './crossValidation'
import { countedAttempts } from './people'
import type { PersonAttempt } from './people'
import type { Table } from './tables'

/** One person of a study: how far they are, and how well they did on what they submitted. */
export interface StudyPersonRow {
  actor: string
  /** Tasks the study gives them. */
  assigned: number
  /** Assigned tasks with a finished attempt (each task once). */
  submitted: number
  /** Assigned tasks opened, but with no finished attempt yet. */
  inProgress: number
  /** submitted / assigned (0 to 1); null when nothing is assigned. */
  progress: number | null
  /** Active time of the submitted attempts (those that count), in ms. */
  activeMs: number
  /** Over the submitted tasks. */
  overall: PersonScore
  by_type: Record<string, PersonScore>
  /** Steps of their attempts at their tasks by how they were made: call source → steps (see PersonAttempt.sources). */
  sources: Record<string, number>
  /** Their attempts at their tasks with a step not tapped on the phone (window.spieval, an agent, ...): a participant's should be none. */
  notByHand: number
}

/** One capability over the study's people (or all of them, in `totals`). */
export interface StudyCapabilityRow {
  /** Study tasks of the capability. */
  tasks: number
  /** Person-task pairs the study hands out. */
  assigned: number
  /** Of those, the ones submitted, and how many reached the gold. */
  submitted: number
  solved: number
  /** solved / submitted in percent, pooled over people; null when nothing is submitted. */
  accuracy: number | null
  /** Mean ± population std of the people's own accuracies, over the people who submitted such a task. */
  overPeople: { mean: number; std: number; people: number }
}

export interface StudyDashboard {
  studyId: string
  perTask: number
  /** Capabilities of the study's tasks, in the paper's order. */
  types: string[]
  /** The study's people, in the study's order. */
  people: StudyPersonRow[]
  by_type: Record<string, StudyCapabilityRow>
  totals: StudyCapabilityRow
  /** Study tasks given to two people or more: where agreement can be measured once they are done. */
  overlap: number
  /** Over the study tasks that two assigned people or more submitted (humanBaseline's figures). */
  agreement: { verdict: AgreementFigures; answer: AgreementFigures }
  /** The cross-validation list of the study's tasks someone worked on, in its order (wrong first, then split). */
  crossValidation: CrossValidationRow[]
  /** Attempts left out of every figure: by people not in the study, or at tasks not assigned to them. */
  outside: number
  /** Of those, attempts by a study person at their task made in another setting than the study's. */
  otherSetting: number
  /** The study's access setting, when it fixes one. */
  setting?: string
  /** Study tasks that the data set does not have (counted as assigned, never submitted). */
  missingTasks: string[]
}

/**
 * The collector's view of a study over a data set's people attempts. Only
 * attempts by a study person at a task assigned to them count, each task once
 * (the attempt {@link countedAttempts} keeps); accuracy, agreement and the
 * cross-validation list are the human baseline's own (humanBaseline,
 * crossValidation), computed over those attempts and the study's tasks.
 */
export function studyDashboard(study: StudyFile, tasks: readonly Task[], attempts: readonly PersonAttempt[]): StudyDashboard {
  const studyTaskIds = new Set(Object.keys(study.tasks))
  const studyTasks = tasks.filter((t) => studyTaskIds.has(t.id))
  const present = new Set(studyTasks.map((t) => t.id))
  const missingTasks = [...studyTaskIds].filter((id) => !present.has(id))
  const typeOf = new Map<string, string>([...Object.entries(study.tasks).map(([id, entry]): [string, string] => [id, entry.type]), ...studyTasks.map((t): [string, string] => [t.id, t.type])])
  const assignedTo = new Map(Object.entries(study.people).map(([actor, ids]) => [actor, new Set(ids.filter((id) => studyTaskIds.has(id)))]))

  const assigned = attempts.filter((a) => present.has(a.taskId) && assignedTo.get(a.actor)?.has(a.taskId) === true)
  // A study fixes its setting: figures never mix attempts made in different ones.
  const inStudy = study.setting === undefined ? assigned : assigned.filter((a) => a.access === undefined || a.access === study.setting)
  const counted = countedAttempts(inStudy)
  const baseline = humanBaseline(studyTasks, inStudy)
  const types = orderedTypes([...typeOf.values()].map((type) => ({ type })))
  const none: PersonScore = { finished: 0, solved: 0, accuracy: null }

  const people = [...assignedTo].map(([actor, assigned]): StudyPersonRow => {
    const own = counted.filter((a) => a.actor === actor)
    const started = new Set(inStudy.filter((a) => a.actor === actor).map((a) => a.taskId))
    const scores = baseline.people.find((p) => p.actor === actor)
    const mine = inStudy.filter((a) => a.actor === actor)
    return {
      actor,
      assigned: assigned.size,
      submitted: own.length,
      inProgress: started.size - own.length,
      progress: assigned.size === 0 ? null : own.length / assigned.size,
      activeMs: own.reduce((ms, a) => ms + a.elapsedMs, 0),
      overall: scores ? { finished: scores.finished, solved: scores.solved, accuracy: scores.accuracy } : none,
      by_type: Object.fromEntries(types.map((type) => [type, scores?.by_type[type] ?? none])),
      sources: sumSources(mine),
      notByHand: mine.filter((a) => Object.entries(a.sources ?? {}).some(([source, n]) => source !== BY_HAND && n > 0)).length,
    }
  })

  const capability = (ids: readonly string[], overPeople: StudyCapabilityRow['overPeople'] | undefined): StudyCapabilityRow => {
    const wanted = new Set(ids)
    const mine = counted.filter((a) => wanted.has(a.taskId))
    const solved = mine.filter((a) => a.correct === true).length
    return {
      tasks: ids.length,
      assigned: [...assignedTo.values()].reduce((n, set) => n + [...set].filter((id) => wanted.has(id)).length, 0),
      submitted: mine.length,
      solved,
      accuracy: mine.length === 0 ? null : (100 * solved) / mine.length,
      overPeople: overPeople ?? { mean: 0, std: 0, people: 0 },
    }
  }
  const idsOfType = (type: string) => [...studyTaskIds].filter((id) => typeOf.get(id) === type)

  return {
    studyId: study.id,
    perTask: study.perTask,
    types,
    people,
    by_type: Object.fromEntries(types.map((type) => [type, capability(idsOfType(type), baseline.by_type[type])])),
    totals: capability([...studyTaskIds], baseline.overall),
    overlap: Object.values(study.tasks).filter((entry) => new Set(entry.people).size >= 2).length,
    agreement: baseline.agreement,
    crossValidation: crossValidation(studyTasks, inStudy).filter((row) => row.solvers.length > 0),
    outside: attempts.length - inStudy.length,
    otherSetting: assigned.length - inStudy.length,
    ...(study.setting === undefined ? {} : { setting: study.setting }),
    missingTasks,
  }
}

/** The call source of a step tapped on the phone by the person. */
const BY_HAND = 'ui'

function sumSources(attempts: readonly PersonAttempt[]): Record<string, number> {
  const total = new Map<string, number>()
  for (const a of attempts) for (const [source, n] of Object.entries(a.sources ?? {})) total.set(source, (total.get(source) ?? 0) + n)
  return Object.fromEntries(total)
}

const percent = (x: number | null) => (x === null ? '—' : x.toFixed(1))
const cell = (s: PersonScore | undefined) => (s && s.accuracy !== null ? `${s.accuracy.toFixed(1)} (${s.solved}/${s.finished})` : '—')

/**
 * The per-person table of a study, one row per person (progress in percent,
 * active time in seconds, accuracy % with solved/submitted); for `toCsv`.
 */
export function studyDashboardTable(dashboard: StudyDashboard): Table {
  const { types } = dashboard
  return {
    name: 'study_people',
    title: `Study ${dashboard.studyId}: progress and accuracy (%) per person`,
    rows: [
      ['person', 'assigned', 'submitted', 'progress (%)', 'in progress', 'active time (s)', ...types.map((t) => `${capabilityName(t)} ${t}`), 'Overall'],
      ...dashboard.people.map((p) => [
        p.actor,
        String(p.assigned),
        String(p.submitted),
        percent(p.progress === null ? null : 100 * p.progress),
        String(p.inProgress),
        (p.activeMs / 1000).toFixed(1),
        ...types.map((t) => cell(p.by_type[t])),
        cell(p.overall),
      ]),
    ],
  }
}

/** "70.0 ± 4.3", or "—" when nobody submitted. */
export function formatOverPeople(figure: StudyCapabilityRow['overPeople']): string {
  return figure.people === 0 ? '—' : formatMeanStd(figure)
}
