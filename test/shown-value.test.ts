// A stored enum value is shown by its label in the reader's language (#26); anything else as stored.
import { describe, expect, it } from 'vitest'
import { shown } from '../src/phone/apps/format'

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
