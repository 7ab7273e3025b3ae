import { useTranslation } from 'react-i18next'
import { AlertTriangle } from 'lucide-react'
import type { ShownProblem } from '../state/problem'
import './shared.css'

/** A failure in the reader's language where the page knows it (a Problem's key), else as the failing code worded it. */
export function ProblemText({ error, title }: { error: ShownProblem; title?: string }) {
  const { t } = useTranslation()
  // A count must be a number for i18next to choose the plural form.
  const params: Record<string, string | number> = 'key' in error ? { ...error.params } : {}
  if (typeof params.count === 'string') params.count = Number(params.count)
  return (
    <div role="alert" className="problem">
      <AlertTriangle size={16} aria-hidden="true" />
      <div>
        {title && <strong>{title}</strong>}
        {'key' in error ? <p>{t(error.key, params)}</p> : <pre>{error.message}</pre>}
      </div>
    </div>
  )
}
