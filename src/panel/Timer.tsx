import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { elapsedAt, formatElapsed, useTimer } from '../state/timer'

/** The attempt's active time, ticking once a second while it runs. */
export function Timer() {
  const { t } = useTranslation()
  const timer = useTimer()
  const [now, setNow] = useState(() => Date.now())
  const running = timer.since !== null
  useEffect(() => {
    if (!running) return
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [running])
  const elapsed = elapsedAt(timer, running ? Math.max(now, timer.since ?? now) : now)
  return (
    <p className="timer" title={t('panel.timeHint')}>
      {t('panel.time')}: <time aria-label={t('panel.time')}>{formatElapsed(elapsed)}</time>
      {!running && <span className="paused"> ({t('panel.timePaused')})</span>}
    </p>
  )
}
