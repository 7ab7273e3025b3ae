import { describe, expect, it } from 'vitest'
import { formatMeanStd, formatScoreTable, meanStd, parseResponses, scoreResponses, scoreTask, toolProperties } from '../src/core/index'
import type { GoldCall, PredictedCall } from '../src/core/index'
import { TOOLS, fixtureDataset } from './fixtures'

const props = toolProperties(TOOLS)
const task = (answer: GoldCall[], freeParams: string[][] = answer.map(() => [])) => ({ id: 't', answer, freeParams })
const score = (answer: GoldCall[], predicted: PredictedCall[] | undefined, freeParams?: string[][]) =>
  scoreTask(task(answer, freeParams), predicted, props)

const call = (telephone: unknown[], type?: unknown[]): GoldCall => ({
  name: 'Phone_Call',
  arguments: type ? { telephone, type } : { telephone },
})

describe('parameter rules', () => {
  it('accepts any of several acceptable values, exactly', () => {
    expect(score([call(['139', '138'])], [{ name: 'Phone_Call', arguments: { telephone: '138' } }]).correct).toBe(true)
    expect(score([call(['139'])], [{ name: 'Phone_Call', arguments: { telephone: '139 ' } }]).errorType).toBe('wrong_value')
    expect(score([call(['Tom'])], [{ name: 'Phone_Call', arguments: { telephone: 'tom' } }]).errorType).toBe('wrong_value')
  })

  it('null means the parameter may be omitted; an explicit null is the same as omitting', () => {
    const gold = [call(['139'], ['VOICE', null])]
    expect(score(gold, [{ name: 'Phone_Call', arguments: { telephone: '139' } }]).correct).toBe(true)
    expect(score(gold, [{ name: 'Phone_Call', arguments: { telephone: '139', type: null } }]).correct).toBe(true)
    expect(score(gold, [{ name: 'Phone_Call', arguments: { telephone: '139', type: 'VOICE' } }]).correct).toBe(true)
    expect(score(gold, [{ name: 'Phone_Call', arguments: { telephone: '139', type: 'VIDEO' } }]).errorType).toBe('wrong_value')
    const strict = score([call(['139'], ['VIDEO'])], [{ name: 'Phone_Call', arguments: { telephone: '139' } }])
    expect(strict.errorType).toBe('missing_param')
    expect(strict.mismatches).toEqual([expect.objectContaining({ param: 'type', status: 'missing', expected: ['VIDEO'] })])
  })

  it('checks free parameters for schema type only', () => {
    const gold: GoldCall[] = [{ name: 'Messages_Send', arguments: { telephone: ['139'] } }]
    const free = [['text', 'attach']]
    const ok = (args: object) => score(gold, [{ name: 'Messages_Send', arguments: { telephone: '139', ...args } }], free)
    expect(ok({ text: 'anything at all' }).correct).toBe(true)
    expect(ok({}).correct).toBe(true)
    expect(ok({ attach: ['a.pdf'] }).correct).toBe(true)
    expect(ok({ text: 42 }).errorType).toBe('wrong_value')
    expect(ok({ attach: [1] }).errorType).toBe('wrong_value')
    expect(ok({ attach: Array.from({ length: 11 }, (_, i) => `${i}.pdf`) }).errorType).toBe('wrong_value')
  })

  it('checks free enums and integers by the schema: whole numbers, never booleans', () => {
    const gold: GoldCall[] = [{ name: 'Clock_CreateAlarm', arguments: { time: ['07:00:00'] } }]
    const free = [['alarmDuration', 'repeatDayOfWeek', 'name']]
    const alarm = (args: object) => score(gold, [{ name: 'Clock_CreateAlarm', arguments: { time: '07:00:00', ...args } }], free)
    expect(alarm({ alarmDuration: 5 }).correct).toBe(true)
    expect(alarm({ alarmDuration: 4 }).correct).toBe(false)
    expect(alarm({ alarmDuration: 5.5 }).correct).toBe(false)
    expect(alarm({ alarmDuration: true }).correct).toBe(false)
    expect(alarm({ repeatDayOfWeek: [1, 2] }).correct).toBe(true)
    expect(alarm({ repeatDayOfWeek: [8] }).correct).toBe(false)
    const pay: GoldCall[] = [{ name: 'Consumption_Create', arguments: { item: ['x'], receivingName: ['A'], receivingAccount: ['1'] } }]
    const amount = (value: unknown) => score(pay, [{ name: 'Consumption_Create', arguments: { item: 'x', receivingName: 'A', receivingAccount: '1', amount: value } }], [['amount']])
    expect(amount(12.5).correct).toBe(true)
    expect(amount(false).correct).toBe(false)
    expect(amount('12.5').correct).toBe(false)
  })

  it('compares numbers numerically, but "100" is not 100', () => {
    const gold: GoldCall[] = [{ name: 'Consumption_Create', arguments: { item: ['x'], amount: [100], receivingName: ['A'], receivingAccount: ['1'] } }]
    const pay = (amount: unknown) => score(gold, [{ name: 'Consumption_Create', arguments: { item: 'x', amount, receivingName: 'A', receivingAccount: '1' } }])
    expect(pay(100).correct).toBe(true)
    expect(pay(100.0).correct).toBe(true)
    expect(pay(JSON.parse('100.00')).correct).toBe(true)
    expect(pay('100').errorType).toBe('wrong_value')
    expect(pay(100.01).errorType).toBe('wrong_value')
  })

  it('compares arrays as multisets', () => {
    const gold: GoldCall[] = [{ name: 'Meeting_Create', arguments: { dateStart: ['d'], dateEnd: ['d'], timeStart: ['s'], timeEnd: ['e'], participants: [['A', 'B', 'B']] } }]
    const meet = (participants: unknown) => score(gold, [{ name: 'Meeting_Create', arguments: { dateStart: 'd', dateEnd: 'd', timeStart: 's', timeEnd: 'e', participants } }])
    expect(meet(['B', 'A', 'B']).correct).toBe(true)
    expect(meet(['A', 'B']).correct).toBe(false)
    expect(meet(['A', 'A', 'B']).correct).toBe(false)
    expect(meet('A, B, B').correct).toBe(false)
  })

  it('reads a flat gold list for an array parameter as one array', () => {
    const gold: GoldCall[] = [{ name: 'Meeting_Create', arguments: { dateStart: ['d'], dateEnd: ['d'], timeStart: ['s'], timeEnd: ['e'], participants: ['A', 'B'] } }]
    const meet = (participants: unknown) => score(gold, [{ name: 'Meeting_Create', arguments: { dateStart: 'd', dateEnd: 'd', timeStart: 's', timeEnd: 'e', participants } }])
    expect(meet(['B', 'A']).correct).toBe(true)
    expect(meet(['A']).correct).toBe(false)
  })

  it('fails a call with a parameter that is neither constrained nor free', () => {
    const r = score([call(['139'])], [{ name: 'Phone_Call', arguments: { telephone: '139', type: 'VOICE' } }])
    expect(r.errorType).toBe('wrong_value')
    expect(r.mismatches).toEqual([expect.objectContaining({ param: 'type', status: 'unexpected', got: 'VOICE' })])
  })
})

describe('calls and error types', () => {
  it('wrong_count when the number of calls differs; no_response without a line', () => {
    expect(score([call(['1'])], []).errorType).toBe('wrong_count')
    expect(score([call(['1'])], [{ name: 'Phone_Call', arguments: { telephone: '1' } }, { name: 'Phone_Call', arguments: { telephone: '1' } }]).errorType).toBe('wrong_count')
    expect(score([call(['1'])], undefined).errorType).toBe('no_response')
    expect(score([], []).correct).toBe(true)
  })

  it('wrong_tool when the count matches but the tools differ', () => {
    const r = score([call(['1'])], [{ name: 'Messages_Send', arguments: { telephone: '1', text: 'hi' } }])
    expect(r.errorType).toBe('wrong_tool')
    expect(score([call(['1'])], [{ name: 'Phone_Dial', arguments: { telephone: '1' } }]).errorType).toBe('wrong_tool')
  })

  it('ignores order, and pairs optimally where first-fit would fail', () => {
    // First-fit pairs gold 0 with prediction 0 (both accept "X") and leaves gold 1 ("X" only) with "Y".
    const gold = [call(['X', 'Y']), call(['X'])]
    const predicted = [
      { name: 'Phone_Call', arguments: { telephone: 'X' } },
      { name: 'Phone_Call', arguments: { telephone: 'Y' } },
    ]
    const r = score(gold, predicted)
    expect(r.correct).toBe(true)
    expect(r.pairing).toEqual([[0, 1], [1, 0]])
    expect(score(gold, [...predicted].reverse()).correct).toBe(true)
  })

  it('unparseable arguments count as a call that never matches; alone they give "other"', () => {
    const r = score([call(['1'])], [{ name: 'Phone_Call', arguments: '{"telephone": "1"' }])
    expect(r.errorType).toBe('other')
    expect(score([call(['1'])], [{ name: 'Phone_Call', arguments: '{"telephone": "1"}' }]).correct).toBe(true)
    const mixed = score([call(['1']), call(['2'])], [
      { name: 'Phone_Call', arguments: 'oops' },
      { name: 'Phone_Call', arguments: { telephone: '3' } },
    ])
    expect(mixed.errorType).toBe('wrong_value')
  })

  it('breaks ties between equally good pairings the same way in any order', () => {
    // Both pairings have two mismatches; the one with no missing parameter is taken.
    const gold = [call(['2'], ['VIDEO']), call(['0'], ['VOICE', null])]
    const predicted = [
      { name: 'Phone_Call', arguments: { telephone: '2' } },
      { name: 'Phone_Call', arguments: { telephone: '0', type: 'VIDEO' } },
    ]
    expect(score(gold, predicted).errorType).toBe('wrong_value')
    expect(score(gold, [...predicted].reverse()).errorType).toBe('wrong_value')
  })

  it('missing_param wins over wrong_value on the best pairing', () => {
    const gold: GoldCall[] = [{ name: 'Phone_Call', arguments: { telephone: ['1'], type: ['VIDEO'] } }]
    expect(score(gold, [{ name: 'Phone_Call', arguments: { telephone: '2' } }]).errorType).toBe('missing_param')
  })
})

describe('runs and aggregation', () => {
  it('prints runs of 64, 74 and 72 % as 70.0 ± 4.3, with divisor n', () => {
    const stats = meanStd([64, 74, 72])
    expect(formatMeanStd(stats)).toBe('70.0 ± 4.3')
    expect(stats.std).toBeCloseTo(Math.sqrt(56 / 3), 10)
  })

  it('scores every task in every run; the last line wins; no line is no_response', () => {
    const dataset = fixtureDataset()
    const good = { id: '推理1', calls: [{ name: 'Phone_Call', arguments: { telephone: '13933334444' } }] }
    const text = [
      JSON.stringify({ ...good, run: 0 }),
      JSON.stringify({ id: '推理1', run: 1, calls: [{ name: 'Phone_Call', arguments: { telephone: '13911112222' } }] }),
      JSON.stringify({ ...good, run: 1 }),
      JSON.stringify({ id: '推理1', run: 2, calls: [] }),
      JSON.stringify({
        id: '多意图1',
        run: 2,
        messages: [
          { role: 'user', content: 'Text Tom and Rachel' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'search_contacts', arguments: '{"pattern":"Tom"}' } }] },
          { role: 'tool', tool_call_id: 'a', content: '...' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'b', type: 'function', function: { name: 'Messages_Send', arguments: '{"telephone":"13911112222","text":"hi"}' } },
              { id: 'c', type: 'function', function: { name: 'Messages_Send', arguments: '{"telephone":"13822419087","text":"hi"}' } },
            ],
          },
        ],
      }),
      '',
    ].join('\n')
    const { lines, issues } = parseResponses(text)
    expect(issues).toEqual([])
    const { result, details } = scoreResponses(dataset.tasks, dataset.tools, lines)
    expect(result.runs).toBe(3)
    expect(result.per_run.map((r) => r.overall)).toEqual([50, 50, 50])
    expect(result.per_run.map((r) => r.by_type['推理'])).toEqual([100, 100, 0])
    expect(result.by_type['多意图']).toEqual({ mean: 100 / 3, std: expect.closeTo(47.14, 2) })
    expect(details).toHaveLength(6)
    expect(details.filter((d) => d.id === '多意图1').map((d) => d.error_type)).toEqual(['no_response', 'no_response', null])
    expect(details.find((d) => d.id === '推理1' && d.run === 2)?.error_type).toBe('wrong_count')
    expect(Object.keys(details[0] ?? {})).toEqual(['id', 'run', 'type', 'correct', 'error_type', 'mismatches'])
    const table = formatScoreTable(result)
    expect(table).toContain('Reasoning 推理')
    expect(table).toMatch(/50\.0 ± 0\.0/)
  })

  it('reports unreadable response lines and keeps the rest', () => {
    const { lines, issues } = parseResponses('{"id":"a","calls":[]}\nnot json\n{"calls":[]}\n{"id":"b","run":"x","calls":[]}\n', 'r.jsonl')
    expect(lines.map((l) => l.id)).toEqual(['a'])
    expect(issues.map((i) => i.line)).toEqual([2, 3, 4])
  })
})
