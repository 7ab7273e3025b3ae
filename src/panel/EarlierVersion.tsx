import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { earlierVersionOf } from './revisionReview'
import type { EarlierVersion as Version } from './revisionReview'
import { useSession } from '../state/session'

/** In the review of an attempt made before its task was revised: that version, and the verdict under it beside the current one. */
export function EarlierVersion() {
  const { t, i18n } = useTranslation()
  const attempt = useSession((s) => s.attempt)
  // Kept with the attempt it was worked out for, so that another attempt never shows it while its own is pending.
  const [found, setFound] = useState<{ attemptId: string; version?: Version }>()
  useEffect(() => {
    let live = true
    if (attempt?.finished)
      void earlierVersionOf(attempt)
        .then((version) => live && setFound({ attemptId: attempt.id, ...(version ? { version } : {}) }))
        .catch(() => undefined)
    return () => {
      live = false
    }
  }, [attempt])
  const version = found?.attemptId === attempt?.id ? found?.version : undefined
  if (!version) return null
  const date = new Date(version.at).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <p role="note" className="earlier-version">
      {t('panel.earlierVersion', { rev: version.rev, date })}{' '}
      <strong>{version.correct ? t('correct') : t('wrong', { type: t(`panel.errorTypes.${version.errorType ?? 'other'}`) })}</strong>
    </p>
  )
}
