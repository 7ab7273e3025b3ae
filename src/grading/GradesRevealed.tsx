import { useTranslation } from 'react-i18next'
import type { Grade } from '../core'
import { useSettings } from '../state/settings'
import { isCurrent } from './queue'
import { gradeAgain, useGrading } from './store'

/**
 * What a grader sees once they have submitted: who made the attempt, its
 * verdict now, and every grade of it, people's and a judge's, item by item.
 */
export function GradesRevealed() {
  const { t } = useTranslation()
  const open = useGrading((s) => s.open)
  const me = useSettings((s) => s.actor)
  if (!open?.revealed) return null
  const { grades, verdict } = open.revealed
  const items = open.task.planner?.rubric?.items.filter((item) => !item.auto) ?? []
  const verdictText = !verdict
    ? undefined
    : verdict.correct
      ? t('grading.revealed.correct')
      : verdict.errorType === 'rubric_pending'
        ? t('grading.revealed.pending')
        : verdict.errorType === 'rubric_failed'
          ? t('grading.revealed.failed')
          : t('grading.revealed.wrong', { type: verdict.errorType ?? '' })
  const who = (grade: Grade): string =>
    grade.grader.kind === 'llm'
      ? t('grading.revealed.judge', { id: grade.grader.id })
      : grade.grader.role === 'adjudicator'
        ? t('grading.revealed.adjudicator', { id: grade.grader.id })
        : grade.grader.id === me
          ? t('grading.revealed.you', { id: grade.grader.id })
          : t('grading.revealed.grader', { id: grade.grader.id })
  const answer = (grade: Grade, id: string): string => {
    const item = grade.items.find((i) => i.id === id)
    if (!item) return '—'
    const met = item.met === true ? t('grading.rubric.met') : item.met === false ? t('grading.rubric.notMet') : t('grading.rubric.cantTell')
    const steps = item.evidence.length > 0 ? t('grading.revealed.evidence', { steps: item.evidence.join(', ') }) : undefined
    return [met, steps, item.note || undefined].filter(Boolean).join(' · ')
  }
  return (
    <section className="grading-card grading-revealed" aria-labelledby="grading-revealed-heading">
      <h3 id="grading-revealed-heading">{t('grading.revealed.heading')}</h3>
      <p>{t('grading.revealed.actor', { actor: open.attempt.actor })}</p>
      {verdictText && <p className={`grading-verdict ${verdict?.correct ? 'correct' : 'wrong'}`}>{t('grading.revealed.verdict', { verdict: verdictText })}</p>}
      <div className="table-scroll">
        <table className="grading-table">
          <caption>{t('grading.revealed.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" />
              {items.map((item) => (
                <th key={item.id} scope="col">
                  {item.id}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grades.map((grade) => (
              <tr key={`${grade.grader.kind}/${grade.grader.id}/${grade.at}`} className={isCurrent(grade, open.task) ? undefined : 'stale'}>
                <th scope="row">
                  {who(grade)}
                  {!isCurrent(grade, open.task) && <span className="grading-note"> · {t('grading.revealed.stale')}</span>}
                </th>
                {items.map((item) => (
                  <td key={item.id}>{answer(grade, item.id)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" onClick={gradeAgain}>
        {t('grading.revealed.again')}
      </button>
    </section>
  )
}
