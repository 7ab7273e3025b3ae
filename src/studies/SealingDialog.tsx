/** The frame and the one action of the sealing, study and unsealing dialogs. */
import { useId, useState } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { X } from 'lucide-react'
import type { DatasetFiles } from '../core'
import type { DatasetRow } from '../db'
import { sealingError, webCryptoReady } from './store'
import type { SealingError } from './store'
import { ProblemText } from '../shared/ProblemText'
import { Dialog } from '../shared/Dialog'
import { DatasetFilesField, Done, PassphraseFields, Working, useDatasetFiles } from './SealingParts'

/** A dialog's action: whether it runs, how it failed, what it gave. */
export interface SealingAction<T> {
  working: boolean
  error: SealingError | undefined
  setError: (error: SealingError | undefined) => void
  done: T | undefined
  setDone: (done: T | undefined) => void
  /** Runs `action`, keeping its result in `done` or its failure in `error`. */
  run: (action: () => Promise<T>) => Promise<void>
}

export function useSealingAction<T>(): SealingAction<T> {
  const [working, setWorking] = useState(false)
  const [error, setError] = useState<SealingError>()
  const [done, setDone] = useState<T>()
  const run = async (action: () => Promise<T>) => {
    setWorking(true)
    setError(undefined)
    try {
      setDone(await action())
    } catch (err) {
      setError(sealingError(err))
    } finally {
      setWorking(false)
    }
  }
  return { working, error, setError, done, setDone, run }
}

/**
 * A sealing dialog: its title and close button, the body, how its action
 * stands, then *Cancel* (*Close* once done or with nothing to do) and the
 * action's button, left out when there is nothing to do.
 */
export function SealingDialog(props: {
  title: string
  action: Pick<SealingAction<unknown>, 'working' | 'error'>
  workingText: string
  errorTitle?: string
  doneText: string | undefined
  submit?: { label: string; disabled: boolean; onClick: () => void }
  onClose: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const { working, error } = props.action
  const finished = props.doneText !== undefined || !props.submit
  return (
    <Dialog className="sealing-dialog" aria-labelledby={titleId} onDismiss={working ? undefined : props.onClose}>
      <div className="dialog-head">
        <h2 id={titleId}>{props.title}</h2>
        <button type="button" className="icon" aria-label={t('sealing.close')} disabled={working} onClick={props.onClose}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      {props.children}
      {working && <Working text={props.workingText} />}
      {error && <ProblemText error={error} title={props.errorTitle} />}
      {props.doneText !== undefined && <Done text={props.doneText} />}
      <div className="sealing-buttons">
        <button type="button" disabled={working} onClick={props.onClose}>
          {finished ? t('sealing.close') : t('sealing.cancel')}
        </button>
        {props.submit && (
          <button type="button" className="primary" disabled={working || props.submit.disabled} onClick={props.submit.onClick}>
            {props.submit.label}
          </button>
        )}
      </div>
    </Dialog>
  )
}

/** Why nothing can be sealed or unsealed here, where the page has no WebCrypto. */
export function NoCrypto() {
  return webCryptoReady() ? null : <ProblemText error={{ key: 'sealing.noCrypto', params: {} }} />
}

/** What sealing starts from: the data set's files, an optional passphrase typed twice, and the action. */
export interface SealingForm<T> {
  row: DatasetRow
  files: ReturnType<typeof useDatasetFiles>
  passphrase: { value: string; again: string; onChange: (value: string, again: string) => void }
  action: SealingAction<T>
  /** Runs `seal` once the files are ready, unless the passphrase was typed two ways. */
  submit: (seal: (files: DatasetFiles, passphrase: string) => Promise<T>) => void
}

export function useSealingForm<T>(row: DatasetRow): SealingForm<T> {
  const files = useDatasetFiles(row)
  const [passphrase, setPassphrase] = useState('')
  const [again, setAgain] = useState('')
  const action = useSealingAction<T>()
  const submit = (seal: (files: DatasetFiles, passphrase: string) => Promise<T>) => {
    const { state } = files
    if (state.phase !== 'ready') return
    action.setDone(undefined)
    if (passphrase !== again) return action.setError({ key: 'sealing.passphraseMismatch', params: {} })
    void action.run(() => seal(state.files, passphrase))
  }
  const onChange = (value: string, second: string) => {
    setPassphrase(value)
    setAgain(second)
    action.setDone(undefined)
  }
  return { row, files, passphrase: { value: passphrase, again, onChange }, action, submit }
}

/** The data set's files, then `children` (the dialog's own fields), then the passphrase. */
export function SealingFields<T>({ form, children }: { form: SealingForm<T>; children?: ReactNode }) {
  const { working } = form.action
  return (
    <>
      <DatasetFilesField row={form.row} state={form.files.state} />
      {children}
      <NoCrypto />
      <PassphraseFields {...form.passphrase} optional disabled={working || !webCryptoReady()} />
    </>
  )
}
