import { useTranslation } from 'react-i18next'
import { ChevronLeft, ChevronRight, Pause, Play, SkipBack, SkipForward } from 'lucide-react'
import { SPEEDS, setSpeed, stepBy, stepTo, togglePlay, useReplay } from '../state/replay'

/** Play / pause, step back and forward, first and last, speed and a slider over the steps. */
export function PlayerControls() {
  const { t } = useTranslation()
  const steps = useReplay((s) => s.steps.length)
  const step = useReplay((s) => s.step)
  const playing = useReplay((s) => s.playing)
  const speed = useReplay((s) => s.speed)
  const atStart = step <= 1
  const atEnd = step >= steps
  return (
    <div className="replay-controls" role="group" aria-label={t('replay.player')}>
      <div className="replay-buttons">
        <button type="button" onClick={() => stepTo(1)} disabled={atStart} aria-label={t('replay.first')} title={t('replay.first')}>
          <SkipBack size={18} aria-hidden="true" />
        </button>
        <button type="button" onClick={() => stepBy(-1)} disabled={atStart} aria-label={t('replay.back')} title={t('replay.back')}>
          <ChevronLeft size={18} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="primary"
          onClick={togglePlay}
          disabled={steps === 0}
          aria-label={playing ? t('replay.pause') : t('replay.play')}
          title={playing ? t('replay.pause') : t('replay.play')}
        >
          {playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
        </button>
        <button type="button" onClick={() => stepBy(1)} disabled={atEnd} aria-label={t('replay.forward')} title={t('replay.forward')}>
          <ChevronRight size={18} aria-hidden="true" />
        </button>
        <button type="button" onClick={() => stepTo(steps)} disabled={atEnd} aria-label={t('replay.last')} title={t('replay.last')}>
          <SkipForward size={18} aria-hidden="true" />
        </button>
        <label className="replay-speed">
          <span>{t('replay.speed')}</span>
          <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="replay-position">
        <input
          type="range"
          min={Math.min(1, steps)}
          max={steps}
          value={step}
          disabled={steps < 2}
          aria-label={t('replay.slider')}
          aria-valuetext={t('replay.position', { n: step, total: steps })}
          onChange={(e) => stepTo(Number(e.target.value))}
        />
        <output aria-live="polite">{t('replay.position', { n: step, total: steps })}</output>
      </div>
      <p className="replay-keys">{t('replay.keys')}</p>
    </div>
  )
}
