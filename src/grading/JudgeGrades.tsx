import { useTranslation } from 'react-i18next'
import type { Grade, JudgeMode } from '../core'
import { TableScroll } from '../shared/TableScroll'
import { shortAttempt } from './agreementFormat'

/** The judge's grades the viewer may see, latest first: an unreadable answer shows as invalid, never as "not met". */
export function JudgeGrades({ grades, model, mode }: { grades: readonly Grade[]; model: string; mode: JudgeMode }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language.startsWith('zh') ? 'zh-CN' : 'en-GB'
  if (grades.length === 0) return <p>{t('gradingAgreement.judge.noGrades')}</p>
  const latestFirst = [...grades].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
  const answer = (met: boolean | null) => (met === null ? t('gradingAgreement.judge.cantTell') : met ? t('gradingAgreement.agreement.met') : t('gradingAgreement.agreement.notMet'))
  return (
    <TableScroll label={t('gradingAgreement.judge.gradesCaption', { model })}>
      <table className="people-table grade-tab-table">
        <caption>{t('gradingAgreement.judge.gradesCaption', { model })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('gradingAgreement.judge.attempt')}</th>
            <th scope="col">{t('gradingAgreement.judge.task')}</th>
            <th scope="col">{t('gradingAgreement.judge.at')}</th>
            <th scope="col">{t('gradingAgreement.judge.answer')}</th>
            <th scope="col">{t('gradingAgreement.judge.counted')}</th>
          </tr>
        </thead>
        <tbody>
          {latestFirst.map((grade) => (
            <tr key={`${grade.task_id}\u0000${grade.attempt}\u0000${grade.at}`} className={grade.invalid ? 'grade-tab-invalid' : undefined} data-testid="judge-grade">
              <th scope="row" title={grade.attempt}>
                {shortAttempt(grade.attempt)}
              </th>
              <td>{grade.task_id}</td>
              <td>
                <time dateTime={grade.at}>{new Date(grade.at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}</time>
              </td>
              <td>
                {grade.invalid ? (
                  <strong className="grade-tab-invalid-text">{t('gradingAgreement.judge.invalid')}</strong>
                ) : (
                  <ul className="grade-tab-answers">
                    {grade.items.map((item) => (
                      <li key={item.id} title={item.note}>
                        {t('gradingAgreement.judge.itemAnswer', { item: item.id, answer: answer(item.met) })}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td>{grade.invalid ? t('gradingAgreement.judge.neverCounted') : t(`gradingAgreement.judge.countedAs.${mode}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}
