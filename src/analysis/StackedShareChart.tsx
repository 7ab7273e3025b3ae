import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { legendText } from './legendText'
import type { Series } from './GroupedBarChart'

interface StackedShareChartProps {
  /** One entry per row: `name` and each series' share in % (null when the row has nothing to share out). */
  data: Record<string, string | number | null>[]
  series: readonly Series[]
  axis: string
  title: string
  desc: string
}

/** One horizontal bar per row, split into shares (%) that add up to 100. */
export function StackedShareChart({ data, series, axis, title, desc }: StackedShareChartProps) {
  const longest = Math.max(...data.map((d) => String(d.name).length), 8)
  return (
    <ResponsiveContainer width="100%" height={110 + 44 * data.length}>
      <BarChart data={data} layout="vertical" title={title} desc={desc} margin={{ top: 8, right: 24, bottom: 24, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#d0d0d0" />
        <XAxis
          type="number"
          domain={[0, 100]}
          ticks={[0, 20, 40, 60, 80, 100]}
          tick={{ fill: '#333', fontSize: 12 }}
          label={{ value: axis, position: 'insideBottom', offset: -16, style: { fill: '#333', fontSize: 12 } }}
        />
        <YAxis type="category" dataKey="name" width={Math.min(260, 16 + 7.5 * longest)} tick={{ fill: '#333', fontSize: 12 }} />
        <Tooltip formatter={(value) => (typeof value === 'number' ? `${value.toFixed(1)}%` : '—')} />
        <Legend verticalAlign="top" wrapperStyle={{ fontSize: 13, paddingBottom: 8 }} itemSorter={null} formatter={legendText} />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} stackId="share" fill={s.color} isAnimationActive={false} barSize={24} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
