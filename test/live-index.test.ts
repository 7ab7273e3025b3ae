/**
 * A live attempt's runtime follows each change of its records instead of
 * being built again (ToolRuntime.withRecords, TaskIndex.next, the bigram
 * index's edits, LiveRecords' columns). Whatever it kept, it must answer
 * exactly what a new runtime over the same records answers.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Attempt, MemorySink, SPIEVAL_PROFILE, TaskIndex, ToolRuntime } from '../src/core/index'
import type { PhoneRecord, Task, TaskRecords, ToolSchema } from '../src/core/index'
import { LiveState } from '../src/core/live/index'
import type { Effect } from '../src/core/live/index'
import { effectsOf, stateOfCalls } from '../src/core/live/replayCalls'
import { BigramIndex } from '../src/core/search/bigrams'
import { TOOLS } from './fixtures'

const profile = SPIEVAL_PROFILE
/** Above the size from which searches ask a bigram index (match.ts), so that the index's edits are exercised. */
const BIG = 2100
const WORDS = ['alpha', 'Beta', 'gamma', 'delta', 'ſigma', '预算', '会议', 'x1', 'zz']

const tool = (name: string, properties: Record<string, unknown>, required: string[], effect: Effect): ToolSchema =>
  ({ type: 'function', function: { name, description: name, parameters: { type: 'object', properties, required }, 'x-effect': effect } }) as unknown as ToolSchema

const str = { type: 'string' }
const LIVE_TOOLS: ToolSchema[] = [
  ...TOOLS,
  tool('Contact_Update', { telephone: str, note: str, name: str }, ['telephone'], { app: 'contacts', op: 'update', where: { 电话号码: 'telephone' }, fields: { note: '备注', name: '姓名' } }),
  tool('Contact_Delete', { telephone: str }, ['telephone'], { app: 'contacts', op: 'delete', where: { 电话号码: 'telephone' } }),
  tool('Note_Add', { title: str, text: str }, ['title'], { app: 'notes', op: 'insert', fields: { title: '标题', text: '内容' } }),
  tool('Note_Edit', { title: str, text: str }, ['title'], { app: 'notes', op: 'update', where: { 标题: 'title' }, fields: { text: '内容' } }),
  tool('Note_Delete', { title: str }, ['title'], { app: 'notes', op: 'delete', where: { 标题: 'title' } }),
]
const EFFECTS = effectsOf(LIVE_TOOLS)

const words = (i: number, n: number) => Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ')

/** A large Contacts app with unique numbers (so that a `where` names one), and a small Notes app. */
function baseRecords(contacts: number): TaskRecords {
  return {
    contacts: Array.from({ length: contacts }, (_, i): PhoneRecord => ({ 姓名: `Person ${i} ${WORDS[i % WORDS.length]}`, 电话号码: `139${String(i).padStart(8, '0')}`, 备注: words(i, 3) })),
    notes: Array.from({ length: 6 }, (_, i): PhoneRecord => ({ 标题: `Note ${i}`, 内容: words(i + 1, 2) })),
    sms: [{ 发件人姓名: 'Rachel', 正文: 'alpha 预算\nsecond line' }],
  }
}

/** One change, named by what the generator picked; `telephone` and `title` pick among records that may or may not exist. */
type Op =
  | { kind: 'insertContact'; n: number; note: number }
  | { kind: 'updateContact'; n: number; note: number; rename: boolean }
  | { kind: 'deleteContact'; n: number }
  | { kind: 'addNote'; n: number; text: number }
  | { kind: 'editNote'; n: number; text: number }
  | { kind: 'deleteNote'; n: number }
  | { kind: 'search'; query: number }
  | { kind: 'withdraw'; back: number }

const opArb = (contacts: number): fc.Arbitrary<Op> =>
  fc.oneof(
    fc.record({ kind: fc.constant('insertContact' as const), n: fc.nat(50), note: fc.nat(40) }),
    fc.record({ kind: fc.constant('updateContact' as const), n: fc.nat(contacts + 50), note: fc.nat(40), rename: fc.boolean() }),
    fc.record({ kind: fc.constant('deleteContact' as const), n: fc.nat(contacts + 50) }),
    fc.record({ kind: fc.constant('addNote' as const), n: fc.nat(12), text: fc.nat(40) }),
    fc.record({ kind: fc.constant('editNote' as const), n: fc.nat(12), text: fc.nat(40) }),
    fc.record({ kind: fc.constant('deleteNote' as const), n: fc.nat(12) }),
    fc.record({ kind: fc.constant('search' as const), query: fc.nat(QUERIES.length - 1) }),
    fc.record({ kind: fc.constant('withdraw' as const), back: fc.nat(5) }),
  )

/** The base records are numbered 139…, inserted ones 150…: both can be updated and deleted. */
const phone = (n: number, contacts: number) => (n < contacts ? `139${String(n).padStart(8, '0')}` : `150${n - contacts}`)

function callOf(op: Op, contacts: number): { name: string; arguments: Record<string, unknown> } | undefined {
  switch (op.kind) {
    case 'insertContact':
      return { name: 'Contacts_Create', arguments: { name: `Guest ${op.n} ${words(op.note, 1)}`, telephone: `150${op.n}`, note: words(op.note, 2) } }
    case 'updateContact':
      return { name: 'Contact_Update', arguments: { telephone: phone(op.n, contacts), note: words(op.note, 2), ...(op.rename ? { name: `Renamed ${op.note}` } : {}) } }
    case 'deleteContact':
      return { name: 'Contact_Delete', arguments: { telephone: phone(op.n, contacts) } }
    case 'addNote':
      return { name: 'Note_Add', arguments: { title: `Note ${op.n}`, text: words(op.text, 2) } }
    case 'editNote':
      return { name: 'Note_Edit', arguments: { title: `Note ${op.n}`, text: words(op.text, 3) } }
    case 'deleteNote':
      return { name: 'Note_Delete', arguments: { title: `Note ${op.n}` } }
    default:
      return undefined
  }
}

/** Searches of every kind the runtime answers: any field and one field, each mode, the whole phone, case, pages, errors. */
const QUERIES: { name: string; args: Record<string, unknown> }[] = [
  { name: 'search_contacts', args: { pattern: 'alpha' } },
  { name: 'search_contacts', args: { pattern: 'alpha', page: 3 } },
  { name: 'search_contacts', args: { pattern: 'Beta', ignore_case: false } },
  { name: 'search_contacts', args: { pattern: 'Guest' } },
  { name: 'search_contacts', args: { pattern: 'Renamed' } },
  { name: 'search_contacts', args: { pattern: 'sigma' } },
  { name: 'search_contacts', args: { pattern: '预算 会议' } },
  { name: 'search_contacts', args: { pattern: 'gamma', field: '备注' } },
  { name: 'search_contacts', args: { pattern: 'Person 1', field: '姓名', page: 2 } },
  { name: 'search_contacts', args: { pattern: 'x', field: 'nope' } },
  { name: 'search_contacts', args: { pattern: '^Guest \\d+ [a-z]+$', mode: 'regex' } },
  { name: 'search_contacts', args: { pattern: 'delta (alpha|zz)', mode: 'regex' } },
  { name: 'search_contacts', args: { pattern: 'Rnamed', mode: 'fuzzy' } },
  { name: 'search_contacts', args: { pattern: 'gama', mode: 'fuzzy', page: 2 } },
  { name: 'search_notes', args: { pattern: 'Note' } },
  { name: 'search_notes', args: { pattern: 'beta', field: '内容' } },
  { name: 'search_phone', args: { pattern: 'alpha' } },
  { name: 'search_phone', args: { pattern: 'Note 1' } },
  { name: 'search_phone', args: { pattern: 'sigma', field: '备注' } },
  { name: 'search_phone', args: { pattern: 'alpha 预算\nsecond' } },
]

/** Every query's answer: content and data, as a model and the phone see them. */
function answers(runtime: ToolRuntime): unknown[] {
  return QUERIES.map((q) => {
    const r = runtime.call(q.name, q.args, 'test')
    return [r.ok, r.content, r.data]
  })
}

function sameIndex(kept: TaskIndex, fresh: TaskIndex, records: TaskRecords): void {
  for (const app of Object.keys(records) as (keyof TaskRecords)[]) {
    const a = kept.app(app).map((e) => [e.app, e.index, e.json, e.joinedFold, e.multiline])
    const b = fresh.app(app).map((e) => [e.app, e.index, e.json, e.joinedFold, e.multiline])
    expect(a).toEqual(b)
    expect(kept.fieldKeys(app)).toEqual(fresh.fieldKeys(app))
  }
}

describe('the bigram index follows edits', () => {
  it('answers as one built from the texts after appends, replacements and removals', () => {
    const text = fc.stringMatching(/^[abcé ]{0,12}$/)
    const edit = fc.oneof(
      fc.record({ op: fc.constant('append' as const), text }),
      fc.record({ op: fc.constant('replace' as const), at: fc.nat(), text }),
      fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
    )
    fc.assert(
      fc.property(fc.array(text, { maxLength: 80 }), fc.array(edit, { maxLength: 60 }), fc.array(fc.stringMatching(/^[abcé]{1,4}$/), { minLength: 1, maxLength: 6 }), (start, edits, pieces) => {
        const texts = [...start]
        const index = new BigramIndex(texts)
        for (const e of edits) {
          if (e.op === 'append') {
            texts.push(e.text)
            index.append(e.text)
          } else if (texts.length > 0) {
            const at = e.at % texts.length
            const old = texts[at] as string
            if (e.op === 'replace') {
              texts[at] = e.text
              index.replace(at, old, e.text)
            } else {
              texts.splice(at, 1)
              index.remove(at, old)
            }
          }
        }
        const fresh = new BigramIndex(texts)
        expect(index.size).toBe(texts.length)
        expect(index.anyOf(pieces)).toEqual(fresh.anyOf(pieces))
        for (const piece of pieces) expect(index.count(piece)).toBe(fresh.count(piece))
        // Never a text that does not hold the piece's bigrams: the index only narrows, it never decides.
        for (const position of index.anyOf(pieces) ?? []) expect(position).toBeLessThan(texts.length)
      }),
      { numRuns: 300 },
    )
  })
})

describe('a runtime that follows a live state answers as a new one', () => {
  it('after random inserts, updates and deletes, with searches between them (a large app and a small one)', () => {
    const contacts = BIG
    const records = baseRecords(contacts)
    fc.assert(
      fc.property(fc.array(opArb(contacts), { minLength: 1, maxLength: 40 }), (ops) => {
        const state = LiveState.fromRecords(records)
        let runtime = new ToolRuntime(LIVE_TOOLS, records, { setting: 'paginated' })
        for (const op of ops) {
          if (op.kind === 'search') {
            const q = QUERIES[op.query] as (typeof QUERIES)[number]
            runtime.call(q.name, q.args, 'test')
            continue
          }
          const call = callOf(op, contacts)
          const effect = call && EFFECTS(call.name)
          if (!call || !effect) continue
          if (state.apply(effect, call.arguments, profile).ok) runtime = runtime.withRecords(state.taskRecords())
        }
        const now = state.taskRecords()
        const fresh = new ToolRuntime(LIVE_TOOLS, now, { setting: 'paginated' })
        expect(answers(runtime)).toEqual(answers(fresh))
        sameIndex(runtime.records, fresh.records, now)
      }),
      { numRuns: 25 },
    )
  })

  it('keeps what it prepared for an app a change left alone, and prepares again only the changed records', () => {
    const records = baseRecords(BIG)
    const state = LiveState.fromRecords(records)
    const runtime = new ToolRuntime(LIVE_TOOLS, records, { setting: 'paginated' })
    const before = runtime.records.app('contacts')
    const notes = runtime.records.app('notes')
    state.apply(EFFECTS('Contact_Update') as Effect, { telephone: phone(5, BIG), note: 'changed' }, profile)
    const next = runtime.withRecords(state.taskRecords())
    const after = next.records.app('contacts')
    expect(after).not.toBe(before)
    expect(after[4]).toBe(before[4])
    expect(after[6]).toBe(before[6])
    expect(after[5]?.record['备注']).toBe('changed')
    // taskRecords() copies every app's array: Notes is followed too, and keeps its entries.
    expect(next.records.app('notes')[0]).toBe(notes[0])
  })

  it('a new index of the same records, built after the old one handed its lists over, is still right', () => {
    const records = baseRecords(40)
    const old = new TaskIndex(records)
    old.app('contacts')
    const state = LiveState.fromRecords(records)
    state.apply(EFFECTS('Contact_Delete') as Effect, { telephone: phone(3, 40) }, profile)
    const next = old.next(state.taskRecords())
    // The old index prepares its own records again rather than answer with entries the new one moved.
    sameIndex(old, new TaskIndex(records), records)
    sameIndex(next, new TaskIndex(state.taskRecords()), state.taskRecords())
  })
})

describe('a live attempt\'s runtime and view', () => {
  const task = { id: 'big', type: 'test', instruction: 'x', answer: [], freeParams: [] } as unknown as Task

  it('answer as a new runtime over the state its kept calls leave, through changes, refusals and withdrawals', async () => {
    const contacts = BIG
    const records = baseRecords(contacts)
    await fc.assert(
      fc.asyncProperty(fc.array(opArb(contacts), { minLength: 1, maxLength: 30 }), async (ops) => {
        const attempt = await Attempt.open({ task, tools: LIVE_TOOLS, records, profile, setting: 'paginated', state: 'live', actor: 't', sink: new MemorySink() })
        for (const op of ops) {
          if (op.kind === 'search') {
            const q = QUERIES[op.query] as (typeof QUERIES)[number]
            await attempt.call(q.name, q.args, 'test')
          } else if (op.kind === 'withdraw') {
            const kept = attempt.trajectory().filter((s) => s.kind === 'execution' && s.ok && !s.withdrawn)
            const step = kept[kept.length - 1 - (op.back % Math.max(1, kept.length))]
            if (step) await attempt.withdraw(step.seq)
          } else {
            const call = callOf(op, contacts)
            if (call) await attempt.call(call.name, call.arguments, 'test')
            // The phone asks for the view after each change: it must follow too.
            if (op.n % 3 === 0) attempt.liveView()
          }
        }
        const expected = stateOfCalls(records, attempt.submittedCalls(), EFFECTS, profile)
        const now = expected.taskRecords()
        const view = attempt.liveView()
        expect(view?.records).toEqual(now)
        for (const app of Object.keys(now) as (keyof TaskRecords)[]) expect(view?.ids[app]).toEqual(expected.entries(app).map((e) => e.id))
        expect(view?.changes).toEqual(expected.changes())
        const fresh = new ToolRuntime(LIVE_TOOLS, now, { setting: 'paginated' })
        expect(answers(attempt.runtime)).toEqual(answers(fresh))
        sameIndex(attempt.runtime.records, fresh.records, now)
      }),
      { numRuns: 15 },
    )
  })

  it('keep an app\'s records array, and its ids, while the app does not change', async () => {
    const records = baseRecords(30)
    const attempt = await Attempt.open({ task, tools: LIVE_TOOLS, records, profile, setting: 'paginated', state: 'live', actor: 't', sink: new MemorySink() })
    const first = attempt.liveView()
    await attempt.call('Note_Add', { title: 'New', text: 'alpha' }, 'test')
    const second = attempt.liveView()
    expect(second).not.toBe(first)
    expect(second?.records.contacts).toBe(first?.records.contacts)
    expect(second?.ids.contacts).toBe(first?.ids.contacts)
    expect(second?.records.notes).not.toBe(first?.records.notes)
    expect(second?.ids.notes).toEqual([...(first?.ids.notes ?? []), 'notes:n1'])
    // The view's arrays are new ones: what the last version showed is left as it was.
    expect(first?.records.notes).toHaveLength(6)
    expect(attempt.liveView()).toBe(second)
  })
})

describe('an index made from the last one answers as a new one', () => {
  it('after any edit of an app\'s array: records added, removed, replaced or moved anywhere, the same object twice', () => {
    const size = BIG
    const pool = Array.from({ length: size + 40 }, (_, i): PhoneRecord => ({ 姓名: `P${i} ${WORDS[i % WORDS.length]}`, 备注: words(i, 2) }))
    const edit = fc.oneof(
      fc.record({ op: fc.constant('insert' as const), at: fc.nat(), from: fc.nat(size + 39) }),
      fc.record({ op: fc.constant('remove' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ op: fc.constant('replace' as const), at: fc.nat(), from: fc.nat(size + 39) }),
      fc.record({ op: fc.constant('fresh' as const), at: fc.nat(), text: fc.constantFrom(...WORDS) }),
      fc.record({ op: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
    )
    fc.assert(
      fc.property(fc.array(fc.array(edit, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), fc.boolean(), (versions, searchFirst) => {
        let records: TaskRecords = { contacts: pool.slice(0, size), notes: [{ 标题: 'n', 内容: 'alpha' }] }
        let runtime = new ToolRuntime(LIVE_TOOLS, records, { setting: 'full' })
        for (const edits of versions) {
          if (searchFirst) runtime.call('search_contacts', { pattern: 'alpha' }, 'test')
          const list = [...(records.contacts ?? [])]
          for (const e of edits) {
            const at = list.length === 0 ? 0 : e.at % list.length
            if (e.op === 'insert') list.splice(at, 0, pool[e.from] as PhoneRecord)
            else if (e.op === 'remove') list.splice(at, e.count)
            else if (e.op === 'replace') list[at] = pool[e.from] as PhoneRecord
            else if (e.op === 'fresh') list[at] = { 姓名: `New ${e.text}`, 备注: `${e.text} fresh` }
            else {
              const [moved] = list.splice(at, 1)
              if (moved) list.splice(e.to % (list.length + 1), 0, moved)
            }
          }
          records = { ...records, contacts: list }
          runtime = runtime.withRecords(records)
        }
        const fresh = new ToolRuntime(LIVE_TOOLS, records, { setting: 'full' })
        expect(answers(runtime)).toEqual(answers(fresh))
        sameIndex(runtime.records, fresh.records, records)
      }),
      { numRuns: 30 },
    )
  })
})
