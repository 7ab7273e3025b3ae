import { useTranslation } from 'react-i18next'
import type { HumanBaseline, Table } from '../core'
import { formatElapsed } from '../state/timer'
import { capabilityLabel } from '../shared/labels'
import { ColumnHeads } from '../shared/ColumnHeads'
import { TableScroll } from '../shared/TableScroll'

const fixed = (x: number | null) => (x === null ? '—' : x.toFixed(1))
const time = (ms: number | null) => (ms === null ? '—' : formatElapsed(ms))

/**
 * The paper's Table 2 layout: one row per person, then mean ± std over people.
 * Cells come from humanBaselineTable (as in its CSV); the header and the
 * words of the last row are the reader's language.
 */
export function BaselineTable({ baseline, table }: { baseline: HumanBaseline; table: Table }) {
  const { t, i18n } = useTranslation()
  const [, ...body] = table.rows
  const people = body.slice(0, -1)
  const mean = body.at(-1) ?? []
  const timeColumn = 2 + baseline.types.length + 1
  const header = [
    t('people.baseline.person'),
    t('people.baseline.tasks'),
    ...baseline.types.map((type) => capabilityLabel(type, i18n.language)),
    t('people.baseline.overall'),
    t('people.baseline.medianTime'),
    t('people.baseline.retrievals'),
    t('people.baseline.flags'),
  ]
  // Times as m:ss (the CSV keeps seconds); a capability nobody finished has no mean.
  const peopleRows = people.map((row, i) => row.map((cell, c) => (c === timeColumn ? time(baseline.people[i]?.medianMs ?? null) : cell)))
  const meanRow = mean.map((cell, c) => {
    const type = baseline.types[c - 2]
    if (c === 0) return t('people.baseline.meanRow', { count: baseline.overall.people })
    if (c === timeColumn) return time(baseline.medianMs)
    if (c === timeColumn + 1)
      return t('people.baseline.retrievalsCell', { solved: fixed(baseline.retrievals.solved), failed: fixed(baseline.retrievals.failed) })
    if (type !== undefined && baseline.by_type[type]?.people === 0) return '—'
    return cell
  })
  return (
    <TableScroll label={t('people.baseline.caption')}>
      <table className="people-table baseline-table">
        <caption>{t('people.baseline.caption')}</caption>
        <ColumnHeads labels={header} />
        <tbody>
          {peopleRows.map((row) => (
            <BodyRow key={row[0]} cells={row} />
          ))}
        </tbody>
        <tfoot>
          <BodyRow cells={meanRow} />
        </tfoot>
      </table>
    </TableScroll>
  )
}

function BodyRow({ cells }: { cells: readonly string[] }) {
  const [head, ...rest] = cells
  return (
    <tr>
      <th scope="row">{head}</th>
      {rest.map((cell, i) => (
        <td key={i}>{cell}</td>
      ))}
    </tr>
  )
}
