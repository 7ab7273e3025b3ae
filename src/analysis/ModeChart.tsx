import { useTranslation } from 'react-i18next'
import type { AnalysisRow } from '../core'
import { ChartFigure } from './ChartFigure'
import { StackedShareChart } from './StackedShareChart'
import { fixed1, rowLabel, share } from './labels'

const MODES = ['fixed', 'regex', 'fuzzy'] as const
const COLORS = { fixed: '#0072B2', regex: '#E69F00', fuzzy: '#CC79A7' }

/** Retrieval calls by search mode (fixed text, regex, fuzzy), as shares of each row's retrieval calls. */
export function ModeChart({ rows }: { rows: readonly AnalysisRow[] }) {
  const { t } = useTranslation()
  const series = MODES.map((m) => ({ key: m, label: t(`analysis.modeNames.${m}`), color: COLORS[m] }))
  const data = rows.map((row) => ({ name: rowLabel(row, t), ...Object.fromEntries(MODES.map((m) => [m, share(row.modes[m], row.modes.total)])) }))
  const table = [
    [t('analysis.row'), t('analysis.charts.modes.calls'), ...series.map((s) => `${s.label} (%)`)],
    ...rows.map((row) => [rowLabel(row, t), String(row.modes.total), ...MODES.map((m) => fixed1(share(row.modes[m], row.modes.total)))]),
  ]
  const title = t('analysis.charts.modes.title')
  const desc = t('analysis.charts.modes.desc')
  return (
    <ChartFigure name="modes" title={title} description={desc} table={table} legend={series}>
      <StackedShareChart data={data} series={series} axis={t('analysis.charts.modes.axis')} title={title} desc={desc} />
    </ChartFigure>
  )
}
