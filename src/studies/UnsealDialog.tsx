import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DatasetRow, UnsealedDataset } from '../db'
import { unsealInPage, webCryptoReady } from './store'
import { NoCrypto, SealingDialog, useSealingAction } from './SealingDialog'

/**
 * *Unseal*: a sealed data set opened with its passphrase, its attempts
 * scored. A copy sealed without a passphrase has no gold to open: the dialog
 * says where its attempts are scored instead.
 */
export function UnsealDialog({ row, onClose }: { row: DatasetRow; onClose: () => void }) {
  const { t } = useTranslation()
  const fieldId = useId()
  const [passphrase, setPassphrase] = useState('')
  const action = useSealingAction<UnsealedDataset>()
  const { working, done } = action
  const crypto = webCryptoReady()
  const stripped = row.sealed?.cipher === null

  const unseal = () => {
    if (passphrase === '') return
    void action.run(async () => {
      const unsealed = await unsealInPage(row, passphrase)
      setPassphrase('')
      return unsealed
    })
  }

  return (
    <SealingDialog
      title={t('sealing.unsealDialog.title', { name: row.name })}
      action={action}
      workingText={t('sealing.unsealWorking')}
      doneText={done && t('sealing.unsealDialog.done', { tasks: done.tasks, count: done.scored, correct: done.correct })}
      submit={done || stripped ? undefined : { label: t('sealing.unsealDialog.submit'), disabled: !crypto || passphrase === '', onClick: unseal }}
      onClose={onClose}
    >
      {!done && stripped && <p className="sealing-note">{t('sealing.noGold')}</p>}
      {!done && !stripped && (
        <>
          <p className="hint-text">{t('sealing.unsealDialog.intro')}</p>
          <NoCrypto />
          <form
            className="sealing-field"
            onSubmit={(e) => {
              e.preventDefault()
              unseal()
            }}
          >
            <label htmlFor={fieldId}>{t('sealing.passphraseRequired')}</label>
            <input
              id={fieldId}
              type="password"
              autoComplete="current-password"
              value={passphrase}
              disabled={working || !crypto}
              onChange={(e) => {
                setPassphrase(e.target.value)
                action.setError(undefined)
              }}
            />
          </form>
        </>
      )}
    </SealingDialog>
  )
}
