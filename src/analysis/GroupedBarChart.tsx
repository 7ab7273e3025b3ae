import { Bar, BarChart, CartesianGrid, ErrorBar, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { setOwn } from '../core'
import { legendText } from './legendText'

export interface Series {
  /** The data key of the series' values (its std under `${key}_std`). */
  key: string
  label: string
  color: string
}

interface GroupedBarChartProps {
  /** One entry per group on the x axis: `name` and a value per series key. */
  data: Record<string, string | number | null>[]
  series: readonly Series[]
  axis: string
  title: string
  desc: string
  /** Fixed top of the value axis (100 for percentages); automatic when left out. */
  max?: number
  /** Whiskers from each series' `${key}_std`. */
  errorBars?: boolean
  unit?: string
  /** Each bar's value above it (for a few series without whiskers). */
  labels?: boolean
}

const fmt = (value: unknown, unit: string) => (typeof value === 'number' ? `${value.toFixed(1)}${unit}` : '—')

/**
 * Whiskers kept within [0, max]: mean + std above 100 % would stretch the
 * fixed axis to an odd top (or be drawn past it), so each whisker becomes a
 * [below, above] pair cut at the bounds.
 */
export function clippedWhiskers(data: readonly Record<string, string | number | null>[], series: readonly Pick<Series, 'key'>[], max: number | undefined): Record<string, string | number | null | number[]>[] {
  if (max === undefined) return [...data]
  return data.map((entry) => {
    const out: Record<string, string | number | null | number[]> = { ...entry }
    for (const s of series) {
      const value = entry[s.key]
      const std = entry[`${s.key}_std`]
      if (typeof value === 'number' && typeof std === 'number') setOwn(out, `${s.key}_std`, [Math.min(std, Math.max(value, 0)), Math.min(std, Math.max(max - value, 0))])
    }
    return out
  })
}

/** Bars grouped by category, one colour per series, with an optional ± std whisker. */
export function GroupedBarChart({ data, series, axis, title, desc, max, errorBars, unit = '', labels }: GroupedBarChartProps) {
  return (
    <ResponsiveContainer width="100%" height={340}>
      <BarChart data={errorBars ? clippedWhiskers(data, series, max) : data} title={title} desc={desc} margin={{ top: 16, right: 16, bottom: 8, left: 16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#d0d0d0" />
        <XAxis dataKey="name" tick={{ fill: '#333', fontSize: 12 }} interval={0} />
        <YAxis
          domain={[0, max ?? 'auto']}
          tick={{ fill: '#333', fontSize: 12 }}
          label={{ value: axis, angle: -90, position: 'insideLeft', style: { textAnchor: 'middle', fill: '#333', fontSize: 12 }, offset: 0 }}
        />
        <Tooltip formatter={(value) => fmt(value, unit)} />
        <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} formatter={legendText} />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false}>
            {errorBars && <ErrorBar dataKey={`${s.key}_std`} width={4} stroke="#333" />}
            {labels && <LabelList dataKey={s.key} position="top" fontSize={11} fill="#333" formatter={(v: unknown) => (typeof v === 'number' ? v.toFixed(1) : '')} />}
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
