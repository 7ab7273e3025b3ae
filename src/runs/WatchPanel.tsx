import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { replaceHashNow } from '../state/hashWriter'
import { Phone } from '../phone/Phone'
import { usePhone } from '../state/phone'
import { useSession } from '../state/session'

/** The watched task, live on the phone. The phone writes its own hash; this view keeps `#/runs`. */
export function WatchPanel({ taskId }: { taskId: string }) {
  const { t } = useTranslation()
  const route = usePhone((s) => s.route)
  const openTaskId = useSession((s) => s.task?.id)
  useEffect(() => {
    // Runs after the phone's own effect (children first), so the address stays on this view.
    replaceHashNow('#/runs')
  }, [route, openTaskId])
  return (
    <aside className="runs-watch" aria-label={t('runs.watching', { task: taskId })}>
      <p className="runs-watch-title">{t('runs.watching', { task: taskId })}</p>
      <Phone />
    </aside>
  )
}
