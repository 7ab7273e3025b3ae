import { useTranslation } from 'react-i18next'
import { formatMeanStd } from '../core'
import type { AnalysisRow, GroupFigure } from '../core'
import { PlannerTable } from './PlannerTable'

/** A column of the table: a dimension or a bucket, with how many tasks of the data set it holds. */
export interface GroupColumn {
  key: string
  label: string
  tasks: number
}

interface PlannerGroupTableProps {
  rows: readonly AnalysisRow[]
  columns: readonly GroupColumn[]
  figureOf: (row: AnalysisRow, key: string) => GroupFigure | undefined
  heading: string
  description: string
  testId: string
  /** A last column (the weighted overall), as text per row. */
  overall?: { label: string; text: (row: AnalysisRow) => string }
}

/** Accuracy by planner group (dimension or bucket), one line per row: mean ± std over its runs or people, as result.json has it. */
export function PlannerGroupTable({ rows, columns, figureOf, heading, description, testId, overall }: PlannerGroupTableProps) {
  const { t } = useTranslation()
  const head = columns.map((c) => ({
    key: c.key,
    label: (
      <>
        {c.label} <span className="analysis-planner-count">{t('plannerAnalysis.tasks', { count: c.tasks })}</span>
      </>
    ),
  }))
  const cells = (row: AnalysisRow) => [
    ...columns.map((c) => {
      const figure = figureOf(row, c.key)
      return figure ? formatMeanStd(figure) : '—'
    }),
    ...(overall ? [overall.text(row)] : []),
  ]
  return (
    <PlannerTable
      heading={heading}
      description={description}
      testId={testId}
      head={overall ? [...head, { key: 'overall', label: overall.label }] : head}
      rows={rows}
      cells={cells}
    />
  )
}
