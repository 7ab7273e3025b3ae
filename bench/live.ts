/**
 * npx tsx bench/live.ts [--quick] — live state figures, as JSON, each beside
 * a naive baseline measured in the same run. Never fails over timing.
 *
 * - a live execution call at task size (about 20 records an app);
 * - finishing a live attempt that changed 1,000 records (target: the state verdict within 20 ms);
 * - a call at 100,000 records.
 */
import { APP_KEYS, SPIEVAL_PROFILE } from '../src/core/index'
import type { AppKey, PhoneRecord, TaskRecords } from '../src/core/index'
import { BUILTIN_EFFECTS, LiveState, stateVerdict } from '../src/core/live/index'
import type { Effect, ExpectedChange, ReplayCall } from '../src/core/live/index'
import { generateRecords } from '../cli/gen/tasks'
import { round } from './measure'

const quick = process.argv.includes('--quick')
const profile = SPIEVAL_PROFILE
const insertContact = BUILTIN_EFFECTS.Contacts_Create as Effect
const updateContact: Effect = { app: 'contacts', op: 'update', where: { 电话号码: 'telephone' }, fields: { note: '备注', company: '公司' } }
const deleteContact: Effect = { app: 'contacts', op: 'delete', where: { 电话号码: 'telephone' } }

/** Milliseconds of each of `samples` calls: p50, p99, max. */
function percentiles(fn: (i: number) => void, samples: number): { p50: number; p99: number; max: number } {
  for (let i = 0; i < Math.min(50, samples); i++) fn(-1 - i)
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const t = performance.now()
    fn(i)
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0, 4)
  return { p50: at(0.5), p99: at(0.99), max: round(times[times.length - 1] ?? 0, 4) }
}

/** Records of an app whose `电话号码` (contacts) is unique, so that a where names one. */
function contacts(n: number, seed: number): PhoneRecord[] {
  return generateRecords('contacts', n, seed).map((r, i) => ({ ...r, 电话号码: `139${String(i).padStart(8, '0')}` }))
}

function taskRecords(perApp: number): TaskRecords {
  const out: TaskRecords = {}
  APP_KEYS.forEach((app: AppKey, k) => (out[app] = app === 'contacts' ? contacts(perApp, k) : generateRecords(app, perApp, k)))
  return out
}

/** The naive baseline: copy the records as JSON, then change the copy with a linear scan. */
function naiveApply(records: TaskRecords, op: 'insert' | 'update', args: Record<string, unknown>): TaskRecords {
  const copy = JSON.parse(JSON.stringify(records)) as TaskRecords
  const list = copy.contacts ?? []
  if (op === 'insert') list.push({ 姓名: args.name, 电话号码: args.telephone })
  else {
    const i = list.findIndex((r) => r['电话号码'] === args.telephone)
    if (i >= 0) list[i] = { ...list[i], 备注: args.note }
  }
  return copy
}

function taskSize() {
  const records = taskRecords(20)
  const samples = quick ? 2_000 : 20_000
  let state = LiveState.fromRecords(records)
  const insert = percentiles((i) => {
    if (i % 500 === 0) state = LiveState.fromRecords(records)
    state.apply(insertContact, { name: `New ${i}`, telephone: `150${i}` }, profile)
  }, samples)
  state = LiveState.fromRecords(records)
  const update = percentiles((i) => {
    state.apply(updateContact, { telephone: `139${String(Math.abs(i) % 20).padStart(8, '0')}`, note: `n${i}` }, profile)
  }, samples)
  const firstCall = percentiles((i) => {
    LiveState.fromRecords(records).apply(updateContact, { telephone: `139${String(Math.abs(i) % 20).padStart(8, '0')}`, note: `n${i}` }, profile)
  }, samples)
  const pushBaseline = percentiles((i) => {
    const list = [...(records.contacts ?? [])]
    list.push({ 姓名: `New ${i}`, 电话号码: `150${i}` })
  }, samples)
  const naive = percentiles((i) => naiveApply(records, i % 2 ? 'insert' : 'update', { name: 'x', telephone: '13900000003', note: 'y' }), samples)
  return {
    records_per_app: 20,
    apps: APP_KEYS.length,
    insert_ms: insert,
    update_ms: update,
    first_call_of_an_attempt_ms: firstCall,
    baseline_array_copy_and_push_ms: pushBaseline,
    baseline_json_clone_and_change_ms: naive,
  }
}

function finishing() {
  const records = taskRecords(50)
  const calls: ReplayCall[] = []
  // 1,000 changed records: 600 inserted, 40 of the task's contacts updated then 10 deleted, the rest notes and alarms.
  for (let i = 0; i < 600; i++) calls.push({ name: 'Contacts_Create', arguments: { name: `Guest ${i}`, telephone: `150${String(i).padStart(8, '0')}` } })
  for (let i = 0; i < 40; i++) calls.push({ name: 'Contact_Update', arguments: { telephone: `139${String(i).padStart(8, '0')}`, note: `updated ${i}` } })
  for (let i = 40; i < 50; i++) calls.push({ name: 'Contact_Delete', arguments: { telephone: `139${String(i).padStart(8, '0')}` } })
  for (let i = 0; i < 200; i++) calls.push({ name: 'TodoList_Create', arguments: { content: `todo ${i}`, date: '2025-11-02', time: '09:00' } })
  for (let i = 0; i < 150; i++) calls.push({ name: 'Clock_CreateAlarm', arguments: { time: `0${i % 10}:00:00`, name: `alarm ${i}` } })
  const effects: Record<string, Effect | undefined> = {
    ...(BUILTIN_EFFECTS as Record<string, Effect>),
    Contact_Update: updateContact,
    Contact_Delete: deleteContact,
  }
  const t0 = performance.now()
  const { state, failed } = LiveState.replay(records, calls, (name) => effects[name], profile)
  const replayMs = performance.now() - t0
  const changed = state.changes().length
  const few: ExpectedChange[] = [
    { app: 'contacts', op: 'insert', record: { 姓名: ['Guest 599'], 电话号码: ['15000000599'] } },
    { app: 'contacts', op: 'update', where: { 电话号码: '13900000003' }, record: { 备注: ['updated 3'] } },
    { app: 'contacts', op: 'delete', where: { 电话号码: '13900000045' } },
    { app: 'alarm', op: 'insert', record: { 时间: ['09:00:00'] } },
    { app: 'notes', op: 'insert', record: { 内容: ['todo 7'] } },
  ]
  const all: ExpectedChange[] = state.changes().map((c) =>
    c.op === 'insert'
      ? { app: c.app, op: 'insert', record: Object.fromEntries(Object.entries(c.after ?? {}).map(([k, v]) => [k, [v]])) }
      : c.op === 'update'
        ? { app: c.app, op: 'update', where: { 电话号码: c.before?.['电话号码'] }, record: { 备注: [c.after?.['备注']] } }
        : { app: c.app, op: 'delete', where: { 电话号码: c.before?.['电话号码'] } },
  )
  const samples = quick ? 10 : 40
  let fewVerdict = stateVerdict(records, state, few)
  const fewMs = percentiles(() => (fewVerdict = stateVerdict(records, state, few)), samples)
  let allVerdict = stateVerdict(records, state, all)
  const allMs = percentiles(() => (allVerdict = stateVerdict(records, state, all)), quick ? 1 : 3)
  const stored = JSON.stringify(state.toJSON())
  const restoreMs = percentiles(() => LiveState.fromJSON(records, JSON.parse(stored)).changes(), samples)
  const cloneMs = percentiles(() => JSON.parse(JSON.stringify(state.taskRecords())) as unknown, samples)
  return {
    task_records: Object.values(records).reduce((n, l) => n + (l?.length ?? 0), 0),
    calls: calls.length,
    replay_failed: failed.length,
    replay_ms: round(replayMs),
    changed_records: changed,
    verdict_5_expected_ms: fewMs,
    verdict_5_expected: { correct: fewVerdict.correct, error_type: fewVerdict.errorType, mismatches: fewVerdict.mismatches.length },
    worst_case_verdict_every_change_expected_ms: allMs,
    verdict_every_change_expected: { expected: all.length, correct: allVerdict.correct },
    target_ms: 20,
    stored_state_bytes: stored.length,
    restore_ms: restoreMs,
    baseline_json_clone_of_final_records_ms: cloneMs,
  }
}

function large() {
  const n = quick ? 20_000 : 100_000
  const records: TaskRecords = { contacts: contacts(n, 7) }
  const out: Record<string, unknown> = { records: n }
  let t = performance.now()
  const state = LiveState.fromRecords(records)
  out.open_ms = round(performance.now() - t, 4)
  t = performance.now()
  state.apply(insertContact, { name: 'First', telephone: '150' }, profile)
  out.first_insert_ms = round(performance.now() - t)
  t = performance.now()
  state.apply(updateContact, { telephone: '13900000001', note: 'first' }, profile)
  out.first_update_ms_builds_the_index = round(performance.now() - t)
  const samples = quick ? 2_000 : 10_000
  out.insert_ms = percentiles((i) => state.apply(insertContact, { name: `N ${i}`, telephone: `151${i}` }, profile), samples)
  out.update_ms = percentiles((i) => state.apply(updateContact, { telephone: `139${String(Math.abs(i * 7919) % n).padStart(8, '0')}`, note: `u${i}` }, profile), samples)
  out.delete_ms = percentiles((i) => state.apply(deleteContact, { telephone: `139${String(n - 101 - i).padStart(8, '0')}` }, profile), samples)
  out.refused_update_ms = percentiles(() => state.apply(updateContact, { telephone: 'none' }, profile), samples)
  const list = [...(records.contacts ?? [])]
  out.baseline_array_push_ms = percentiles((i) => list.push({ 姓名: `N ${i}`, 电话号码: `151${i}` }), samples)
  out.baseline_linear_find_ms = percentiles((i) => list.findIndex((r) => r['电话号码'] === `139${String(Math.abs(i * 7919) % n).padStart(8, '0')}`), quick ? 200 : 1_000)
  t = performance.now()
  out.changes = state.changes().length
  out.changes_ms = round(performance.now() - t)
  return out
}

console.log(JSON.stringify({ task_size: taskSize(), finishing_an_attempt: finishing(), at_100k_records: large() }, null, 2))
