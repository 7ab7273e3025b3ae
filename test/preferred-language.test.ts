import { describe, expect, it } from 'vitest'
import { preferredLanguage } from '../src/state/settings'

describe('the language of a first visit', () => {
  it('is the first of the browser’s languages the page has, else English', () => {
    expect(preferredLanguage(['zh-CN', 'en-US'])).toBe('zh')
    expect(preferredLanguage(['zh-Hant-TW'])).toBe('zh')
    expect(preferredLanguage(['ZH'])).toBe('zh')
    expect(preferredLanguage(['en-GB', 'zh-CN'])).toBe('en')
    expect(preferredLanguage(['de-DE', 'zh-CN'])).toBe('zh')
    expect(preferredLanguage(['de-DE', 'fr'])).toBe('en')
    expect(preferredLanguage([])).toBe('en')
  })
})
