import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { BUCKETS, DIMENSIONS, isPlannerDataset, setOwn } from '../core'
import type { AnalysisRow, GroupFigure, Task } from '../core'
import { ChartFigure } from './ChartFigure'
import { GroupedBarChart } from './GroupedBarChart'
import { PlannerAttemptTables } from './PlannerAttemptTables'
import { PlannerGroupTable } from './PlannerGroupTable'
import type { GroupColumn } from './PlannerGroupTable'
import { RubricRates } from './RubricRates'
import { colorAt, fixed1, rowLabel } from './labels'

type Groups = Partial<Record<string, GroupFigure>>

/** Each group in its order, with the data set's task count (every row has the same tasks: the first row that counts one says how many). */
function columnsOf(rows: readonly AnalysisRow[], keys: readonly string[], groupsOf: (row: AnalysisRow) => Groups | undefined, label: (key: string) => string): GroupColumn[] {
  return keys.map((key) => ({ key, label: label(key), tasks: rows.map((r) => groupsOf(r)?.[key]?.tasks).find((n) => n !== undefined) ?? 0 }))
}

/** The weighted overall: the full value, or the partial one marked so. */
function overallText(row: AnalysisRow, t: TFunction): string {
  const full = row.score.overall_mobilepa
  if (typeof full === 'number') return full.toFixed(1)
  const partial = row.score.overall_mobilepa_partial
  return partial === undefined ? '—' : t('plannerAnalysis.dimensions.partial', { value: partial.toFixed(1) })
}

const overallValue = (row: AnalysisRow): number => row.score.overall_mobilepa ?? row.score.overall_mobilepa_partial ?? 0
const dimensionOf = (row: AnalysisRow, key: string): GroupFigure | undefined => (row.score.dimensions as Groups | undefined)?.[key]
const bucketOf = (row: AnalysisRow, key: string): GroupFigure | undefined => (row.score.buckets as Groups | undefined)?.[key]

/**
 * A planner data set's figures: accuracy by MobilePA-Bench dimension with the
 * weighted overall and by verification bucket (result.json's, per row), then
 * what the attempts did with sub-agents, memory and skills. Nothing for a
 * data set whose tasks name no dimension.
 */
export function PlannerSection({ rows, tasks }: { rows: readonly AnalysisRow[]; tasks: readonly Task[] }) {
  const { t } = useTranslation()
  if (!isPlannerDataset(tasks) || rows.length === 0) return null
  const dimensions = columnsOf(rows, DIMENSIONS, (r) => r.score.dimensions, (d) => t(`plannerAnalysis.dimensions.names.${d}`))
  const buckets = columnsOf(rows, BUCKETS, (r) => r.score.buckets, (b) => t(`plannerAnalysis.buckets.names.${b}`))
  const partial = rows.some((r) => r.score.overall_mobilepa === null)
  const overallLabel = t('plannerAnalysis.dimensions.overall')

  // One group of bars per row, one bar per dimension: the dimensions' names stay in the legend, which wraps on a narrow screen.
  const present = dimensions.filter((d) => d.tasks > 0)
  const series = [...present, { key: 'overall', label: overallLabel }].map((d, i) => ({ key: d.key, label: d.label, color: colorAt(i) }))
  const data = rows.map((row) => {
    const entry: Record<string, string | number> = { name: rowLabel(row, t), overall: overallValue(row), overall_std: 0 }
    for (const d of present) {
      setOwn(entry, d.key, dimensionOf(row, d.key)?.mean ?? 0)
      setOwn(entry, `${d.key}_std`, dimensionOf(row, d.key)?.std ?? 0)
    }
    return entry
  })
  const table = [[t('analysis.row'), ...series.map((s) => s.label)], ...rows.map((row) => [rowLabel(row, t), ...present.map((d) => fixed1(dimensionOf(row, d.key)?.mean)), overallText(row, t)])]
  const title = t('plannerAnalysis.chart.title')
  const desc = t('plannerAnalysis.chart.desc')

  return (
    <div className="analysis-section analysis-planner" data-testid="planner-section">
      <h3 id="analysis-planner">{t('plannerAnalysis.heading')}</h3>
      <p className="analysis-hint">{t('plannerAnalysis.hint')}</p>
      <PlannerGroupTable
        rows={rows}
        columns={dimensions}
        figureOf={dimensionOf}
        heading={t('plannerAnalysis.dimensions.heading')}
        description={t('plannerAnalysis.dimensions.description')}
        testId="planner-dimensions"
        overall={{ label: overallLabel, text: (row) => overallText(row, t) }}
      />
      {partial && <p className="analysis-hint">{t('plannerAnalysis.dimensions.partialNote')}</p>}
      <PlannerGroupTable
        rows={rows}
        columns={buckets}
        figureOf={bucketOf}
        heading={t('plannerAnalysis.buckets.heading')}
        description={t('plannerAnalysis.buckets.description')}
        testId="planner-buckets"
      />
      <RubricRates rows={rows} tasks={tasks} />
      <PlannerAttemptTables rows={rows} />
      <div className="analysis-charts analysis-planner-charts">
        <ChartFigure wide name="planner-dimensions" title={title} description={desc} table={table} legend={series}>
          <GroupedBarChart data={data} series={series} axis={t('plannerAnalysis.chart.axis')} title={title} desc={desc} max={100} errorBars unit="%" labels={rows.length <= 2} />
        </ChartFigure>
      </div>
    </div>
  )
}
