// The call-level planner checks in the one scorer (#28): x-compare, alternatives, order, extraneous, mentions, and their precedence.
import { describe, expect, it } from 'vitest'
import { judgeTask, scoreTask, toolProperties } from '../src/core/index'
import type { GoldCall, PlannerMetadata, PredictedCall, ToolSchema } from '../src/core/index'
import { rewritten } from '../src/core/score/compareModes'
import { mentions } from '../src/core/score/mentions'

const tool = (name: string, properties: Record<string, unknown>, kind?: string): ToolSchema =>
  ({ type: 'function', function: { name, description: name, parameters: { type: 'object', properties }, ...(kind ? { 'x-kind': kind } : {}) } }) as ToolSchema

const TOOLS: ToolSchema[] = [
  tool('Messages_Send', { phone_number: { type: 'string', 'x-compare': 'digits' }, content: { type: 'string' } }),
  tool('Schedule_Create', {
    title: { type: 'string', 'x-compare': 'casefold' },
    start: { type: 'string', 'x-compare': 'datetime' },
    place: { type: 'string', 'x-compare': 'strip' },
    attendees: { type: 'array', items: { type: 'string' }, 'x-compare': 'set' },
    note: { type: 'string' },
  }),
  tool('Phone_Call', { telephone: { type: 'string' } }),
  tool('Delegate_Finance', { task: { type: 'string' } }, 'delegate'),
  tool('Ask_User', { question: { type: 'string' } }, 'ask'),
  tool('Memory_Lookup', { query: { type: 'string' } }, 'read'),
  tool('get_memory', { id: { type: 'string' } }),
  tool('search_contacts', { pattern: { type: 'string' } }),
]
const props = toolProperties(TOOLS)

const send = (phone: string, content = 'hi'): PredictedCall => ({ name: 'Messages_Send', arguments: { phone_number: phone, content } })
const call = (telephone: string): PredictedCall => ({ name: 'Phone_Call', arguments: { telephone } })
const delegate = (task: string): PredictedCall => ({ name: 'Delegate_Finance', arguments: { task } })
const ask = (question = 'Which one?'): PredictedCall => ({ name: 'Ask_User', arguments: { question } })
const asGold = (c: PredictedCall): GoldCall => ({ name: c.name, arguments: Object.fromEntries(Object.entries(c.arguments as Record<string, unknown>).map(([k, v]) => [k, [v]])) })

function task(answer: GoldCall[], planner?: PlannerMetadata, freeParams?: string[][]) {
  return { id: 't', answer, freeParams: freeParams ?? answer.map(() => []), ...(planner ? { planner } : {}) }
}
const verdictOf = (t: ReturnType<typeof task>, calls: PredictedCall[]) => {
  const judged = judgeTask(t, calls, props)
  const explained = scoreTask(t, calls, props)
  // The settled verdict is always the explained one.
  expect([judged.correct, judged.errorType]).toEqual([explained.correct, explained.errorType])
  return explained
}
const errorOf = (t: ReturnType<typeof task>, calls: PredictedCall[]) => verdictOf(t, calls).errorType

describe('x-compare', () => {
  const schedule = (args: Record<string, unknown>): PredictedCall => ({ name: 'Schedule_Create', arguments: args })
  const gold = task([{ name: 'Schedule_Create', arguments: { title: ['Team sync'], start: ['2026-03-14 09:00:00'], place: ['Room 4'], attendees: [['Ann', 'Bob']], note: ['Bring slides'] } }])
  const right = { title: 'Team sync', start: '2026-03-14 09:00:00', place: 'Room 4', attendees: ['Ann', 'Bob'], note: 'Bring slides' }
  const withValue = (param: string, value: unknown) => errorOf(gold, [schedule({ ...right, [param]: value })])

  it('casefold forgives letter case and full-width forms, nothing else', () => {
    expect(withValue('title', 'TEAM SYNC')).toBeNull()
    expect(withValue('title', 'ｔｅａｍ Ｓｙｎｃ')).toBeNull()
    expect(withValue('title', 'Team  sync')).toBe('wrong_value')
    expect(rewritten('casefold', 'Straße')).toBe(rewritten('casefold', 'STRASSE'))
  })

  it('strip forgives white space at the ends only', () => {
    expect(withValue('place', '  Room 4\u3000')).toBeNull()
    expect(withValue('place', 'Room  4')).toBe('wrong_value')
    expect(withValue('place', 'room 4')).toBe('wrong_value')
  })

  it('digits compares the digits alone, and a number as its digits', () => {
    const gold = task([{ name: 'Messages_Send', arguments: { phone_number: ['13822419087'], content: ['hi'] } }])
    expect(errorOf(gold, [send('138-2241 9087')])).toBeNull()
    expect(errorOf(gold, [send('（１３８）2241-9087')])).toBeNull()
    expect(errorOf(gold, [{ name: 'Messages_Send', arguments: { phone_number: 13822419087, content: 'hi' } }])).toBeNull()
    expect(errorOf(gold, [send('+86 138 2241 9087')])).toBe('wrong_value')
    expect(errorOf(gold, [send('1382241908')])).toBe('wrong_value')
    // Without digits a value keeps its text: nothing is equal for lack of digits.
    expect(rewritten('digits', 'n/a')).toBe('n/a')
  })

  it('datetime compares dates and times however they are written, never a date with a date and time', () => {
    for (const start of ['2026/3/14 9:00', '2026-03-14T09:00', '2026.03.14 09:00:00', '2026年3月14日 9:00']) expect(withValue('start', start)).toBeNull()
    for (const start of ['2026-03-14', '2026-03-14 09:01', '2026-03-15 09:00', '9:00']) expect(withValue('start', start)).toBe('wrong_value')
    expect(rewritten('datetime', '9:5')).toBe('09:05:00')
    // What does not read as a date (an impossible month, a time zone) compares as its trimmed text.
    expect(rewritten('datetime', ' 2026-13-01 09:00 ')).toBe('2026-13-01 09:00')
    expect(rewritten('datetime', '2026-03-14T09:00Z')).toBe('2026-03-14T09:00Z')
  })

  it('set compares lists as sets: order and repeats aside', () => {
    expect(withValue('attendees', ['Bob', 'Ann', 'Bob'])).toBeNull()
    expect(withValue('attendees', ['Ann'])).toBe('wrong_value')
    expect(withValue('attendees', ['Ann', 'Bob', 'Cy'])).toBe('wrong_value')
    // A flat gold list is the one acceptable list, as under exact.
    const flat = task([{ name: 'Schedule_Create', arguments: { attendees: ['Ann', 'Bob'] } }])
    expect(errorOf(flat, [schedule({ attendees: ['Bob', 'Bob', 'Ann'] })])).toBeNull()
  })

  it('exact stays the default: a parameter without x-compare is compared as before', () => {
    expect(withValue('note', 'bring slides')).toBe('wrong_value')
    expect(withValue('note', ' Bring slides')).toBe('wrong_value')
    const published = task([{ name: 'Phone_Call', arguments: { telephone: ['13822419087'] } }])
    expect(errorOf(published, [call('138-2241-9087')])).toBe('wrong_value')
  })
})

describe('alternatives', () => {
  const alternatives = [{ answer: [asGold(call('13822419087'))], freeParams: [[]] }, { answer: [asGold(send('13822419087', 'x'))], freeParams: [['content']] }]
  const t = task([asGold(send('13822419087', 'Running late'))], { alternatives })

  it('takes the first correct gold set, and names the alternative', () => {
    expect(verdictOf(t, [send('13822419087', 'Running late')])).toMatchObject({ correct: true, errorType: null })
    expect(verdictOf(t, [send('13822419087', 'Running late')]).alternative).toBeUndefined()
    expect(verdictOf(t, [call('13822419087')])).toMatchObject({ correct: true, alternative: 0 })
    // Each alternative has its own free parameters.
    expect(verdictOf(t, [send('13822419087', 'Anything at all')])).toMatchObject({ correct: true, alternative: 1 })
  })

  it('among wrong ones takes the fewest mismatches, then answer first', () => {
    // A wrong number: one mismatch against answer, one against each alternative (tool or value): answer wins the tie.
    const wrong = verdictOf(t, [send('13900000000', 'Running late')])
    expect(wrong).toMatchObject({ correct: false, errorType: 'wrong_value' })
    expect(wrong.alternative).toBeUndefined()
    // A call of the answer's tool: against the answer, a wrong tool (one mismatch), as against the alternative, a wrong value.
    expect(verdictOf(t, [call('13900000000')])).toMatchObject({ correct: false, errorType: 'wrong_tool', mismatches: [{ param: '(tool)' }] })
    // Against two calls it is a wrong tool and a missing call; against the alternative, still one wrong value.
    const two = task([asGold(send('13822419087', 'a')), asGold(send('13655208731', 'b'))], { alternatives: alternatives.slice(0, 1) })
    const phoned = verdictOf(two, [call('13900000000')])
    expect(phoned).toMatchObject({ correct: false, errorType: 'wrong_value', alternative: 0 })
    expect(phoned.mismatches).toHaveLength(1)
  })
})

describe('order', () => {
  const first = delegate('Check the refund')
  const second = send('13822419087', 'Refund checked')
  const ordered = task([asGold(first), asGold(second)], { order: [[0, 1]] })

  it('a call made before one the order puts first is wrong_order; the same calls in order are right', () => {
    expect(errorOf(ordered, [first, second])).toBeNull()
    const verdict = verdictOf(ordered, [second, first])
    expect(verdict.errorType).toBe('wrong_order')
    expect(verdict.mismatches).toEqual([{ gold: 1, predicted: 0, tool: 'Messages_Send', param: '(order)', status: 'out_of_order', expected: [0] }])
    // Without order, the calls pair in any order, as before.
    expect(errorOf(task([asGold(first), asGold(second)]), [second, first])).toBeNull()
  })

  it('is a partial order: calls it does not relate go anywhere', () => {
    const third = call('13655208731')
    const t = task([asGold(first), asGold(second), asGold(third)], { order: [[0, 1]] })
    expect(errorOf(t, [third, first, second])).toBeNull()
    expect(errorOf(t, [first, third, second])).toBeNull()
    expect(errorOf(t, [second, third, first])).toBe('wrong_order')
  })

  it('pairs calls that are as good a match in the order, so that a tie never breaks an edge', () => {
    const chain = task(
      [0, 1, 2].map(() => asGold(send('13822419087', 'x'))),
      { order: [[2, 1], [1, 0]] },
      [['content'], ['content'], ['content']],
    )
    const made = ['a', 'b', 'c'].map((content) => send('13822419087', content))
    for (const calls of [made, [...made].reverse(), [made[1], made[2], made[0]] as PredictedCall[]]) expect(errorOf(chain, calls)).toBeNull()
  })

  it('counts after today\'s errors', () => {
    expect(errorOf(ordered, [send('13822419087', 'Refund checked'), delegate('Something else')])).toBe('wrong_value')
    expect(errorOf(ordered, [second])).toBe('wrong_count')
  })
})

describe('extraneous', () => {
  const gold = [asGold(send('13822419087', 'hi'))]
  const right = send('13822419087', 'hi')

  it('no_extra_writes, the default with a bucket: a call beyond the gold is extra_write, not wrong_count', () => {
    expect(errorOf(task(gold, { bucket: 'tool_call' }), [right, call('13655208731')])).toBe('extra_write')
    expect(errorOf(task(gold, { extraneous: { policy: 'no_extra_writes', allow: {} } }), [right, right])).toBe('extra_write')
    // Without a policy, as today.
    expect(errorOf(task(gold), [right, call('13655208731')])).toBe('wrong_count')
    // State tasks have the collateral check: the calls' verdict counts as today.
    expect(errorOf(task(gold, { bucket: 'state_change' }), [right, call('13655208731')])).toBe('wrong_count')
    const byState = { ...task(gold, { extraneous: { policy: 'no_extra_writes', allow: {} } }), live: { verify: 'state' as const } }
    expect(errorOf(byState, [right, call('13655208731')])).toBe('wrong_count')
  })

  it('pairs first: the surplus is what the gold did not take, and fewer calls than the gold is still a wrong count', () => {
    const verdict = verdictOf(task(gold, { bucket: 'tool_call' }), [send('13900000000', 'hi'), right])
    expect(verdict.errorType).toBe('extra_write')
    expect(verdict.pairing).toEqual([[0, 1]])
    expect(verdict.mismatches).toEqual([{ gold: -1, predicted: 0, tool: 'Messages_Send', param: '(call)', status: 'unexpected' }])
    expect(errorOf(task([...gold, asGold(call('1'))], { bucket: 'tool_call' }), [right])).toBe('wrong_count')
  })

  it('allow is a budget per tool, spent by the first surplus calls', () => {
    const t = task(gold, { extraneous: { policy: 'no_extra_writes', allow: { Messages_Send: 1 } } })
    expect(verdictOf(t, [right, send('13900000000')])).toMatchObject({ correct: true, mismatches: [] })
    const twice = verdictOf(t, [send('13900000000'), right, send('13911112222')])
    expect(twice.errorType).toBe('extra_write')
    expect(twice.mismatches.map((m) => m.predicted)).toEqual([2])
    expect(errorOf(t, [right, call('13655208731')])).toBe('extra_write')
  })

  it('counts asks, never pairs them, and counts no read or meta call', () => {
    const t = task(gold, { bucket: 'tool_call' })
    const asked = verdictOf(t, [ask(), right])
    expect(asked.errorType).toBe('extra_write')
    expect(asked.pairing).toEqual([[0, 0]])
    expect(asked.mismatches).toEqual([{ gold: -1, predicted: -1, tool: 'Ask_User', param: '(ask)', status: 'unexpected', got: { question: 'Which one?' } }])
    const allowed = task(gold, { bucket: 'tool_call', extraneous: { policy: 'no_extra_writes', allow: { Ask_User: 1 } } })
    expect(errorOf(allowed, [ask(), right])).toBeNull()
    expect(errorOf(allowed, [ask(), ask('Sure?'), right])).toBe('extra_write')
    const reads = [
      { name: 'load_skill', arguments: { name: 'expense-filing' } },
      { name: 'get_memory', arguments: { id: 'mem_1' } },
      { name: 'Memory_Lookup', arguments: { query: 'Tom' } },
      { name: 'search_contacts', arguments: { pattern: 'Tom' } },
    ]
    expect(errorOf(t, [...reads, right])).toBeNull()
    // An ask is never a gold call's partner, whatever the policy.
    expect(errorOf(task(gold), [ask(), right])).toBeNull()
  })

  it('lenient ignores the calls left over, never a wrong pair', () => {
    const t = task(gold, { bucket: 'tool_call', extraneous: { policy: 'lenient', allow: {} } })
    expect(verdictOf(t, [ask(), right, call('13655208731'), send('13900000000')])).toMatchObject({ correct: true, mismatches: [] })
    expect(errorOf(t, [send('13900000000'), call('13655208731')])).toBe('wrong_value')
  })

  it('counts after today\'s errors', () => {
    const t = task([...gold, asGold(call('13655208731'))], { bucket: 'tool_call' })
    expect(errorOf(t, [right, send('13900000000'), call('13655208731'), ask()])).toBe('extra_write')
    expect(errorOf(t, [send('13822419087', 'bye'), call('13655208731'), ask()])).toBe('wrong_value')
    expect(errorOf(t, [right, delegate('x'), ask()])).toBe('wrong_tool')
    expect(errorOf(t, [right, right, ask()])).toBe('wrong_tool')
  })
})

describe('mentions', () => {
  const gold = [asGold(delegate('x'))]
  const required = { call: 0, param: 'task', all: ['Tom Ruiz', '138-2241-9087'], any: [['refund', 'reimburse']] }
  const t = task(gold, { mentions: [required] }, [['task']])

  it('finds each fact after NFKC, lower case, and white space and punctuation removed', () => {
    expect(errorOf(t, [delegate('Please REFUND order 8841 for tom-ruiz (１３８ 2241 9087).')])).toBeNull()
    expect(errorOf(t, [delegate('Reimburse TomRuiz, +86 13822419087')])).toBeNull()
    expect(mentions('Tom\u3000Ruiz', 'tom ruiz')).toBe(true)
    expect(mentions('ＴＯＭ、Ruiz', 'Tom Ruiz')).toBe(true)
  })

  it('a number compares its digits in a row, anywhere among the digits of the text', () => {
    expect(mentions('call 138 2241 9087 today', '(138) 2241-9087')).toBe(true)
    expect(mentions('call 138 2241 9086', '13822419087')).toBe(false)
    // Digits with letters is no number: it is compared as text.
    expect(mentions('order A-12', 'a12')).toBe(true)
    expect(mentions('order A 1 2 x', 'a12x')).toBe(true)
  })

  it('what is missing is mention_missing, listing the facts not found', () => {
    const verdict = verdictOf(t, [delegate('Refund for Tom Ruiz')])
    expect(verdict.errorType).toBe('mention_missing')
    expect(verdict.mismatches).toEqual([{ gold: 0, predicted: 0, tool: 'Delegate_Finance', param: 'task', status: 'mention_missing', expected: ['138-2241-9087'], got: 'Refund for Tom Ruiz' }])
    const none = verdictOf(t, [{ name: 'Delegate_Finance', arguments: {} }])
    expect(none.mismatches[0]).toMatchObject({ status: 'mention_missing', expected: ['Tom Ruiz', '138-2241-9087', ['refund', 'reimburse']] })
    expect(none.mismatches[0]).not.toHaveProperty('got')
  })
})

describe('precedence', () => {
  const first = delegate('Refund Tom Ruiz')
  const second = send('13822419087', 'Refund on its way')
  const t = task([asGold(first), asGold(second)], { bucket: 'tool_call', order: [[0, 1]], mentions: [{ call: 0, param: 'task', all: ['Tom Ruiz'], any: [] }] }, [['task'], []])
  const noName = delegate('Refund him')

  it('today\'s errors, then wrong_order, extra_write, mention_missing', () => {
    expect(errorOf(t, [send('13822419087', 'wrong'), noName, ask()])).toBe('wrong_value')
    const all = verdictOf(t, [second, noName, ask()])
    expect(all.errorType).toBe('wrong_order')
    expect(all.mismatches.map((m) => m.status)).toEqual(['out_of_order', 'unexpected', 'mention_missing'])
    expect(errorOf(t, [noName, second, ask()])).toBe('extra_write')
    expect(errorOf(t, [noName, second])).toBe('mention_missing')
    expect(errorOf(t, [first, second])).toBeNull()
  })
})
