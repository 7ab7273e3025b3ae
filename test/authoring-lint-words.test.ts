import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { DatasetError, lintDataset, loadDataset } from '../src/core/index'
import type { DatasetIssue, GoldCode, LintCode } from '../src/core/index'
import { laterEn } from '../src/i18n/later'
import { en } from '../src/i18n/en'
import { zh } from '../src/i18n/zh'
import { fixtureFiles } from './fixtures'

const i18n = i18next.createInstance()
await i18n.init({ resources: { en: { translation: { ...en, ...laterEn } }, zh: { translation: zh } }, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } })
const tEn = i18n.getFixedT('en')
const tZh = i18n.getFixedT('zh')

/** A data set whose first task trips every lint check once. */
function lintedIssues() {
  const files = fixtureFiles()
  const [first = '', ...rest] = (files['input_data.jsonl'] ?? '').split('\n')
  const task = JSON.parse(first) as Record<string, unknown>
  const line = {
    ...task,
    type: 'Gossip',
    messages: [{ role: 'user', content: 'Call 13800001111 please' }],
    prompt_metadata: {
      answer: [
        { name: 'Phone_Call', arguments: { telephone: ['13800001111'], type: ['VOICE'] } },
        { name: 'Messages_Send', arguments: { telephone: ['13911112222'], attach: ['a.png', 'b.png'] } },
      ],
      free_params: [['type'], []],
    },
  }
  const records = JSON.parse(files['records_db.json'] ?? '{}') as Record<string, { contacts: Record<string, unknown>[] }>
  const contact = records['推理1']?.contacts[0]
  if (contact) contact['微信'] = 'rachel_k'
  const loaded = loadDataset({ ...files, 'input_data.jsonl': [JSON.stringify(line), ...rest].join('\n'), 'records_db.json': JSON.stringify(records) })
  return lintDataset(loaded.dataset)
}

/** A data set whose first task's gold trips every gold check against tools.json once: the loader refuses it. */
function goldErrors(): DatasetIssue[] {
  const files = fixtureFiles()
  const [first = '', ...rest] = (files['input_data.jsonl'] ?? '').split('\n')
  const task = JSON.parse(first) as Record<string, unknown>
  const line = {
    ...task,
    prompt_metadata: {
      answer: [
        { name: 'Phone_Call', arguments: { telephone: [], type: ['FAX'], loud: [true] } },
        { name: 'Fax_Send', arguments: {} },
      ],
      free_params: [[], []],
    },
  }
  try {
    loadDataset({ ...files, 'input_data.jsonl': [JSON.stringify(line), ...rest].join('\n') })
  } catch (err) {
    if (err instanceof DatasetError) return err.issues.filter((issue) => issue.code !== undefined)
    throw err
  }
  throw new Error('the data set loaded')
}

describe('the editor says the lint’s warnings and the gold calls’ errors in the reader’s language', () => {
  const issues = [...lintedIssues(), ...goldErrors()]
  const codes: (LintCode | GoldCode)[] = ['unknownCapability', 'requiredLeftOut', 'constrainedAndFree', 'flatArray', 'notFindable', 'givenAway', 'unknownFields', 'goldUnknownTool', 'goldUnknownParam', 'goldNoValue', 'goldValueMisfit']

  it('has a code and its values on every warning and gold error, each check tripped here', () => {
    expect(lintedIssues().every((issue) => issue.code !== undefined && issue.params !== undefined)).toBe(true)
    expect(new Set(issues.map((issue) => issue.code))).toEqual(new Set(codes))
  })

  it('words each in English exactly as npm run validate does', () => {
    for (const issue of issues) expect(tEn(`authoring.findings.${issue.code}`, issue.params)).toBe(issue.message)
  })

  it('words each in Chinese, with the values the message names', () => {
    for (const issue of issues) {
      const words = tZh(`authoring.findings.${issue.code}`, issue.params)
      expect(words).not.toBe(issue.message)
      expect(words).toMatch(/[\u4e00-\u9fff]/)
      expect(words).not.toMatch(/\{\{/)
      for (const value of Object.values(issue.params ?? {})) expect(words).toContain(String(value))
    }
  })
})
