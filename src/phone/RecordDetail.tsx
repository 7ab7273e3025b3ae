import { useTranslation } from 'react-i18next'
import { ChevronLeft } from 'lucide-react'
import { appInfo, valueText } from '../core'
import type { AppKey, PhoneRecord } from '../core'
import type { Language } from '../i18n'
import { usePhone } from '../state/phone'
import { useSession } from '../state/session'
import { APP_VIEWS } from './appViews'
import { actionAsRecord } from './executed'
import { fieldLabel } from './fields'

/** A record's detail: every stored field (known or not), and the app's action prefilled from it. */
export function RecordDetail({ app, index, isNew }: { app: AppKey; index: number; isNew?: boolean }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const profile = useSession((s) => s.dataset?.profile)
  const step = useSession((s) => (isNew ? s.steps[index] : undefined))
  const stored = useSession((s) => (isNew ? undefined : s.records?.[app]?.[index]))
  const navigate = usePhone((s) => s.navigate)
  const user = { name: profile?.name ?? '', phone: profile?.phone ?? '' }
  const record: PhoneRecord | undefined = step ? actionAsRecord(step, user) : stored
  const info = appInfo(app)
  if (!record || !info) return <p className="hint">—</p>
  const view = APP_VIEWS[app]
  const title = view.title(record) || t('record', { n: index + 1 })
  const prefill = view.prefill?.(record, user)
  return (
    <section className="record-detail" aria-label={title}>
      <header className="app-header" style={{ borderColor: view.color }}>
        <button type="button" className="nav-back" onClick={() => navigate({ screen: 'app', app })} aria-label={t('back')}>
          <ChevronLeft size={26} aria-hidden="true" />
        </button>
        <h2>
          {isNew && <span className="badge-new">{t('newBadge')}</span>}
          {title}
        </h2>
      </header>
      <dl className="fields">
        {Object.entries(record).map(([key, value]) => (
          <div key={key} className="field">
            <dt>{fieldLabel(app, key, language)}</dt>
            <dd>{valueText(value) === '' ? '—' : valueText(value)}</dd>
          </div>
        ))}
      </dl>
      {!isNew && (
        <div className="detail-actions">
          {info.executionTools.map((tool) => (
            <button
              key={tool}
              type="button"
              className="app-action"
              onClick={() => navigate({ screen: 'action', app, tool, ...(prefill ? { prefill } : {}) })}
            >
              {app === 'sms' ? t('reply') : t(`actions.${tool}`, { defaultValue: tool })}
            </button>
          ))}
          {app === 'contacts' && prefill && (
            <>
              <button type="button" className="app-action" onClick={() => navigate({ screen: 'action', app: 'voicemail', tool: 'Phone_Call', prefill })}>
                {t('callVoice')}
              </button>
              <button
                type="button"
                className="app-action"
                onClick={() => navigate({ screen: 'action', app: 'voicemail', tool: 'Phone_Call', prefill: { ...prefill, type: 'VIDEO' } })}
              >
                {t('callVideo')}
              </button>
              <button type="button" className="app-action" onClick={() => navigate({ screen: 'action', app: 'sms', tool: 'Messages_Send', prefill })}>
                {t('actions.Messages_Send')}
              </button>
            </>
          )}
        </div>
      )}
    </section>
  )
}
