import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** The watched task, live on the phone. The phone writes the address only in the phone view, so it stays `#/runs`. */
export function WatchPanel({ taskId, phone }: { taskId: string; phone: ReactNode }) {
  const { t } = useTranslation()
  return (
    <aside className="runs-watch" aria-label={t('runs.watching', { task: taskId })}>
      <p className="runs-watch-title">{t('runs.watching', { task: taskId })}</p>
      {phone}
    </aside>
  )
}
