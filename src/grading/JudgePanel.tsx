import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { JUDGE_MIN_ATTEMPTS, judgeGrader } from '../core/judge'
import { ProblemText } from '../shared/ProblemText'
import { useProgress } from '../state/progress'
import { useSession } from '../state/session'
import { useSettings } from '../state/settings'
import { endpointOf } from '../runner/keys'
import { figureText } from './agreementFormat'
import { gradesFor, reloadGrades, useStoredGrades } from './agreementGrades'
import { useAgreementSettings } from './agreementSettings'
import { visibleGrades } from './agreementVisibility'
import { JudgeCheck } from './JudgeCheck'
import { JudgeGrades } from './JudgeGrades'
import { JudgeSettingsForm } from './JudgeSettingsForm'
import { startJudgeRun, stopJudgeRun, useJudgeRun } from './judgeRunStore'
import { effectiveJudgeMode, judgeProbation, judgeStandingOf, useJudgeSettings } from '../state/judgeSettings'
import { judgeTargets } from './judgeTargets'
import './gradingPanels.css'

/**
 * The LLM judge: its settings, a run over the finished attempts (one request
 * each, stoppable), "Check the judge" against the people, and its grades.
 * The counting modes open only once the judge is off probation.
 */
export function JudgePanel() {
  const { t } = useTranslation()
  const dataset = useSession((s) => s.dataset)
  const tasks = useSession((s) => s.tasks)
  const attempts = useProgress((s) => s.attempts)
  const viewer = useSettings((s) => s.actor).trim()
  const lead = useAgreementSettings((s) => s.lead)
  const { endpoint, model, mode } = useJudgeSettings()
  const stored = useStoredGrades()
  const grades = gradesFor(stored, dataset?.id)
  const run = useJudgeRun()

  useEffect(() => {
    if (dataset) void reloadGrades(dataset.id)
  }, [dataset])

  const trimmed = model.trim()
  const standing = useMemo(() => (grades && trimmed !== '' ? judgeStandingOf(grades, tasks, trimmed) : undefined), [grades, tasks, trimmed])
  const probation = standing ? judgeProbation(standing) : 'attempts'
  // Only the count is needed before a run: the steps are read when it starts.
  const pending = useMemo(() => (grades && trimmed !== '' ? judgeTargets(tasks, attempts, new Map(), grades, trimmed).length : 0), [tasks, attempts, grades, trimmed])
  const shown = useMemo(() => {
    if (!grades || trimmed === '') return undefined
    const judge = judgeGrader(trimmed).id
    const seen = visibleGrades(grades, { name: viewer, lead })
    return { grades: seen.grades.filter((grade) => grade.grader.kind === 'llm' && grade.grader.id === judge), hidden: seen.hidden }
  }, [grades, trimmed, viewer, lead])

  if (!dataset) return null
  const ready = endpointOf(endpoint) !== undefined && trimmed !== ''
  const probationText =
    probation === 'attempts'
      ? t('gradingAgreement.judge.probation.attempts', { needed: JUDGE_MIN_ATTEMPTS, attempts: standing?.attempts ?? 0 })
      : probation === 'people'
        ? t('gradingAgreement.judge.probation.people')
        : t('gradingAgreement.judge.probation.f1', { judge: figureText(standing?.judgeF1 ?? null) ?? '—', people: figureText(standing?.peopleF1 ?? null) ?? '—' })
  const inForce = effectiveJudgeMode(mode, standing)
  const progress = run.progress
  const result = run.result

  return (
    <section className="grade-tab-panel" aria-labelledby="judge-heading">
      <h2 id="judge-heading">{t('gradingAgreement.judge.heading')}</h2>
      <p className="grade-tab-hint">{t('gradingAgreement.judge.intro', { needed: JUDGE_MIN_ATTEMPTS })}</p>
      <JudgeSettingsForm probation={probation} probationText={probationText} disabled={run.running} />
      {inForce !== mode && <p className="grade-tab-note-text">{t('gradingAgreement.judge.demoted')}</p>}
      {stored.error && <ProblemText error={{ key: 'gradingAgreement.agreement.loadFailed', params: { message: stored.error } }} />}
      {mode !== 'off' && (
        <div className="grade-tab-run">
          {!ready ? (
            <p className="grade-tab-note-text">{t('gradingAgreement.judge.needSettings')}</p>
          ) : pending === 0 && !run.running ? (
            <p>{t('gradingAgreement.judge.nothingToRun')}</p>
          ) : null}
          <div className="grade-tab-actions">
            <button type="button" disabled={!ready || run.running || pending === 0} onClick={() => void startJudgeRun({ dataset, tasks, attempts, endpoint, model })}>
              {t('gradingAgreement.judge.run', { count: pending })}
            </button>
            {run.running && (
              <button type="button" onClick={stopJudgeRun}>
                {t('gradingAgreement.judge.stop')}
              </button>
            )}
          </div>
          {run.running && progress && (
            <label className="grade-tab-progress">
              {t('gradingAgreement.judge.progress', { done: progress.done, total: progress.total })}
              <progress max={Math.max(progress.total, 1)} value={progress.done} />
            </label>
          )}
          <div aria-live="polite" data-testid="judge-result">
            {!run.running && result && (
              <p className={result.failure ? 'grade-tab-error' : result.invalid > 0 || result.stopped ? 'grade-tab-note-text' : 'grade-tab-saved'}>
                {result.failure
                  ? t('gradingAgreement.judge.failed', { done: result.done, message: result.failure })
                  : result.stopped
                    ? t('gradingAgreement.judge.stopped', { done: result.done, total: result.total, valid: result.valid, invalid: result.invalid })
                    : t('gradingAgreement.judge.finished', { count: result.done, valid: result.valid, invalid: result.invalid })}
              </p>
            )}
          </div>
          {run.error && <ProblemText error={{ message: run.error }} />}
        </div>
      )}
      {standing && <JudgeCheck standing={standing} />}
      {mode !== 'off' && shown && (
        <section className="grade-tab-block" aria-labelledby="judge-grades">
          <h3 id="judge-grades">{t('gradingAgreement.judge.grades')}</h3>
          {shown.hidden > 0 && <p className="grade-tab-note-text">{t('gradingAgreement.judge.hidden', { count: shown.hidden })}</p>}
          <JudgeGrades grades={shown.grades} model={trimmed} mode={inForce} />
        </section>
      )}
    </section>
  )
}
