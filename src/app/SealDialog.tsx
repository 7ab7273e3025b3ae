import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { X } from 'lucide-react'
import type { DatasetRow } from '../db'
import { sealForParticipants, sealingError, webCryptoReady } from '../state/sealing'
import type { SealingError } from '../state/sealing'
import { DatasetFilesField, Done, Modal, PassphraseFields, ProblemText, Working, useDatasetFiles } from './SealingParts'

/**
 * *Seal for participants*: the data set's files sealed as `npm run seal`
 * does (the same function), downloaded as `<name>-sealed.zip`.
 */
export function SealDialog({ row, onClose }: { row: DatasetRow; onClose: () => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const { state: files, pick } = useDatasetFiles(row)
  const [passphrase, setPassphrase] = useState('')
  const [again, setAgain] = useState('')
  const [working, setWorking] = useState(false)
  const [error, setError] = useState<SealingError>()
  const [done, setDone] = useState<string>()
  const crypto = webCryptoReady()
  const mismatch = passphrase !== again

  const seal = async () => {
    if (files.phase !== 'ready') return
    setDone(undefined)
    if (mismatch) return setError({ key: 'sealing.passphraseMismatch', params: {} })
    setWorking(true)
    setError(undefined)
    setDone(undefined)
    try {
      const { fileName } = await sealForParticipants(row, files.files, passphrase === '' ? undefined : passphrase)
      setDone(fileName)
    } catch (err) {
      setError(sealingError(err))
    } finally {
      setWorking(false)
    }
  }

  return (
    <Modal titleId={titleId} busy={working} onClose={onClose}>
      <div className="dialog-head">
        <h2 id={titleId}>{t('sealing.sealDialog.title', { name: row.name })}</h2>
        <button type="button" className="icon" aria-label={t('sealing.close')} disabled={working} onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <p className="hint-text">{t('sealing.sealDialog.intro')}</p>
      <DatasetFilesField row={row} state={files} pick={pick} disabled={working} />
      {!crypto && <ProblemText error={{ key: 'sealing.noCrypto', params: {} }} />}
      <PassphraseFields
        value={passphrase}
        again={again}
        optional
        disabled={working || !crypto}
        onChange={(value, second) => {
          setPassphrase(value)
          setAgain(second)
          setDone(undefined)
        }}
      />
      {working && <Working text={t('sealing.sealingWorking')} />}
      {error && <ProblemText error={error} title={t('sealing.failed')} />}
      {done && <Done text={t('sealing.sealDialog.done', { file: done })} />}
      <div className="sealing-buttons">
        <button type="button" disabled={working} onClick={onClose}>
          {done ? t('sealing.close') : t('sealing.cancel')}
        </button>
        <button type="button" className="primary" disabled={working || files.phase !== 'ready'} onClick={() => void seal()}>
          {t('sealing.sealDialog.submit')}
        </button>
      </div>
    </Modal>
  )
}
