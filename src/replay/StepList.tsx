import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { stepTo, useReplay } from '../state/replay'

/** The attempt's calls in order; the one shown is marked, and any can be jumped to. */
export function StepList() {
  const { t } = useTranslation()
  const steps = useReplay((s) => s.steps)
  const step = useReplay((s) => s.step)
  const list = useRef<HTMLOListElement>(null)
  useEffect(() => {
    list.current?.querySelector('[aria-current="step"]')?.scrollIntoView({ block: 'nearest' })
  }, [step])
  return (
    <nav className="replay-steps" aria-label={t('replay.stepList')}>
      <ol ref={list}>
        {steps.map((s, i) => (
          <li key={s.seq} className={`${s.kind} ${s.ok ? 'ok' : 'failed'}${s.withdrawn ? ' withdrawn' : ''}`}>
            <button
              type="button"
              aria-current={i + 1 === step ? 'step' : undefined}
              aria-label={t('replay.goTo', { n: i + 1, name: s.name })}
              onClick={() => stepTo(i + 1)}
            >
              <span className="replay-step-n">{i + 1}</span> <code>{s.name}</code>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  )
}
