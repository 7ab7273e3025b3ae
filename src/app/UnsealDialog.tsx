import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { X } from 'lucide-react'
import type { DatasetRow, UnsealedDataset } from '../db'
import { sealingError, unsealInPage, webCryptoReady } from '../state/sealing'
import type { SealingError } from '../state/sealing'
import { Done, Modal, ProblemText, Working } from './SealingParts'

/**
 * *Unseal*: a sealed data set opened with its passphrase, its attempts
 * scored. A copy sealed without a passphrase has no gold to open: the dialog
 * says where its attempts are scored instead.
 */
export function UnsealDialog({ row, onClose }: { row: DatasetRow; onClose: () => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const fieldId = useId()
  const [passphrase, setPassphrase] = useState('')
  const [working, setWorking] = useState(false)
  const [error, setError] = useState<SealingError>()
  const [done, setDone] = useState<UnsealedDataset>()
  const crypto = webCryptoReady()
  const stripped = row.sealed?.cipher === null

  const unseal = async () => {
    if (passphrase === '') return
    setWorking(true)
    setError(undefined)
    try {
      setDone(await unsealInPage(row, passphrase))
      setPassphrase('')
    } catch (err) {
      setError(sealingError(err))
    } finally {
      setWorking(false)
    }
  }

  return (
    <Modal titleId={titleId} busy={working} onClose={onClose}>
      <div className="dialog-head">
        <h2 id={titleId}>{t('sealing.unsealDialog.title', { name: row.name })}</h2>
        <button type="button" className="icon" aria-label={t('sealing.close')} disabled={working} onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      {done ? (
        <Done text={t('sealing.unsealDialog.done', { tasks: done.tasks, count: done.scored, correct: done.correct })} />
      ) : stripped ? (
        <p className="sealing-note">{t('sealing.noGold')}</p>
      ) : (
        <>
          <p className="hint-text">{t('sealing.unsealDialog.intro')}</p>
          {!crypto && <ProblemText error={{ key: 'sealing.noCrypto', params: {} }} />}
          <form
            className="sealing-field"
            onSubmit={(e) => {
              e.preventDefault()
              void unseal()
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
                setError(undefined)
              }}
            />
          </form>
          {working && <Working text={t('sealing.unsealWorking')} />}
          {error && <ProblemText error={error} />}
        </>
      )}
      <div className="sealing-buttons">
        <button type="button" disabled={working} onClick={onClose}>
          {done || stripped ? t('sealing.close') : t('sealing.cancel')}
        </button>
        {!done && !stripped && (
          <button type="button" className="primary" disabled={working || !crypto || passphrase === ''} onClick={() => void unseal()}>
            {t('sealing.unsealDialog.submit')}
          </button>
        )}
      </div>
    </Modal>
  )
}
