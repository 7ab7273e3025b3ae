import { useTranslation } from 'react-i18next'
import { MEMORY_APP, valueText } from '../core'
import type { ConditionVerdict, LiveView, PhoneRecord } from '../core'
import { useSession } from '../state/session'

const NO_RECORDS: PhoneRecord[] = []

/** A memory's text by its id: from the items as they stand, or as they were before the attempt deleted or changed them. */
function memoryText(id: string, records: readonly PhoneRecord[], live: LiveView | undefined): string {
  const item = records.find((r) => r.id === id) ?? live?.changes.find((c) => c.app === MEMORY_APP && c.before?.id === id)?.before
  return item ? valueText(item.text ?? '') : ''
}

/**
 * A planner task's conditions as the attempt met them, after Finish: the
 * required memories it used and those it did not, memories the task warns
 * against, and the skills it loaded (laid out from the kernel's explanation).
 */
export function MemoryLines({ conditions }: { conditions: ConditionVerdict | undefined }) {
  const { t } = useTranslation()
  const records = useSession((s) => s.records?.[MEMORY_APP] ?? NO_RECORDS)
  const live = useSession((s) => s.live)
  const required = useSession((s) => s.task?.planner?.memory?.required.length ?? 0)
  const skills = useSession((s) => s.task?.planner?.skills !== undefined)
  if (!conditions) return null
  const list = (ids: readonly string[], className: string) =>
    ids.length === 0 ? (
      <p className="memory-none">{t('planner.none')}</p>
    ) : (
      <ul className={`memory-lines ${className}`}>
        {ids.map((id) => {
          const text = memoryText(id, records, live)
          return (
            <li key={id}>
              <code>{id}</code>
              {text !== '' && <> {text}</>}
            </li>
          )
        })}
      </ul>
    )
  return (
    <div className="condition-lines">
      {required > 0 && (
        <>
          <p>{t('planner.memoryUsed')}</p>
          {list(conditions.memoryUsed, 'used')}
          <p>{t('planner.memoryMissing')}</p>
          {list(conditions.memoryMissing, 'missing')}
        </>
      )}
      {conditions.memoryForbiddenUsed.length > 0 && (
        <>
          <p>{t('planner.memoryForbiddenUsed')}</p>
          {list(conditions.memoryForbiddenUsed, 'forbidden')}
        </>
      )}
      {skills && (
        <p className="skills-line">
          {t('planner.skillsLoaded')} {conditions.skillsLoaded.length > 0 ? conditions.skillsLoaded.join(', ') : t('planner.none')}
        </p>
      )}
    </div>
  )
}
