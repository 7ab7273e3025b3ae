import { describe, expect, it } from 'vitest'
import { SPIEVAL_PROFILE } from '../src/core/index'
import type { TaskRecords } from '../src/core/index'
import { BUILTIN_EFFECTS, LiveState, correctUnder, stateVerdict, verifyOf } from '../src/core/live/index'
import type { Effect, ExpectedChange } from '../src/core/live/index'

const profile = SPIEVAL_PROFILE

const records = (): TaskRecords => ({
  alarm: [
    { 时间: '06:45:00', 闹钟名: '游泳', 状态: 'On' },
    { 时间: '18:00:00', 闹钟名: '健身', 状态: 'Off' },
  ],
  notes: [
    { 标题: '旧购物清单', 内容: '牛奶' },
    { 标题: '会议', 内容: '周一' },
  ],
  meeting: [{ 标题: '周会', 参会人: ['Tom', 'Rachel'] }],
})

const alarmInsert = BUILTIN_EFFECTS.Clock_CreateAlarm as Effect
const alarmUpdate: Effect = { app: 'alarm', op: 'update', where: { 闹钟名: 'name' }, fields: { time: '时间', status: '状态' } }
const noteDelete: Effect = { app: 'notes', op: 'delete', where: { 标题: 'title' } }
const meetingUpdate: Effect = { app: 'meeting', op: 'update', where: { 标题: 'title' }, fields: { people: '参会人', title2: '标题' } }

/** A state after these calls, each of which must succeed. */
function after(...calls: [Effect, Record<string, unknown>][]): LiveState {
  const state = LiveState.fromRecords(records())
  for (const [effect, args] of calls) expect(state.apply(effect, args, profile).ok).toBe(true)
  return state
}

const verdict = (state: LiveState, expected: ExpectedChange[]) => stateVerdict(records(), state, expected)

const designExample: ExpectedChange[] = [
  { app: 'alarm', op: 'insert', record: { 时间: ['07:30:00'], 闹钟名: ['起床', null] } },
  { app: 'alarm', op: 'update', where: { 闹钟名: '健身' }, record: { 时间: ['19:00:00'] } },
  { app: 'notes', op: 'delete', where: { 标题: '旧购物清单' } },
]

describe('state verdict', () => {
  it('accepts the expected insert, update and delete, in any order of calls', () => {
    const state = after(
      [noteDelete, { title: '旧购物清单' }],
      [alarmUpdate, { name: '健身', time: '19:00:00' }],
      [alarmInsert, { time: '07:30:00', alarmDuration: 5 }],
    )
    const v = verdict(state, designExample)
    expect(v).toEqual({
      correct: true,
      errorType: null,
      mismatches: [],
      pairing: [
        { change: 0, id: 'alarm:n1' },
        { change: 1, id: 'alarm:1' },
        { change: 2, id: 'notes:0' },
      ],
    })
  })

  it('pairs inserts optimally where a greedy pairing fails', () => {
    const expected: ExpectedChange[] = [
      { app: 'alarm', op: 'insert', record: { 时间: ['07:00:00', '08:00:00'] } },
      { app: 'alarm', op: 'insert', record: { 时间: ['07:00:00'] } },
    ]
    // Greedy in order would give the 07:00 alarm to the first change and leave 08:00 for the second.
    const state = after([alarmInsert, { time: '07:00:00' }], [alarmInsert, { time: '08:00:00' }])
    const v = verdict(state, expected)
    expect(v.correct).toBe(true)
    expect(v.pairing).toEqual([
      { change: 0, id: 'alarm:n2' },
      { change: 1, id: 'alarm:n1' },
    ])
    const wrong = verdict(after([alarmInsert, { time: '08:00:00' }], [alarmInsert, { time: '09:00:00' }]), expected)
    expect(wrong.errorType).toBe('wrong_change')
    expect(wrong.mismatches).toEqual([
      { errorType: 'wrong_change', reason: 'wrong_value', change: 1, app: 'alarm', op: 'insert', id: expect.any(String), field: '时间', expected: ['07:00:00'], got: expect.any(String) },
    ])
  })

  it('names a missing change', () => {
    const v = verdict(after([noteDelete, { title: '旧购物清单' }]), designExample)
    expect(v.errorType).toBe('missing_change')
    expect(v.mismatches).toEqual([
      { errorType: 'missing_change', reason: 'not_made', change: 0, app: 'alarm', op: 'insert', id: null },
      { errorType: 'missing_change', reason: 'wrong_value', change: 1, app: 'alarm', op: 'update', id: 'alarm:1', field: '时间', expected: ['19:00:00'], got: '18:00:00' },
    ])
  })

  it('names a wrong value of an insert, with app, op, record id, field, expected and got', () => {
    const state = after(
      [noteDelete, { title: '旧购物清单' }],
      [alarmUpdate, { name: '健身', time: '19:00:00' }],
      [alarmInsert, { time: '07:00:00', name: '起床' }],
    )
    const v = verdict(state, designExample)
    expect(v.errorType).toBe('wrong_change')
    expect(v.mismatches).toEqual([
      { errorType: 'wrong_change', reason: 'wrong_value', change: 0, app: 'alarm', op: 'insert', id: 'alarm:n1', field: '时间', expected: ['07:30:00'], got: '07:00:00' },
    ])
    // An insert's unlisted fields are free; a listed field with null may be absent, but not wrong.
    const wrongName = verdict(after([alarmInsert, { time: '07:30:00', name: '上班' }]), designExample.slice(0, 1))
    expect(wrongName.mismatches).toEqual([expect.objectContaining({ field: '闹钟名', expected: ['起床', null], got: '上班' })])
  })

  it('fails an update that changes a field it does not list', () => {
    const expected = designExample.slice(1, 2)
    expect(verdict(after([alarmUpdate, { name: '健身', time: '19:00:00' }]), expected).correct).toBe(true)
    const v = verdict(after([alarmUpdate, { name: '健身', time: '19:00:00', status: 'On' }]), expected)
    expect(v.errorType).toBe('wrong_change')
    expect(v.mismatches).toEqual([
      { errorType: 'wrong_change', reason: 'changed', change: 0, app: 'alarm', op: 'update', id: 'alarm:1', field: '状态', expected: ['Off'], got: 'On' },
    ])
  })

  it('fails the wrong operation on the named record', () => {
    const deleted = verdict(after([{ app: 'alarm', op: 'delete', where: { 闹钟名: 'name' } }, { name: '健身' }]), designExample.slice(1, 2))
    expect(deleted.errorType).toBe('wrong_change')
    expect(deleted.mismatches).toEqual([expect.objectContaining({ reason: 'wrong_op', op: 'update', got: 'delete', id: 'alarm:1' })])
    const updated = verdict(after([{ app: 'notes', op: 'update', where: { 标题: 't' }, fields: { c: '内容' } }, { t: '旧购物清单', c: '鸡蛋' }]), designExample.slice(2))
    expect(updated.mismatches).toEqual([expect.objectContaining({ reason: 'wrong_op', op: 'delete', got: 'update', id: 'notes:0' })])
  })

  it('fails every change no expected change accounts for, as collateral', () => {
    const right: [Effect, Record<string, unknown>][] = [
      [noteDelete, { title: '旧购物清单' }],
      [alarmUpdate, { name: '健身', time: '19:00:00' }],
      [alarmInsert, { time: '07:30:00' }],
    ]
    const extraDelete = verdict(after(...right, [noteDelete, { title: '会议' }]), designExample)
    expect(extraDelete.errorType).toBe('collateral_change')
    expect(extraDelete.mismatches).toEqual([
      { errorType: 'collateral_change', reason: 'collateral', change: -1, app: 'notes', op: 'delete', id: 'notes:1', record: { 标题: '会议', 内容: '周一' } },
    ])
    const extraInsert = verdict(after(...right, [alarmInsert, { time: '07:30:00' }]), designExample)
    expect(extraInsert.mismatches).toEqual([expect.objectContaining({ errorType: 'collateral_change', op: 'insert', id: 'alarm:n2' })])
    const extraUpdate = verdict(after(...right, [alarmUpdate, { name: '游泳', status: 'Off' }]), designExample)
    expect(extraUpdate.mismatches).toEqual([
      { errorType: 'collateral_change', reason: 'collateral', change: -1, app: 'alarm', op: 'update', id: 'alarm:0', field: '状态', expected: ['On'], got: 'Off' },
    ])
  })

  it('reports the first error type that applies: missing, then wrong, then collateral', () => {
    const v = verdict(after([noteDelete, { title: '会议' }], [alarmUpdate, { name: '健身', time: '20:00:00' }]), designExample)
    expect(v.errorType).toBe('missing_change')
    expect(new Set(v.mismatches.map((m) => m.errorType))).toEqual(new Set(['missing_change', 'wrong_change', 'collateral_change']))
    // Expected changes first, in their order; collateral last.
    expect(v.mismatches.map((m) => m.change)).toEqual([0, 1, 2, -1])
  })

  it('judges the state left, not the path: a change undone is no change', () => {
    const state = after([alarmInsert, { time: '05:00:00', name: 'tmp' }], [{ app: 'alarm', op: 'delete', where: { 闹钟名: 'n' } }, { n: 'tmp' }])
    expect(verdict(state, []).correct).toBe(true)
    expect(verdict(after([alarmInsert, { time: '05:00:00' }]), []).errorType).toBe('collateral_change')
    const back = after([alarmUpdate, { name: '健身', status: 'On' }], [alarmUpdate, { name: '健身', status: 'Off' }])
    expect(back.changes()).toEqual([])
  })

  it('reads a flat list of acceptable scalars as the one list, in any order', () => {
    const expected: ExpectedChange[] = [{ app: 'meeting', op: 'update', where: { 标题: '周会' }, record: { 参会人: ['Tom', 'Rachel', 'Priya'] } }]
    expect(verdict(after([meetingUpdate, { title: '周会', people: ['Priya', 'Tom', 'Rachel'] }]), expected).correct).toBe(true)
    expect(verdict(after([meetingUpdate, { title: '周会', people: ['Priya', 'Tom'] }]), expected).errorType).toBe('wrong_change')
    const lists: ExpectedChange[] = [{ app: 'meeting', op: 'update', where: { 标题: '周会' }, record: { 参会人: [['Tom'], ['Rachel']] } }]
    expect(verdict(after([meetingUpdate, { title: '周会', people: ['Rachel'] }]), lists).correct).toBe(true)
  })

  it('refuses a state made from other records', () => {
    const state = after([alarmInsert, { time: '05:00:00' }])
    expect(() => stateVerdict({ alarm: [] }, state, [])).toThrow(/not made from these records/)
  })

  it('handles a thousand changes against a few expected ones', () => {
    const state = LiveState.fromRecords(records())
    for (let i = 0; i < 1000; i++) state.apply(alarmInsert, { time: `${String(i % 24).padStart(2, '0')}:00:00`, name: `a${i}` }, profile)
    const expected: ExpectedChange[] = [{ app: 'alarm', op: 'insert', record: { 闹钟名: ['a999'] } }]
    const v = verdict(state, expected)
    expect(v.pairing).toEqual([{ change: 0, id: 'alarm:n1000' }])
    expect(v.mismatches.filter((m) => m.errorType === 'collateral_change')).toHaveLength(999)
  })
})

describe('verify modes', () => {
  it('defaults to calls without expected state and both with it', () => {
    expect(verifyOf(undefined)).toBe('calls')
    expect(verifyOf({})).toBe('calls')
    expect(verifyOf({ expectedState: [] })).toBe('both')
    expect(verifyOf({ expectedState: [], verify: 'state' })).toBe('state')
  })

  it('combines the verdicts as the mode says', () => {
    expect(correctUnder('calls', true, false)).toBe(true)
    expect(correctUnder('state', false, true)).toBe(true)
    expect(correctUnder('state', true, undefined)).toBe(false)
    expect(correctUnder('both', true, true)).toBe(true)
    expect(correctUnder('both', true, false)).toBe(false)
    expect(correctUnder('both', false, true)).toBe(false)
  })
})
