import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { APP_KEYS, SPIEVAL_PROFILE, appOfExecutionTool, isRetrievalToolName, parseTools } from '../src/core/index'
import type { LiveView, PhoneRecord, TaskRecords, ToolSchema } from '../src/core/index'
import { BUILTIN_EFFECTS, LiveState, stateVerdict } from '../src/core/live/index'
import type { Effect, ExpectedChange, RecordId } from '../src/core/live/index'
import { RecordIds, appMarks, changedFieldsOf, markOf, placeHit } from '../src/phone/liveMarks'
import { hasEffect, placeTools, toolPlace, whereArguments } from '../src/core'
import { stateDiffRows } from '../src/panel/stateDiffRows'
import { ROOT } from './fixtures'

const profile = SPIEVAL_PROFILE

const records = (): TaskRecords => ({
  alarm: [
    { 时间: '06:00:00', 闹钟名: 'Gym', 状态: 'On' },
    { 时间: '18:30:00', 闹钟名: 'Gym', 状态: 'On' },
    { 时间: '06:30:00', 闹钟名: 'Workday', 状态: 'On' },
    { 时间: '07:45:00', 闹钟名: 'Lily swim', 状态: 'On' },
  ],
  notes: [
    { 标题: 'Omaha packing', 内容: 'boots' },
    { 标题: 'Groceries', 内容: 'milk' },
  ],
})

const alarmInsert = BUILTIN_EFFECTS.Clock_CreateAlarm as Effect
const alarmUpdate: Effect = { app: 'alarm', op: 'update', where: { 闹钟名: 'name', 时间: 'time' }, fields: { newTime: '时间', status: '状态' } }
const alarmDelete: Effect = { app: 'alarm', op: 'delete', where: { 闹钟名: 'name', 时间: 'time' } }
const noteDelete: Effect = { app: 'notes', op: 'delete', where: { 标题: 'title' } }

/** A LiveView of a state, built as the kernel builds it (src/core/attempt/live.ts). */
function viewOf(state: LiveState): LiveView {
  const current = state.taskRecords()
  const ids: Record<string, RecordId[]> = {}
  for (const app of APP_KEYS) if (current[app]) ids[app] = state.entries(app).map((e) => e.id)
  return { version: state.version, records: current, ids, changes: state.changes() }
}

function apply(state: LiveState, effect: Effect, args: Record<string, unknown>): void {
  const result = state.apply(effect, args, profile)
  expect(result.ok, JSON.stringify(result)).toBe(true)
}

describe('marks on the phone', () => {
  it('places inserted and edited records at their current index, after earlier records were deleted', () => {
    const state = LiveState.fromRecords(records())
    apply(state, alarmDelete, { name: 'Gym', time: '06:00:00' })
    apply(state, alarmUpdate, { name: 'Lily swim', time: '07:45:00', newTime: '08:00:00' })
    apply(state, alarmInsert, { time: '05:15:00', name: 'Claire' })
    const view = viewOf(state)
    const marks = appMarks(view, 'alarm')
    const alarms = view.records.alarm ?? []
    // Gym 06:00 is gone: Lily swim moved from 3 to 2; the new alarm is last.
    expect(alarms.map((r) => r['闹钟名'])).toEqual(['Gym', 'Workday', 'Lily swim', 'Claire'])
    expect([...marks.byIndex].map(([i, c]) => [i, markOf(c)])).toEqual([
      [2, 'edited'],
      [3, 'new'],
    ])
    expect(marks.deleted.map((c) => c.before?.['时间'])).toEqual(['06:00:00'])
    expect(appMarks(view, 'notes').byIndex.size).toBe(0)
    // Built once per view and app.
    expect(appMarks(view, 'alarm')).toBe(marks)
    expect(appMarks(undefined, 'alarm').byIndex.size).toBe(0)
  })

  it('agrees with a scan of the ids for any sequence of inserts, updates and deletes', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), name: fc.constantFrom('A', 'B', 'C') }),
      fc.record({ kind: fc.constant('update' as const), pick: fc.nat(20) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(20) }),
    )
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const state = LiveState.fromRecords(records())
        let stamp = 0
        for (const o of ops) {
          const current = state.records('alarm')
          if (o.kind === 'insert') state.apply(alarmInsert, { time: `0${stamp++ % 10}:00:00`, name: `${o.name}${stamp}` }, profile)
          else {
            const target = current[o.pick % Math.max(1, current.length)]
            if (!target) continue
            const args = { name: target['闹钟名'], time: target['时间'] }
            if (o.kind === 'update') state.apply(alarmUpdate, { ...args, newTime: `2${stamp++ % 4}:00:00` }, profile)
            else state.apply(alarmDelete, args, profile)
          }
        }
        const view = viewOf(state)
        const marks = appMarks(view, 'alarm')
        const ids = view.ids.alarm ?? []
        const expected = new Map<number, string>()
        for (const change of view.changes) if (change.app === 'alarm' && change.op !== 'delete') expected.set(ids.indexOf(change.id), change.id)
        expect(new Map([...marks.byIndex].map(([i, c]) => [i, c.id]))).toEqual(expected)
        expect(marks.deleted.every((c) => c.op === 'delete' && !ids.includes(c.id))).toBe(true)
      }),
      { numRuns: 200 },
    )
  })

  it('gives each changed field with its value before, fields added and removed included', () => {
    const before: PhoneRecord = { 时间: '06:00:00', 闹钟名: 'Gym', 备注: 'old' }
    const after: PhoneRecord = { 时间: '07:00:00', 闹钟名: 'Gym', 状态: 'Off' }
    expect(changedFieldsOf({ app: 'alarm', op: 'update', id: 'alarm:0', before, after, fields: ['时间', '备注', '状态'] })).toEqual([
      { field: '时间', changed: true, before: '06:00:00', after: '07:00:00' },
      { field: '备注', changed: true, before: 'old' },
      { field: '状态', changed: true, after: 'Off' },
    ])
    expect(changedFieldsOf({ app: 'alarm', op: 'insert', id: 'alarm:n1', after })).toEqual([])
    expect(changedFieldsOf(undefined)).toEqual([])
  })
})

describe('search hits in the live state', () => {
  it('finds a hit again after its record moved, changed (even twice) or was deleted', () => {
    const state = LiveState.fromRecords(records())
    const known = new RecordIds()
    const first = viewOf(state)
    const hits = (first.records.alarm ?? []).map((record, index) => ({ index, record }))
    const [gym6, gym18, workday, swim] = hits
    if (!gym6 || !gym18 || !workday || !swim) throw new Error('fixture')
    apply(state, alarmDelete, { name: 'Gym', time: '06:00:00' })
    apply(state, alarmUpdate, { name: 'Gym', time: '18:30:00', newTime: '19:30:00' })
    const second = viewOf(state)
    known.note(second)
    const alarms = second.records.alarm ?? []
    // Unchanged, but one place up.
    expect(placeHit(workday, alarms, second, 'alarm', known)).toEqual({ kind: 'current', index: 1, record: workday.record })
    // Changed since the search: its current version, marked.
    const moved = placeHit(gym18, alarms, second, 'alarm', known)
    expect(moved).toMatchObject({ kind: 'current', index: 0, record: { 时间: '19:30:00' }, change: { op: 'update' } })
    expect(placeHit(gym6, alarms, second, 'alarm', known)).toMatchObject({ kind: 'deleted', change: { id: 'alarm:0' } })
    // A hit answered between two updates holds a version no change lists any more: the noted views know it.
    const between = { index: 0, record: alarms[0] as PhoneRecord }
    apply(state, alarmUpdate, { name: 'Gym', time: '19:30:00', status: 'Off' })
    const third = viewOf(state)
    known.note(third)
    expect(placeHit(between, third.records.alarm ?? [], third, 'alarm', known)).toMatchObject({ kind: 'current', index: 0, record: { 状态: 'Off' } })
    // Without what the phone saw, it is shown as the search answered it.
    expect(placeHit(between, third.records.alarm ?? [], third, 'alarm', new RecordIds())).toEqual({ kind: 'stale', index: 0, record: between.record })
  })

  it('takes the fast path when the hit is where the search found it', () => {
    const state = LiveState.fromRecords(records())
    apply(state, alarmInsert, { time: '05:00:00' })
    const view = viewOf(state)
    const alarms = view.records.alarm ?? []
    expect(placeHit({ index: 4, record: alarms[4] as PhoneRecord }, alarms, view, 'alarm')).toMatchObject({ kind: 'current', index: 4, change: { op: 'insert' } })
    expect(placeHit({ index: 0, record: alarms[0] as PhoneRecord }, alarms, view, 'alarm')).toEqual({ kind: 'current', index: 0, record: alarms[0] })
  })
})

describe('tools on the phone', () => {
  const liveTools: ToolSchema[] = parseTools(readFileSync(join(ROOT, 'public/data-live/tools.json'), 'utf8'))
  const registry = (name: string) => appOfExecutionTool(name)?.key
  const byName = (name: string) => liveTools.find((t) => t.function.name === name) as ToolSchema

  it('places a live data set\'s tools in the app of their effect, their registry app, or their name', () => {
    expect(toolPlace(byName('Clock_UpdateAlarm'), undefined)).toEqual({ name: 'Clock_UpdateAlarm', app: 'alarm', op: 'update', where: { 闹钟名: 'name', 时间: 'time' } })
    expect(toolPlace(byName('TodoList_Delete'), undefined)).toMatchObject({ app: 'notes', op: 'delete' })
    expect(toolPlace(byName('Payment_Verify'), undefined)).toEqual({ name: 'Payment_Verify', app: 'transaction' })
    // A published tool keeps its built-in effect (an insert into its app); Phone_Call has none.
    expect(toolPlace(byName('Messages_Send'), registry('Messages_Send'))).toMatchObject({ app: 'sms', op: 'insert' })
    expect(toolPlace(byName('Phone_Call'), registry('Phone_Call'))).toEqual({ name: 'Phone_Call', app: 'voicemail' })
    const odd = { type: 'function' as const, function: { name: 'Fridge_Open', description: '', parameters: { type: 'object' } } }
    expect(toolPlace(odd, undefined)).toEqual({ name: 'Fridge_Open' })
    const placed = placeTools([...liveTools, odd], registry, isRetrievalToolName)
    expect(placed.elsewhere.map((p) => p.name)).toEqual(['Fridge_Open'])
    expect(placed.byApp.get('alarm')?.map((p) => p.name)).toEqual(['Clock_CreateAlarm', 'Clock_UpdateAlarm', 'Clock_DeleteAlarm'])
    expect([...placed.byName.keys()].some((n) => n.startsWith('search_'))).toBe(false)
    expect(hasEffect(byName('Phone_Call'))).toBe(false)
    expect(hasEffect(byName('Clock_DeleteAlarm'))).toBe(true)
    expect(hasEffect(undefined)).toBe(false)
  })

  it('prefills the arguments that name a record from it', () => {
    expect(whereArguments({ 闹钟名: 'name', 时间: 'time' }, { 时间: '18:30:00', 闹钟名: 'Gym', 状态: 'On' })).toEqual({ name: 'Gym', time: '18:30:00' })
    expect(whereArguments({ 标题: 'title', 日期: 'date' }, { 标题: 'Dinner', 日期: null })).toEqual({ title: 'Dinner' })
    expect(whereArguments(undefined, { 标题: 'x' })).toEqual({})
  })
})

describe('the review\'s state diff', () => {
  const expected: ExpectedChange[] = [
    { app: 'alarm', op: 'insert', record: { 时间: ['05:15:00'], 闹钟名: ['Claire', null] } },
    { app: 'alarm', op: 'update', where: { 闹钟名: 'Gym', 时间: '18:30:00' }, record: { 时间: ['19:30:00'] } },
    { app: 'notes', op: 'delete', where: { 标题: 'Omaha packing' } },
  ]

  it('ties each change to the expected change it matched', () => {
    const state = LiveState.fromRecords(records())
    apply(state, noteDelete, { title: 'Omaha packing' })
    apply(state, alarmUpdate, { name: 'Gym', time: '18:30:00', newTime: '19:30:00' })
    apply(state, alarmInsert, { time: '05:15:00', name: 'Claire' })
    const verdict = stateVerdict(records(), state, expected)
    expect(verdict.correct).toBe(true)
    const diff = stateDiffRows(verdict, state.changes(), expected)
    expect(diff.map((a) => a.app)).toEqual(['notes', 'alarm'])
    const [notes, alarm] = diff
    expect(notes?.rows).toMatchObject([{ op: 'delete', id: 'notes:0', expected: 2, ok: true, record: { 标题: 'Omaha packing' } }])
    expect(alarm?.rows.map((r) => [r.op, r.id, r.expected, r.ok])).toEqual([
      ['update', 'alarm:1', 1, true],
      ['insert', 'alarm:n1', 0, true],
    ])
    const update = alarm?.rows[0]
    expect(update?.fields).toEqual([{ field: '时间', changed: true, before: '18:30:00', after: '19:30:00', expected: ['19:30:00'] }])
    const insert = alarm?.rows[1]
    expect(insert?.fields.map((f) => [f.field, f.after, f.expected])).toEqual([
      ['时间', '05:15:00', ['05:15:00']],
      ['闹钟名', 'Claire', ['Claire', null]],
    ])
  })

  it('says why each failing change failed: a wrong value, a field not to touch, a collateral change, one not made', () => {
    const state = LiveState.fromRecords(records())
    apply(state, alarmUpdate, { name: 'Gym', time: '18:30:00', newTime: '20:00:00', status: 'Off' })
    apply(state, alarmDelete, { name: 'Workday', time: '06:30:00' })
    const verdict = stateVerdict(records(), state, expected)
    expect(verdict.errorType).toBe('missing_change')
    const diff = stateDiffRows(verdict, state.changes(), expected)
    const rows = diff.flatMap((a) => a.rows)
    // Apps in the phone's order (notes before alarm); in each, the changes made, then the expected changes not made.
    expect(rows.map((r) => [r.app, r.op, r.id, r.expected, r.ok, r.change ? 'made' : 'not made'])).toEqual([
      ['notes', 'delete', 'notes:0', 2, false, 'not made'],
      ['alarm', 'update', 'alarm:1', 1, false, 'made'],
      ['alarm', 'delete', 'alarm:2', undefined, false, 'made'],
      ['alarm', 'insert', null, 0, false, 'not made'],
    ])
    const update = rows[1]
    expect(update?.fields.map((f) => [f.field, f.before, f.after, f.mismatch?.reason])).toEqual([
      ['时间', '18:30:00', '20:00:00', 'wrong_value'],
      ['状态', 'On', 'Off', 'changed'],
    ])
    expect(rows[2]?.mismatches.map((m) => m.reason)).toEqual(['collateral'])
    expect(rows[2]?.record).toMatchObject({ 闹钟名: 'Workday' })
    expect(rows[3]?.mismatches.map((m) => m.reason)).toEqual(['not_made'])
    expect(rows[3]?.fields.map((f) => [f.field, f.expected])).toEqual([
      ['时间', ['05:15:00']],
      ['闹钟名', ['Claire', null]],
    ])
    expect(rows[0]).toMatchObject({ mismatches: [{ reason: 'not_made' }], record: { 标题: 'Omaha packing' } })
  })

  it('shows a record deleted instead of edited, and an expected change that names no single record', () => {
    const state = LiveState.fromRecords(records())
    apply(state, alarmDelete, { name: 'Gym', time: '18:30:00' })
    const ambiguous: ExpectedChange[] = [
      { app: 'alarm', op: 'update', where: { 闹钟名: 'Gym', 时间: '18:30:00' }, record: { 时间: ['19:30:00'] } },
      { app: 'alarm', op: 'delete', where: { 闹钟名: 'Gym' } },
    ]
    const verdict = stateVerdict(records(), state, ambiguous)
    const rows = stateDiffRows(verdict, state.changes(), ambiguous).flatMap((a) => a.rows)
    expect(rows.map((r) => [r.op, r.id, r.expected, r.mismatches.map((m) => m.reason)])).toEqual([
      ['delete', 'alarm:1', 0, ['wrong_op']],
      ['delete', null, 1, ['where']],
    ])
    expect(rows[1]?.mismatches[0]?.got).toBe(2)
  })

  it('has no rows when nothing changed and nothing was expected', () => {
    const state = LiveState.fromRecords(records())
    expect(stateDiffRows(stateVerdict(records(), state, []), state.changes(), [])).toEqual([])
  })
})
