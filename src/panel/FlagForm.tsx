import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AttemptFlag, FlagKind } from '../db'
import { flagTask, useSession } from '../state/session'
import { showView } from '../state/view'

const FLAG_KINDS: readonly FlagKind[] = ['ambiguous', 'gold_wrong', 'not_findable']
const NO_FLAGS: readonly AttemptFlag[] = []

/** What an annotator says about the task after an attempt, for its author: a kind and a comment. */
export function FlagForm() {
  const { t } = useTranslation()
  const flags = useSession((s) => s.attempt?.flags ?? NO_FLAGS)
  const [kind, setKind] = useState<FlagKind>('ambiguous')
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  // The author fixes what was flagged in the editor; a sealed data set has no gold to edit.
  const editable = useSession((s) => (s.dataset?.sealed ? undefined : s.task?.id))
  return (
    <section aria-label={t('panel.flag')}>
      <h3>{t('panel.flag')}</h3>
      {flags.length > 0 && (
        <ul className="flags" aria-label={t('panel.flags')}>
          {flags.map((f) => (
            <li key={f.at}>
              <strong>{t(`panel.flagKinds.${f.kind}`)}</strong>
              {f.comment && <>: {f.comment}</>}
            </li>
          ))}
        </ul>
      )}
      <form
        className="flag-form"
        onSubmit={(e) => {
          e.preventDefault()
          setBusy(true)
          void flagTask(kind, comment)
            .then(() => setComment(''))
            .catch(() => undefined) // shown by the storage banner
            .finally(() => setBusy(false))
        }}
      >
        <label>
          {t('panel.flagKind')}{' '}
          <select value={kind} onChange={(e) => setKind(e.target.value as FlagKind)}>
            {FLAG_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`panel.flagKinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('panel.flagComment')}
          <textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={2} />
        </label>
        <button type="submit" disabled={busy}>
          {t('panel.flagSubmit')}
        </button>
      </form>
      {editable !== undefined && (
        <button type="button" onClick={() => showView('edit', [editable])}>
          {t('authoring.editTask')}
        </button>
      )}
    </section>
  )
}
