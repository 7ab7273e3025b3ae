import { describe, expect, it } from 'vitest'
import { COMPLETION_SENTENCE, systemPrompt } from '../src/core/index'
import { fixtureDataset } from './fixtures'

const dataset = fixtureDataset()
const records = dataset.records['推理1']

describe('systemPrompt', () => {
  it('states the role, profile, tools, workflow and completion sentence', () => {
    const p = systemPrompt({ profile: dataset.profile, tools: dataset.tools, setting: 'paginated' })
    expect(p).toContain('Current time: 2025-11-01 12:00:00 (Saturday)')
    expect(p).toContain('wife: 谢玲')
    expect(p).toContain('- search_contacts: ')
    expect(p).toContain('- Phone_Call: ')
    expect(p).toContain('5 to a page')
    expect(p).toContain(COMPLETION_SENTENCE)
    expect(p).not.toContain('Rachel Kim')
  })

  it('no_search drops the retrieval tools and lists every record', () => {
    const p = systemPrompt({ profile: dataset.profile, tools: dataset.tools, setting: 'no_search', records })
    expect(p).not.toContain('- search_contacts:')
    expect(p).toContain('Rachel Kim')
    expect(p).toContain('## contacts (7)')
  })

  it('fills a user template and leaves unknown slots alone', () => {
    const p = systemPrompt({ profile: dataset.profile, tools: dataset.tools, setting: 'no_search', records, template: 'Hi {profile} {unknown}' })
    expect(p).toMatch(/^Hi - Name: /)
    expect(p).toContain('{unknown}')
    expect(p).toContain('Rachel Kim') // records are appended when the template has no {records} slot
  })
})
