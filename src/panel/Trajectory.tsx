import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { replyText } from '../core'
import type { TrajectoryStep } from '../core'
import { useSession } from '../state/session'

/** One call; a step object changes only when it is withdrawn, so an agent's new call draws one item, not the list. */
const TrajectoryItem = memo(function TrajectoryItem({ step: s }: { step: TrajectoryStep }) {
  const { t } = useTranslation()
  return (
    <li className={`${s.kind} ${s.ok ? 'ok' : 'failed'}${s.withdrawn ? ' withdrawn' : ''}${s.inherited ? ' inherited' : ''}${s.friction ? ' friction' : ''}`}>
      {/* A fork's first calls are its parent's: said in words, not by the style alone. */}
      {s.inherited && (
        <span className="inherited-tag" title={t('inheritedTitle')}>
          {t('inherited')}
        </span>
      )}
      {/* Refused on purpose (the task's friction, or a run's random failure): said in words too. */}
      {s.friction && (
        <span className="friction-tag" title={t('livePhone.frictionTitle')}>
          {t('livePhone.friction')}
        </span>
      )}
      {s.kind === 'reply' ? (
        <>
          {/* The assistant's message to the user: no tool, so no call to show. */}
          <span className="reply-tag">{t('repliedToUser')}</span> <q>{replyText(s)}</q>
          <span className="source">{t(`present.sources.${s.source}`, { defaultValue: s.source })}</span>
        </>
      ) : (
        <>
          <code>
            {s.name}({typeof s.arguments === 'string' ? s.arguments : JSON.stringify(s.arguments)})
          </code>
          <span className="source">{t(`present.sources.${s.source}`, { defaultValue: s.source })}</span>
          <pre>{s.content}</pre>
        </>
      )}
    </li>
  )
})

/** Every call with its arguments, the exact content the tool answered, and who made it. */
export function Trajectory() {
  const { t } = useTranslation()
  const steps = useSession((s) => s.steps)
  return (
    <section aria-label={t('trajectory')}>
      <h2>{t('trajectory')}</h2>
      {steps.length === 0 ? (
        <p className="hint">{t('noCalls')}</p>
      ) : (
        <ol className="trajectory">
          {steps.map((s) => (
            <TrajectoryItem key={s.seq} step={s} />
          ))}
        </ol>
      )}
    </section>
  )
}
