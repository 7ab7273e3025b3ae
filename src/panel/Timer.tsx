import { useTranslation } from 'react-i18next'
import { formatElapsed, useActiveTime } from '../state/timer'

/** The attempt's active time, ticking once a second while it runs. */
export function Timer() {
  const { t } = useTranslation()
  const { elapsedMs: elapsed, running } = useActiveTime()
  return (
    <p className="timer" title={t('panel.timeHint')}>
      {t('panel.time')}: <time aria-label={t('panel.time')}>{formatElapsed(elapsed)}</time>
      {!running && <span className="paused"> ({t('panel.timePaused')})</span>}
    </p>
  )
}
