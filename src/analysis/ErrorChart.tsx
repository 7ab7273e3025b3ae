import { useTranslation } from 'react-i18next'
import { ERROR_TYPES } from '../core'
import type { AnalysisRow } from '../core'
import { ChartFigure } from './ChartFigure'
import { StackedShareChart } from './StackedShareChart'
import { colorAt, fixed1, rowLabel, share } from './labels'

/** Failures by error type, as shares of each row's failures; counts in the data table. */
export function ErrorChart({ rows }: { rows: readonly AnalysisRow[] }) {
  const { t } = useTranslation()
  const series = ERROR_TYPES.map((e, i) => ({ key: e, label: t(`analysis.errorTypes.${e}`), color: colorAt(i) }))
  const failures = (row: AnalysisRow) => ERROR_TYPES.reduce((n, e) => n + row.errors[e], 0)
  const data = rows.map((row) => ({ name: rowLabel(row, t), ...Object.fromEntries(ERROR_TYPES.map((e) => [e, share(row.errors[e], failures(row))])) }))
  const table = [
    [t('analysis.row'), t('analysis.charts.errors.failures'), ...series.map((s) => `${s.label} (n)`), ...series.map((s) => `${s.label} (%)`)],
    ...rows.map((row) => [rowLabel(row, t), String(failures(row)), ...ERROR_TYPES.map((e) => String(row.errors[e])), ...ERROR_TYPES.map((e) => fixed1(share(row.errors[e], failures(row))))]),
  ]
  const title = t('analysis.charts.errors.title')
  const desc = t('analysis.charts.errors.desc')
  return (
    <ChartFigure name="errors" title={title} description={desc} table={table} legend={series}>
      <StackedShareChart data={data} series={series} axis={t('analysis.charts.errors.axis')} title={title} desc={desc} />
    </ChartFigure>
  )
}
