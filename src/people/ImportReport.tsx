import { useTranslation } from 'react-i18next'
import { usePeople } from '../state/people'
import type { ImportIssue } from '../state/people'

function IssueItem({ issue }: { issue: ImportIssue }) {
  const { t } = useTranslation()
  const text = issue.key ? t(`people.import.${issue.key}`) : issue.message
  return (
    <li>
      <strong>{issue.source}</strong>
      {text && ` ${text}`}
      {issue.issues.length > 0 && (
        <ul>
          {issue.issues.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  )
}

/** What the last import merged, and what could not be imported. */
export function ImportReportView() {
  const { t } = useTranslation()
  const busy = usePeople((s) => s.busy)
  const report = usePeople((s) => s.imported)
  return (
    <>
      <div role="status" className="people-done">
        {busy === 'import' && <p>{t('people.import.busy')}</p>}
        {busy !== 'import' && report && report.outcomes.length > 0 && (
          <ul className="import-outcomes">
            {report.outcomes.map((o) => (
              <li key={o.source}>{t('people.import.added', { source: o.source, added: o.added, skipped: o.skipped })}</li>
            ))}
          </ul>
        )}
      </div>
      {busy !== 'import' && report && report.problems.length > 0 && (
        <div role="alert" className="people-error">
          <p>{report.outcomes.length === 0 ? t('people.import.nothing') : t('people.import.some')}</p>
          <ul>
            {report.problems.map((issue, i) => (
              <IssueItem key={i} issue={issue} />
            ))}
          </ul>
        </div>
      )}
    </>
  )
}
