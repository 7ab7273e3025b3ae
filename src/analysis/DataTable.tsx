import { ColumnHeads } from '../shared/ColumnHeads'
import { TableScroll } from '../shared/TableScroll'

/** A plain table from a header row and data rows (a chart's data, as text). */
export function DataTable({ rows, caption }: { rows: readonly string[][]; caption: string }) {
  const [head, ...body] = rows
  return (
    <TableScroll label={caption}>
      <table className="analysis-table">
        <caption className="visually-hidden">{caption}</caption>
        {head && <ColumnHeads labels={head} />}
        <tbody>
          {body.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}
