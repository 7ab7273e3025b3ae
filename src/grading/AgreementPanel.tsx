import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { agreementReport, decisionsFor } from '../core'
import type { Grade, GradedRubric, JudgeMode, RubricAgreement, Task } from '../core'
import { ProblemText } from '../shared/ProblemText'
import { useSession } from '../state/session'
import { useSettings } from '../state/settings'
import { AgreementFigures } from './AgreementFigures'
import { AgreementGrid } from './AgreementGrid'
import { AgreementTables } from './AgreementTables'
import { adjudicationGrade } from './agreementAdjudication'
import { gradesFor, reloadGrades, storeGrade, useStoredGrades } from './agreementGrades'
import { storeVerdictWithGrades } from '../state/gradedJudge'
import { gradeApplies, gradedRubrics } from '../core/judge'
import { setLeadGrader, useAgreementSettings } from './agreementSettings'
import { visibleGrades } from './agreementVisibility'
import { useJudgeMode } from './judgeMode'
import './gradingPanels.css'

/** One empty list while the grades are read, so that what depends on them is not made again at every render. */
const NO_GRADES: Grade[] = []

/**
 * How well the graders agree, per rubric, item and grader, and the grid of
 * their ratings with disagreements first, where a lead grader adjudicates.
 * Grades show only once the viewer has graded the attempt, or to a lead.
 */
export function AgreementPanel() {
  const { t } = useTranslation()
  const dataset = useSession((s) => s.dataset)
  const tasks = useSession((s) => s.tasks)
  const viewer = useSettings((s) => s.actor).trim()
  const lead = useAgreementSettings((s) => s.lead)
  const stored = useStoredGrades()
  const grades = gradesFor(stored, dataset?.id)
  const mode = useJudgeMode(grades ?? NO_GRADES, tasks)
  const [saved, setSaved] = useState<{ item: string; attempt: string; met: boolean }>()
  const [failed, setFailed] = useState<string>()

  useEffect(() => {
    if (dataset) void reloadGrades(dataset.id)
  }, [dataset])

  const rubrics = useMemo(() => gradedRubrics(tasks), [tasks])
  const visible = useMemo(() => (grades ? visibleGrades(grades, { name: viewer, lead }) : undefined), [grades, viewer, lead])
  const report = useMemo(() => (visible ? agreementReport(visible.grades, rubrics, { applies: gradeApplies(tasks) }) : undefined), [visible, rubrics, tasks])
  const decided = useMemo(() => decisionsByAttempt(tasks, grades ?? NO_GRADES, report?.rubrics ?? [], mode), [tasks, grades, report, mode])

  if (!dataset) return null
  const adjudicate = async (task: Task, attempt: string, item: string, met: boolean, note: string) => {
    setSaved(undefined)
    setFailed(undefined)
    const grade = adjudicationGrade({ task, attempt, item, met, note, adjudicator: viewer, at: new Date(), grades: grades ?? NO_GRADES })
    await storeGrade(dataset.id, grade)
    setSaved({ item, attempt, met })
    // The grade is kept whatever happens next; a failed re-judgement is said, not thrown into the form.
    await storeVerdictWithGrades(dataset, attempt).catch((err: unknown) => setFailed(err instanceof Error ? err.message : String(err)))
  }
  const taskById = new Map(tasks.map((task) => [task.id, task]))
  const grids = report?.rubrics.map((rubric) => ({ graders: rubric.grid.graders, rows: rubric.grid.rows })) ?? []

  return (
    <section className="grade-tab-panel" aria-labelledby="agreement-heading">
      <h2 id="agreement-heading">{t('gradingAgreement.agreement.heading')}</h2>
      <p className="grade-tab-hint">{t('gradingAgreement.agreement.intro')}</p>
      <label className="grade-tab-check">
        <input type="checkbox" checked={lead} onChange={(event) => setLeadGrader(event.target.checked)} /> {t('gradingAgreement.agreement.lead')}
      </label>
      <p className="grade-tab-hint">{t('gradingAgreement.agreement.leadHint')}</p>
      {!lead && viewer === '' && <p className="grade-tab-note-text">{t('gradingAgreement.agreement.noName')}</p>}
      {lead && viewer === '' && <p className="grade-tab-note-text">{t('gradingAgreement.agreement.needName')}</p>}
      {stored.error && <ProblemText error={{ key: 'gradingAgreement.agreement.loadFailed', params: { message: stored.error } }} />}
      {!grades && !stored.error && <p aria-live="polite">{t('gradingAgreement.agreement.loading')}</p>}
      {visible && visible.hidden > 0 && <p className="grade-tab-note-text">{t('gradingAgreement.agreement.hidden', { count: visible.hidden })}</p>}
      <div aria-live="polite">
        {saved && (
          <p className="grade-tab-saved">
            {t('gradingAgreement.agreement.saved', {
              item: saved.item,
              attempt: saved.attempt,
              verdict: saved.met ? t('gradingAgreement.agreement.met') : t('gradingAgreement.agreement.notMet'),
            })}
          </p>
        )}
      </div>
      {failed && <ProblemText error={{ message: failed }} />}
      {rubrics.length === 0 ? (
        <p>{t('gradingAgreement.agreement.noRubrics')}</p>
      ) : (
        report &&
        (report.overall.units === 0 ? (
          <p>{t('gradingAgreement.agreement.noGrades')}</p>
        ) : (
          <>
            {report.rubrics.filter((rubric) => rubric.units > 0).length > 1 && (
              <section className="grade-tab-block" aria-labelledby="agreement-overall">
                <h3 id="agreement-overall">{t('gradingAgreement.agreement.overall')}</h3>
                <AgreementFigures figures={report.overall} grids={grids} />
              </section>
            )}
            {report.rubrics
              .filter((rubric) => rubric.units > 0)
              .map((rubric) => {
                const task = taskById.get(rubric.task_id)
                const headingId = `agreement-rubric-${rubric.task_id}`
                return (
                  <section key={rubric.task_id} className="grade-tab-block" aria-labelledby={headingId} data-testid="agreement-rubric">
                    <h3 id={headingId}>{t('gradingAgreement.agreement.rubric', { task: rubric.task_id })}</h3>
                    <AgreementFigures figures={rubric} grids={[rubric.grid]} />
                    <AgreementGrid
                      rubric={rubric}
                      decided={decided}
                      {...(lead && viewer !== '' && task ? { onAdjudicate: (attempt: string, item: string, met: boolean, note: string) => adjudicate(task, attempt, item, met, note) } : {})}
                    />
                    <AgreementTables rubric={rubric} />
                  </section>
                )
              })}
          </>
        ))
      )}
    </section>
  )
}

/** Each attempt in the grids decided from every stored grade (not only the visible ones: a decision is the same for everyone). */
function decisionsByAttempt(tasks: readonly Task[], grades: readonly Grade[], rubrics: readonly RubricAgreement[], mode: JudgeMode): Map<string, GradedRubric> {
  const byId = new Map(tasks.map((task) => [task.id, task]))
  const decided = new Map<string, GradedRubric>()
  for (const rubric of rubrics) {
    const task = byId.get(rubric.task_id)
    if (!task) continue
    for (const row of rubric.grid.rows) if (!decided.has(row.attempt)) decided.set(row.attempt, decisionsFor(task, row.attempt, grades, { judge: mode }))
  }
  return decided
}
