import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { shortAttempt } from './agreementFormat'

interface AgreementAdjudicateProps {
  item: string
  attempt: string
  onSave: (met: boolean, note: string) => Promise<void>
  onCancel: () => void
}

/** A lead grader's verdict on one disagreement: met or not met, and why. */
export function AgreementAdjudicate({ item, attempt, onSave, onCancel }: AgreementAdjudicateProps) {
  const { t } = useTranslation()
  const id = useId()
  const [met, setMet] = useState<boolean>()
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (met === undefined) return
    setBusy(true)
    setError(undefined)
    onSave(met, note).then(
      () => setBusy(false),
      (err: unknown) => {
        setBusy(false)
        setError(t('gradingAgreement.agreement.saveFailed', { message: err instanceof Error ? err.message : String(err) }))
      },
    )
  }
  return (
    <form className="grade-tab-adjudicate" aria-label={t('gradingAgreement.agreement.adjudication', { item, attempt: shortAttempt(attempt) })} onSubmit={submit}>
      <fieldset>
        <legend>{t('gradingAgreement.agreement.verdict')}</legend>
        <label>
          <input type="radio" name={`${id}-met`} checked={met === true} onChange={() => setMet(true)} /> {t('gradingAgreement.agreement.met')}
        </label>
        <label>
          <input type="radio" name={`${id}-met`} checked={met === false} onChange={() => setMet(false)} /> {t('gradingAgreement.agreement.notMet')}
        </label>
      </fieldset>
      <label className="grade-tab-note">
        {t('gradingAgreement.agreement.note')}
        <textarea value={note} rows={2} onChange={(event) => setNote(event.target.value)} />
      </label>
      <div className="grade-tab-actions">
        <button type="submit" disabled={met === undefined || busy}>
          {busy ? t('gradingAgreement.agreement.saving') : t('gradingAgreement.agreement.save')}
        </button>
        <button type="button" onClick={onCancel} disabled={busy}>
          {t('gradingAgreement.agreement.cancel')}
        </button>
      </div>
      {error && (
        <p role="alert" className="grade-tab-error">
          {error}
        </p>
      )}
    </form>
  )
}
