import { describe, expect, it } from 'vitest'
import { ToolRuntime, parseTools, systemPrompt, SPIEVAL_PROFILE } from '../src/core/index'
import type { SearchData, Setting, Task } from '../src/core/index'
import { RECORDS, TOOLS, TOOLS_TEXT, fixtureDataset } from './fixtures'
import { cpuTimed } from './support/cpuTime'

const runtime = (setting: Setting = 'paginated') => new ToolRuntime(TOOLS, structuredClone(RECORDS), { setting })
const call = (name: string, args: unknown, setting: Setting = 'paginated') => runtime(setting).call(name, args, 'test')
const hitNames = (data: unknown) => (data as SearchData).hits.map((h) => h.record['姓名'])

describe('retrieval', () => {
  it('fixed: substring over every field, case-insensitive by default, in stored order', () => {
    const r = call('search_contacts', { pattern: 'tom' })
    expect(r.ok).toBe(true)
    expect(hitNames(r.data)).toEqual(['Tom Ruiz', 'Tom Becker'])
    expect(r.content).toMatch(/^2 results for "tom" in contacts, page 1 of 1\. This is the last page\./)
    expect(call('search_contacts', { pattern: 'tom', ignore_case: false }).content).toMatch(/^No results/)
  })

  it('targets one field and lists the valid fields for an unknown one', () => {
    expect(hitNames(call('search_contacts', { pattern: 'Maple', field: '公司' }).data)).toEqual(['Rachel Kim', 'Tom Ruiz'])
    expect(hitNames(call('search_contacts', { pattern: 'Maple', field: '备注' }).data)).toEqual([])
    const bad = call('search_contacts', { pattern: 'x', field: 'company' })
    expect(bad.ok).toBe(false)
    expect(bad.content).toContain('unknown field "company"')
    expect(bad.content).toContain('姓名, 电话号码, 公司')
  })

  it('searches numbers and lists as text', () => {
    expect(call('search_transaction', { pattern: '350.5' }).content).toContain('Allowance')
    expect(call('search_sms', { pattern: 'order.pdf' }).content).toContain('Budget approved')
  })

  it('pages by 5 and says when more pages exist', () => {
    const first = call('search_contacts', { pattern: '1' })
    expect((first.data as SearchData).total).toBe(7)
    expect((first.data as SearchData).hits).toHaveLength(5)
    expect(first.content).toContain('page 1 of 2. More results: call search_contacts again with page 2.')
    const second = call('search_contacts', { pattern: '1', page: 2 })
    expect(second.content).toMatch(/page 2 of 2\. This is the last page\.\n6\. /)
    expect((second.data as SearchData).hits).toHaveLength(2)
    expect(call('search_contacts', { pattern: '1', page: 3 }).content).toMatch(/Page 3 does not exist: 7 results .* make 2 pages/)
    expect(call('search_contacts', { pattern: '1', page: 0 }).ok).toBe(false)
  })

  it('returns everything in the full setting', () => {
    const r = call('search_contacts', { pattern: '1' }, 'full')
    expect((r.data as SearchData).hits).toHaveLength(7)
    expect(r.content).toMatch(/^7 results for "1" in contacts, all shown\./)
  })

  it('search_phone covers every app and names each hit\'s app', () => {
    const r = call('search_phone', { pattern: 'Tom Ruiz' })
    expect((r.data as SearchData).hits.map((h) => h.app)).toEqual(['contacts', 'sms'])
    expect(r.content).toContain('1. [contacts] {')
    expect(r.content).toContain('2. [sms] {')
    expect(call('search_phone', { pattern: 'x', mode: 'regex' }).content).toContain('Unknown parameter "mode"')
  })

  it('regex uses linear-time matching and reports invalid patterns', () => {
    expect(hitNames(call('search_contacts', { pattern: '^Tom (R|B)', mode: 'regex' }).data)).toEqual(['Tom Ruiz', 'Tom Becker'])
    const bad = call('search_contacts', { pattern: '(unclosed', mode: 'regex' })
    expect(bad.ok).toBe(false)
    expect(bad.content).toMatch(/Invalid regular expression/)
    // The pattern is quoted as it was sent, in either case mode: not with the engine's own case flag before it.
    expect(bad.content).toBe('search_contacts: Invalid regular expression "(unclosed": error parsing regexp: missing closing ): `(unclosed`')
    expect(call('search_contacts', { pattern: '(unclosed', mode: 'regex', ignore_case: false }).content).toContain('missing closing ): `(unclosed`')
    expect(call('search_contacts', { pattern: '(?i)(x', mode: 'regex' }).content).toContain('`(?i)(x`')
    const long = 'a'.repeat(50_000)
    const notes = { notes: [{ 内容: long + '!' }, { 内容: long }] }
    // CPU time: the wall clock counts a busy machine's waits.
    const { result: slow, ms } = cpuTimed(() => new ToolRuntime(TOOLS, notes, { setting: 'paginated' }).call('search_notes', { pattern: '(a+)+$', mode: 'regex' }, 'test'))
    expect(slow.ok).toBe(true)
    expect((slow.data as SearchData).hits.map((h) => h.index)).toEqual([1])
    expect(ms).toBeLessThan(2000)
  })

  it('fuzzy ranks by similarity', () => {
    const r = call('search_contacts', { pattern: 'Rachal Kin', mode: 'fuzzy' })
    expect(hitNames(r.data)[0]).toBe('Rachel Kim')
    expect(call('search_contacts', { pattern: 'zzzzqqq', mode: 'fuzzy' }).content).toMatch(/^No results/)
  })
})

describe('validation', () => {
  it.each([
    ['unknown tool', 'search_email', { pattern: 'x' }, /Unknown tool "search_email"\. Available tools: search_contacts/],
    ['unknown parameter', 'Phone_Call', { telephone: '1', loud: true }, /Unknown parameter "loud"\. Phone_Call takes: telephone, type\./],
    ['missing required', 'Phone_Call', {}, /Missing required parameter "telephone"/],
    ['wrong type', 'Accommodation_Create', { dateCheckIn: '2026-03-20', dateCheckOut: '2026-03-21', location: 'H', people: ['A'], telephone: '1', num: '2' }, /Invalid value for "num": expected integer, got string "2"/],
    ['value outside an enum', 'Phone_Call', { telephone: '1', type: 'AUDIO' }, /Invalid value for "type": "AUDIO" is not one of \["VOICE","VIDEO"\]/],
    ['enum inside an array', 'Clock_CreateAlarm', { time: '07:00:00', repeatDayOfWeek: [1, 9] }, /Invalid value for "repeatDayOfWeek"\[1\]: 9 is not one of/],
    ['boolean is not an integer', 'search_contacts', { pattern: 'x', page: true }, /"page": expected integer, got boolean true/],
    ['bad mode', 'search_contacts', { pattern: 'x', mode: 'glob' }, /"mode": "glob" is not one of/],
    ['arguments not JSON', 'Phone_Call', '{"telephone": ', /arguments are not valid JSON/],
    ['arguments not an object', 'Phone_Call', '[1]', /arguments must be a JSON object/],
  ])('%s gets an informative error', (_label, name, args, message) => {
    const r = call(name, args)
    expect(r.ok).toBe(false)
    expect(r.content).toMatch(message)
  })

  it('says what is wrong as data, one issue per argument, with the sentence a model reads made from it', () => {
    const rt = runtime()
    expect(rt.argumentIssues('Phone_Call', { telephone: '1', loud: true })).toEqual([{ kind: 'unknown', parameter: 'loud', path: [], accepted: ['telephone', 'type'] }])
    expect(rt.argumentIssues('Phone_Call', {})).toEqual([{ kind: 'missing', parameter: 'telephone', path: [] }])
    expect(rt.argumentIssues('Phone_Call', '{"type":"AUDIO"}')).toEqual([
      { kind: 'missing', parameter: 'telephone', path: [] },
      { kind: 'enum', parameter: 'type', path: [], value: 'AUDIO', allowed: '["VOICE","VIDEO"]' },
    ])
    expect(rt.argumentIssues('Clock_CreateAlarm', { time: '07:00:00', repeatDayOfWeek: [1, 9] })).toEqual([
      expect.objectContaining({ kind: 'enum', parameter: 'repeatDayOfWeek', path: ['1'], value: 9 }),
    ])
    expect(rt.argumentIssues('search_contacts', { pattern: 'x', page: true })).toEqual([{ kind: 'type', parameter: 'page', path: [], expected: 'integer', got: true }])
    const attachments = Array.from({ length: 11 }, (_, i) => `f${i}.png`)
    expect(rt.argumentIssues('Messages_Send', { telephone: '1', text: 'hi', attach: attachments })).toEqual([
      expect.objectContaining({ kind: 'schema', keyword: 'maxItems', parameter: 'attach', path: [] }),
    ])
    // A valid call, a tool the task lacks, arguments that are no object: nothing to say at a field.
    expect(rt.argumentIssues('Phone_Call', { telephone: '1' })).toEqual([])
    expect(rt.argumentIssues('search_email', { pattern: 'x' })).toEqual([])
    expect(rt.argumentIssues('Phone_Call', '[1]')).toEqual([])
  })

  it('accepts arguments as a JSON string, and explicit nulls as left out', () => {
    expect(call('Phone_Call', '{"telephone":"13911112222","type":null}').ok).toBe(true)
    expect(call('search_contacts', { pattern: 'Tom', field: null, page: null }).ok).toBe(true)
  })
})

describe('execution', () => {
  it('succeeds, records the call and leaves the records as they are', () => {
    const records = structuredClone(RECORDS)
    const rt = new ToolRuntime(TOOLS, records, { setting: 'paginated' })
    const r = rt.call('Contacts_Create', { name: 'New Person', telephone: '13700000000' }, 'ui')
    expect(r).toMatchObject({ ok: true, kind: 'execution', source: 'ui', name: 'Contacts_Create' })
    expect(records).toEqual(RECORDS)
    expect(rt.call('search_contacts', { pattern: 'New Person' }, 'ui').content).toMatch(/^No results/)
  })
})

describe('settings and tools.json', () => {
  it('no_search offers no retrieval tools and refuses them', () => {
    const rt = runtime('no_search')
    expect(rt.offeredTools().map((t) => t.function.name)).not.toContain('search_contacts')
    expect(rt.offeredTools()).toHaveLength(10)
    const r = rt.call('search_contacts', { pattern: 'Tom' }, 'test')
    expect(r.ok).toBe(false)
    expect(r.content).toMatch(/not available in the no_search setting/)
  })

  it('takes descriptions from the loaded tools.json, not from code', () => {
    const custom = parseTools(TOOLS_TEXT.replace('Make a phone call.', 'Ring somebody up, zebra.'))
    const prompt = systemPrompt({ profile: SPIEVAL_PROFILE, tools: custom, setting: 'paginated' })
    expect(prompt).toContain('- Phone_Call: Ring somebody up, zebra.')
    expect(new ToolRuntime(custom, {}, { setting: 'full' }).offeredTools().find((t) => t.function.name === 'Phone_Call')?.function.description).toBe('Ring somebody up, zebra.')
  })
})

describe('Attempt: one trajectory whoever calls', () => {
  it('records every call with its source, and submits the kept execution calls', async () => {
    const { Attempt, MemorySink, scoreTask, toolProperties } = await import('../src/core/index')
    // The gold: one voice call to the manager's new number (the fixture's 推理1, as its own task).
    const gold = { ...(fixtureDataset().tasks.find((t) => t.id === '推理1') as Task), id: 't' }
    expect(gold.answer).toEqual([{ name: 'Phone_Call', arguments: { telephone: ['13933334444'], type: ['VOICE', null] } }])
    expect(gold.freeParams).toEqual([[]])
    const attempt = await Attempt.open({ task: gold, tools: TOOLS, records: structuredClone(RECORDS), setting: 'paginated', actor: 'tester', sink: new MemorySink() })
    const seen: number[] = []
    attempt.subscribe((e) => e.type === 'step' && seen.push(e.step.seq))
    await attempt.call('search_contacts', { pattern: 'Rachel' }, 'ui')
    await attempt.call('Phone_Call', { telephone: '13911112222' }, 'api')
    await attempt.call('Phone_Call', { telephone: 42 }, 'agent')
    await attempt.call('Phone_Call', { telephone: '13933334444', type: 'VOICE' }, 'webmcp')
    expect(attempt.trajectory().map((s) => [s.source, s.kind, s.ok])).toEqual([
      ['ui', 'retrieval', true],
      ['api', 'execution', true],
      ['agent', 'execution', false],
      ['webmcp', 'execution', true],
    ])
    expect(scoreTask(gold, attempt.submittedCalls(), toolProperties(TOOLS)).errorType).toBe('wrong_count')
    expect(await attempt.withdraw(0)).toBeUndefined()
    const withdrawn = await attempt.withdraw(1)
    expect(withdrawn).toMatchObject({ seq: 1, withdrawn: true })
    expect(attempt.trajectory()[1]?.withdrawn).toBe(true)
    expect(scoreTask(gold, attempt.submittedCalls(), toolProperties(TOOLS)).correct).toBe(true)
    expect(attempt.verdict()?.correct).toBe(true)
    expect(seen).toEqual([0, 1, 2, 3, 1])
  })
})
