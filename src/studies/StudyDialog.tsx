import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dices } from 'lucide-react'
import type { StudyFile } from '../core/study'
import { ACCESS_SETTINGS } from '../core'
import type { AccessSetting } from '../core'
import type { DatasetRow } from '../db'
import { createStudy, randomSeed } from './store'
import { SealingDialog, SealingFields, useSealingForm } from './SealingDialog'

/**
 * *Create a study*: the data set's tasks handed out and sealed per person by
 * the function `npm run study` calls, downloaded as `study-<id>.zip` and kept
 * with the data set.
 */
export function StudyDialog({ row, onClose }: { row: DatasetRow; onClose: () => void }) {
  const { t } = useTranslation()
  const id = useId()
  const form = useSealingForm<{ study: StudyFile; fileName: string }>(row)
  const [people, setPeople] = useState('')
  const [perTask, setPerTask] = useState('2')
  const [seed, setSeed] = useState(() => String(randomSeed()))
  const [baseUrl, setBaseUrl] = useState('')
  const [strict, setStrict] = useState(false)
  const [setting, setSetting] = useState<AccessSetting>('browse')
  const { done } = form.action

  const create = () => form.submit((files, passphrase) => createStudy(row, files, { people, perTask, seed, passphrase, baseUrl, strict, setting }))
  const edited = <T,>(set: (value: T) => void) => (value: T) => {
    set(value)
    form.action.setDone(undefined)
    form.action.setError(undefined)
  }

  return (
    <SealingDialog
      title={t('sealing.studyDialog.title', { name: row.name })}
      action={form.action}
      workingText={t('sealing.studyWorking')}
      errorTitle={t('sealing.failed')}
      doneText={
        done &&
        t('sealing.studyDialog.done', {
          id: done.study.id,
          tasks: Object.keys(done.study.tasks).length,
          perTask: done.study.perTask,
          people: Object.keys(done.study.people).length,
          file: done.fileName,
        })
      }
      submit={{ label: t('sealing.studyDialog.submit'), disabled: form.files.state.phase !== 'ready', onClick: create }}
      onClose={onClose}
    >
      <p className="hint-text">{t('sealing.studyDialog.intro')}</p>
      <SealingFields form={form}>
        <fieldset className="sealing-study" disabled={form.action.working}>
          <HintedField
            id={`${id}-people`}
            type="text"
            label={t('sealing.studyDialog.people')}
            hint={t('sealing.studyDialog.peopleHint')}
            value={people}
            placeholder="ann, bob, cy"
            autoComplete="off"
            onChange={edited(setPeople)}
          />
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
            <label htmlFor={`${id}-setting`}>{t('sealing.studyDialog.setting')}</label>
            <select id={`${id}-setting`} value={setting} aria-describedby={`${id}-setting-hint`} onChange={(e) => edited(setSetting)(e.target.value as AccessSetting)}>
              {ACCESS_SETTINGS.map((a) => (
                <option key={a} value={a}>
                  {t(`accessModes.${a}`)}
                </option>
              ))}
            </select>
            <p id={`${id}-setting-hint`} className="hint-text">
              {t('sealing.studyDialog.settingHint', { setting })}
            </p>
          </div>
          <HintedField
            id={`${id}-base`}
            type="url"
            label={t('sealing.studyDialog.baseUrl')}
            hint={t('sealing.studyDialog.baseUrlHint')}
            value={baseUrl}
            placeholder="https://example.org/study/"
            onChange={edited(setBaseUrl)}
          />
          <div className="sealing-check">
            <input id={`${id}-strict`} type="checkbox" checked={strict} aria-describedby={`${id}-strict-hint`} onChange={(e) => edited(setStrict)(e.target.checked)} />
            <label htmlFor={`${id}-strict`}>{t('sealing.studyDialog.strict')}</label>
            <p id={`${id}-strict-hint`} className="hint-text">
              {t('sealing.studyDialog.strictHint')}
            </p>
          </div>
        </fieldset>
      </SealingFields>
    </SealingDialog>
  )
}

/** A text field with its label above and its hint below. */
function HintedField(props: {
  id: string
  type: 'text' | 'url'
  label: string
  hint: string
  value: string
  placeholder: string
  autoComplete?: string
  onChange: (value: string) => void
}) {
  return (
    <div className="sealing-field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type}
        value={props.value}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        spellCheck={false}
        aria-describedby={`${props.id}-hint`}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <p id={`${props.id}-hint`} className="hint-text">
        {props.hint}
      </p>
    </div>
  )
}
