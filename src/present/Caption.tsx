import { Fragment } from 'react'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { usePhone } from '../state/phone'
import { landingOf, useReplay } from '../state/replay'
import { useSession, useShownVerdict } from '../state/session'
import { callCaption } from './callText'
import type { ParameterWords } from './callText'

const MARKS = { ok: '✓', refused: '✗', friction: '⚠', withdrawn: '↶' } as const

/**
 * Under the phone: the task, then the last call (whoever made it: a person,
 * a program, a watched run, a replay's step) and how it ended. The call and
 * its result are a live region, so that a listener hears each new call.
 */
export function Caption({ hasPhone, parameterWords, ref }: { hasPhone: boolean; parameterWords: ParameterWords; ref?: Ref<HTMLElement> }) {
  const { t, i18n } = useTranslation()
  const steps = useSession((s) => s.steps)
  const task = useSession((s) => s.task)
  const verdict = useShownVerdict()
  const replaying = useSession((s) => s.replaying)
  const searches = usePhone((s) => s.searches)
  const total = useReplay((s) => s.steps.length)
  const playing = useReplay((s) => s.playing)
  const step = steps[steps.length - 1]
  const landing = step ? landingOf(step, searches) : undefined
  const caption = step ? callCaption(step, t, i18n.language, parameterWords, landing?.kind === 'search' ? landing.hits : undefined) : undefined
  const counter = replaying ? t('present.step', { n: replaying.step, total }) : step ? t('present.call', { n: steps.length }) : ''
  return (
    <section ref={ref} className="present-caption" aria-label={t('present.caption')} tabIndex={-1}>
      {hasPhone && task && <p className="present-task">{task.instruction}</p>}
      <div aria-live="polite" aria-atomic="true">
        {!hasPhone ? (
          <p className="present-call">{t('present.noPhone')}</p>
        ) : !step || !caption ? (
          <p className="present-call present-empty">{t('present.noCalls')}</p>
        ) : (
          <>
            <p className="present-call">
              <span className="present-counter">
                {counter} · {t(`present.sources.${step.source}`, { defaultValue: step.source })}
                {step.inherited && ` · ${t('present.inherited')}`}
                {replaying && playing && ` · ${t('present.playing')}`}
              </span>{' '}
              <strong className="present-tool">{caption.tool}</strong>
              {caption.args.map((arg, i) => (
                <Fragment key={i}>
                  {i > 0 ? <span className="present-sep"> · </span> : ' '}
                  <span className="present-arg">
                    {arg.key && <span className="present-key">{arg.key} </span>}
                    {arg.value}
                  </span>
                </Fragment>
              ))}
            </p>
            <p className={`present-result ${caption.result.kind}`}>
              <span aria-hidden="true" className="present-mark">
                {MARKS[caption.result.kind]}
              </span>{' '}
              {caption.result.kind === 'friction' && (
                <strong className="present-tag" title={t('present.frictionTitle')}>
                  {t('present.friction')}
                </strong>
              )}
              {caption.result.kind === 'refused' && <strong className="present-tag">{t('present.refused')}</strong>}{' '}
              <span className="present-message">{caption.result.text}</span>{' '}
              {verdict && (
                <span className={`present-verdict ${verdict.correct ? 'correct' : 'wrong'}`}>
                  {t('present.verdict')}:{' '}
                  {verdict.correct ? t('correct') : t('wrong', { type: t(`panel.errorTypes.${verdict.errorType ?? 'other'}`) })}
                </span>
              )}
            </p>
          </>
        )}
      </div>
    </section>
  )
}
