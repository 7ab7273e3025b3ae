import { useTranslation } from 'react-i18next'
import { useReplay } from '../state/replay'
import { useSession } from '../state/session'
import { ForkActions } from './ForkActions'
import { ForkLinks } from './ForkLinks'
import { attemptTitle, verdictClass, verdictText } from './labels'
import { PlayerControls } from './PlayerControls'
import { StepDetail } from './StepDetail'
import { StepList } from './StepList'

/** The player beside the phone: which attempt, the controls, and the step shown. */
export function Player() {
  const { t } = useTranslation()
  const attempt = useReplay((s) => s.attempt)
  const steps = useReplay((s) => s.steps)
  const step = useReplay((s) => s.step)
  const error = useReplay((s) => s.error)
  const task = useSession((s) => s.tasks.find((x) => x.id === attempt?.taskId))
  const current = step > 0 ? steps[step - 1] : undefined
  return (
    <section className="replay-player" aria-labelledby="replay-player">
      <h3 id="replay-player">{t('replay.player')}</h3>
      {error && (
        <p role="alert" className="replay-error">
          {attempt ? error : t('replay.notFound', { id: error })}
        </p>
      )}
      {!attempt ? (
        <p className="replay-empty">{t('replay.pick')}</p>
      ) : (
        <>
          <p className="replay-title">
            <strong>{attemptTitle(attempt, t)}</strong>{' '}
            <span className={`replay-verdict ${verdictClass(attempt)}`}>{verdictText(attempt, t)}</span>
          </p>
          <ForkLinks attempt={attempt} />
          {task && <p className="replay-instruction">{task.instruction}</p>}
          <PlayerControls />
          <ForkActions />
          {steps.length === 0 ? <p className="replay-empty">{t('replay.noSteps')}</p> : current && <StepDetail step={current} n={step} />}
          {steps.length > 1 && <StepList />}
        </>
      )}
    </section>
  )
}
