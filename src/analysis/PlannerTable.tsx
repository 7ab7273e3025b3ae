import { useId } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AnalysisRow } from '../core'
import { ColumnHeads } from '../shared/ColumnHeads'
import { TableScroll } from '../shared/TableScroll'
import { rowLabel } from './labels'

interface PlannerTableProps {
  heading: string
  /** What the numbers are, above the table (not a caption: on a narrow screen a caption scrolls away with the table). */
  description: string
  testId: string
  /** The columns after the row's name and its runs or people. */
  head: readonly { key: string; label: ReactNode }[]
  rows: readonly AnalysisRow[]
  cells: (row: AnalysisRow) => string[]
}

/** One planner figure, a line per row: named by its heading, described by the text above it. */
export function PlannerTable({ heading, description, testId, head, rows, cells }: PlannerTableProps) {
  const { t } = useTranslation()
  const headingId = useId()
  const descriptionId = useId()
  return (
    <>
      <h4 id={headingId} className="analysis-planner-heading">
        {heading}
      </h4>
      <p id={descriptionId} className="analysis-hint">
        {description}
      </p>
      <TableScroll label={heading}>
        <table className="analysis-table analysis-planner-table" data-testid={testId} aria-labelledby={headingId} aria-describedby={descriptionId}>
          <ColumnHeads labels={[t('analysis.row'), t('analysis.units'), ...head.map((c) => c.label)]} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{rowLabel(row, t)}</th>
                <td className="num">{row.units}</td>
                {cells(row).map((text, i) => (
                  <td key={head[i]?.key ?? i} className="num">
                    {text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  )
}
