import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ToolRuntime, searchRefusal } from '../src/core'
import { en } from '../src/i18n/en'
import { laterEn } from '../src/i18n/later'
import { searchRefusalWords } from '../src/phone/searchRefusalWords'
import { zh } from '../src/i18n/zh'
import { argumentIssueWords, effectRefusalWords, issuesByField } from '../src/phone/refusalWords'
import type { EffectRefusal, PatternRefusal } from '../src/core'
import { RECORDS, TOOLS } from './fixtures'

const i18n = i18next.createInstance()
await i18n.init({ resources: { en: { translation: { ...en, ...laterEn } }, zh: { translation: zh } }, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } })
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

describe('a refused search in words a person reads', () => {
  const refused = (args: Record<string, unknown>, tool = 'search_contacts') => {
    const answer = runtime.call(tool, args, 'test')
    const refusal = searchRefusal(args, tool === 'search_phone')
    return { answer, refusal }
  }

  it('is the runtime’s own check: refused exactly where the tool refuses, the model’s sentence made from it', () => {
    for (const args of [
      { pattern: '(unclosed', mode: 'regex' },
      { pattern: '(unclosed', mode: 'regex', ignore_case: false },
      { pattern: 'a'.repeat(201), mode: 'fuzzy' },
      { pattern: '.{999}'.repeat(3), mode: 'regex' },
    ]) {
      const { answer, refusal } = refused(args)
      expect(answer.ok).toBe(false)
      expect(refusal, JSON.stringify(args).slice(0, 40)).toBeDefined()
    }
    for (const args of [{ pattern: '(unclosed' }, { pattern: '(unclosed', mode: 'fuzzy' }, { pattern: 'a'.repeat(201) }, { pattern: 'Tom', mode: 'regex' }]) {
      const { answer, refusal } = refused(args)
      expect(answer.ok, JSON.stringify(args).slice(0, 40)).toBe(true)
      expect(refusal).toBeUndefined()
    }
    // search_phone searches in fixed mode: 1,000 characters, not the fuzzy limit.
    expect(refused({ pattern: 'x'.repeat(1001) }, 'search_phone').refusal).toEqual({ kind: 'tooLong', mode: 'fixed', length: 1001, limit: 1000 })
  })

  it('says why without the tool’s name, the JSON quoting or the engine’s English, in English and Chinese', () => {
    const words = (args: Record<string, unknown>) => {
      const refusal = searchRefusal(args, false) as PatternRefusal
      return [searchRefusalWords(tEn, refusal), searchRefusalWords(tZh, refusal)]
    }
    expect(words({ pattern: '(unclosed', mode: 'regex' })).toEqual(['“(unclosed” is not a valid regular expression: a ( is never closed with ).', '“(unclosed”不是有效的正则表达式：左括号 ( 没有对应的 )。'])
    expect(words({ pattern: 'Tom**', mode: 'regex', ignore_case: false })).toEqual([
      '“Tom**” is not a valid regular expression: two repeat signs follow each other, like ** or +*, at “**”.',
      '“Tom**”不是有效的正则表达式：两个重复符号连在一起，如 ** 或 +*，位置在“**”。',
    ])
    expect(words({ pattern: 'a'.repeat(201), mode: 'fuzzy' })).toEqual([
      'The search is 201 characters long; the limit in “Similar” mode is 200. Search for a shorter part of it: a name, a number, a word or two.',
      '搜索内容有 201 个字符，“相似”方式最多 200 个。请搜索其中较短的一部分：一个名字、一个号码或一两个词。',
    ])
    expect(words({ pattern: '.{999}'.repeat(3), mode: 'regex' })).toEqual([
      'This regular expression repeats too much to search with: about 2999 steps, where at most 2500 are allowed. Use smaller repeat counts.',
      '这个正则表达式重复得太多，无法搜索：约 2999 步，上限为 2500 步。请减小重复次数。',
    ])
  })

  it('words every syntax error the regex engine reports, in both languages', () => {
    const patterns = ['[z-a]', '\\q', '(?P<a-b>x)', '(?=a)', 'a**', 'a{1001}', '[a', '(a', '*a', 'a\\', '(?P<n>a)(?P<n>b)', 'a)']
    const codes = new Set<string>()
    for (const pattern of patterns) {
      const refusal = searchRefusal({ pattern, mode: 'regex' }, false)
      expect(refusal?.kind, pattern).toBe('invalid')
      if (refusal?.kind !== 'invalid') continue
      codes.add(refusal.code ?? '')
      for (const t of [tEn, tZh]) {
        const said = searchRefusalWords(t, refusal)
        expect(said, pattern).not.toContain(refusal.message)
        expect(said, pattern).not.toMatch(/error parsing|regexp/)
      }
    }
    expect(codes.size, [...codes].join(' | ')).toBe(patterns.length)
    // Errors no pattern within the length limit reaches here, worded all the same.
    for (const code of ['expression nests too deeply', 'expression too large', 'invalid UTF-8']) {
      const refusal: PatternRefusal = { kind: 'invalid', pattern: 'p', message: `error parsing regexp: ${code}`, code }
      expect(searchRefusalWords(tZh, refusal)).not.toContain(code)
    }
    // One the phone has no words for is said as the engine says it.
    const unknown: PatternRefusal = { kind: 'invalid', pattern: 'p', message: 'error parsing regexp: something new', code: 'something new' }
    expect(searchRefusalWords(tEn, unknown)).toBe('“p” is not a valid regular expression: error parsing regexp: something new.')
  })
})
