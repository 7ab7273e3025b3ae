import { useTranslation } from 'react-i18next'
import { ChevronLeft, MessageCircle, Phone, Reply, Video, Wallet } from 'lucide-react'
import { appInfo, valueText } from '../core'
import type { AppKey, PhoneRecord } from '../core'
import type { Language } from '../i18n'
import { usePhone } from '../state/phone'
import { useSession } from '../state/session'
import { APP_VIEWS } from './appViews'
import { HERO_FIELDS, Hero } from './apps/Hero'
import { actionAsRecord, contactNames } from './executed'
import { fieldLabel } from './fields'

const NO_RECORDS: PhoneRecord[] = []

/** A record's detail: the app's own view of it, every stored field (known or not), and the app's actions prefilled from it. */
export function RecordDetail({ app, index, isNew }: { app: AppKey; index: number; isNew?: boolean }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const profile = useSession((s) => s.dataset?.profile)
  const step = useSession((s) => (isNew ? s.steps[index] : undefined))
  const stored = useSession((s) => (isNew ? undefined : s.records?.[app]?.[index]))
  const contacts = useSession((s) => s.records?.contacts ?? NO_RECORDS)
  const navigate = usePhone((s) => s.navigate)
  const user = { name: profile?.name ?? '', phone: profile?.phone ?? '' }
  const record: PhoneRecord | undefined = step ? actionAsRecord(step, user, contactNames(contacts)) : stored
  const info = appInfo(app)
  if (!record || !info) return <p className="hint">—</p>
  const view = APP_VIEWS[app]
  const title = view.title(record) || t('record', { n: index + 1 })
  const prefill = view.prefill?.(record, user)
  const inHero = new Set(HERO_FIELDS[app] ?? [])
  const entries = Object.entries(record).filter(([key]) => !inHero.has(key))
  const telephone = typeof prefill?.telephone === 'string' ? prefill.telephone : ''
  const callActions = (app === 'contacts' || app === 'voicemail' || app === 'sms') && telephone !== '' && !isNew
  return (
    <section className={`record-detail detail-${app}`} aria-label={title}>
      <header className="app-header" style={{ borderColor: view.color }}>
        <button type="button" className="nav-back" onClick={() => navigate({ screen: 'app', app })} aria-label={t('back')}>
          <ChevronLeft size={26} aria-hidden="true" />
        </button>
        <h2>
          {isNew && <span className="badge-new">{t('newBadge')}</span>}
          {title}
        </h2>
      </header>
      <Hero app={app} record={record} language={language} t={t} user={user} {...(isNew ? { isNew: true } : {})} />
      {callActions && (
        <div className="quick-actions">
          <button type="button" onClick={() => navigate({ screen: 'action', app: 'sms', tool: 'Messages_Send', prefill: { telephone } })}>
            {app === 'sms' ? <Reply size={20} aria-hidden="true" /> : <MessageCircle size={20} aria-hidden="true" />}
            <span>{app === 'sms' ? t('reply') : t('phoneUi.message')}</span>
          </button>
          <button type="button" onClick={() => navigate({ screen: 'action', app: 'voicemail', tool: 'Phone_Call', prefill: { telephone } })}>
            <Phone size={20} aria-hidden="true" />
            <span>{t('callVoice')}</span>
          </button>
          <button type="button" onClick={() => navigate({ screen: 'action', app: 'voicemail', tool: 'Phone_Call', prefill: { telephone, type: 'VIDEO' } })}>
            <Video size={20} aria-hidden="true" />
            <span>{t('callVideo')}</span>
          </button>
        </div>
      )}
      <h3 className="fields-title">{t('phoneUi.allFields')}</h3>
      <dl className="fields">
        {entries.map(([key, value]) => (
          <div key={key} className="field">
            <dt>{fieldLabel(app, key, language)}</dt>
            <dd>{valueText(value) === '' ? '—' : valueText(value)}</dd>
          </div>
        ))}
      </dl>
      {!isNew && (
        <div className="detail-actions">
          {app === 'transaction' && prefill && (
            <button type="button" className="app-action" onClick={() => navigate({ screen: 'action', app, tool: 'Consumption_Create', prefill })}>
              <Wallet size={15} aria-hidden="true" /> {t('actions.Consumption_Create')}
            </button>
          )}
          {app === 'contacts' && (
            <button type="button" className="app-action secondary" onClick={() => navigate({ screen: 'action', app, tool: 'Contacts_Create' })}>
              {t('actions.Contacts_Create')}
            </button>
          )}
        </div>
      )}
    </section>
  )
}
