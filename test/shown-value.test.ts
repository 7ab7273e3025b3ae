// A stored enum value is shown by its label in the reader's language (#26); anything else as stored.
import { describe, expect, it } from 'vitest'
import { shown, weekdayShort } from '../src/phone/apps/format'

describe('shown', () => {
  const record = { 提醒时间: '10分钟前', 重复: '每周', 标题: 'Weekly sync', 类型: 'VOICE' }
  it('labels stored enum values in English and leaves other text alone', () => {
    expect(shown(record, '提醒时间', 'en')).toBe('10 minutes before')
    expect(shown(record, '重复', 'en')).toBe('Every week')
    expect(shown(record, '标题', 'en')).toBe('Weekly sync')
    expect(shown(record, '类型', 'zh')).toBe('语音')
    expect(shown(record, '提醒时间', 'zh')).toBe('10分钟前')
    expect(shown(record, 'missing', 'en')).toBe('')
  })
})

describe('weekdayShort', () => {
  it("names each weekday as Intl.DateTimeFormat does for the page's two languages", () => {
    for (const [language, locale] of [['en', 'en-GB'], ['zh', 'zh-CN']] as const) {
      const intl = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' })
      for (let day = 1; day <= 7; day++) {
        const date = `2026-03-0${day}`
        expect(weekdayShort(date, language)).toBe(intl.format(new Date(`${date}T00:00:00Z`)))
      }
    }
  })

  it('gives nothing for what is not a date', () => {
    expect(weekdayShort('next Tuesday', 'en')).toBe('')
  })
})
