/** What the sealing, study and unsealing dialogs share: the data set's files, the passphrase fields, a problem. */
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react'
import type { DatasetFiles } from '../core'
import type { DatasetRow } from '../db'
import { SHORT_PASSPHRASE, sealingError, storedFiles } from './store'
import type { SealingError } from './store'
import { ProblemText } from '../shared/ProblemText'
import './Sealing.css'

/** A status line of a working dialog. */
export function Working({ text }: { text: string }) {
  return (
    <p role="status" className="sealing-working">
      <Loader2 size={16} aria-hidden="true" className="spin" /> {text}
    </p>
  )
}

/** A done line of a dialog. */
export function Done({ text }: { text: string }) {
  return (
    <p role="status" className="sealing-done">
      <CheckCircle2 size={16} aria-hidden="true" /> {text}
    </p>
  )
}

type FilesState = { phase: 'reading' } | { phase: 'ready'; files: DatasetFiles } | { phase: 'failed'; error: SealingError }

/** The data set's files, which sealing starts from: the stored data set written in the published format (as revised in the page). */
export function useDatasetFiles(row: DatasetRow): { state: FilesState } {
  const [state, setState] = useState<FilesState>({ phase: 'reading' })
  useEffect(() => {
    let live = true
    storedFiles(row).then(
      (files) => live && setState({ phase: 'ready', files }),
      (err: unknown) => live && setState({ phase: 'failed', error: sealingError(err) }),
    )
    return () => {
      live = false
    }
  }, [row])
  return { state }
}

/** Where the dialog's files stand. */
export function DatasetFilesField({ row, state }: { row: DatasetRow; state: FilesState }) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <section className="sealing-files" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('sealing.files.heading')}</h3>
      {state.phase === 'reading' && <Working text={t('importPhases.read')} />}
      {state.phase === 'ready' && <Done text={t('sealing.files.ready', { count: row.tasks })} />}
      {state.phase === 'failed' && <ProblemText error={state.error} />}
    </section>
  )
}

/**
 * A passphrase typed twice. `optional`: empty is allowed (the gold is then
 * removed). Short ones are warned about, as the command line does.
 */
export function PassphraseFields(props: {
  value: string
  again: string
  onChange: (value: string, again: string) => void
  optional: boolean
  disabled: boolean
}) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const { value, again } = props
  const short = value !== '' && [...value].length < SHORT_PASSPHRASE
  return (
    <fieldset className="sealing-passphrase" disabled={props.disabled}>
      <div className="sealing-field">
        <label htmlFor={`${id}-1`}>{props.optional ? t('sealing.passphrase') : t('sealing.passphraseRequired')}</label>
        <input
          id={`${id}-1`}
          type="password"
          autoComplete="new-password"
          value={value}
          aria-describedby={`${id}-note`}
          onChange={(e) => props.onChange(e.target.value, again)}
        />
      </div>
      <div className="sealing-field">
        <label htmlFor={`${id}-2`}>{t('sealing.passphraseAgain')}</label>
        <input id={`${id}-2`} type="password" autoComplete="new-password" value={again} onChange={(e) => props.onChange(value, e.target.value)} />
      </div>
      <p id={`${id}-note`} className="hint-text">
        {/* Chinese runs sentences together; English needs the space. */}
        {[props.optional ? t('sealing.passphraseHint') : '', t('sealing.shortNote', { min: SHORT_PASSPHRASE })].filter(Boolean).join(i18n.language === 'zh' ? '' : ' ')}
      </p>
      {short && (
        <p className="sealing-warning">
          <AlertTriangle size={14} aria-hidden="true" /> {t('sealing.shortWarning', { min: SHORT_PASSPHRASE })}
        </p>
      )}
    </fieldset>
  )
}
