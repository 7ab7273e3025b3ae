import { useTranslation } from 'react-i18next'
import { FilePlus, Trash2 } from 'lucide-react'
import { unknownTasks } from '../core'
import type { AnalysisRow, ResponseLine } from '../core'
import { useSession } from '../state/session'
import { addResponseFiles, removeResponseFile, setPublished, toggleRow, useAnalysis } from './store'
import { rowLabel } from './labels'

/** A file's unreadable lines listed at most (a file of another format can have thousands). */
const SHOWN_ISSUES = 20

/** How many of a file's lines name tasks the open data set does not have, and the first few of those tasks. */
function unknownTasksOf(tasks: readonly { id: string }[], lines: readonly ResponseLine[]): { count: number; ids: string } | undefined {
  const { ids, lines: count } = unknownTasks(tasks, lines)
  if (ids.length === 0) return undefined
  return { count, ids: ids.slice(0, 3).join(', ') + (ids.length > 3 ? ', …' : '') }
}

/** What goes into the analysis: the rows (ticked), added response files, the paper's reference block. */
export function Selection({ rows }: { rows: readonly AnalysisRow[] }) {
  const { t } = useTranslation()
  const tasks = useSession((s) => s.tasks)
  const stored = useAnalysis((s) => s.stored)
  const files = useAnalysis((s) => s.files)
  const excluded = useAnalysis((s) => s.excluded)
  const published = useAnalysis((s) => s.published)
  return (
    <section className="analysis-selection" aria-labelledby="analysis-selection">
      <h3 id="analysis-selection">{t('analysis.selection')}</h3>
      <ul className="analysis-sources">
        <li>{t('analysis.storedSource', { count: stored?.length ?? 0 })}</li>
        {files.map((f) => {
          const unknown = unknownTasksOf(tasks, f.lines)
          return (
            <li key={f.name}>
              {t('analysis.fileLines', { name: f.name, count: f.lines.length })}{' '}
              <button type="button" className="analysis-icon" onClick={() => removeResponseFile(f.name)} aria-label={t('analysis.removeFile', { name: f.name })}>
                <Trash2 size={14} aria-hidden="true" />
              </button>
              {/* Listed, not only in a tooltip: a touch screen has no hover. */}
              {f.issues.length > 0 && (
                <details className="analysis-warning analysis-file-issues">
                  <summary>{t('analysis.fileIssues', { count: f.issues.length })}</summary>
                  <ul>
                    {f.issues.slice(0, SHOWN_ISSUES).map((issue, i) => (
                      <li key={i}>{issue}</li>
                    ))}
                  </ul>
                  {f.issues.length > SHOWN_ISSUES && <p>{t('analysis.moreIssues', { count: f.issues.length - SHOWN_ISSUES })}</p>}
                </details>
              )}
              {unknown && (
                <p className="analysis-warning" role="note">
                  {t('analysis.unknownTasks', unknown)}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      <label className="analysis-file">
        <FilePlus size={16} aria-hidden="true" /> {t('analysis.addFiles')}
        <input
          type="file"
          accept=".jsonl,.json,application/jsonl,text/plain"
          multiple
          onChange={(e) => {
            const list = [...(e.target.files ?? [])]
            e.target.value = ''
            if (list.length > 0) void addResponseFiles(list)
          }}
        />
      </label>
      {rows.length > 0 && (
        <fieldset>
          <legend>{t('analysis.rows')}</legend>
          {rows.map((row) => (
            <label key={row.label} className="analysis-check">
              <input type="checkbox" checked={!excluded.includes(row.label)} onChange={(e) => toggleRow(row.label, e.target.checked)} /> {rowLabel(row, t)}
            </label>
          ))}
        </fieldset>
      )}
      <label className="analysis-check">
        <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} /> {t('analysis.published')}
      </label>
    </section>
  )
}
