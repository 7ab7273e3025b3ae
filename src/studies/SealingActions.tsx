import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FileJson, Lock, LockOpen, Users } from 'lucide-react'
import type { DatasetRow } from '../db'
import { loadStudyFile, refreshStudies, removeStudy, sealingError, useSealing, webCryptoReady } from './store'
import type { SealingError } from './store'
import { SealDialog } from './SealDialog'
import { ProblemText } from '../shared/ProblemText'
import { Done } from './SealingParts'
import { StudyDialog } from './StudyDialog'
import { UnsealDialog } from './UnsealDialog'

type Open = 'seal' | 'study' | 'unseal'

/**
 * A stored data set's sealing: for an unsealed one, *Seal for
 * participants*, *Create a study*, *Load a study's assignment.json* and the
 * studies kept with it; for a sealed one, what its seal is and *Unseal*.
 */
export function SealingActions({ row, busy }: { row: DatasetRow; busy: boolean }) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState<Open>()
  const [loaded, setLoaded] = useState<string>()
  const [error, setError] = useState<SealingError>()
  const studies = useSealing((s) => s.studies[row.id])
  const sealed = row.sealed
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en'

  useEffect(() => {
    if (!sealed) void refreshStudies(row.id)
  }, [row.id, sealed])

  const loadFile = async (file: File | undefined) => {
    if (!file) return
    setError(undefined)
    setLoaded(undefined)
    try {
      const study = await loadStudyFile(row, await file.text())
      setLoaded(t('sealing.study.loaded', { id: study.id, name: row.name, people: Object.keys(study.people).length }))
    } catch (err) {
      setError(sealingError(err))
    }
  }

  return (
    <div className="sealing-actions">
      {sealed ? (
        <div className="sealing-line">
          <span className="sealing-badge">
            <Lock size={13} aria-hidden="true" /> {t(sealed.cipher === null ? 'sealing.sealedStripped' : 'sealing.sealedEncrypted')}
          </span>
          {sealed.study && (
            <span className="sealing-share">{t('sealing.sealedShare', { person: sealed.study.person, id: sealed.study.id, count: sealed.study.tasks.length })}</span>
          )}
          <button
            type="button"
            disabled={busy || (sealed.cipher !== null && !webCryptoReady())}
            aria-label={t('sealing.unsealLabel', { name: row.name })}
            onClick={() => setOpen('unseal')}
          >
            <LockOpen size={15} aria-hidden="true" /> {t('sealing.unseal')}
          </button>
          {sealed.cipher !== null && !webCryptoReady() && <span className="sealing-why">{t('sealing.noCryptoShort')}</span>}
        </div>
      ) : (
        <>
          <div className="sealing-line">
            <button type="button" disabled={busy} aria-label={t('sealing.sealLabel', { name: row.name })} onClick={() => setOpen('seal')}>
              <Lock size={15} aria-hidden="true" /> {t('sealing.seal')}
            </button>
            <button type="button" disabled={busy} aria-label={t('sealing.createStudyLabel', { name: row.name })} onClick={() => setOpen('study')}>
              <Users size={15} aria-hidden="true" /> {t('sealing.createStudy')}
            </button>
            <label className={`file-button${busy ? ' disabled' : ''}`}>
              <input
                type="file"
                accept=".json,application/json"
                disabled={busy}
                aria-label={t('sealing.loadStudyLabel', { name: row.name })}
                onChange={(e) => {
                  const file = e.target.files?.[0]
                  e.target.value = ''
                  void loadFile(file)
                }}
              />
              <FileJson size={15} aria-hidden="true" /> {t('sealing.loadStudy')}
            </label>
          </div>
          {studies && studies.length > 0 && (
            <ul className="sealing-studies" aria-label={t('sealing.study.heading')}>
              {studies.map((s) => (
                <li key={s.id}>
                  <span>
                    {t('sealing.study.line', {
                      id: s.id,
                      people: Object.keys(s.study.people).length,
                      perTask: s.study.perTask,
                      date: new Date(s.study.created).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
                    })}
                  </span>
                  <button type="button" className="link" aria-label={t('sealing.study.removeLabel', { id: s.id })} onClick={() => void removeStudy(row.id, s.id)}>
                    {t('sealing.study.remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {loaded && <Done text={loaded} />}
          {error && <ProblemText error={error} title={t('sealing.study.loadFailed')} />}
        </>
      )}
      {open === 'seal' && <SealDialog row={row} onClose={() => setOpen(undefined)} />}
      {open === 'study' && <StudyDialog row={row} onClose={() => setOpen(undefined)} />}
      {open === 'unseal' && <UnsealDialog row={row} onClose={() => setOpen(undefined)} />}
    </div>
  )
}
