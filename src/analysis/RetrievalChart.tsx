import { useTranslation } from 'react-i18next'
import type { AnalysisRow } from '../core'
import { ChartFigure } from './ChartFigure'
import { GroupedBarChart } from './GroupedBarChart'
import { fixed1, rowLabel } from './labels'

/** Mean retrieval calls per task on solved and on failed tasks, per row (the paper's Figure 7). */
export function RetrievalChart({ rows }: { rows: readonly AnalysisRow[] }) {
  const { t } = useTranslation()
  const series = [
    { key: 'solved', label: t('analysis.charts.retrievals.solved'), color: '#009E73' },
    { key: 'failed', label: t('analysis.charts.retrievals.failed'), color: '#D55E00' },
  ]
  const data = rows.map((row) => ({ name: rowLabel(row, t), solved: row.retrievals.solved, failed: row.retrievals.failed }))
  const table = [[t('analysis.row'), ...series.map((s) => s.label)], ...rows.map((row) => [rowLabel(row, t), fixed1(row.retrievals.solved), fixed1(row.retrievals.failed)])]
  const title = t('analysis.charts.retrievals.title')
  const desc = t('analysis.charts.retrievals.desc')
  return (
    <ChartFigure name="retrievals" title={title} description={desc} table={table} legend={series}>
      <GroupedBarChart data={data} series={series} axis={t('analysis.charts.retrievals.axis')} title={title} desc={desc} labels />
    </ChartFigure>
  )
}
