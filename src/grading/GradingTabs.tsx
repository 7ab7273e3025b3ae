import { useRef } from 'react'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'

/** The Grade view's sub-views: grading itself, people's agreement, and the LLM judge. */
export type GradingTab = 'grade' | 'agreement' | 'judge'
export const GRADING_TABS: readonly GradingTab[] = ['grade', 'agreement', 'judge']

export const tabId = (tab: GradingTab) => `grading-tab-${tab}`
export const panelId = (tab: GradingTab) => `grading-panel-${tab}`

/** The sub-tabs; arrow keys, Home and End move between them. */
export function GradingTabs({ tab, onChange }: { tab: GradingTab; onChange: (tab: GradingTab) => void }) {
  const { t } = useTranslation()
  const list = useRef<HTMLDivElement>(null)
  const onKeyDown = (e: KeyboardEvent) => {
    const i = GRADING_TABS.indexOf(tab)
    const n = GRADING_TABS.length
    const to = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[e.key]
    const next = to === undefined ? undefined : GRADING_TABS[to]
    if (!next) return
    e.preventDefault()
    onChange(next)
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(next)}`)?.focus()
  }
  return (
    <div role="tablist" aria-label={t('grading.tabs')} className="grading-tabs" ref={list} onKeyDown={onKeyDown}>
      {GRADING_TABS.map((x) => (
        <button key={x} type="button" role="tab" id={tabId(x)} aria-selected={tab === x} aria-controls={panelId(x)} tabIndex={tab === x ? 0 : -1} onClick={() => onChange(x)}>
          {t(`grading.tabNames.${x}`)}
        </button>
      ))}
    </div>
  )
}
