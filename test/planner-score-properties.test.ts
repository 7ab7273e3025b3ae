// Properties of the planner call checks (#28): order is a partial order over the calls made, extraneous a budget per tool.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { judgeTask, scoreTask, toolProperties } from '../src/core/index'
import type { GoldCall, PlannerMetadata, PredictedCall, ToolSchema } from '../src/core/index'

const TOOLS = [
  { type: 'function', function: { name: 'Messages_Send', description: '', parameters: { type: 'object', properties: { phone_number: { type: 'string' }, content: { type: 'string' } } } } },
  { type: 'function', function: { name: 'Delegate_Finance', description: '', 'x-kind': 'delegate', parameters: { type: 'object', properties: { task: { type: 'string' } } } } },
  { type: 'function', function: { name: 'Ask_User', description: '', 'x-kind': 'ask', parameters: { type: 'object', properties: { question: { type: 'string' } } } } },
  { type: 'function', function: { name: 'get_memory', description: '', parameters: { type: 'object', properties: { id: { type: 'string' } } } } },
] as ToolSchema[]
const props = toolProperties(TOOLS)

const send = (phone: string, content = 'hi'): PredictedCall => ({ name: 'Messages_Send', arguments: { phone_number: phone, content } })
const goldSend = (phone: string): GoldCall => ({ name: 'Messages_Send', arguments: { phone_number: [phone], content: ['hi'] } })
const task = (answer: GoldCall[], planner: PlannerMetadata, freeParams = answer.map((): string[] => [])) => ({ id: 't', answer, freeParams, planner })

/** Verdict and settled verdict agree, and the explanation is the verdict's. */
function verdict(t: ReturnType<typeof task>, calls: PredictedCall[]) {
  const judged = judgeTask(t, calls, props)
  const explained = scoreTask(t, calls, props)
  expect([judged.correct, judged.errorType]).toEqual([explained.correct, explained.errorType])
  return explained
}

const permutation = (n: number) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n })

/** n calls, edges between them (each from earlier to later in a hidden order of the calls: no cycle), and the order they are made in. */
const orderedCalls = fc
  .integer({ min: 1, max: 7 })
  .chain((n) =>
    fc.record({
      n: fc.constant(n),
      edges:
        n < 2
          ? fc.constant<[number, number][]>([])
          : fc
              .tuple(
                permutation(n),
                fc.uniqueArray(
                  fc.tuple(fc.nat(n - 2), fc.nat(n - 2)).map(([a, b]): [number, number] => [Math.min(a, b), Math.max(a, b) + 1]),
                  { maxLength: 8, selector: ([a, b]) => `${a}-${b}` },
                ),
              )
              .map(([hidden, edges]) => edges.map(([a, b]): [number, number] => [hidden[a] ?? a, hidden[b] ?? b])),
      made: permutation(n),
    }),
  )

describe('order', () => {
  it('distinct calls: right exactly when every edge\'s first call is made first, else wrong_order', () => {
    fc.assert(
      fc.property(orderedCalls, ({ n, edges, made }) => {
        const phones = [...Array(n).keys()].map((i) => `1380000000${i}`)
        const t = task(phones.map(goldSend), { order: edges })
        const place = new Map(made.map((g, at) => [g, at]))
        const kept = edges.every(([before, after]) => (place.get(before) ?? 0) < (place.get(after) ?? 0))
        const v = verdict(t, made.map((g) => send(phones[g] ?? '')))
        expect(v.errorType).toBe(kept ? null : 'wrong_order')
        expect(v.mismatches.every((m) => m.status === 'out_of_order')).toBe(true)
      }),
      { numRuns: 400 },
    )
  })

  it('calls as good a match as each other are paired so as to keep the order, whatever order they are made in', () => {
    fc.assert(
      fc.property(orderedCalls, ({ n, edges, made }) => {
        const t = task([...Array(n).keys()].map(() => goldSend('13800000000')), { order: edges }, [...Array(n).keys()].map(() => ['content']))
        expect(verdict(t, made.map((i) => send('13800000000', `message ${i}`))).errorType).toBeNull()
      }),
      { numRuns: 300 },
    )
  })
})

describe('extraneous', () => {
  const surplus = fc.array(
    fc.oneof(
      fc.constant<PredictedCall>(send('13900000000')),
      fc.constant<PredictedCall>({ name: 'Delegate_Finance', arguments: { task: 'x' } }),
      fc.constant<PredictedCall>({ name: 'Ask_User', arguments: { question: 'x' } }),
      fc.constant<PredictedCall>({ name: 'get_memory', arguments: { id: 'm' } }),
      fc.constant<PredictedCall>({ name: 'load_skill', arguments: { name: 's' } }),
    ),
    { maxLength: 6 },
  )
  const allow = fc.record({ Messages_Send: fc.nat(2), Delegate_Finance: fc.nat(2), Ask_User: fc.nat(2) }, { requiredKeys: [] })

  it('no_extra_writes: right exactly when each tool\'s calls beyond the gold fit its budget; reads and meta calls never count', () => {
    fc.assert(
      fc.property(surplus, allow, fc.nat(), (extra, budget, at) => {
        const gold = [goldSend('13800000000'), goldSend('13811111111')]
        const calls = [send('13800000000'), send('13811111111')]
        calls.splice(0, 0, ...extra.slice(0, at % (extra.length + 1)))
        calls.push(...extra.slice(at % (extra.length + 1)))
        const counts = new Map<string, number>()
        for (const c of extra) counts.set(c.name, (counts.get(c.name) ?? 0) + 1)
        const fits = ['Messages_Send', 'Delegate_Finance', 'Ask_User'].every((name) => (counts.get(name) ?? 0) <= (budget[name as keyof typeof budget] ?? 0))
        const v = verdict(task(gold, { bucket: 'tool_call', extraneous: { policy: 'no_extra_writes', allow: budget } }), calls)
        expect(v.errorType).toBe(fits ? null : 'extra_write')
        const lenient = verdict(task(gold, { bucket: 'tool_call', extraneous: { policy: 'lenient', allow: {} } }), calls)
        expect(lenient).toMatchObject({ correct: true, mismatches: [] })
      }),
      { numRuns: 400 },
    )
  })

  it('without order, a planner verdict does not depend on the order the calls are made in', () => {
    fc.assert(
      fc.property(surplus, fc.nat(), fc.boolean(), (extra, rotation, wrong) => {
        const gold = [goldSend('13800000000'), goldSend('13800000000'), { name: 'Delegate_Finance', arguments: { task: ['Refund Tom'] } }]
        const t = task(gold, { bucket: 'tool_call', alternatives: [{ answer: gold.slice(0, 2), freeParams: [[], []] }], mentions: [{ call: 2, param: 'task', all: ['tom'], any: [] }] }, [[], [], ['task']])
        const calls = [send('13800000000', wrong ? 'bye' : 'hi'), send('13800000000'), { name: 'Delegate_Finance', arguments: { task: 'refund TOM now' } }, ...extra]
        const r = rotation % calls.length
        const base = verdict(t, calls)
        const again = verdict(t, [...calls.slice(r), ...calls.slice(0, r)].reverse())
        expect([again.correct, again.errorType, again.mismatches.length, again.alternative]).toEqual([base.correct, base.errorType, base.mismatches.length, base.alternative])
      }),
      { numRuns: 300 },
    )
  })
})
