import { capabilityName } from '../core'

/** A capability as the reader's language names it: the English name, or the stored (Chinese) type. */
export function capabilityLabel(type: string, language: string): string {
  return language.startsWith('zh') ? type : capabilityName(type)
}
