import { capabilityName } from '../core'

/** A capability as the reader's language names it: the English name, or the stored (Chinese) type. */
export function capabilityLabel(type: string, language: string): string {
  return language.startsWith('zh') ? type : capabilityName(type)
}

/**
 * A tool's name as a button says it: the language's label, or for a tool the
 * page has no label for (a data set's own) its name in words ("Payment_Verify"
 * → "Payment verify"), never the raw identifier.
 */
export function actionLabel(t: (key: string, options: { defaultValue: string }) => string, tool: string): string {
  const words = tool
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
  // A planner tool's label (src/i18n/planner.ts) where the published actions have none.
  const planner = t(`planner.actions.${tool}`, { defaultValue: words.charAt(0).toUpperCase() + words.slice(1) })
  return t(`actions.${tool}`, { defaultValue: planner })
}
