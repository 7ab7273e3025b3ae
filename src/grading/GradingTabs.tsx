import { useTranslation } from 'react-i18next'
import { TabList, panelIdOf, tabIdOf } from '../shared/TabList'

/** The Grade view's sub-views: grading itself, people's agreement, and the LLM judge. */
export type GradingTab = 'grade' | 'agreement' | 'judge'
export const GRADING_TABS: readonly GradingTab[] = ['grade', 'agreement', 'judge']

export const tabId = (tab: GradingTab) => tabIdOf('grading', tab)
export const panelId = (tab: GradingTab) => panelIdOf('grading', tab)

/** The sub-tabs; arrow keys, Home and End move between them. */
export function GradingTabs({ tab, onChange }: { tab: GradingTab; onChange: (tab: GradingTab) => void }) {
  const { t } = useTranslation()
  return <TabList tabs={GRADING_TABS} tab={tab} onChange={onChange} label={t('grading.tabs')} idPrefix="grading" className="grading-tabs" name={(x) => t(`grading.tabNames.${x}`)} />
}
