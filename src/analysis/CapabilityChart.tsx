import { useTranslation } from 'react-i18next'
import { formatMeanStd } from '../core'
import type { AnalysisRow } from '../core'
import { ChartFigure } from './ChartFigure'
import { GroupedBarChart } from './GroupedBarChart'
import { capabilityLabel, colorAt, rowLabel } from './labels'

/** Accuracy per capability and overall, one bar per row, with ± std whiskers. */
export function CapabilityChart({ rows, types }: { rows: readonly AnalysisRow[]; types: readonly string[] }) {
  const { t, i18n } = useTranslation()
  const columns = [...types.map((type) => ({ key: type, label: capabilityLabel(type, i18n.language) })), { key: 'overall', label: t('analysis.overall') }]
  const scoreOf = (row: AnalysisRow, key: string) => (key === 'overall' ? row.score.overall : (row.score.by_type[key] ?? { mean: 0, std: 0 }))
  const series = rows.map((row, i) => ({ key: `r${i}`, label: rowLabel(row, t), color: colorAt(i) }))
  const data = columns.map((c) => {
    const entry: Record<string, string | number> = { name: c.label }
    rows.forEach((row, i) => {
      const s = scoreOf(row, c.key)
      entry[`r${i}`] = s.mean
      entry[`r${i}_std`] = s.std
    })
    return entry
  })
  const table = [[t('analysis.row'), ...columns.map((c) => c.label)], ...rows.map((row, i) => [series[i]?.label ?? row.label, ...columns.map((c) => formatMeanStd(scoreOf(row, c.key)))])]
  const title = t('analysis.charts.capability.title')
  const desc = t('analysis.charts.capability.desc')
  return (
    <ChartFigure wide name="capability" title={title} description={desc} table={table} legend={series}>
      <GroupedBarChart data={data} series={series} axis={t('analysis.charts.capability.axis')} title={title} desc={desc} max={100} errorBars unit="%" labels={rows.length <= 4} />
    </ChartFigure>
  )
}
