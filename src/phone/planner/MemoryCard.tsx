import { useTranslation } from 'react-i18next'
import { Pin } from 'lucide-react'
import { valueText } from '../../core'
import type { PhoneRecord } from '../../core'
import { NewBadge } from '../apps/Rows'
import type { RowMark } from '../apps/Rows'

/** A memory item's fields as a card shows them. */
export function memoryFields(record: PhoneRecord) {
  const text = (key: string) => valueText(record[key] ?? '')
  const tags = Array.isArray(record.tags) ? record.tags.map((tag) => valueText(tag)) : []
  return {
    id: text('id'),
    text: text('text'),
    kind: text('kind'),
    tags,
    when: [text('date'), text('time').slice(0, 5)].filter((part) => part !== '').join(' '),
    source: text('source'),
    supersedes: text('supersedes'),
    pinned: record.pinned === true,
  }
}

/** One memory as a card: its text, and under it its kind, tags, date and source. The whole card opens it. */
export function MemoryCard(props: { record: PhoneRecord; mark?: RowMark | undefined; busy?: boolean; onOpen: () => void }) {
  const { t } = useTranslation()
  const m = memoryFields(props.record)
  return (
    <li className={`memory-card${props.mark ? ` mark-${props.mark}` : ''}${m.pinned ? ' is-pinned' : ''}`}>
      <button type="button" onClick={props.onOpen} aria-busy={props.busy ?? false}>
        <span className="memory-top">
          <NewBadge label={t('newBadge')} mark={props.mark} />
          {m.pinned && (
            <span className="memory-pin">
              <Pin size={13} aria-hidden="true" /> {t('planner.pinned')}
            </span>
          )}
          {m.kind !== '' && <span className={`memory-kind kind-${m.kind}`}>{t(`planner.kinds.${m.kind}`, { defaultValue: m.kind })}</span>}
          <span className="memory-id">{m.id}</span>
        </span>
        <span className="memory-text">{m.text}</span>
        <span className="memory-meta">
          {m.tags.map((tag) => (
            <span key={tag} className="memory-tag">
              #{tag}
            </span>
          ))}
          {m.when !== '' && <span>{m.when}</span>}
          {m.source !== '' && <span>{t('planner.source', { source: m.source })}</span>}
          {m.supersedes !== '' && <span>{t('planner.supersedes', { id: m.supersedes })}</span>}
        </span>
        {props.busy && <span className="memory-busy">{t('planner.opening')}</span>}
      </button>
    </li>
  )
}
