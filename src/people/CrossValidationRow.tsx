import { useTranslation } from 'react-i18next'
import type { CrossValidationRow } from '../core'
import { openOnPhone } from './store'
import { useSession } from '../state/session'
import { showView } from '../state/view'
import { capabilityLabel } from '../shared/labels'
import { SolverList } from './SolverList'

const ROW_CLASS = { wrong: 'revise', split: 'split', ok: 'ok' } as const

/**
 * The status a row is shown with: core's, except that an `ok` row nobody has finished (only attempts in
 * progress or practice; its `finished` count is 0, as the CSV says) reads Not finished.
 */
export function shownStatus(row: Pick<CrossValidationRow, 'status' | 'finished'>): CrossValidationRow['status'] | 'unfinished' {
  return row.status === 'ok' && row.finished === 0 ? 'unfinished' : row.status
}

/** One task of the cross-validation list. */
export function CrossValidationTableRow({ row }: { row: CrossValidationRow }) {
  const { t, i18n } = useTranslation()
  const status = shownStatus(row)
  const agree = row.agree === null ? 'none' : row.agree ? 'yes' : 'no'
  // A sealed data set has no gold to revise.
  const revisable = useSession((s) => s.dataset !== undefined && s.dataset.sealed === undefined)
  return (
    <tr className={ROW_CLASS[row.status]}>
      <th scope="row">
        <button type="button" className="link" aria-label={t('people.cv.openOnPhone', { id: row.taskId })} onClick={() => void openOnPhone(row.taskId)}>
          {row.taskId}
        </button>
      </th>
      <td>
        <span className={`cv-status ${status === 'unfinished' ? 'unfinished' : ROW_CLASS[status]}`}>{t(`people.cv.statuses.${status}`)}</span>
      </td>
      <td>{capabilityLabel(row.type, i18n.language)}</td>
      <td className="instruction-cell">{row.instruction}</td>
      <td>
        <SolverList solvers={row.solvers} />
      </td>
      <td className={`agree ${agree}`} title={agree === 'none' ? t('people.cv.agreeNone') : undefined}>
        {t(`people.cv.agree.${agree}`)}
      </td>
      <td>
        {revisable && (
          <button type="button" className="link" aria-label={t('authoring.reviseTask', { id: row.taskId })} onClick={() => showView('edit', [row.taskId])}>
            {t('authoring.editTask')}
          </button>
        )}
        {row.flags.length > 0 && (
          <ul className="cv-flags">
            {row.flags.map((f, i) => (
              <li key={i}>
                <strong>{f.actor}</strong> · {t(`panel.flagKinds.${f.kind}`, { defaultValue: f.kind })}
                {f.comment && `: ${f.comment}`}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  )
}
