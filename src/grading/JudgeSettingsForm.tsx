import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { JUDGE_MODES } from '../core'
import type { JudgeMode } from '../core'
import { runnerKeyFor, setRememberKeys, setRunnerKey, useRunnerKeys } from './judgeKeys'
import { COUNTING_MODES, useJudgeSettings } from '../state/judgeSettings'
import type { JudgeProbation } from '../state/judgeSettings'

interface JudgeSettingsFormProps {
  /** Why the counting modes cannot be chosen; undefined when the judge is eligible. */
  probation: JudgeProbation | undefined
  probationText: string
  disabled: boolean
}

/** The judge's endpoint, model, key and mode. */
export function JudgeSettingsForm({ probation, probationText, disabled }: JudgeSettingsFormProps) {
  const { t } = useTranslation()
  const id = useId()
  const { endpoint, model, mode } = useJudgeSettings()
  // Subscribed so that the field follows a key entered elsewhere (the runner's form) for the same endpoint.
  useRunnerKeys((s) => s.keys)
  const remember = useRunnerKeys((s) => s.remember)
  const key = runnerKeyFor(endpoint) ?? ''
  const choose = (next: JudgeMode) => useJudgeSettings.setState({ mode: next })
  return (
    <fieldset className="grade-tab-settings" disabled={disabled}>
      <legend>{t('gradingAgreement.judge.settings')}</legend>
      <label>
        {t('gradingAgreement.judge.endpoint')}
        <input type="url" value={endpoint} spellCheck={false} autoComplete="off" onChange={(event) => useJudgeSettings.setState({ endpoint: event.target.value })} />
      </label>
      <label>
        {t('gradingAgreement.judge.model')}
        <input type="text" value={model} spellCheck={false} autoComplete="off" onChange={(event) => useJudgeSettings.setState({ model: event.target.value })} />
      </label>
      <label>
        {t('gradingAgreement.judge.key')}
        <input type="password" value={key} autoComplete="off" aria-describedby={`${id}-key`} onChange={(event) => setRunnerKey(endpoint, event.target.value)} />
      </label>
      <p id={`${id}-key`} className="grade-tab-hint">
        {t('gradingAgreement.judge.keyHint')}
      </p>
      <label className="grade-tab-check">
        <input type="checkbox" checked={remember} onChange={(event) => setRememberKeys(event.target.checked)} /> {t('gradingAgreement.judge.remember')}
      </label>
      <fieldset className="grade-tab-modes" aria-describedby={probation ? `${id}-probation` : undefined}>
        <legend>{t('gradingAgreement.judge.mode')}</legend>
        {JUDGE_MODES.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={option}
              checked={mode === option}
              disabled={probation !== undefined && COUNTING_MODES.includes(option)}
              onChange={() => choose(option)}
            />{' '}
            {t(`gradingAgreement.judge.modes.${option}`)}
          </label>
        ))}
        {probation && (
          <p id={`${id}-probation`} className="grade-tab-hint" data-testid="judge-probation">
            {probationText}
          </p>
        )}
      </fieldset>
    </fieldset>
  )
}
