import { useTranslation } from 'react-i18next'
import { ArrowDown, ArrowUp } from 'lucide-react'
import { PUBLISHED_LEADERBOARD, formatMeanStd } from '../core'
import type { AnalysisRow } from '../core'
import { TableScroll } from '../shared/TableScroll'
import { sortBy, useAnalysis } from './store'
import { capabilityLabel, rowLabel } from './labels'

/** A row of the table: a label, its runs or people, and mean ± std per column key. */
interface TableRow {
  key: string
  label: string
  units: string
  scores: Record<string, { mean: number; std: number }>
}

function cell(row: TableRow, key: string): string {
  const score = row.scores[key]
  return score ? formatMeanStd(score) : '—'
}

const PUBLISHED_TYPES = ['推理', '辨析', '整合', '偏好', '多意图'] as const

function sorted(rows: TableRow[], key: string, dir: 'asc' | 'desc'): TableRow[] {
  const sign = dir === 'asc' ? 1 : -1
  return [...rows].sort((a, b) =>
    key === 'label' ? sign * a.label.localeCompare(b.label) : sign * ((a.scores[key]?.mean ?? -1) - (b.scores[key]?.mean ?? -1)) || a.label.localeCompare(b.label),
  )
}

/** Table 2: one row per model and setting or group of people, mean ± std per capability and overall; sortable; the paper's rows below. */
export function Table2({ rows, types, published }: { rows: readonly AnalysisRow[]; types: readonly string[]; published: boolean }) {
  const { t, i18n } = useTranslation()
  const sort = useAnalysis((s) => s.sort)
  const columns = [
    { key: 'label', label: t('analysis.row') },
    ...types.map((type) => ({ key: type, label: capabilityLabel(type, i18n.language) })),
    { key: 'overall', label: t('analysis.overall') },
  ]
  const ours: TableRow[] = rows.map((row) => ({
    key: row.label,
    label: rowLabel(row, t),
    units: String(row.units),
    scores: { ...row.score.by_type, overall: row.score.overall },
  }))
  const paper: TableRow[] = PUBLISHED_LEADERBOARD.map((p) => ({
    key: p.model,
    label: p.model,
    units: '3',
    scores: Object.fromEntries([...PUBLISHED_TYPES, 'overall'].map((k, i) => [k, { mean: p.scores[i]?.[0] ?? 0, std: p.scores[i]?.[1] ?? 0 }])),
  }))
  const body = (list: TableRow[]) =>
    sorted(list, sort.key, sort.dir).map((r) => (
      <tr key={r.key}>
        <th scope="row">{r.label}</th>
        <td className="num">{r.units}</td>
        {columns.slice(1).map((c) => (
          <td key={c.key} className="num">
            {cell(r, c.key)}
          </td>
        ))}
      </tr>
    ))
  return (
    <div className="analysis-section">
      <h3 id="analysis-table2">{t('analysis.table2.heading')}</h3>
      <TableScroll label={t('analysis.table2.heading')}>
        <table className="analysis-table" data-testid="table2">
          <caption>{t('analysis.table2.caption')}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => {
                const active = sort.key === c.key
                const th = (
                  <th key={c.key} scope="col" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
                    <button type="button" className="analysis-sort" onClick={() => sortBy(c.key)} aria-label={t('analysis.table2.sortBy', { column: c.label })}>
                      {c.label}
                      {active && (sort.dir === 'asc' ? <ArrowUp size={14} aria-hidden="true" /> : <ArrowDown size={14} aria-hidden="true" />)}
                    </button>
                  </th>
                )
                return i === 0 ? [th, <th key="units" scope="col">{t('analysis.units')}</th>] : th
              })}
            </tr>
          </thead>
          <tbody>{body(ours)}</tbody>
          {published && (
            <tbody className="analysis-published">
              <tr>
                <th scope="rowgroup" colSpan={columns.length + 1}>
                  {t('analysis.table2.publishedBlock')}
                </th>
              </tr>
              {body(paper)}
            </tbody>
          )}
        </table>
      </TableScroll>
    </div>
  )
}
