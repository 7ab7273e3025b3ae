import { Fragment, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GradedRubric, RubricAgreement } from '../core'
import { TableScroll } from '../shared/TableScroll'
import { AgreementAdjudicate } from './AgreementAdjudicate'
import { shortAttempt } from './agreementFormat'

interface AgreementGridProps {
  rubric: RubricAgreement
  /** Each attempt's decisions (under the judge mode in force), by attempt id. */
  decided: ReadonlyMap<string, GradedRubric>
  /** Set for a lead grader: stores an adjudication of a disagreement. */
  onAdjudicate?: (attempt: string, item: string, met: boolean, note: string) => Promise<void>
}

/** Items × attempts with each grader's rating, disagreements first (core's disagreementGrid orders them). */
export function AgreementGrid({ rubric, decided, onAdjudicate }: AgreementGridProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<string>()
  const { graders, rows } = rubric.grid
  const columns = 4 + graders.length
  const rating = (cell: boolean | null) =>
    cell === null ? (
      <span aria-label={t('gradingAgreement.agreement.noneLabel')}>{t('gradingAgreement.agreement.none')}</span>
    ) : (
      <span className={cell ? 'grade-tab-met' : 'grade-tab-not-met'}>{cell ? t('gradingAgreement.agreement.met') : t('gradingAgreement.agreement.notMet')}</span>
    )
  return (
    <TableScroll label={t('gradingAgreement.agreement.gridCaption', { task: rubric.task_id })}>
      <table className="people-table grade-tab-table grade-tab-grid">
        <caption>{t('gradingAgreement.agreement.grid')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('gradingAgreement.agreement.item')}</th>
            <th scope="col">{t('gradingAgreement.agreement.attempt')}</th>
            {graders.map((grader) => (
              <th key={grader} scope="col">
                {grader}
              </th>
            ))}
            <th scope="col">{t('gradingAgreement.agreement.decision')}</th>
            <th scope="col">{t('gradingAgreement.agreement.action')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const grading = decided.get(row.attempt)?.items.find((item) => item.id === row.item)
            const met = decided.get(row.attempt)?.decisions.get(row.item)
            const by = grading?.decided_by
            const isOpen = open === row.key
            return (
              <Fragment key={row.key}>
                <tr className={row.disagrees ? 'grade-tab-disagrees' : undefined} data-testid="agreement-row">
                  <th scope="row">
                    {row.item}
                    {row.disagrees && <span className="grade-tab-flag">{t('gradingAgreement.agreement.disagrees')}</span>}
                  </th>
                  <td title={row.attempt}>{shortAttempt(row.attempt)}</td>
                  {row.cells.map((cell, i) => (
                    <td key={graders[i]}>{rating(cell)}</td>
                  ))}
                  <td className="grade-tab-decision" data-testid="agreement-decision">
                    {met === undefined || met === null || by === undefined || by === null
                      ? t('gradingAgreement.agreement.undecided')
                      : t('gradingAgreement.agreement.decided', {
                          verdict: met ? t('gradingAgreement.agreement.met') : t('gradingAgreement.agreement.notMet'),
                          by: t(`gradingAgreement.agreement.decidedBy.${by}`),
                        })}
                  </td>
                  <td>
                    {onAdjudicate && row.disagrees && (
                      <button
                        type="button"
                        aria-expanded={isOpen}
                        aria-label={t('gradingAgreement.agreement.adjudicateLabel', { item: row.item, attempt: shortAttempt(row.attempt) })}
                        onClick={() => setOpen(isOpen ? undefined : row.key)}
                      >
                        {t('gradingAgreement.agreement.adjudicate')}
                      </button>
                    )}
                  </td>
                </tr>
                {onAdjudicate && isOpen && (
                  <tr className="grade-tab-adjudicate-row">
                    <td colSpan={columns}>
                      <AgreementAdjudicate
                        item={row.item}
                        attempt={row.attempt}
                        onCancel={() => setOpen(undefined)}
                        onSave={async (verdict, note) => {
                          await onAdjudicate(row.attempt, row.item, verdict, note)
                          setOpen(undefined)
                        }}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </TableScroll>
  )
}
