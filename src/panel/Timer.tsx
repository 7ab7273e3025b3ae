import { useTranslation } from 'react-i18next'
import { formatElapsed, useActiveTime } from '../state/timer'
import { useSession } from '../state/session'

/** The attempt's active time, ticking once a second while it runs. */
export function Timer() {
  const { t, i18n } = useTranslation()
  const { elapsedMs: elapsed, running } = useActiveTime()
  // A finished attempt's time is its time, not a pause.
  const finished = useSession((s) => s.attempt?.finished === true)
  return (
    <p className="timer" title={t('panel.timeHint')}>
      {t('panel.time')}
      {i18n.language.startsWith('zh') ? '：' : ': '}
      <time aria-label={t('panel.time')}>{formatElapsed(elapsed)}</time>
      {!running && !finished && <span className="paused"> ({t('panel.timePaused')})</span>}
    </p>
  )
}
