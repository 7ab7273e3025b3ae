import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loadDataset } from '../src/core/index'
import type { TaskContent } from '../src/core/index'
import {
  COALESCE_MS,
  LINT_DELAY_MS,
  LINT_WHILE_TYPING_MAX_RECORDS,
  addCall,
  addRecord,
  canRedo,
  checkSolvability,
  canUndo,
  deleteRecord,
  draftFiles,
  duplicateRecord,
  editDraft,
  emptyTask,
  findingsAt,
  freeId,
  isDirty,
  lintDraft,
  lintNow,
  moveCall,
  moveRecord,
  readLiveText,
  readPastedRecords,
  liveText,
  setLive,
  recordsOf,
  redo,
  removeCall,
  setAcceptable,
  setCallTool,
  setFree,
  setGold,
  setInstruction,
  setField,
  setRecordField,
  startDraft,
  undo,
  useAuthoring,
} from '../src/authoring/store'
import type { DraftContext } from '../src/authoring/store'
import { SAMPLE_DIR } from './fixtures'
import { VIEWS, viewOfHash, viewPathOfHash } from '../src/state/view'

const files = Object.fromEntries(
  ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json'].map((name) => [name, readFileSync(join(SAMPLE_DIR, name), 'utf8')]),
)
const { dataset } = loadDataset(files)

function sampleContent(id: string): TaskContent {
  const task = dataset.tasks.find((t) => t.id === id)
  if (!task) throw new Error(`no task ${id}`)
  return structuredClone({ task, records: dataset.records[id] ?? {} })
}

function contextFor(id: string | undefined): DraftContext {
  return { tools: dataset.tools, profile: dataset.profile, hasProfile: dataset.hasProfile, otherIds: new Set(dataset.tasks.map((t) => t.id).filter((t) => t !== id)) }
}

const draft = (): TaskContent => {
  const d = useAuthoring.getState().draft
  if (!d) throw new Error('no draft')
  return d
}

describe('pure edits of a draft', () => {
  const base = sampleContent('推理1')

  it('change the instruction and its user message together', () => {
    const next = setInstruction(base, 'Call Tom')
    expect(next.task.instruction).toBe('Call Tom')
    expect(next.task.messages.find((m) => m.role === 'user')?.content).toBe('Call Tom')
    expect(base.task.instruction).toBe('Call whoever is covering for my manager')
  })

  it('edit a gold parameter: add, reorder and remove values, "may be left out", "any value"', () => {
    let c = setAcceptable(base, 0, 'telephone', ['13822419087', '+8613822419087'])
    expect(c.task.answer[0]?.arguments.telephone).toEqual(['13822419087', '+8613822419087'])
    c = setAcceptable(c, 0, 'type', ['VOICE'])
    expect(c.task.answer[0]?.arguments.type).toEqual(['VOICE'])
    c = setAcceptable(c, 0, 'telephone', [])
    expect(Object.hasOwn(c.task.answer[0]?.arguments ?? {}, 'telephone')).toBe(false)
    c = setFree(c, 0, 'telephone', true)
    expect(c.task.freeParams).toEqual([['telephone']])
    c = setFree(c, 0, 'telephone', false)
    expect(c.task.freeParams).toEqual([[]])
  })

  it('add, move, retarget and remove gold calls, their free lists alongside', () => {
    let c = addCall(base, 'Messages_Send')
    c = setFree(c, 1, 'content', true)
    expect(c.task.answer.map((a) => a.name)).toEqual(['Phone_Call', 'Messages_Send'])
    c = moveCall(c, 1, -1)
    expect(c.task.answer.map((a) => a.name)).toEqual(['Messages_Send', 'Phone_Call'])
    expect(c.task.freeParams).toEqual([['content'], []])
    c = setCallTool(c, 0, 'Clock_CreateAlarm')
    expect(c.task.answer[0]).toEqual({ name: 'Clock_CreateAlarm', arguments: {} })
    expect(c.task.freeParams[0]).toEqual([])
    c = removeCall(c, 0)
    expect(c.task.answer).toEqual(base.task.answer)
    expect(c.task.freeParams).toEqual([[]])
  })

  it('edit records: a field, add, duplicate, move, delete; unknown keys kept; key order kept', () => {
    const first = recordsOf(base, 'contacts')[0]
    expect(first).toBeDefined()
    let c = setRecordField(base, 'contacts', 0, '备注', 'changed')
    expect(Object.keys(recordsOf(c, 'contacts')[0] ?? {})).toEqual(Object.keys(first ?? {}).concat(Object.hasOwn(first ?? {}, '备注') ? [] : ['备注']))
    c = setRecordField(c, 'contacts', 0, '昵称', 'x')
    expect(recordsOf(c, 'contacts')[0]?.昵称).toBe('x')
    const n = recordsOf(c, 'contacts').length
    c = duplicateRecord(c, 'contacts', 0)
    expect(recordsOf(c, 'contacts')).toHaveLength(n + 1)
    expect(recordsOf(c, 'contacts')[1]).toEqual(recordsOf(c, 'contacts')[0])
    c = moveRecord(c, 'contacts', 0, 1)
    c = deleteRecord(c, 'contacts', 0)
    expect(recordsOf(c, 'contacts')).toHaveLength(n)
    c = addRecord(c, 'alarm', { 时间: '07:00:00' })
    expect(recordsOf(c, 'alarm')).toEqual([...recordsOf(base, 'alarm'), { 时间: '07:00:00' }])
    expect(recordsOf(base, 'contacts')[0]).toEqual(first)
  })

  it('read pasted JSON: an object is a record, a list of objects the list, anything else refused', () => {
    expect(readPastedRecords('{"姓名":"A"}')).toEqual({ kind: 'record', record: { 姓名: 'A' } })
    expect(readPastedRecords('[{"姓名":"A"},{"姓名":"B"}]')).toEqual({ kind: 'list', list: [{ 姓名: 'A' }, { 姓名: 'B' }] })
    expect(readPastedRecords('{"姓名":')).toMatchObject({ error: 'pasteNotJson' })
    expect(readPastedRecords('[1, 2]')).toEqual({ error: 'pasteShape' })
    expect(readPastedRecords('"text"')).toEqual({ error: 'pasteShape' })
  })

  it('read live keys as the loader does, refusing what it refuses; an empty object makes the task static', () => {
    const read = readLiveText('{"expected_state": [{"app": "alarm", "op": "insert", "record": {"时间": ["07:30:00"]}}], "verify": "state"}')
    expect(read).toEqual({ live: { expectedState: [{ app: 'alarm', op: 'insert', record: { 时间: ['07:30:00'] } }], verify: 'state' } })
    expect(readLiveText('{"verify": "state"}')).toEqual({ error: expect.stringContaining('there is no "expected_state"') })
    expect(readLiveText('{"verify": "sometimes"}')).toEqual({ error: expect.stringContaining('"prompt_metadata.verify" must be one of') })
    expect(readLiveText('{"answer": []}')).toEqual({ error: expect.stringContaining('unknown keys: answer') })
    expect(readLiveText('{')).toHaveProperty('error')
    expect(readLiveText('{}')).toEqual({ live: undefined })
    if (!('live' in read)) throw new Error('not read')
    const live = setLive(sampleContent('推理1'), read.live)
    expect(JSON.parse(liveText(live.task.live))).toEqual({ expected_state: [{ app: 'alarm', op: 'insert', record: { 时间: ['07:30:00'] } }], verify: 'state' })
    // Written into the task's line, read back by the loader.
    const files = draftFiles(live, contextFor('推理1'))
    expect(loadDataset(files).dataset.tasks[0]?.live).toEqual(read.live)
    expect(setLive(live, undefined).task).not.toHaveProperty('live')
    expect(lintDraft(setLive(live, undefined), contextFor('推理1')).filter((f) => f.level === 'error')).toEqual([])
  })

  it('find a free id', () => {
    expect(freeId('new', new Set(['a']))).toBe('new')
    expect(freeId('new', new Set(['new', 'new-2']))).toBe('new-3')
  })
})

describe('lint of a draft (the validator of npm run validate)', () => {
  it('finds nothing new on a sample task as imported', () => {
    const c = sampleContent('推理1')
    const errors = lintDraft(c, contextFor('推理1')).filter((f) => f.level === 'error')
    expect(errors).toEqual([])
    // The one-task folder is what npm run validate reads.
    expect(Object.keys(draftFiles(c, contextFor('推理1'))).sort()).toEqual(['input_data.jsonl', 'profile.json', 'records_db.json', 'tools.json'])
  })

  it('refuses a duplicate id and an empty one, beside the id', () => {
    const c = sampleContent('推理1')
    const taken = lintDraft({ ...c, task: { ...c.task, id: '推理2' } }, contextFor('推理1'))
    expect(findingsAt(taken, 'id')).toEqual([expect.objectContaining({ level: 'error', key: 'idTaken' })])
    const empty = lintDraft({ ...c, task: { ...c.task, id: '' } }, contextFor('推理1'))
    expect(findingsAt(empty, 'id')).toEqual([expect.objectContaining({ level: 'error', key: 'idEmpty' })])
  })

  it('says an empty instruction once, in the editor’s words, without the records it leaves without a task', () => {
    const c = sampleContent('推理1')
    const empty = lintDraft({ ...c, task: { ...c.task, instruction: '', messages: [{ role: 'user', content: '' }] } }, contextFor('推理1'))
    expect(empty).toEqual([expect.objectContaining({ level: 'error', place: 'instruction', key: 'instructionEmpty' })])
    // An instruction of spaces is one, as the loader has it.
    const spaces = lintDraft({ ...c, task: { ...c.task, instruction: ' ', messages: [{ role: 'user', content: ' ' }] } }, contextFor('推理1'))
    expect(spaces.filter((f) => f.level === 'error')).toEqual([])
  })

  it('gives the gold calls’ errors their check and values, for the editor to word', () => {
    const c = sampleContent('推理1')
    const outside = lintDraft(setAcceptable(c, 0, 'type', ['FAX']), contextFor('推理1'))
    expect(findingsAt(outside, 'gold:0')).toEqual([expect.objectContaining({ key: 'goldValueMisfit', params: { call: 1, tool: 'Phone_Call', param: 'type', value: '"FAX"' } })])
  })

  it('places a value outside the schema and an unfindable value at their gold call', () => {
    const c = sampleContent('推理1')
    const outside = lintDraft(setAcceptable(c, 0, 'type', ['FAX']), contextFor('推理1'))
    expect(findingsAt(outside, 'gold:0')).toEqual([expect.objectContaining({ level: 'error', message: expect.stringContaining('"FAX" does not fit the tool schema') })])
    const unfindable = lintDraft(setAcceptable(c, 0, 'telephone', ['13822419087', '19999999999']), contextFor('推理1'))
    expect(findingsAt(unfindable, 'gold:0')).toEqual([expect.objectContaining({ level: 'warning', message: expect.stringContaining('"19999999999" is not found') })])
  })

  it('places live-state findings with the live keys, and an unknown app at the top', () => {
    const c = sampleContent('推理1')
    const live = lintDraft(setLive(c, { expectedState: [{ app: 'notes', op: 'delete', where: { 标题: 'nothing' } }] }), contextFor('推理1'))
    expect(findingsAt(live, 'live')).toContainEqual(expect.objectContaining({ level: 'error', message: expect.stringContaining('names 0 of the task\'s notes records') }))
    const unknownApp = lintDraft({ ...c, records: { ...c.records, foo: [{ a: 1 }] } as TaskContent['records'] }, contextFor('推理1'))
    expect(findingsAt(unknownApp, 'general')).toEqual([expect.objectContaining({ level: 'error', message: expect.stringContaining('unknown app "foo"') })])
    const unknownField = lintDraft(setRecordField(c, 'contacts', 0, '昵称', 'x'), contextFor('推理1'))
    expect(findingsAt(unknownField, 'records:contacts')).toEqual([expect.objectContaining({ level: 'warning', message: expect.stringContaining('昵称') })])
  })

  it('places an unknown type and an empty instruction', () => {
    const c = sampleContent('推理1')
    expect(findingsAt(lintDraft({ ...c, task: { ...c.task, type: 'other' } }, contextFor('推理1')), 'type')).toHaveLength(1)
    expect(findingsAt(lintDraft(setInstruction(c, ''), contextFor('推理1')), 'instruction').length).toBeGreaterThan(0)
  })
})

describe('the editor store: edits, undo and redo', () => {
  beforeEach(() => {
    const c = sampleContent('推理1')
    startDraft(c, contextFor('推理1'), { datasetId: 'd', storedId: '推理1', base: c })
  })

  it('starts clean, with nothing to undo', () => {
    const s = useAuthoring.getState()
    expect(isDirty(s)).toBe(false)
    expect(canUndo(s)).toBe(false)
    expect(canRedo(s)).toBe(false)
  })

  it('undoes and redoes each edit in order; a new edit drops the redo', () => {
    editDraft((c) => setAcceptable(c, 0, 'telephone', ['13822419087', '+8613822419087']))
    editDraft((c) => setFree(c, 0, 'type', true))
    expect(isDirty(useAuthoring.getState())).toBe(true)
    undo()
    expect(draft().task.freeParams).toEqual([[]])
    expect(draft().task.answer[0]?.arguments.telephone).toEqual(['13822419087', '+8613822419087'])
    undo()
    expect(draft().task.answer[0]?.arguments.telephone).toEqual(['13822419087'])
    expect(isDirty(useAuthoring.getState())).toBe(false)
    expect(canUndo(useAuthoring.getState())).toBe(false)
    redo()
    expect(draft().task.answer[0]?.arguments.telephone).toEqual(['13822419087', '+8613822419087'])
    editDraft((c) => setInstruction(c, 'Call Tom'))
    expect(canRedo(useAuthoring.getState())).toBe(false)
  })

  it('makes typing in one field one undo step, and a pause or another field a new one', () => {
    const t0 = 1_000_000
    editDraft((c) => setInstruction(c, 'C'), 'instruction', t0)
    editDraft((c) => setInstruction(c, 'Ca'), 'instruction', t0 + 100)
    editDraft((c) => setInstruction(c, 'Cal'), 'instruction', t0 + 200)
    editDraft((c) => setInstruction(c, 'Call'), 'instruction', t0 + 200 + COALESCE_MS + 1)
    editDraft((c) => ({ ...c, task: { ...c.task, distractors: 'x' } }), 'distractors', t0 + 200 + COALESCE_MS + 2)
    expect(useAuthoring.getState().past).toHaveLength(3)
    undo()
    expect(draft().task.instruction).toBe('Call')
    undo()
    expect(draft().task.instruction).toBe('Cal')
    undo()
    expect(draft().task.instruction).toBe('Call whoever is covering for my manager')
  })

  it('lints the draft after an edit, and an undo takes the finding away', () => {
    expect(findingsAt(useAuthoring.getState().findings, 'id')).toEqual([])
    editDraft((c) => ({ ...c, task: { ...c.task, id: '推理2' } }))
    lintNow()
    expect(findingsAt(useAuthoring.getState().findings, 'id')).toEqual([expect.objectContaining({ key: 'idTaken' })])
    undo()
    lintNow()
    expect(findingsAt(useAuthoring.getState().findings, 'id')).toEqual([])
  })

  it('lints an edit that is not typing at once, in the same change: a new gold call comes with its finding', () => {
    editDraft((c) => addCall(c, 'Clock_CreateAlarm'))
    expect(findingsAt(useAuthoring.getState().findings, 'gold:1')).toEqual([expect.objectContaining({ message: expect.stringContaining('leaves out required parameter') })])
    undo()
    expect(findingsAt(useAuthoring.getState().findings, 'gold:1')).toEqual([])
  })

  it('while a person types, what the typing fixed goes at once and what it finds waits for a pause', () => {
    vi.useFakeTimers()
    try {
      startDraft(emptyTask('new'), contextFor(undefined), { datasetId: 'd' })
      const at = (place: 'id' | 'instruction') => findingsAt(useAuthoring.getState().findings, place)
      expect(at('instruction').length).toBeGreaterThan(0)
      // The first letter of the instruction takes its finding away, before any timer runs.
      editDraft((c) => setInstruction(c, 'C'), 'instruction')
      expect(at('instruction')).toEqual([])
      // An id another task has: said only once the typing pauses.
      editDraft((c) => setField(c, 'id', '推理2'), 'id')
      expect(at('id')).toEqual([])
      vi.advanceTimersByTime(LINT_DELAY_MS - 1)
      expect(at('id')).toEqual([])
      vi.advanceTimersByTime(1)
      expect(at('id')).toEqual([expect.objectContaining({ key: 'idTaken' })])
      // Typing on to a free id fixes it: the finding goes with the keystroke.
      editDraft((c) => setField(c, 'id', '推理2b'), 'id')
      expect(at('id')).toEqual([])
      vi.advanceTimersByTime(LINT_DELAY_MS)
      expect(at('id')).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })

  it(`lints a draft of more than ${LINT_WHILE_TYPING_MAX_RECORDS} records after a pause in typing only`, () => {
    vi.useFakeTimers()
    try {
      const big = sampleContent('推理1')
      const contact = big.records.contacts?.[0]
      if (!contact) throw new Error('推理1 has no contact')
      big.records.contacts = Array.from({ length: LINT_WHILE_TYPING_MAX_RECORDS + 1 }, (_, i) => ({ ...contact, 电话号码: `139${String(i).padStart(8, '0')}` }))
      startDraft(setInstruction(big, ''), contextFor('推理1'), { datasetId: 'd', storedId: '推理1' })
      const at = () => findingsAt(useAuthoring.getState().findings, 'instruction')
      expect(at().length).toBeGreaterThan(0)
      editDraft((c) => setInstruction(c, 'C'), 'instruction')
      expect(at().length).toBeGreaterThan(0)
      vi.advanceTimersByTime(LINT_DELAY_MS)
      expect(at()).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })

  it('checks solvability with the oracle; the lint after an edit leaves the answer, the next edit clears it', async () => {
    expect(await checkSolvability()).toEqual({ solved: true, detail: null })
    lintNow()
    expect(useAuthoring.getState().solvability).toEqual({ solved: true, detail: null })
    editDraft((c) => setGold(c, { answer: [...c.task.answer, { name: 'Clock_CreateAlarm', arguments: {} }], freeParams: [[], []] }))
    expect(useAuthoring.getState().solvability).toBeUndefined()
    expect(await checkSolvability()).toMatchObject({ solved: false })
    // The demonstration's gold of the e2e: a video call to the right number.
    editDraft((c) => setGold(c, { answer: [{ name: 'Phone_Call', arguments: { telephone: ['13822419087'], type: ['VIDEO'] } }], freeParams: [[]] }))
    expect(await checkSolvability()).toEqual({ solved: true, detail: null })
  })

  it('starts a new empty task with a fresh history, dirty against nothing saved', () => {
    editDraft((c) => setInstruction(c, 'x'))
    startDraft(emptyTask('new'), contextFor(undefined), { datasetId: 'd' })
    const s = useAuthoring.getState()
    expect(s.past).toEqual([])
    expect(s.storedId).toBeUndefined()
    expect(isDirty(s)).toBe(true)
    expect(findingsAt(s.findings, 'instruction').length).toBeGreaterThan(0)
  })
})

describe('the editor\'s address', () => {
  it('is #/edit/<task id> or #/edit/new, a view without a tab', () => {
    expect(viewOfHash('#/edit/%E6%8E%A8%E7%90%861')).toBe('edit')
    expect(viewPathOfHash('#/edit/%E6%8E%A8%E7%90%861')).toEqual(['推理1'])
    expect(viewOfHash('#/edit/new')).toBe('edit')
    expect(viewOfHash('#/editor')).toBe('phone')
    expect(VIEWS).not.toContain('edit')
  })
})
