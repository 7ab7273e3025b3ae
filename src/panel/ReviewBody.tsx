import { useTranslation } from 'react-i18next'
import { verifyOf } from '../core'
import type { AttemptOutcome, LiveView, Task, TrajectoryStep } from '../core'
import { openTask } from '../state/session'
import { EarlierVersion } from './EarlierVersion'
import { FlagForm } from './FlagForm'
import { MemoryLines } from './MemoryLines'
import { ParamDiff } from './ParamDiff'
import { StateDiff } from './StateDiff'

/** "1. … 2. …" as separate steps (step numbers have one or two digits; a phone number ending a sentence is not one). */
function pathSteps(path: string): string[] {
  return path
    .split(/\s+(?=\d{1,2}\.\s)/)
    .map((s) => s.trim())
    .filter(Boolean)
}

/**
 * The review of a finished attempt: the verdict, the parameter-level diff, the annotated reasoning path beside the
 * solver's own searches, the distractors, and flags (Review.tsx renders it after Finish only).
 */
export function ReviewBody({ verdict, task, steps, live }: { verdict: AttemptOutcome; task: Task; steps: readonly TrajectoryStep[]; live: LiveView | undefined }) {
  const { t } = useTranslation()
  const retrievals = steps.filter((s) => s.kind === 'retrieval')
  return (
    <section aria-label={t('panel.review')} className="review">
      <h2>{t('panel.verdict')}</h2>
      <p role="status" className={verdict.correct ? 'verdict correct' : 'verdict wrong'}>
        {verdict.correct ? t('correct') : t('wrong', { type: wrongType(verdict, task, t) })}
      </p>
      <MemoryLines conditions={verdict.conditions} />
      <EarlierVersion />
      <h3>{t('panel.diff')}</h3>
      <ParamDiff verdict={verdict} />
      <StateDiff verdict={verdict} task={task} live={live} />
      <div className="paths">
        <div>
          <h3>{t('panel.reasoningPath')}</h3>
          <ol className="reasoning-path">
            {pathSteps(task.reasoningPath).map((step) => (
              <li key={step}>{step.replace(/^\d{1,2}\.\s*/, '')}</li>
            ))}
          </ol>
        </div>
        <div>
          <h3>{t('panel.yourRetrievals')}</h3>
          {retrievals.length === 0 ? (
            <p className="hint">{t('panel.noRetrievals')}</p>
          ) : (
            <ol className="own-retrievals">
              {retrievals.map((s) => (
                <li key={s.seq} className={s.ok ? '' : 'failed'}>
                  <code>
                    {s.name} {typeof s.arguments === 'string' ? s.arguments : JSON.stringify(s.arguments)}
                  </code>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      {task.distractors && (
        <>
          <h3>{t('panel.distractors')}</h3>
          <p className="distractors">{task.distractors}</p>
        </>
      )}
      <FlagForm />
      <button type="button" onClick={() => void openTask(task.id, { screen: 'home' }, { fresh: true })}>
        {t('newAttempt')}
      </button>
    </section>
  )
}

/**
 * Why a task is wrong, in words: the calls' error type, or in live state the
 * state's when the state alone failed it (the kernel then says `other` at the
 * calls' level).
 */
function wrongType(verdict: AttemptOutcome, task: Task, t: (key: string) => string): string {
  const state = verdict.state
  const stateFailed = state && !state.correct && (verifyOf(task.live) === 'state' || verdict.calls?.correct === true)
  if (stateFailed) return t(`livePhone.stateErrorTypes.${state.errorType ?? 'wrong_change'}`)
  return t(`panel.errorTypes.${verdict.errorType ?? 'other'}`)
}
