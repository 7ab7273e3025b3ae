import { useTranslation } from 'react-i18next'
import { findingsAt, useAuthoring } from './store'
import type { Finding, FindingPlace } from './store'

/** The text of a finding: the editor's words for its own checks and the lint's, in the reader's language, else the validator's message as `npm run validate` prints it. */
export function FindingText({ finding }: { finding: Finding }) {
  const { t } = useTranslation()
  return <>{finding.key ? t(`authoring.findings.${finding.key}`, finding.params ?? {}) : finding.message}</>
}

/** The validator's findings at one place of the editor, beside the field they are about; nothing when there are none. */
export function Findings({ place, id }: { place: FindingPlace; id?: string }) {
  const { t } = useTranslation()
  const all = useAuthoring((s) => s.findings)
  const here = findingsAt(all, place)
  if (here.length === 0) return null
  return (
    <ul className="findings" id={id} aria-label={t('authoring.findingsHere')}>
      {here.map((f, i) => (
        <li key={i} className={f.level}>
          <span className="finding-level">{t(`authoring.levels.${f.level}`)}</span> <FindingText finding={f} />
        </li>
      ))}
    </ul>
  )
}

/** Whether a place has findings (for `aria-invalid` and `aria-describedby` on its field). */
export function useHasFindings(place: FindingPlace): boolean {
  return useAuthoring((s) => s.findings.some((f) => f.place === place && f.level === 'error'))
}
