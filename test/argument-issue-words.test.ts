import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ToolRuntime } from '../src/core'
import { en } from '../src/i18n/en'
import { zh } from '../src/i18n/zh'
import { argumentIssueWords, issuesByField } from '../src/phone/argumentIssueWords'
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
