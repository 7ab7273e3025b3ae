import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SPIEVAL_PROFILE } from '../src/core/index'
import type { PhoneRecord, TaskRecords } from '../src/core/index'
import { BUILTIN_EFFECTS, LiveState } from '../src/core/live/index'
import type { Effect, ReplayCall } from '../src/core/live/index'

const profile = SPIEVAL_PROFILE

const alarms = (): TaskRecords => ({
  alarm: [
    { 时间: '06:45:00', 闹钟名: '游泳', 状态: 'On' },
    { 时间: '07:30:00', 闹钟名: '起床', 状态: 'On' },
    { 时间: '18:00:00', 闹钟名: '健身', 状态: 'Off' },
    { 时间: '18:00:00', 闹钟名: '做饭', 状态: 'On' },
    { 时间: '21:00:00', 闹钟名: '吃药', '响铃时长（分钟）': 5 },
  ],
  contacts: [{ 姓名: 'Rachel Kim', 电话号码: '13911112222' }],
})

const builtin = (name: string): Effect => {
  const effect = BUILTIN_EFFECTS[name]
  if (!effect) throw new Error(`no built-in effect for ${name}`)
  return effect
}

const updateAlarm: Effect = {
  app: 'alarm',
  op: 'update',
  where: { 闹钟名: 'name' },
  fields: { time: '时间', newName: '闹钟名' },
  set: { 状态: 'On' },
}
const updateByTime: Effect = { app: 'alarm', op: 'update', where: { 时间: 'time' }, fields: { name: '闹钟名' } }
const deleteAlarm: Effect = { app: 'alarm', op: 'delete', where: { 闹钟名: 'name', 时间: 'time' } }

/** A deep copy, to show the task's records are never written. */
const snapshot = (records: TaskRecords): unknown => JSON.parse(JSON.stringify(records))

describe('insert', () => {
  it('appends a record made of the given arguments, as given, under the app’s fields', () => {
    const records = alarms()
    const before = snapshot(records)
    const state = LiveState.fromRecords(records)
    const args = { time: '07:00:00', repeatDayOfWeek: [1, 2, 3], name: '上班', alarmDuration: 5 }
    const result = state.apply(builtin('Clock_CreateAlarm'), args, profile)
    expect(result).toEqual({
      ok: true,
      change: {
        app: 'alarm',
        op: 'insert',
        id: 'alarm:n1',
        after: { 时间: '07:00:00', 重复: [1, 2, 3], 闹钟名: '上班', '响铃时长（分钟）': 5 },
      },
    })
    expect(state.records('alarm')).toHaveLength(6)
    expect(state.records('alarm')[5]).toEqual({ 时间: '07:00:00', 重复: [1, 2, 3], 闹钟名: '上班', '响铃时长（分钟）': 5 })
    expect(state.get('alarm:n1')?.闹钟名).toBe('上班')
    expect(snapshot(records)).toEqual(before)
    // The state keeps its own copy of the arguments.
    args.repeatDayOfWeek.push(4)
    expect(state.get('alarm:n1')?.重复).toEqual([1, 2, 3])
  })

  it('stamps the sender or payer and the profile’s now where the built-in effect says so', () => {
    const state = LiveState.fromRecords({})
    const sent = state.apply(builtin('Messages_Send'), { telephone: '13911112222', text: '到了', attach: ['/a.pdf'] }, profile)
    expect(sent.ok && sent.change.after).toEqual({
      发件人姓名: profile.name,
      发件人电话号码: profile.phone,
      日期: '2025-11-01',
      时间: '12:00:00',
      收件人电话号码: '13911112222',
      正文: '到了',
      附件: ['/a.pdf'],
    })
    const paid = state.apply(builtin('Consumption_Create'), { item: '午餐', amount: 35.5, receivingName: '食堂', receivingAccount: '622' }, profile)
    expect(paid.ok && paid.change.after).toEqual({
      付款人: profile.name,
      付款账号: profile.paymentAccount,
      日期: '2025-11-01',
      时间: '12:00:00',
      项目: '午餐',
      金额: 35.5,
      收款人: '食堂',
      收款账号: '622',
    })
    expect(state.records('sms')).toHaveLength(1)
    expect(state.records('transaction')).toHaveLength(1)
  })

  it('writes set values as defaults an argument overrides', () => {
    const state = LiveState.fromRecords({})
    const args = { dateCheckIn: '2025-11-02', dateCheckOut: '2025-11-03', location: 'Hotel', people: ['A'], telephone: '1' }
    const one = state.apply(builtin('Accommodation_Create'), args, profile)
    const two = state.apply(builtin('Accommodation_Create'), { ...args, num: 2 }, profile)
    expect(one.ok && one.change.after?.数量).toBe(1)
    expect(two.ok && two.change.after?.数量).toBe(2)
    expect(two.ok && two.change.id).toBe('accommodation:n2')
  })

  it('keeps a field named __proto__ an ordinary field', () => {
    const state = LiveState.fromRecords({})
    const effect: Effect = { app: 'notes', op: 'insert', fields: { content: '__proto__' } }
    const result = state.apply(effect, { content: 'x' }, profile)
    expect(result.ok).toBe(true)
    const record = state.records('notes')[0] ?? {}
    expect(Object.keys(record)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype)
  })
})

describe('update and delete', () => {
  it('update writes the given fields, set and stamp on the one matching record, and nothing else', () => {
    const records = alarms()
    const before = snapshot(records)
    const state = LiveState.fromRecords(records)
    const result = state.apply(updateAlarm, { name: '健身', time: '19:00:00' }, profile)
    expect(result).toEqual({
      ok: true,
      change: {
        app: 'alarm',
        op: 'update',
        id: 'alarm:2',
        before: { 时间: '18:00:00', 闹钟名: '健身', 状态: 'Off' },
        after: { 时间: '19:00:00', 闹钟名: '健身', 状态: 'On' },
        fields: ['时间', '状态'],
      },
    })
    expect(state.records('alarm').map((r) => r.时间)).toEqual(['06:45:00', '07:30:00', '19:00:00', '18:00:00', '21:00:00'])
    expect(snapshot(records)).toEqual(before)
    expect(state.baseRecord('alarm:2')).toEqual({ 时间: '18:00:00', 闹钟名: '健身', 状态: 'Off' })
  })

  it('delete removes the one record matching every given where argument', () => {
    const state = LiveState.fromRecords(alarms())
    const result = state.apply(deleteAlarm, { name: '做饭', time: '18:00:00' }, profile)
    expect(result.ok && result.change).toEqual({ app: 'alarm', op: 'delete', id: 'alarm:3', before: { 时间: '18:00:00', 闹钟名: '做饭', 状态: 'On' } })
    expect(state.records('alarm').map((r) => r.闹钟名)).toEqual(['游泳', '起床', '健身', '吃药'])
    expect(state.get('alarm:3')).toBeUndefined()
    // Leaving an optional where argument out drops its condition.
    expect(state.apply(deleteAlarm, { name: '吃药' }, profile).ok).toBe(true)
  })

  it('refuses when no record matches, saying so, and changes nothing', () => {
    const state = LiveState.fromRecords(alarms())
    const result = state.apply(updateAlarm, { name: '午睡', time: '13:00:00' }, profile)
    expect(result).toEqual({
      ok: false,
      message: 'No alarm record has 闹钟名 = "午睡"; nothing was changed.',
      refusal: { app: 'alarm', op: 'update', kind: 'none', match: [['闹钟名', '午睡']] },
    })
    expect(state.version).toBe(0)
    expect(state.changes()).toEqual([])
  })

  it('refuses when several records match, with how many, and changes nothing', () => {
    const state = LiveState.fromRecords(alarms())
    const two = state.apply(updateByTime, { time: '18:00:00', name: 'x' }, profile)
    expect(two.ok).toBe(false)
    expect(!two.ok && two.message).toBe('2 alarm records have 时间 = "18:00:00", and an update acts on exactly one; nothing was changed.')
    expect(!two.ok && two.refusal).toEqual({ app: 'alarm', op: 'update', kind: 'several', count: 2, match: [['时间', '18:00:00']] })
    state.apply(builtin('Clock_CreateAlarm'), { time: '18:00:00' }, profile)
    const three = state.apply(updateByTime, { time: '18:00:00', name: 'x' }, profile)
    expect(!three.ok && three.message).toMatch(/^3 alarm records have/)
    expect(state.changes().map((c) => c.op)).toEqual(['insert'])
  })

  it('compares exactly, as JSON values: "5" is not 5', () => {
    const state = LiveState.fromRecords(alarms())
    const byDuration: Effect = { app: 'alarm', op: 'delete', where: { '响铃时长（分钟）': 'd' } }
    expect(state.apply(byDuration, { d: '5' }, profile).ok).toBe(false)
    expect(state.apply(byDuration, { d: 5 }, profile).ok).toBe(true)
  })

  it('refuses an update or delete given none of its where arguments, and an unknown app', () => {
    const state = LiveState.fromRecords(alarms())
    const none = state.apply(deleteAlarm, {}, profile)
    expect(!none.ok && none.message).toBe('To find the alarm record to delete, give at least one of "name", "time"; nothing was changed.')
    expect(!none.ok && none.refusal).toEqual({ app: 'alarm', op: 'delete', kind: 'unnamed', arguments: ['name', 'time'] })
    const unknown = state.apply({ app: 'fridge', op: 'insert' }, {}, profile)
    expect(!unknown.ok && unknown.message).toMatch(/no app "fridge"/)
    expect(state.version).toBe(0)
  })

  it('acts on inserted records like on the task’s own', () => {
    const state = LiveState.fromRecords(alarms())
    state.apply(builtin('Clock_CreateAlarm'), { time: '05:00:00', name: '早班' }, profile)
    expect(state.apply(updateAlarm, { name: '早班', time: '05:30:00' }, profile).ok).toBe(true)
    expect(state.get('alarm:n1')).toEqual({ 时间: '05:30:00', 闹钟名: '早班', 状态: 'On' })
    expect(state.changes()).toEqual([{ app: 'alarm', op: 'insert', id: 'alarm:n1', after: { 时间: '05:30:00', 闹钟名: '早班', 状态: 'On' } }])
    expect(state.apply({ app: 'alarm', op: 'delete', where: { 闹钟名: 'name' } }, { name: '早班' }, profile).ok).toBe(true)
    expect(state.changes()).toEqual([])
  })
})

describe('changes, serialisation and replay', () => {
  const calls: ReplayCall[] = [
    { name: 'Clock_CreateAlarm', arguments: { time: '05:00:00', name: '早班' } },
    { name: 'Alarm_Update', arguments: { name: '健身', time: '19:30:00' } },
    { name: 'Alarm_Delete', arguments: { name: '游泳' } },
    { name: 'Phone_Call', arguments: { telephone: '13911112222' } },
    { name: 'Contacts_Create', arguments: { name: 'Tom', telephone: '138' } },
    { name: 'Alarm_Delete', arguments: { name: '早班' } },
    { name: 'Clock_CreateAlarm', arguments: { time: '06:00:00', name: '晨跑' } },
  ]
  const effects: Record<string, Effect | undefined> = {
    Clock_CreateAlarm: builtin('Clock_CreateAlarm'),
    Contacts_Create: builtin('Contacts_Create'),
    Alarm_Update: updateAlarm,
    Alarm_Delete: { app: 'alarm', op: 'delete', where: { 闹钟名: 'name' } },
  }
  const effectOf = (name: string): Effect | undefined => effects[name]
  const live = (): LiveState => {
    const state = LiveState.fromRecords(alarms())
    for (const call of calls) {
      const effect = effectOf(call.name)
      if (effect) expect(state.apply(effect, call.arguments, profile).ok).toBe(true)
    }
    return state
  }

  it('lists inserted, updated and deleted records against the task’s records', () => {
    expect(live().changes()).toEqual([
      { app: 'contacts', op: 'insert', id: 'contacts:n1', after: { 姓名: 'Tom', 电话号码: '138' } },
      { app: 'alarm', op: 'delete', id: 'alarm:0', before: { 时间: '06:45:00', 闹钟名: '游泳', 状态: 'On' } },
      {
        app: 'alarm',
        op: 'update',
        id: 'alarm:2',
        before: { 时间: '18:00:00', 闹钟名: '健身', 状态: 'Off' },
        after: { 时间: '19:30:00', 闹钟名: '健身', 状态: 'On' },
        fields: ['时间', '状态'],
      },
      { app: 'alarm', op: 'insert', id: 'alarm:n2', after: { 时间: '06:00:00', 闹钟名: '晨跑' } },
    ])
  })

  it('round-trips through JSON and goes on exactly as the original', () => {
    const state = live()
    const text = JSON.stringify(state.toJSON())
    const restored = LiveState.fromJSON(alarms(), JSON.parse(text))
    expect(JSON.stringify(restored.toJSON())).toBe(text)
    expect(restored.changes()).toEqual(state.changes())
    expect(restored.taskRecords()).toEqual(state.taskRecords())
    const next = { time: '08:00:00', name: '开会' }
    expect(restored.apply(builtin('Clock_CreateAlarm'), next, profile)).toEqual(state.apply(builtin('Clock_CreateAlarm'), next, profile))
    expect(restored.records('alarm')).toEqual(state.records('alarm'))
  })

  it('refuses to restore over other records, or from something that is not a stored state', () => {
    const json = live().toJSON()
    const other = alarms()
    other.alarm?.pop()
    expect(() => LiveState.fromJSON(other, json)).toThrow(/made from other records: alarm had 5 records, this task has 4/)
    expect(() => LiveState.fromJSON(alarms(), { apps: {} })).toThrow(/not a stored live state/)
    const bad = JSON.parse(JSON.stringify(json)) as { apps: { alarm: { deleted: string[] } } }
    bad.apps.alarm.deleted = ['alarm:99']
    expect(() => LiveState.fromJSON(alarms(), bad)).toThrow(/names no record of this task/)
  })

  it('replays the successful calls into the same state, every time', () => {
    const first = LiveState.replay(alarms(), calls, effectOf, profile)
    const second = LiveState.replay(alarms(), calls, effectOf, profile)
    expect(first.failed).toEqual([])
    expect(first.state.toJSON()).toEqual(live().toJSON())
    expect(second.state.toJSON()).toEqual(first.state.toJSON())
    expect(first.state.taskRecords()).toEqual(live().taskRecords())
  })

  it('reports a replayed call that no longer applies instead of throwing', () => {
    const { state, failed } = LiveState.replay(alarms(), calls.slice(1, 2).concat(calls.slice(1, 2)), effectOf, profile)
    expect(failed).toEqual([])
    expect(state.changes()).toHaveLength(1)
    const gone = LiveState.replay(alarms(), [calls[2] as ReplayCall, calls[2] as ReplayCall], effectOf, profile)
    expect(gone.failed).toEqual([{ call: 1, message: 'No alarm record has 闹钟名 = "游泳"; nothing was changed.' }])
  })
})

describe('indexed look-ups agree with a plain scan', () => {
  type Op = { kind: 'insert'; name: string; time: string } | { kind: 'update'; name: string; time: string } | { kind: 'delete'; name: string }
  const names = ['a', 'b', 'c', 'd']
  const times = ['1', '2', '3']
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), name: fc.constantFrom(...names), time: fc.constantFrom(...times) }),
    fc.record({ kind: fc.constant('update' as const), name: fc.constantFrom(...names), time: fc.constantFrom(...times) }),
    fc.record({ kind: fc.constant('delete' as const), name: fc.constantFrom(...names) }),
  )
  const insert: Effect = { app: 'alarm', op: 'insert', fields: { name: '闹钟名', time: '时间' } }
  const update: Effect = { app: 'alarm', op: 'update', where: { 闹钟名: 'name' }, fields: { time: '时间' } }
  const rename: Effect = { app: 'alarm', op: 'update', where: { 时间: 'time' }, fields: { name: '闹钟名' } }
  const remove: Effect = { app: 'alarm', op: 'delete', where: { 闹钟名: 'name' } }

  it('gives the same answers and records for any sequence of calls, and restores and replays to them', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.array(fc.record({ 闹钟名: fc.constantFrom(...names), 时间: fc.constantFrom(...times) }), { maxLength: 8 }), (ops, start) => {
        const records: TaskRecords = { alarm: start as PhoneRecord[] }
        const indexed = LiveState.fromRecords(records, { indexFrom: 0 })
        const scanned = LiveState.fromRecords(records, { indexFrom: Number.POSITIVE_INFINITY })
        const succeeded: ReplayCall[] = []
        const byName: Record<string, Effect> = { insert, update, rename, remove }
        ops.forEach((o, i) => {
          const [effect, args] =
            o.kind === 'insert'
              ? [insert, { name: o.name, time: o.time }]
              : o.kind === 'update'
                ? [i % 2 ? update : rename, { name: o.name, time: o.time }]
                : [remove, { name: o.name }]
          const result = indexed.apply(effect, args, profile)
          expect(result).toEqual(scanned.apply(effect, args, profile))
          const name = Object.keys(byName).find((k) => byName[k] === effect) ?? ''
          if (result.ok) succeeded.push({ name, arguments: args })
        })
        expect(indexed.entries('alarm')).toEqual(scanned.entries('alarm'))
        expect(indexed.toJSON()).toEqual(scanned.toJSON())
        const restored = LiveState.fromJSON(records, JSON.parse(JSON.stringify(indexed.toJSON())))
        expect(restored.entries('alarm')).toEqual(indexed.entries('alarm'))
        expect(restored.changes()).toEqual(indexed.changes())
        const replayed = LiveState.replay(records, succeeded, (n) => byName[n], profile)
        expect(replayed.failed).toEqual([])
        expect(replayed.state.toJSON()).toEqual(indexed.toJSON())
      }),
      { numRuns: 300 },
    )
  })

  it('finds the one record among 100,000', () => {
    const alarm = Array.from({ length: 100_000 }, (_, i) => ({ 时间: `${i % 24}:00:00`, 闹钟名: `alarm ${i}`, 重复: [i % 7] }))
    const state = LiveState.fromRecords({ alarm })
    expect(state.apply(update, { name: 'alarm 99999', time: '00:00:01' }, profile).ok).toBe(true)
    expect(state.get('alarm:99999')?.时间).toBe('00:00:01')
    const byRepeat: Effect = { app: 'alarm', op: 'delete', where: { 重复: 'days' } }
    const many = state.apply(byRepeat, { days: [3] }, profile)
    expect(!many.ok && many.message).toMatch(/^14286 alarm records have 重复 = \[3\]/)
    expect(state.apply(remove, { name: 'alarm 5' }, profile).ok).toBe(true)
    expect(state.apply(remove, { name: 'alarm 5' }, profile).ok).toBe(false)
    expect(state.records('alarm')).toHaveLength(99_999)
  })
})
