import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { appInfo } from '../core'
import type { TrajectoryStep } from '../core'
import { usePhone } from '../state/phone'
import { landingOf } from '../state/replay'
import type { Landing } from '../state/replay'
import { useSession, useShownVerdict } from '../state/session'
import { actionLabel } from '../shared/labels'

function appLabel(app: string | undefined, language: string): string {
  const info = app ? appInfo(app) : undefined
  return info ? info.label[language.startsWith('zh') ? 'zh' : 'en'] : ''
}

/** Where the call landed on the phone, in words. */
function landingText(landing: Landing, step: TrajectoryStep, t: TFunction, language: string): string {
  if (landing.kind === 'search') {
    const count = landing.hits ?? 0
    return landing.app === 'phone'
      ? t('replay.landing.searchPhone', { count })
      : t('replay.landing.search', { app: appLabel(landing.app, language), count })
  }
  if (landing.kind === 'searchFailed') return t('replay.landing.searchFailed', { app: appLabel(landing.app, language) || t('home') })
  if (!landing.app) return t('replay.landing.unknown')
  const words = { app: appLabel(landing.app, language), action: actionLabel(t, step.name) }
  if (!landing.ok) return t('replay.landing.actionFailed', words)
  return landing.withdrawn ? t('replay.landing.withdrawn', words) : t('replay.landing.action', words)
}

const argumentsText = (args: unknown) => (typeof args === 'string' ? args : JSON.stringify(args, null, 1))

/** One step: the call, exactly what the tool answered, who made it, where it landed; the verdict after the last one. */
export function StepDetail({ step, n }: { step: TrajectoryStep; n: number }) {
  const { t, i18n } = useTranslation()
  const searches = usePhone((s) => s.searches)
  const verdict = useShownVerdict()
  const shown = useSession((s) => s.steps.length)
  const landing = landingOf(step, searches)
  return (
    <article
      className={`replay-step ${step.kind} ${step.ok ? 'ok' : 'failed'}${step.withdrawn ? ' withdrawn' : ''}`}
      aria-label={t('replay.stepLabel', { n })}>
      <dl>
        <dt>{t('replay.call')}</dt>
        <dd>
          <span className="replay-kind">{t(`replay.kinds.${step.kind}`)}</span> <code className="replay-call-name">{step.name}</code>
          <pre className="replay-args">{argumentsText(step.arguments)}</pre>
        </dd>
        <dt>{t('replay.result')}</dt>
        <dd>
          <pre className="replay-content" tabIndex={0} aria-label={t('replay.result')}>
            {step.content || t('replay.noContent')}
          </pre>
        </dd>
        <dt>{t('replay.source')}</dt>
        <dd>{t(`replay.sources.${step.source}`, { defaultValue: step.source })}</dd>
        <dt>{t('replay.landed')}</dt>
        <dd className="replay-landed">{landingText(landing, step, t, i18n.language)}</dd>
      </dl>
      {verdict && shown === n && (
        <p role="status" className={`replay-final ${verdict.correct ? 'correct' : 'wrong'}`}>
          {t('replay.verdict')}: {verdict.correct ? t('correct') : t('wrong', { type: t(`panel.errorTypes.${verdict.errorType ?? 'other'}`) })}
        </p>
      )}
    </article>
  )
}
