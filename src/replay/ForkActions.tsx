import { useTranslation } from 'react-i18next'
import { Bot, GitBranch } from 'lucide-react'
import { continueFromStep, resumeModelFromStep, useReplay } from '../state/replay'

/**
 * Amend and replay: go on from the step shown as a new attempt (a fork whose
 * first calls are these), on the phone; an attempt of an agent run stored
 * here can also be handed back to its model from here.
 */
export function ForkActions() {
  const { t } = useTranslation()
  const attempt = useReplay((s) => s.attempt)
  const step = useReplay((s) => s.step)
  const forking = useReplay((s) => s.forking)
  const error = useReplay((s) => s.forkError)
  const resumable = useReplay((s) => s.resumable)
  if (!attempt) return null
  return (
    <div className="replay-fork-actions" role="group" aria-label={t('replay.fork.group')} aria-describedby="replay-fork-hint">
      <div className="replay-fork-buttons">
        <button type="button" onClick={() => void continueFromStep()} disabled={forking !== undefined}>
          <GitBranch size={16} aria-hidden="true" /> {forking === 'person' ? t('replay.fork.opening') : t('replay.fork.continue')}
        </button>
        {resumable && (
          <button type="button" onClick={() => void resumeModelFromStep()} disabled={forking !== undefined}>
            <Bot size={16} aria-hidden="true" /> {forking === 'model' ? t('replay.fork.opening') : t('replay.fork.resumeModel')}
          </button>
        )}
      </div>
      <p id="replay-fork-hint" className="replay-fork-hint">
        {t('replay.fork.hint', { count: step })}
      </p>
      {error && (
        <p role="alert" className="replay-error">
          {error}
        </p>
      )}
    </div>
  )
}
