import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import type { CrossValidationRow } from '../core'
import { ColumnHeads } from '../shared/ColumnHeads'
import { TableScroll } from '../shared/TableScroll'
import { CrossValidationTableRow } from './CrossValidationRow'

const COLUMNS = ['task', 'status', 'capability', 'instruction', 'solvers', 'agree', 'flags'] as const

/** The cross-validation list as a table, one task a row, in a frame that scrolls sideways; `caption` names both. */
export function CrossValidationTable({ caption, rows, style }: { caption: string; rows: readonly CrossValidationRow[]; style?: CSSProperties }) {
  const { t } = useTranslation()
  return (
    <TableScroll label={caption}>
      <table className="people-table cv-table" style={style}>
        <caption>{caption}</caption>
        <ColumnHeads labels={COLUMNS.map((c) => t(`people.cv.columns.${c}`))} />
        <tbody>
          {rows.map((row) => (
            <CrossValidationTableRow key={row.taskId} row={row} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}
