// A tool is named in words on the phone (#26): the language's label, or a data set's own tool's name in words, never
// the raw identifier.
import { describe, expect, it } from 'vitest'
import { actionLabel } from '../src/shared/labels'

const known: Record<string, string> = { 'actions.Payment_Verify': 'Verify payment' }
const t = (key: string, options: { defaultValue: string }) => known[key] ?? options.defaultValue

describe('actionLabel', () => {
  it('uses the label the language has', () => {
    expect(actionLabel(t, 'Payment_Verify')).toBe('Verify payment')
  })
  it('says a tool without one in words', () => {
    expect(actionLabel(t, 'Clock_SnoozeAlarm')).toBe('Clock snooze alarm')
    expect(actionLabel(t, 'Delegate_TravelAgent')).toBe('Delegate travel agent')
    expect(actionLabel(t, 'refund')).toBe('Refund')
  })
})
