import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SPIEVAL_PROFILE } from '../src/core/index'
import type { TaskRecords } from '../src/core/index'
import { BUILTIN_EFFECTS, LiveState, stateVerdict } from '../src/core/live/index'
import type { Effect, ExpectedChange } from '../src/core/live/index'
import { referenceStateVerdict } from './support/referenceStateVerdict'

// The state verdict pairs inserts through an index where the pairing is forced, and solves the rest:
// on random states and expected changes it must give the verdict the full assignment gave.

const records = (): TaskRecords => ({
  alarm: [
    { 时间: '06:45:00', 闹钟名: '游泳', 状态: 'On' },
    { 时间: '18:00:00', 闹钟名: '健身', 状态: 'Off' },
  ],
  notes: [
    { 标题: '旧购物清单', 内容: '牛奶' },
    { 标题: '会议', 内容: '周一' },
    { 标题: '会议', 内容: '周二' },
  ],
  meeting: [{ 标题: '周会', 参会人: ['Tom', 'Rachel'] }],
})

const alarmUpdate: Effect = { app: 'alarm', op: 'update', where: { 闹钟名: 'name' }, fields: { time: '时间', status: '状态' } }
const noteDelete: Effect = { app: 'notes', op: 'delete', where: { 标题: 'title' } }

// Few values, so that records collide: identical inserts, records fitting several expected ones, near misses.
const time = fc.constantFrom('07:00:00', '08:00:00', '06:45:00')
// Also values of their own, so that an expected insert often fits one record only.
const name = fc.oneof({ weight: 1, arbitrary: fc.constantFrom('a', 'b', '游泳', '健身') }, { weight: 4, arbitrary: fc.nat(200).map((n) => `n${n}`) })
const content = fc.oneof({ weight: 1, arbitrary: fc.constantFrom('x', 'y', 'z') }, { weight: 4, arbitrary: fc.nat(200).map((n) => `c${n}`) })
const people = fc.subarray(['Tom', 'Rachel', 'Ann'])

// Inserts mostly, so that an app has enough expected inserts for the verdict to index its records.
const call = fc.oneof(
  { weight: 4, arbitrary: fc.record({ effect: fc.constant(BUILTIN_EFFECTS.Clock_CreateAlarm as Effect), args: fc.record({ time, name }, { requiredKeys: ['time'] }) }) },
  { weight: 3, arbitrary: fc.record({ effect: fc.constant(BUILTIN_EFFECTS.TodoList_Create as Effect), args: fc.record({ content }) }) },
  { weight: 2, arbitrary: fc.record({ effect: fc.constant(BUILTIN_EFFECTS.Meeting_Create as Effect), args: fc.record({ title: name, participants: people }) }) },
  { weight: 1, arbitrary: fc.record({ effect: fc.constant(alarmUpdate), args: fc.record({ name: fc.constantFrom('游泳', '健身'), time }) }) },
  { weight: 1, arbitrary: fc.record({ effect: fc.constant(noteDelete), args: fc.record({ title: fc.constantFrom('旧购物清单', '会议') }) }) },
)

/** Acceptable values of a field: one or two of the pool, sometimes null (absent is fine). */
const acceptable = <T>(value: fc.Arbitrary<T>) => fc.tuple(fc.array(value, { minLength: 1, maxLength: 2 }), fc.boolean()).map(([vs, orNull]) => (orNull ? [...vs, null] : vs) as unknown[])

const expectedChange: fc.Arbitrary<ExpectedChange> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ 时间: acceptable(time), 闹钟名: acceptable(name) }, { requiredKeys: [] }).map((record): ExpectedChange => ({ app: 'alarm', op: 'insert', record })) },
  { weight: 2, arbitrary: fc.record({ 内容: acceptable(content) }, { requiredKeys: [] }).map((record): ExpectedChange => ({ app: 'notes', op: 'insert', record })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ 标题: acceptable(name), 参会人: fc.oneof(acceptable(people), people.map((p) => p as unknown[])) }, { requiredKeys: [] })
      .map((record): ExpectedChange => ({ app: 'meeting', op: 'insert', record })),
  },
  { weight: 1, arbitrary: fc.record({ 闹钟名: fc.constantFrom('游泳', '健身'), 时间: acceptable(time) }).map(({ 闹钟名, 时间 }): ExpectedChange => ({ app: 'alarm', op: 'update', where: { 闹钟名 }, record: { 时间 } })) },
  { weight: 1, arbitrary: fc.constantFrom('旧购物清单', '会议').map((标题): ExpectedChange => ({ app: 'notes', op: 'delete', where: { 标题 } })) },
)

function finalState(calls: { effect: Effect; args: Record<string, unknown> }[]): LiveState {
  const state = LiveState.fromRecords(records())
  for (const { effect, args } of calls) state.apply(effect, args, SPIEVAL_PROFILE)
  return state
}

/** An expected insert a little off: one field taken from `other`, left out or also accepting absence, the insert not expected (by `tweak`), or as it was. */
function nearly(change: ExpectedChange, tweak: number, other: ExpectedChange | undefined): ExpectedChange[] {
  if (tweak >= 18) return []
  const fields = Object.entries(change.record ?? {})
  const at = tweak % Math.max(1, fields.length)
  const field = fields[at]
  if (!field || tweak < 14) return [change]
  const [name, values] = field
  const rest = fields.filter((_, i) => i !== at)
  if (tweak < 16) return [{ ...change, record: Object.fromEntries([...rest, [name, other?.record?.[name] ?? ['n0']]]) }]
  if (tweak < 17) return [{ ...change, record: Object.fromEntries(rest) }]
  return [{ ...change, record: Object.fromEntries([...rest, [name, [...values, null]]]) }]
}

/** Expected changes that the state's own inserts fit exactly: the pairing the shortcut takes. */
function fittingInserts(state: LiveState): ExpectedChange[] {
  return state
    .changes()
    .filter((c) => c.op === 'insert')
    .map((c) => ({ app: c.app, op: 'insert', record: Object.fromEntries(Object.entries(c.after ?? {}).map(([k, v]) => [k, [v]])) }))
}

describe('state verdict pairing', () => {
  it('gives the verdict of the full assignment on random states and expected changes', () => {
    fc.assert(
      fc.property(fc.array(call, { maxLength: 30, size: 'max' }), fc.array(expectedChange, { maxLength: 8 }), fc.array(fc.nat(21), { maxLength: 30, size: 'max' }), fc.array(fc.nat(29), { maxLength: 3 }), (calls, expected, tweaks, twice) => {
        const state = finalState(calls)
        const fits = fittingInserts(state)
        // Some expected twice: two expected inserts that fit the same record only.
        const again = twice.flatMap((i) => fits.slice(i, i + 1))
        const all = [...fits.flatMap((change, i) => nearly(change, tweaks[i] ?? 0, fits[i + 1])), ...again, ...expected]
        expect(stateVerdict(records(), state, all)).toEqual(referenceStateVerdict(records(), state, all))
      }),
      { numRuns: 1000 },
    )
  })

  it('gives it when many updates and deletes name their records (one, none or two)', () => {
    const placed = fc.oneof(
      fc.record({ 闹钟名: fc.constantFrom('游泳', '健身', 'n1'), 时间: acceptable(time) }).map(({ 闹钟名, 时间 }): ExpectedChange => ({ app: 'alarm', op: 'update', where: { 闹钟名 }, record: { 时间 } })),
      fc.constantFrom('旧购物清单', '会议', 'n2').map((标题): ExpectedChange => ({ app: 'notes', op: 'delete', where: { 标题 } })),
      fc.constantFrom('周一', '周二').map((内容): ExpectedChange => ({ app: 'notes', op: 'update', where: { 标题: '会议', 内容 }, record: { 内容: ['周三'] } })),
    )
    fc.assert(
      fc.property(fc.array(call, { maxLength: 12 }), fc.array(placed, { minLength: 5, maxLength: 12 }), (calls, expected) => {
        const state = finalState(calls)
        expect(stateVerdict(records(), state, expected)).toEqual(referenceStateVerdict(records(), state, expected))
      }),
      { numRuns: 300 },
    )
  })

  it('gives it when every change is expected and each fits one record', () => {
    fc.assert(
      fc.property(fc.array(call, { maxLength: 30, size: 'max' }), fc.array(fc.nat(), { maxLength: 30, size: 'max' }), (calls, order) => {
        const state = finalState(calls)
        const fits = fittingInserts(state)
        // Any order of the expected changes: the pairing must not depend on it.
        const shuffled = fits.map((change, i) => ({ change, key: order[i] ?? i })).sort((a, b) => a.key - b.key).map((x) => x.change)
        expect(stateVerdict(records(), state, shuffled)).toEqual(referenceStateVerdict(records(), state, shuffled))
      }),
      { numRuns: 300 },
    )
  })
})
