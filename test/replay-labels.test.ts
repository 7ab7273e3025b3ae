import { describe, expect, it } from 'vitest'
import { startedText } from '../src/replay/labels'

describe("Replay's start times", () => {
  it('tell apart attempts started seconds apart, in English and Chinese', () => {
    const started = Date.UTC(2026, 11, 7, 18, 15, 5)
    for (const language of ['en', 'zh']) {
      const first = startedText(started, language)
      expect(startedText(started + 20_000, language), language).not.toBe(first)
      expect(first, language).toMatch(/2026/)
    }
  })
})
