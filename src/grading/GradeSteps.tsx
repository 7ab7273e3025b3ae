import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { TrajectoryStep } from '../core'
import { showStep, useGrading } from './store'

/** What a step says, for the detail under the list: a reply's words, or a call's arguments and its answer. */
function said(step: TrajectoryStep): string | undefined {
  const args = step.arguments
  return step.kind === 'reply' && typeof args === 'object' && args !== null && 'text' in args && typeof args.text === 'string' ? args.text : undefined
}

const json = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value, null, 1) ?? ''))

/**
 * The attempt's steps, numbered as the replay and the evidence number them:
 * any can be shown on the phone; the one shown is marked and laid out below.
 */
export function GradeSteps() {
  const { t } = useTranslation()
  const open = useGrading((s) => s.open)
  const step = useGrading((s) => s.step)
  const list = useRef<HTMLOListElement>(null)
  useEffect(() => {
    list.current?.querySelector('[aria-current="step"]')?.scrollIntoView({ block: 'nearest' })
  }, [step])
  if (!open) return null
  const { steps } = open
  const shown = steps[step - 1]
  const words = shown && said(shown)
  return (
    <section className="grading-card grading-steps" aria-labelledby="grading-steps-heading">
      <h3 id="grading-steps-heading">{t('grading.steps.heading')}</h3>
      {steps.length === 0 && <p className="grading-empty">{t('grading.steps.none')}</p>}
      <nav aria-label={t('grading.steps.list')}>
        <ol ref={list}>
          {steps.map((s, i) => (
            <li key={s.seq} className={`${s.kind} ${s.ok ? 'ok' : 'failed'}${s.withdrawn ? ' withdrawn' : ''}`}>
              <button type="button" aria-current={i + 1 === step ? 'step' : undefined} aria-label={t('grading.steps.goTo', { n: i + 1, name: s.name })} onClick={() => void showStep(i + 1)}>
                <span className="grading-step-n">{i + 1}</span> <code>{s.name}</code>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      {shown && (
        <div className="grading-step-detail" aria-live="polite">
          <p className="grading-step-at">{t('grading.steps.shown', { n: step, total: steps.length })}</p>
          {words !== undefined ? (
            <p className="grading-said">
              <strong>{t('grading.steps.reply')}</strong> {words}
            </p>
          ) : (
            <>
              <pre className="grading-args">{json(shown.arguments)}</pre>
              {shown.content !== undefined && <pre className="grading-content">{json(shown.content)}</pre>}
            </>
          )}
        </div>
      )}
    </section>
  )
}
