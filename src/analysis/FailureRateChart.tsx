import { useTranslation } from 'react-i18next'
import { CartesianGrid, ErrorBar, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatMeanStd } from '../core'
import { failureCurves } from '../core'
import type { AnalysisRow } from '../core'
import { ChartFigure } from './ChartFigure'
import { clippedWhiskers } from './GroupedBarChart'
import { DataTable } from './DataTable'
import { colorAt, rowLabel } from './labels'
import { legendText } from './legendText'

const fmt = (value: unknown) => (typeof value === 'number' ? `${value.toFixed(1)}%` : '—')

/**
 * Accuracy against the run-level failure rate p: one line per model and
 * setting that was run at some p above 0 (p = 0: no random friction), mean ±
 * std over repeats; the same figures as a table below.
 */
export function FailureRateChart({ rows }: { rows: readonly AnalysisRow[] }) {
  const { t } = useTranslation()
  const { rates, curves } = failureCurves(rows)
  if (curves.length === 0) return null
  const series = curves.map((c, i) => ({ key: `c${i}`, label: rowLabel({ label: c.key, ...(c.model ? { model: c.model } : {}), setting: c.setting, ...(c.state ? { state: c.state } : {}) }, t), color: colorAt(i) }))
  const data = rates.map((p) => {
    const entry: Record<string, number | null> = { p }
    curves.forEach((c, i) => {
      const point = c.points.find((x) => x.p === p)
      entry[`c${i}`] = point ? point.mean : null
      entry[`c${i}_std`] = point ? point.std : null
    })
    return entry
  })
  const table = [
    [t('liveAnalysis.rateChart.model'), ...rates.map((p) => t('liveAnalysis.rate', { p }))],
    ...curves.map((c, i) => [
      series[i]?.label ?? c.key,
      ...rates.map((p) => {
        const point = c.points.find((x) => x.p === p)
        return point ? t('liveAnalysis.rateChart.cell', { value: formatMeanStd(point), n: point.units }) : '—'
      }),
    ]),
  ]
  const title = t('liveAnalysis.rateChart.title')
  const desc = t('liveAnalysis.rateChart.desc')
  return (
    <div className="analysis-section" data-testid="live-failure-section">
      <h3 id="analysis-live-failure">{t('liveAnalysis.rateChart.heading')}</h3>
      <p className="analysis-hint">{t('liveAnalysis.rateChart.hint')}</p>
      <div className="analysis-charts analysis-live-charts">
        <ChartFigure name="failure-rate" title={title} description={desc} table={table} legend={series}>
          <ResponsiveContainer width="100%" height={360}>
            <LineChart data={clippedWhiskers(data, series, 100)} title={title} desc={desc} margin={{ top: 16, right: 24, bottom: 24, left: 16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#d0d0d0" />
              <XAxis
                dataKey="p"
                type="number"
                domain={[0, 'dataMax']}
                ticks={rates}
                padding={{ left: 16, right: 16 }}
                tick={{ fill: '#333', fontSize: 12 }}
                label={{ value: t('liveAnalysis.rateChart.xAxis'), position: 'insideBottom', offset: -12, style: { fill: '#333', fontSize: 12 } }}
              />
              <YAxis
                domain={[0, 100]}
                tick={{ fill: '#333', fontSize: 12 }}
                label={{ value: t('liveAnalysis.rateChart.axis'), angle: -90, position: 'insideLeft', style: { textAnchor: 'middle', fill: '#333', fontSize: 12 }, offset: 0 }}
              />
              <Tooltip formatter={fmt} labelFormatter={(p) => t('liveAnalysis.rate', { p: String(p) })} />
              <Legend wrapperStyle={{ fontSize: 13, paddingTop: 24 }} itemSorter={null} formatter={legendText} />
              {series.map((s) => (
                <Line key={s.key} type="linear" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={{ r: 4, fill: s.color }} connectNulls isAnimationActive={false}>
                  <ErrorBar dataKey={`${s.key}_std`} width={6} stroke={s.color} direction="y" />
                </Line>
              ))}
            </LineChart>
          </ResponsiveContainer>
        </ChartFigure>
      </div>
      <DataTable rows={table} caption={t('liveAnalysis.rateChart.caption')} />
    </div>
  )
}
