import { useTranslation } from 'react-i18next'
import { PUBLISHED_SETTING_AVERAGES, accuracyBySetting } from '../core'
import type { AnalysisRow, Task } from '../core'
import { ChartFigure } from './ChartFigure'
import { GroupedBarChart } from './GroupedBarChart'
import { capabilityLabel, colorAt, fixed1, settingLabel } from './labels'

/** Accuracy by setting, grouped per capability (and overall): the mean over the rows of each setting. */
export function SettingChart({ rows, tasks, types, published }: { rows: readonly AnalysisRow[]; tasks: readonly Task[]; types: readonly string[]; published: boolean }) {
  const { t, i18n } = useTranslation()
  const bySetting = accuracyBySetting(rows, tasks)
  const settings = Object.keys(bySetting)
  const columns = [...types.map((type) => ({ key: type, label: capabilityLabel(type, i18n.language) })), { key: 'overall', label: t('analysis.overall') }]
  const series = settings.map((s, i) => ({ key: `s${i}`, label: settingLabel(s, t), color: colorAt(i) }))
  const data = columns.map((c) => {
    const entry: Record<string, string | number> = { name: c.label }
    settings.forEach((s, i) => (entry[`s${i}`] = bySetting[s]?.[c.key] ?? 0))
    return entry
  })
  const table = [
    [t('analysis.setting'), ...columns.map((c) => c.label)],
    ...settings.map((s, i) => [series[i]?.label ?? s, ...columns.map((c) => fixed1(bySetting[s]?.[c.key]))]),
  ]
  const title = t('analysis.charts.setting.title')
  const desc = t('analysis.charts.setting.desc')
  const paper = published ? t('analysis.charts.setting.paper', Object.fromEntries(Object.entries(PUBLISHED_SETTING_AVERAGES).map(([k, v]) => [k, v.toFixed(1)]))) : ''
  return (
    <ChartFigure wide name="setting" title={title} description={paper ? `${desc} ${paper}` : desc} table={table} legend={series}>
      <GroupedBarChart data={data} series={series} axis={t('analysis.charts.setting.axis')} title={title} desc={desc} max={100} unit="%" labels={settings.length <= 4} />
    </ChartFigure>
  )
}
