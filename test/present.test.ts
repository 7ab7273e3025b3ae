import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import type { TrajectoryStep } from '../src/core'
import { en } from '../src/i18n/en'
import { zh } from '../src/i18n/zh'
import { callCaption, toolLabel } from '../src/present/callText'
import { parameterWords } from '../src/shared/parameterWords'
import { phoneFit } from '../src/present/fit'
import { presentInSearch, searchWithPresent } from '../src/present/store'

const i18n = i18next.createInstance()
await i18n.init({ resources: { en: { translation: en }, zh: { translation: zh } }, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } })
const tEn = i18n.getFixedT('en')
const tZh = i18n.getFixedT('zh')
// The words the page passes in (App): the action form's labels.
const wordsEn = (tool: string, name: string) => parameterWords(tEn, tool, name, 'en')
const wordsZh = (tool: string, name: string) => parameterWords(tZh, tool, name, 'zh')

const step = (over: Partial<TrajectoryStep>): TrajectoryStep => ({
  seq: 1,
  name: 'search_contacts',
  arguments: {},
  source: 'api',
  kind: 'retrieval',
  ok: true,
  content: '',
  ...over,
})

describe('the ?present parameter', () => {
  it('is read with or without a value, among others, and not from look-alikes', () => {
    expect(presentInSearch('?present')).toBe(true)
    expect(presentInSearch('?data=/x/&present=1')).toBe(true)
    expect(presentInSearch('?pre%73ent')).toBe(true)
    expect(presentInSearch('')).toBe(false)
    expect(presentInSearch('?presents&presenter=1')).toBe(false)
    expect(presentInSearch('?%E4%')).toBe(false)
  })

  it('is added and removed without touching the other parameters’ spelling', () => {
    expect(searchWithPresent('', true)).toBe('?present')
    expect(searchWithPresent('?present', false)).toBe('')
    expect(searchWithPresent('?data=/sets/a/&present', false)).toBe('?data=/sets/a/')
    expect(searchWithPresent('?data=/sets/a/', true)).toBe('?data=/sets/a/&present')
    expect(searchWithPresent('?present=1&data=%2Fx', true)).toBe('?data=%2Fx&present')
    expect(searchWithPresent('?%E4%&present', false)).toBe('?%E4%')
  })
})

describe('the caption of a call', () => {
  it('shows a reply to the user as what was said, in both languages', () => {
    const reply = step({ name: 'reply', kind: 'reply', arguments: { text: 'Calling your manager now.' }, content: '' })
    expect(callCaption(reply, tEn, 'en', wordsEn)).toEqual({ tool: 'Reply to the user', args: [{ value: '“Calling your manager now.”' }], result: { kind: 'ok', text: 'Said' } })
    expect(callCaption(reply, tZh, 'zh', wordsZh)).toMatchObject({ tool: '回复用户', result: { text: '已说' } })
  })

  it('names a search by the phone’s words, with the pattern, the field’s label, a mode and a later page', () => {
    const c = callCaption(step({ arguments: { pattern: 'Tom', field: '备注', mode: 'fuzzy', page: 2, ignore_case: true } }), tEn, 'en', wordsEn, 3)
    expect(c.tool).toBe('Search Contacts')
    expect(c.args).toEqual([{ value: '“Tom”' }, { key: 'in', value: 'Note' }, { value: 'Similar' }, { key: 'page', value: '2' }])
    expect(c.result).toEqual({ kind: 'ok', text: '3 results' })
    const zhCaption = callCaption(step({ arguments: '{"pattern": "Tom", "field": "备注"}' }), tZh, 'zh', wordsZh, 1)
    expect(zhCaption.tool).toBe('搜索联系人')
    expect(zhCaption.args).toEqual([{ value: '“Tom”' }, { key: '字段', value: '备注' }])
    expect(zhCaption.result.text).toBe('1 条结果')
    expect(callCaption(step({ name: 'search_phone', arguments: { pattern: 'x' } }), tEn, 'en', wordsEn).result.text).toBe('Searched')
    expect(toolLabel('search_phone', tEn, 'en')).toBe('Search the phone')
  })

  it('shows an action’s parameters, with stored values in the reader’s words, and its end', () => {
    const call = step({ name: 'Phone_Call', kind: 'execution', arguments: { telephone: ['13822419087'], type: 'VOICE', note: null } })
    expect(callCaption(call, tEn, 'en', wordsEn)).toEqual({
      tool: 'Call',
      args: [{ key: 'Phone number', value: '13822419087' }, { key: 'Call type', value: 'Voice' }],
      result: { kind: 'ok', text: 'Done' },
    })
    // The form's words for each parameter, in Chinese too (a message's number is its recipient's).
    expect(callCaption(call, tZh, 'zh', wordsZh).args).toEqual([{ key: '电话号码', value: '13822419087' }, { key: '通话类型', value: '语音' }])
    const send = step({ name: 'Messages_Send', kind: 'execution', arguments: { telephone: '13822419087', text: 'Hi Tom' } })
    expect(callCaption(send, tZh, 'zh', wordsZh).args).toEqual([{ key: '收件人电话号码', value: '13822419087' }, { key: '短信内容', value: 'Hi Tom' }])
    // A planner tool's own words, and a data set's own tool and parameter as its form shows them.
    const memory = callCaption(step({ name: 'Memory_Add', kind: 'execution', arguments: { text: 'Likes tea' } }), tEn, 'en', wordsEn)
    expect(memory).toMatchObject({ tool: 'Add memory', args: [{ key: 'Memory', value: 'Likes tea' }] })
    expect(callCaption(step({ name: 'Parcel_Track', kind: 'execution', arguments: { code: '42' } }), tEn, 'en', wordsEn)).toMatchObject({ tool: 'Parcel track', args: [{ key: 'code', value: '42' }] })
    expect(callCaption({ ...call, withdrawn: true }, tEn, 'en', wordsEn).result).toEqual({ kind: 'withdrawn', text: 'Withdrawn' })
    expect(callCaption(call, tZh, 'zh', wordsZh).tool).toBe(zh.actions.Phone_Call)
  })

  it('gives a refusal’s message without its "Error:" and marks friction', () => {
    const refused = step({ name: 'Phone_Call', kind: 'execution', ok: false, content: 'Error: missing required parameter telephone.\nmore' })
    expect(callCaption(refused, tEn, 'en', wordsEn).result).toEqual({ kind: 'refused', text: 'missing required parameter telephone.' })
    const friction = { ...refused, friction: true, content: 'The line is busy.' }
    expect(callCaption(friction, tEn, 'en', wordsEn).result).toEqual({ kind: 'friction', text: 'The line is busy.' })
  })

  it('keeps an unknown tool’s name and arguments that are not JSON as they came, cut to one line', () => {
    const odd = callCaption(step({ name: 'Teleport', kind: 'execution', ok: false, arguments: `{not json ${'x'.repeat(200)}` }), tEn, 'en', wordsEn)
    expect(odd.tool).toBe('Teleport')
    expect(odd.args).toHaveLength(1)
    expect(odd.args[0]?.value.length).toBeLessThanOrEqual(60)
    expect(odd.args[0]?.value.endsWith('…')).toBe(true)
  })
})

describe('the presented phone’s size', () => {
  it('zooms in on a large screen, keeps its type on a small one, zooms out only when the space is tiny', () => {
    const big = phoneFit(1888, 900)
    expect(big.zoom).toBeGreaterThan(1.2)
    expect(big.frameHeight).toBeCloseTo(740)
    const small = phoneFit(1248, 600)
    expect(small.zoom).toBe(1)
    expect(small.frameHeight).toBe(600)
    const tiny = phoneFit(1000, 400)
    expect(tiny.zoom).toBeLessThan(1)
    expect(tiny.frameHeight * tiny.zoom).toBeCloseTo(400)
    const narrow = phoneFit(300, 900)
    expect(narrow.zoom * 418).toBeLessThanOrEqual(300)
  })
})
