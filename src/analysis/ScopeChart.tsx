import { useTranslation } from 'react-i18next'
import type { AnalysisRow } from '../core'
import { ChartFigure } from './ChartFigure'
import { StackedShareChart } from './StackedShareChart'
import { fixed1, rowLabel, share } from './labels'

/** Retrieval calls that searched one field vs the whole record, as shares of each row's retrieval calls. */
export function ScopeChart({ rows }: { rows: readonly AnalysisRow[] }) {
  const { t } = useTranslation()
  const series = [
    { key: 'field', label: t('analysis.charts.scope.field'), color: '#0072B2' },
    { key: 'record', label: t('analysis.charts.scope.record'), color: '#999999' },
  ]
  const data = rows.map((row) => ({
    name: rowLabel(row, t),
    field: share(row.modes.field, row.modes.total),
    record: share(row.modes.total - row.modes.field, row.modes.total),
  }))
  const table = [
    [t('analysis.row'), t('analysis.charts.modes.calls'), ...series.map((s) => `${s.label} (%)`)],
    ...data.map((d, i) => [d.name, String(rows[i]?.modes.total ?? 0), fixed1(d.field), fixed1(d.record)]),
  ]
  const title = t('analysis.charts.scope.title')
  const desc = t('analysis.charts.scope.desc')
  return (
    <ChartFigure name="scope" title={title} description={desc} table={table} legend={series}>
      <StackedShareChart data={data} series={series} axis={t('analysis.charts.scope.axis')} title={title} desc={desc} />
    </ChartFigure>
  )
}
