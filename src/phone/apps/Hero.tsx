import type { TFunction } from 'i18next'
import { Bell, CalendarDays, Clock, FileText, MapPin, Paperclip, PhoneIncoming, PhoneOutgoing, Repeat, Users, Video } from 'lucide-react'
import type { AppKey, PhoneRecord } from '../../core'
import type { Language } from '../../i18n'
import { ReadOnlySwitch } from '../RecordList'
import { RowContent, Avatar, StatusBadge, paidByUser } from './Rows'
import { attachments, baseName, dayHeading, isOn, join, money, sentByUser, shown, text } from './format'

export interface HeroProps {
  app: AppKey
  record: PhoneRecord
  isNew?: boolean
  language: Language
  t: TFunction
  user: { name: string; phone: string }
}

/** Fields a hero already shows in full, left out of the "All fields" list below it (to avoid saying the same long text twice). */
const HERO_FIELDS: Partial<Record<AppKey, string[]>> = {
  notes: ['标题', '内容'],
  meeting: ['会议纪要'],
  memory: ['text'],
}

/**
 * The fields a record's hero draws in full, left out of its field list. A call just made is all hero (who, the
 * number, voice or video): listed under the voicemail's own labels it read "Caller" and "Message: Voice".
 */
export function heroFields(app: AppKey, isNew: boolean): readonly string[] {
  if (app === 'voicemail' && isNew) return ['来电姓名', '来电号码', '留言内容']
  return HERO_FIELDS[app] ?? []
}

/** The top of a record's detail, drawn as the app draws it. */
export function Hero(props: HeroProps) {
  const { record: r, language, t } = props
  switch (props.app) {
    case 'contacts':
      return (
        <div className="hero hero-center">
          <Avatar name={text(r, '姓名')} size={84} />
          <p className="hero-name">{text(r, '姓名')}</p>
          {text(r, '公司') !== '' && <p className="muted">{text(r, '公司')}</p>}
          <p className="hero-number">{text(r, '电话号码')}</p>
        </div>
      )
    case 'sms': {
      const mine = sentByUser(r, props.user)
      return (
        <div className="hero">
          <p className="muted">
            {join(`${text(r, '发件人姓名') || text(r, '发件人电话号码')} → ${text(r, '收件人姓名') || text(r, '收件人电话号码')}`, text(r, '日期'), text(r, '时间'))}
          </p>
          <div className={`bubble-row static ${mine ? 'mine' : 'theirs'}`}>
            <div className="bubble">
              <span className="bubble-text">{text(r, '正文')}</span>
              {attachments(r).map((f) => (
                <span key={f} className="attachment" title={f}>
                  <Paperclip size={13} aria-hidden="true" /> {baseName(f)}
                </span>
              ))}
            </div>
          </div>
        </div>
      )
    }
    case 'voicemail': {
      if (props.isNew) {
        const video = text(r, '留言内容').toUpperCase() === 'VIDEO'
        return (
          <div className="hero hero-center">
            <span className="call-icon big">{video ? <Video size={34} aria-hidden="true" /> : <PhoneOutgoing size={34} aria-hidden="true" />}</span>
            <p className="hero-name">{text(r, '来电姓名') || text(r, '来电号码')}</p>
            <p className="hero-number">{join(video ? t('phoneUi.outgoingVideo') : t('phoneUi.outgoingVoice'), text(r, '来电号码'))}</p>
          </div>
        )
      }
      return (
        <div className="hero">
          <p className="hero-name">
            <PhoneIncoming size={18} aria-hidden="true" /> {text(r, '来电姓名') || text(r, '来电号码')}
          </p>
          <p className="muted">{join(text(r, '来电号码'), text(r, '日期'), text(r, '时间'))}</p>
          <blockquote className="transcript">{text(r, '留言内容')}</blockquote>
        </div>
      )
    }
    case 'notes':
      return (
        <article className="hero note-view">
          <p className="muted">{join(dayHeading(text(r, '创建日期'), language), text(r, '创建时间'))}</p>
          {text(r, '标题') !== '' && <h3>{text(r, '标题')}</h3>}
          <p className="note-body">{text(r, '内容')}</p>
        </article>
      )
    case 'schedule':
      return (
        <div className="hero">
          <p className="hero-name">{text(r, '标题')}</p>
          <p>
            <CalendarDays size={14} aria-hidden="true" /> {dayHeading(text(r, '日期'), language)}
          </p>
          <p>
            <Clock size={14} aria-hidden="true" /> {text(r, '开始时间')} – {text(r, '结束时间')}
          </p>
          {text(r, '地点') !== '' && (
            <p>
              <MapPin size={14} aria-hidden="true" /> {text(r, '地点')}
            </p>
          )}
          <p className="muted">
            {text(r, '提醒时间') !== '' && (
              <>
                <Bell size={13} aria-hidden="true" /> {shown(r, '提醒时间', language)}{' '}
              </>
            )}
            {text(r, '重复') !== '' && (
              <>
                <Repeat size={13} aria-hidden="true" /> {shown(r, '重复', language)}
              </>
            )}
          </p>
        </div>
      )
    case 'meeting': {
      const people = Array.isArray(r['参会人']) ? (r['参会人'] as unknown[]).map(String) : text(r, '参会人').split(/[,，、]\s*/).filter(Boolean)
      return (
        <div className="hero">
          <p className="hero-name">
            {text(r, '标题')} <StatusBadge status={text(r, '状态')} />
          </p>
          <p>
            <CalendarDays size={14} aria-hidden="true" /> {dayHeading(text(r, '开始日期'), language)} {text(r, '开始时间')} – {text(r, '结束日期') !== text(r, '开始日期') ? `${text(r, '结束日期')} ` : ''}
            {text(r, '结束时间')}
          </p>
          {text(r, '地点') !== '' && (
            <p>
              <MapPin size={14} aria-hidden="true" /> {text(r, '地点')}
            </p>
          )}
          <p className="muted">
            <Users size={14} aria-hidden="true" /> {people.length}
          </p>
          <ul className="people" aria-label={t('phoneUi.participants')}>
            {people.map((name) => (
              <li key={name}>
                <Avatar name={name} size={22} /> {name}
              </li>
            ))}
          </ul>
          <section className="minutes" aria-label={t('phoneUi.minutes')}>
            <h3>
              <FileText size={15} aria-hidden="true" /> {t('phoneUi.minutes')}
            </h3>
            {text(r, '会议纪要') !== '' ? <p>{text(r, '会议纪要')}</p> : <p className="muted">{t('phoneUi.noMinutes')}</p>}
          </section>
        </div>
      )
    }
    case 'alarm': {
      const on = isOn(text(r, '状态'))
      return (
        <div className="hero hero-alarm">
          <span className={`alarm-time big${on ? '' : ' alarm-off'}`}>{text(r, '时间')}</span>
          {text(r, '状态') !== '' && <ReadOnlySwitch on={on} label={`${t('phoneUi.alarmState')}: ${text(r, '状态')}`} />}
          <p className="muted">{join(text(r, '闹钟名'), shown(r, '重复', language))}</p>
        </div>
      )
    }
    case 'transaction': {
      const out = paidByUser(r, props.user)
      return (
        <div className="hero hero-center">
          <Avatar name={(out ? text(r, '收款人') : text(r, '付款人')) || text(r, '项目')} size={56} />
          <p className={`amount big ${out ? 'out' : 'in'}`}>
            {out ? '−' : '+'}
            {money(r['金额'], language)}
          </p>
          <p className="hero-name">{text(r, '项目')}</p>
          <p className="muted">{join(out ? text(r, '收款人') : text(r, '付款人'), text(r, '日期'), text(r, '时间'))}</p>
        </div>
      )
    }
    case 'transport':
    case 'accommodation':
      return (
        <div className="hero hero-card">
          <RowContent app={props.app} record={r} language={language} t={t} user={props.user} newLabel={t('newBadge')} {...(props.isNew ? { isNew: true } : {})} />
        </div>
      )
    case 'memory':
      return (
        <div className="hero hero-memory">
          <p className="memory-hero-text">{text(r, 'text')}</p>
          <p className="muted">{join(text(r, 'kind') && t(`planner.kinds.${text(r, 'kind')}`, { defaultValue: text(r, 'kind') }), text(r, 'date'))}</p>
        </div>
      )
  }
}
