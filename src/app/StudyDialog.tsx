import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dices, X } from 'lucide-react'
import type { StudyFile } from '../core/study'
import type { DatasetRow } from '../db'
import { createStudy, randomSeed, sealingError, webCryptoReady } from '../state/sealing'
import type { SealingError } from '../state/sealing'
import { DatasetFilesField, Done, Modal, PassphraseFields, ProblemText, Working, useDatasetFiles } from './SealingParts'

/**
 * *Create a study*: the data set's tasks handed out and sealed per person by
 * the function `npm run study` calls, downloaded as `study-<id>.zip` and kept
 * with the data set.
 */
export function StudyDialog({ row, onClose }: { row: DatasetRow; onClose: () => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const id = useId()
  const { state: files, pick } = useDatasetFiles(row)
  const [people, setPeople] = useState('')
  const [perTask, setPerTask] = useState('2')
  const [seed, setSeed] = useState(() => String(randomSeed()))
  const [baseUrl, setBaseUrl] = useState('')
  const [passphrase, setPassphrase] = useState('')
  const [again, setAgain] = useState('')
  const [working, setWorking] = useState(false)
  const [error, setError] = useState<SealingError>()
  const [done, setDone] = useState<{ study: StudyFile; fileName: string }>()
  const crypto = webCryptoReady()

  const create = async () => {
    if (files.phase !== 'ready') return
    setDone(undefined)
    if (passphrase !== again) return setError({ key: 'sealing.passphraseMismatch', params: {} })
    setWorking(true)
    setError(undefined)
    try {
      setDone(await createStudy(row, files.files, { people, perTask, seed, passphrase, baseUrl }))
    } catch (err) {
      setError(sealingError(err))
    } finally {
      setWorking(false)
    }
  }
  const edited = <T,>(set: (value: T) => void) => (value: T) => {
    set(value)
    setDone(undefined)
    setError(undefined)
  }

  return (
    <Modal titleId={titleId} busy={working} onClose={onClose}>
      <div className="dialog-head">
        <h2 id={titleId}>{t('sealing.studyDialog.title', { name: row.name })}</h2>
        <button type="button" className="icon" aria-label={t('sealing.close')} disabled={working} onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <p className="hint-text">{t('sealing.studyDialog.intro')}</p>
      <DatasetFilesField row={row} state={files} pick={pick} disabled={working} />
      <fieldset className="sealing-study" disabled={working}>
        <div className="sealing-field">
          <label htmlFor={`${id}-people`}>{t('sealing.studyDialog.people')}</label>
          <input
            id={`${id}-people`}
            type="text"
            value={people}
            placeholder="ann, bob, cy"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-people-hint`}
            onChange={(e) => edited(setPeople)(e.target.value)}
          />
          <p id={`${id}-people-hint`} className="hint-text">
            {t('sealing.studyDialog.peopleHint')}
          </p>
        </div>
        <div className="sealing-row">
          <div className="sealing-field narrow">
            <label htmlFor={`${id}-k`}>{t('sealing.studyDialog.perTask')}</label>
            <input id={`${id}-k`} type="number" min={1} step={1} inputMode="numeric" value={perTask} onChange={(e) => edited(setPerTask)(e.target.value)} />
          </div>
          <div className="sealing-field">
            <label htmlFor={`${id}-seed`}>{t('sealing.studyDialog.seed')}</label>
            <div className="sealing-inline">
              <input
                id={`${id}-seed`}
                type="text"
                inputMode="numeric"
                value={seed}
                aria-describedby={`${id}-seed-hint`}
                onChange={(e) => edited(setSeed)(e.target.value)}
              />
              <button type="button" onClick={() => edited(setSeed)(String(randomSeed()))}>
                <Dices size={16} aria-hidden="true" /> {t('sealing.studyDialog.newSeed')}
              </button>
            </div>
          </div>
        </div>
        <p id={`${id}-seed-hint`} className="hint-text sealing-seed-hint">
          {t('sealing.studyDialog.seedHint', { seed: seed.trim() || 'N' })}
        </p>
        <div className="sealing-field">
          <label htmlFor={`${id}-base`}>{t('sealing.studyDialog.baseUrl')}</label>
          <input
            id={`${id}-base`}
            type="url"
            value={baseUrl}
            placeholder="https://example.org/study/"
            spellCheck={false}
            aria-describedby={`${id}-base-hint`}
            onChange={(e) => edited(setBaseUrl)(e.target.value)}
          />
          <p id={`${id}-base-hint`} className="hint-text">
            {t('sealing.studyDialog.baseUrlHint')}
          </p>
        </div>
      </fieldset>
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
      {working && <Working text={t('sealing.studyWorking')} />}
      {error && <ProblemText error={error} title={t('sealing.failed')} />}
      {done && (
        <Done
          text={t('sealing.studyDialog.done', {
            id: done.study.id,
            tasks: Object.keys(done.study.tasks).length,
            perTask: done.study.perTask,
            people: Object.keys(done.study.people).length,
            file: done.fileName,
          })}
        />
      )}
      <div className="sealing-buttons">
        <button type="button" disabled={working} onClick={onClose}>
          {done ? t('sealing.close') : t('sealing.cancel')}
        </button>
        <button type="button" className="primary" disabled={working || files.phase !== 'ready'} onClick={() => void create()}>
          {t('sealing.studyDialog.submit')}
        </button>
      </div>
    </Modal>
  )
}
