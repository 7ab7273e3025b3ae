import type { TFunction } from 'i18next'
import type { AnalysisRow } from '../core'

/** Okabe–Ito colours: told apart with any colour vision; yellow left out (too light on white). */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#000000', '#999999'] as const

export const colorAt = (i: number): string => PALETTE[i % PALETTE.length] ?? '#000000'

export { capabilityLabel } from '../shared/labels'

/** A setting's name in the interface language (unknown ones as stored). */
export function settingLabel(setting: string, t: TFunction): string {
  return t(`analysis.settings.${setting}`, { defaultValue: setting })
}

/** A row's name: the model (or "people", "responses") and its setting; then "live" and its failure rate, when it has them. */
export function rowLabel(row: Pick<AnalysisRow, 'label' | 'model' | 'setting' | 'state' | 'failureRate'>, t: TFunction): string {
  const who = row.model ?? (row.label.startsWith('people ·') ? t('analysis.people') : t('analysis.responses'))
  const live = row.state === 'live' ? ` · ${t('liveAnalysis.live')}` : ''
  const rate = row.failureRate ? ` · ${t('liveAnalysis.rate', { p: row.failureRate })}` : ''
  return `${who} · ${settingLabel(row.setting, t)}${live}${rate}`
}

/** A calls error type in the interface language. */
export function callsErrorLabel(type: string | null, t: TFunction): string {
  return t(`analysis.errorTypes.${type ?? 'other'}`, { defaultValue: type ?? 'other' })
}

/** A state error type (missing, wrong or collateral change) in the interface language. */
export function stateErrorLabel(type: string | null, t: TFunction): string {
  return t(`liveAnalysis.stateErrors.${type ?? 'other'}`, { defaultValue: type ?? 'other' })
}

/** A unit of a row: "run 2", or a person's name. */
export function unitLabel(unit: string, t: TFunction): string {
  if (unit.startsWith('run ')) return t('analysis.unitRun', { n: unit.slice(4) })
  return unit.replace(/^actor /, '')
}

/** A percentage with one decimal; "—" for nothing to divide. */
export const share = (part: number, whole: number): number | null => (whole === 0 ? null : (100 * part) / whole)

export const fixed1 = (x: number | null | undefined): string => (x === null || x === undefined ? '—' : x.toFixed(1))
