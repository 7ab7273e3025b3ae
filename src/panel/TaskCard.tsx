import { useTranslation } from 'react-i18next'
import { capabilityName } from '../core'
import { useSession } from '../state/session'
import { fixedAccess, useSettings } from '../state/settings'
import { Timer } from './Timer'

/** The open task: its instruction, who is solving it and how, the timer, and the user it is for. */
export function TaskCard() {
  const { t, i18n } = useTranslation()
  const task = useSession((s) => s.task)
  // Who and how only: the attempt row changes with every call, this card does not.
  const actor = useSession((s) => s.attempt?.actor)
  const access = useSession((s) => s.attempt?.access)
  // Made after this person saw the task's gold: they should know it is not counted.
  const practice = useSession((s) => s.attempt?.afterGold === true)
  // In live state the phone changes with every action: a person must know before acting, not find out.
  const live = useSession((s) => s.attempt?.state === 'live')
  const profile = useSession((s) => s.dataset?.profile)
  const finished = useSession((s) => s.attempt?.finished)
  // The setting new attempts get, when it is not this attempt's: the attempt keeps its own.
  const forNew = useSettings((s) => s.access)
  const fixed = useSession((s) => fixedAccess(s.dataset))
  const later = fixed ?? forNew
  if (!task) return null
  return (
    <>
      <section aria-label={t('instruction')} className="instruction-card">
        <p className="instruction">“{task.instruction}”</p>
        <p className="meta">
          {task.id} · {i18n.language === 'zh' ? task.type : capabilityName(task.type)}
          {access !== undefined && <> · {t('panel.attemptBy', { actor: actor || '—', setting: t(`accessModes.${access}`) })}</>}
          {practice && (
            <>
              {' · '}
              <span className="practice-tag" title={t('blind.practiceHint')}>
                {t('blind.practiceTag')}
              </span>
            </>
          )}
        </p>
        {live && (
          <p className="live-note" role="note">
            <span className="live-tag">{t('panel.liveTag')}</span> {t('panel.liveNote')}
          </p>
        )}
        {access !== undefined && finished === false && access !== later && <p className="meta">{t('panel.laterSetting', { setting: t(`accessModes.${later}`) })}</p>}
        <Timer />
      </section>
      {profile && (
        <section className="profile-card" aria-label={t('user')}>
          <p>
            <strong>{profile.name}</strong> · {profile.occupation}
          </p>
          <p>
            {profile.family.map((m) => `${m.relation}: ${m.name}`).join(' · ')} · ☎ {profile.phone}
          </p>
          <p>
            {t('now')}: {profile.now} ({profile.weekday})
          </p>
        </section>
      )}
    </>
  )
}
