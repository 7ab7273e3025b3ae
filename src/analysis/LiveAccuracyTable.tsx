import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMeanStd, setOwn } from '../core'
import { liveAccuracies } from '../core'
import type { Accuracy, LiveAccuracy } from '../core'
import type { AnalysisRow } from '../core'
import { ColumnHeads } from '../shared/ColumnHeads'
import { TableScroll } from '../shared/TableScroll'
import { ChartFigure } from './ChartFigure'
import { GroupedBarChart } from './GroupedBarChart'
import { capabilityLabel, colorAt, rowLabel } from './labels'

const VERDICTS = ['task', 'calls', 'state'] as const

const cell = (accuracy: Accuracy, key: string): string => {
  const score = key === 'overall' ? accuracy.overall : accuracy.by_type[key]
  return score ? formatMeanStd(score) : '—'
}

/** Task (under verify), calls and state accuracy of the live rows: a table per capability and a chart of the overall figures. */
export function LiveAccuracyTable({ rows, types, taskCount }: { rows: readonly AnalysisRow[]; types: readonly string[]; taskCount: number }) {
  const { t, i18n } = useTranslation()
  const live: LiveAccuracy[] = liveAccuracies(rows)
  if (live.length === 0) return null
  const columns = [...types.map((type) => ({ key: type, label: capabilityLabel(type, i18n.language) })), { key: 'overall', label: t('analysis.overall') }]
  const verdictLabel = (v: (typeof VERDICTS)[number]) => t(`liveAnalysis.accuracy.verdicts.${v}`)
  const series = VERDICTS.map((v, i) => ({ key: v, label: verdictLabel(v), color: colorAt(i) }))
  const data = live.map((l) => {
    const entry: Record<string, string | number> = { name: rowLabel(l.row, t) }
    for (const v of VERDICTS) {
      setOwn(entry, v, l[v].overall.mean)
      setOwn(entry, `${v}_std`, l[v].overall.std)
    }
    return entry
  })
  const table = [
    [t('analysis.row'), t('liveAnalysis.accuracy.verdict'), t('liveAnalysis.accuracy.tasks'), ...columns.map((c) => c.label)],
    ...live.flatMap((l) =>
      VERDICTS.map((v) => [rowLabel(l.row, t), verdictLabel(v), String(v === 'state' ? l.stateTasks : taskCount), ...columns.map((c) => cell(l[v], c.key))]),
    ),
  ]
  const title = t('liveAnalysis.accuracy.chartTitle')
  const desc = t('liveAnalysis.accuracy.chartDesc')
  return (
    <div className="analysis-section" data-testid="live-accuracy-section">
      <h3 id="analysis-live-accuracy">{t('liveAnalysis.accuracy.heading')}</h3>
      <p className="analysis-hint">{t('liveAnalysis.accuracy.hint')}</p>
      <TableScroll label={t('liveAnalysis.accuracy.heading')}>
        <table className="analysis-table analysis-live-table" data-testid="live-accuracy">
          <caption>{t('liveAnalysis.accuracy.caption')}</caption>
          <ColumnHeads labels={[t('analysis.row'), t('analysis.units'), t('liveAnalysis.accuracy.verdict'), t('liveAnalysis.accuracy.tasks'), ...columns.map((c) => c.label)]} />
          <tbody>
            {live.map((l) => (
              <Fragment key={l.row.label}>
                {VERDICTS.map((v, i) => (
                  <tr key={v} className={i === 0 ? 'analysis-live-first' : undefined}>
                    {i === 0 && (
                      <>
                        <th scope="rowgroup" rowSpan={VERDICTS.length}>
                          {rowLabel(l.row, t)}
                        </th>
                        <td className="num" rowSpan={VERDICTS.length}>
                          {l.row.units}
                        </td>
                      </>
                    )}
                    <th scope="row">{verdictLabel(v)}</th>
                    <td className="num">{v === 'state' ? l.stateTasks : taskCount}</td>
                    {columns.map((c) => (
                      <td key={c.key} className="num">
                        {cell(l[v], c.key)}
                      </td>
                    ))}
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div className="analysis-charts analysis-live-charts">
        <ChartFigure name="live-accuracy" title={title} description={desc} table={table} legend={series}>
          <GroupedBarChart data={data} series={series} axis={t('liveAnalysis.accuracy.axis')} title={title} desc={desc} max={100} errorBars unit="%" labels={live.length <= 3} />
        </ChartFigure>
      </div>
    </div>
  )
}

