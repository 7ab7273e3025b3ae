import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ToolRuntime } from '../src/core'
import { en } from '../src/i18n/en'
import { zh } from '../src/i18n/zh'
import { argumentIssueWords, effectRefusalWords, issuesByField } from '../src/phone/refusalWords'
import type { EffectRefusal } from '../src/core'
import { RECORDS, TOOLS } from './fixtures'

const i18n = i18next.createInstance()
await i18n.init({ resources: { en: { translation: en }, zh: { translation: zh } }, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } })
const tEn = i18n.getFixedT('en')
const tZh = i18n.getFixedT('zh')
const runtime = new ToolRuntime(TOOLS, structuredClone(RECORDS), { setting: 'paginated' })
const properties = (tool: string) => TOOLS.find((t) => t.function.name === tool)?.function.parameters.properties ?? {}

/** What a person's form says at each field the runtime refuses, in one language. */
function wordsAt(t: typeof tEn, tool: string, args: Record<string, unknown>): Record<string, string> | undefined {
  const fields = properties(tool)
  const byField = issuesByField(runtime.argumentIssues(tool, args), fields)
  return byField && Object.fromEntries(Object.entries(byField).map(([name, issue]) => [name, argumentIssueWords(t, issue, fields[name])]))
}

describe('a refused form in words a person reads', () => {
  it('says each field’s issue without parameter names or JSON, in English and Chinese', () => {
    expect(wordsAt(tEn, 'Messages_Send', { attach: ['a'] })).toEqual({ telephone: 'Required', text: 'Required' })
    expect(wordsAt(tZh, 'Messages_Send', { attach: ['a'] })).toEqual({ telephone: '必填', text: '必填' })
    const eleven = Array.from({ length: 11 }, (_, i) => `f${i}.png`)
    expect(wordsAt(tEn, 'Messages_Send', { telephone: '1', text: 'hi', attach: eleven })).toEqual({ attach: 'At most 10 items' })
    expect(wordsAt(tZh, 'Messages_Send', { telephone: '1', text: 'hi', attach: eleven })).toEqual({ attach: '最多 10 项' })
    const stay = { dateCheckIn: '2026-03-20', dateCheckOut: '2026-03-21', location: 'H', people: ['A'], telephone: '1', num: '2' }
    expect(wordsAt(tEn, 'Accommodation_Create', stay)).toEqual({ num: 'Must be a whole number' })
    expect(wordsAt(tZh, 'Accommodation_Create', stay)).toEqual({ num: '须为整数' })
    expect(wordsAt(tZh, 'Phone_Call', { telephone: '1', type: 'AUDIO' })).toEqual({ type: '请从选项中选择' })
  })

  it('leaves the runtime’s message to say what no field holds', () => {
    expect(wordsAt(tEn, 'Phone_Call', { telephone: '1', loud: true })).toBeUndefined()
    expect(wordsAt(tEn, 'Phone_Call', { telephone: '1' })).toBeUndefined()
  })
})

describe('a live action that found no record to change, in words a person reads', () => {
  const none: EffectRefusal = { app: 'alarm', op: 'delete', kind: 'none', match: [['闹钟名', 'Nope'], ['时间', '07:00:00']] }
  const several: EffectRefusal = { app: 'alarm', op: 'update', kind: 'several', count: 2, match: [['时间', '18:00:00']] }
  const unnamed: EffectRefusal = { app: 'alarm', op: 'delete', kind: 'unnamed', arguments: ['name', 'time'] }

  it('names the app and the record’s fields by their labels, in English and Chinese', () => {
    expect(effectRefusalWords(tEn, none, 'Clock_DeleteAlarm', 'en')).toBe('No record in Alarm has Name “Nope” and Time “07:00:00”. Nothing was changed.')
    expect(effectRefusalWords(tZh, none, 'Clock_DeleteAlarm', 'zh')).toBe('闹钟中没有闹钟名为“Nope”、时间为“07:00:00”的记录，未做任何更改。')
    expect(effectRefusalWords(tEn, several, 'Clock_UpdateAlarm', 'en')).toBe('2 records in Alarm have Time “18:00:00”, and this acts on exactly one. Nothing was changed.')
    expect(effectRefusalWords(tZh, several, 'Clock_UpdateAlarm', 'zh')).toBe('闹钟中有 2 条时间为“18:00:00”的记录，此操作只能作用于一条，未做任何更改。')
    expect(effectRefusalWords(tEn, unnamed, 'Clock_DeleteAlarm', 'en')).toBe('Which record in Alarm? Fill in Name or Time. Nothing was changed.')
    expect(effectRefusalWords(tZh, unnamed, 'Clock_DeleteAlarm', 'zh')).toBe('要操作闹钟中的哪条记录？请填写闹钟名或响铃时间。未做任何更改。')
  })
})
