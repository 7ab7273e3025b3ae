import { useTranslation } from 'react-i18next'
import type { RubricAgreement } from '../core'
import { TableScroll } from '../shared/TableScroll'
import { figureText } from './agreementFormat'

/** A rubric's figures item by item, and grader by grader (each grader against the others). */
export function AgreementTables({ rubric }: { rubric: RubricAgreement }) {
  const { t } = useTranslation()
  const shown = (value: number | null) => figureText(value) ?? t('gradingAgreement.agreement.undefined')
  const attempts = (count: number) => t('gradingAgreement.agreement.attempts', { count })
  const itemsCaption = `${t('gradingAgreement.agreement.items')}: ${rubric.task_id}`
  const gradersCaption = `${t('gradingAgreement.agreement.graders')}: ${rubric.task_id}`
  return (
    <div className="grade-tab-tables">
      <TableScroll label={itemsCaption}>
        <table className="people-table grade-tab-table">
          <caption>{t('gradingAgreement.agreement.items')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('gradingAgreement.agreement.item')}</th>
              <th scope="col">{t('gradingAgreement.agreement.raw')}</th>
              <th scope="col">{t('gradingAgreement.agreement.alpha')}</th>
              <th scope="col">{t('gradingAgreement.agreement.kappa')}</th>
              <th scope="col">{t('gradingAgreement.agreement.attemptsColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {rubric.items.map((item) => (
              <tr key={item.item}>
                <th scope="row">{item.item}</th>
                <td className="num">{shown(item.raw.agreement)}</td>
                <td className="num">{shown(item.alpha.alpha)}</td>
                <td>
                  {item.kappas.length === 0
                    ? t('gradingAgreement.agreement.undefined')
                    : item.kappas.map((pair) => (
                        <span key={`${pair.a}\u0000${pair.b}`} className="grade-tab-pair">
                          {t('gradingAgreement.agreement.pair', { a: pair.a, b: pair.b, figure: t('gradingAgreement.agreement.rests', { value: shown(pair.kappa), attempts: attempts(pair.n) }) })}
                        </span>
                      ))}
                </td>
                <td className="num">{attempts(item.attempts)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <TableScroll label={gradersCaption}>
        <table className="people-table grade-tab-table">
          <caption>{t('gradingAgreement.agreement.graders')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('gradingAgreement.agreement.grader')}</th>
              <th scope="col">{t('gradingAgreement.agreement.withOthers')}</th>
              <th scope="col">{t('gradingAgreement.agreement.rated')}</th>
            </tr>
          </thead>
          <tbody>
            {rubric.graders.map((grader) => (
              <tr key={grader.grader}>
                <th scope="row">{grader.grader}</th>
                <td className="num">{t('gradingAgreement.agreement.restsUnits', { value: shown(grader.raw.agreement), count: grader.raw.units, attempts: attempts(attemptsOf(rubric, grader.grader)) })}</td>
                <td className="num">{grader.rated}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  )
}

/** The attempts on which this grader and another rated an item in common. */
function attemptsOf(rubric: RubricAgreement, grader: string): number {
  const own = rubric.grid.graders.indexOf(grader)
  const rows = rubric.grid.rows.filter((row) => row.cells[own] != null && row.cells.filter((cell) => cell !== null).length >= 2)
  return new Set(rows.map((row) => row.attempt)).size
}
