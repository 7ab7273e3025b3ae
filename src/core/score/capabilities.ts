/** The five capabilities, as stored in `type`, in the paper's column order. */
export const CAPABILITIES = [
  { type: '推理', en: 'Reasoning', zh: '推理' },
  { type: '辨析', en: 'Disambiguation', zh: '辨析' },
  { type: '整合', en: 'Integration', zh: '整合' },
  { type: '偏好', en: 'Preference', zh: '偏好' },
  { type: '多意图', en: 'Multi-intent', zh: '多意图' },
] as const

/** The English name of a stored capability type (the type itself when unknown). */
export function capabilityName(type: string): string {
  return CAPABILITIES.find((c) => c.type === type)?.en ?? type
}

/** Capability types in the paper's order, then any others in order of appearance. */
export function orderedTypes(tasks: readonly { type: string }[]): string[] {
  const present = new Set(tasks.map((t) => t.type))
  const known = CAPABILITIES.map((c): string => c.type).filter((t) => present.has(t))
  return [...known, ...[...present].filter((t) => !known.includes(t))]
}
