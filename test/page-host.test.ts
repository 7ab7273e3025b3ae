// The page's host of the attempt kernel, driven without a browser (#25): open, call, withdraw, fork, finish and reload
// through the harness, and the verdict it shows is the one storage keeps (#24: one owner for the verdict).
import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { getAttempt } from '../src/db/index'
import { shownVerdict } from '../src/state/sessionStore'
import { join } from 'node:path'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { PageHostHarness } from './support/pageHostHarness'

/** 推理1: call Tom Ruiz (the right number), or a wrong one. */
const RIGHT = { telephone: '13822419087' }
const WRONG = { telephone: '10000000000' }

async function opened(taskId = '推理1'): Promise<PageHostHarness> {
  const page = new PageHostHarness()
  await page.load(SAMPLE_DIR)
  await page.host.openTask(taskId, undefined, { fresh: true })
  return page
}

/** A person's finished attempt of two calls (a search, a wrong call), to fork. */
async function finishedParent() {
  const page = await opened()
  await page.host.callTool('search_contacts', { pattern: 'Tom' }, 'ui')
  await page.host.callTool('Phone_Call', WRONG, 'ui')
  await page.host.finishAttempt()
  return { page, parent: page.state.attempt?.id ?? '' }
}

describe('the page host', () => {
  it('opens a task on the phone with a new attempt of the person, in their setting', async () => {
    const page = await opened()
    const { attempt, task, steps, leading } = page.state
    expect(task?.id).toBe('推理1')
    expect(attempt).toMatchObject({ taskId: '推理1', actor: 'ann', access: 'browse', finished: false })
    expect(steps).toEqual([])
    expect(leading).toBe(true)
    expect(page.host.attempt?.id).toBe(attempt?.id)
    expect(page.progress.get(attempt?.id ?? '')).toBeDefined()
    expect(page.clock.running).toBe(true)
  })

  it('checks a form’s call without storing it: the runtime’s answer, and what is wrong with each argument as data', async () => {
    const page = await opened()
    const check = page.host.checkCall('Phone_Call', { type: 'AUDIO' })
    expect(check.ok).toBe(false)
    expect(check.content).toContain('Missing required parameter "telephone"')
    expect(check.issues.map((issue) => [issue.kind, issue.parameter])).toEqual([
      ['missing', 'telephone'],
      ['enum', 'type'],
    ])
    expect(page.host.checkCall('Phone_Call', RIGHT)).toMatchObject({ ok: true, issues: [] })
    expect(page.state.steps).toEqual([])
  })

  it('shows a person’s call at once and a program’s at the next frame, both stored before they show', async () => {
    const page = await opened()
    await page.host.callTool('search_contacts', { pattern: 'Tom' }, 'ui')
    expect(page.state.steps.map((s) => s.name)).toEqual(['search_contacts'])
    await page.host.callTool('Phone_Call', RIGHT, 'api')
    expect(page.state.steps).toHaveLength(1) // not drawn yet
    expect(page.host.finishRiskNow()).toBeUndefined() // the kernel has it
    page.frame()
    expect(page.state.steps.map((s) => s.name)).toEqual(['search_contacts', 'Phone_Call'])
    const stored = await page.db.calls.where('attemptId').equals(page.state.attempt?.id ?? '').count()
    expect(stored).toBe(2)
  })

  it('withdraws a pending action: it stays in the trajectory, marked, and is not submitted', async () => {
    const page = await opened()
    await page.host.callTool('Phone_Call', WRONG, 'ui')
    await page.host.callTool('Phone_Call', RIGHT, 'ui')
    await page.host.withdrawCall(0)
    expect(page.state.steps.map((s) => Boolean(s.withdrawn))).toEqual([true, false])
    expect(page.host.submittedCalls()).toEqual([{ name: 'Phone_Call', arguments: RIGHT }])
  })

  it('finishes with the kernel’s one finish and shows the verdict storage kept, not a copy of its own', async () => {
    const page = await opened()
    await page.host.callTool('Phone_Call', RIGHT, 'ui')
    page.clock.advance(5_000)
    // Storage is where a verdict lives: whatever it keeps (here altered on the way in) is what the page shows.
    const put = IDBObjectStore.prototype.put
    const altered = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      const row = value as { verdict?: object }
      const kept = this.name === 'attempts' && row.verdict ? { ...row, verdict: { ...row.verdict, correct: false, errorType: 'wrong_value' } } : value
      return put.call(this, kept, key)
    })
    const returned = await page.host.finishAttempt().finally(() => altered.mockRestore())
    expect(returned?.correct).toBe(true) // what the kernel computed
    const row = await getAttempt(page.state.attempt?.id ?? '', page.db)
    expect(row?.verdict).toMatchObject({ correct: false, errorType: 'wrong_value' })
    expect(shownVerdict(page.state)).toMatchObject({ correct: false, errorType: 'wrong_value' })
    expect(page.state.attempt?.finished).toBe(true)
    expect(page.progress.get(row?.id ?? '')?.verdict).toEqual(row?.verdict)
    expect(page.clock.running).toBe(false)
    expect(row?.elapsedMs).toBe(5_000)
  })

  it('shows no verdict before the finish, and the stored one after a reload', async () => {
    const page = await opened()
    await page.host.callTool('Phone_Call', WRONG, 'ui')
    expect(shownVerdict(page.state)).toBeUndefined()
    await page.host.finishAttempt()
    expect(shownVerdict(page.state)).toMatchObject({ correct: false })
    const again = await page.reload()
    await again.host.openTask('推理1')
    expect(again.state.attempt?.id).toBe(page.state.attempt?.id)
    expect(shownVerdict(again.state)).toEqual(shownVerdict(page.state))
    await expect(again.host.callTool('Phone_Call', RIGHT, 'ui')).rejects.toThrow(/finished/)
  })

  it('resumes an unfinished attempt after a reload: its calls, its time and its screen', async () => {
    const page = await opened()
    await page.host.callTool('search_contacts', { pattern: 'Tom' }, 'api') // a program's search moves the phone, and the screen is stored with it
    page.frame()
    page.clock.advance(7_000)
    const again = await page.reload()
    await again.host.openTask('推理1')
    expect(again.state.attempt?.id).toBe(page.state.attempt?.id)
    expect(again.state.steps.map((s) => s.name)).toEqual(['search_contacts'])
    expect(again.clock.elapsed()).toBe(7_000)
    expect(again.phoneResets.at(-1)?.route).toMatchObject({ screen: 'app', app: 'contacts' })
  })

  it('stores the time spent on the attempt left when another task opens, and an attempt taken up again comes back with it', async () => {
    const page = await opened()
    await page.host.callTool('search_contacts', { pattern: 'Tom' }, 'ui')
    const first = page.state.attempt?.id ?? ''
    page.clock.advance(4_000)
    await page.host.openTask('推理2')
    expect((await getAttempt(first, page.db))?.elapsedMs).toBe(4_000)
    const second = page.state.attempt?.id ?? ''
    page.clock.advance(1_000)
    await page.host.openTask('推理1')
    expect(page.state.attempt?.id).toBe(first)
    expect(page.clock.elapsed()).toBe(4_000)
    expect((await getAttempt(second, page.db))?.elapsedMs).toBe(1_000)
    // The same attempt opened again: it is read after its time is stored, not before.
    page.clock.advance(2_000)
    await page.host.openTask('推理1')
    expect(page.state.attempt?.id).toBe(first)
    expect(page.clock.elapsed()).toBe(6_000)
    expect(page.storageErrors).toEqual([])
  })

  it('forks a stored attempt: a new attempt of the same task and setting with the parent’s first calls', async () => {
    const { page, parent } = await finishedParent()
    const fork = await page.host.forkAttempt(parent, 1)
    expect(fork.id).not.toBe(parent)
    expect(page.state.attempt).toMatchObject({ id: fork.id, finished: false, parent: { attemptId: parent, step: 1 } })
    expect(page.state.steps.map((s) => s.name)).toEqual(['search_contacts'])
    expect(shownVerdict(page.state)).toBeUndefined()
    await expect(page.host.forkAttempt(parent, 9)).rejects.toThrow()
    expect(page.state.attempt?.id).toBe(fork.id) // a step out of range changes nothing
  })

  it('puts a fork on the screen its parent’s replay shows at that step, and comes back there after a reload', async () => {
    const { page, parent } = await finishedParent()
    const fork = await page.host.forkAttempt(parent, 1)
    expect(page.phoneResets.at(-1)?.route).toEqual({ screen: 'app', app: 'contacts' })
    const again = await page.reload()
    await again.host.openTask('推理1', undefined, { attemptId: fork.id })
    expect(again.phoneResets.at(-1)?.route).toMatchObject({ screen: 'app', app: 'contacts' })
    // At an action, the record it made (a static attempt draws it from the step), as the replay shows it.
    await page.host.forkAttempt(parent, 2)
    expect(page.phoneResets.at(-1)?.route).toEqual({ screen: 'record', app: 'voicemail', index: 1, isNew: true })
    await page.host.forkAttempt(parent, 0)
    expect(page.phoneResets.at(-1)?.route).toEqual({ screen: 'home' })
  })

  it('keeps why a live action found no record to change, as data, with the refused step it made, until a reload', async () => {
    const page = new PageHostHarness()
    await page.load(join(ROOT, 'public/data-live'))
    await page.host.openTask('推理L1', undefined, { fresh: true, state: 'live' })
    const refused = await page.host.callTool('Clock_DeleteAlarm', { name: 'Nope', time: '07:00:00' }, 'ui')
    expect(refused.ok).toBe(false)
    expect(refused.content).toBe('Error: No alarm record has 闹钟名 = "Nope" and 时间 = "07:00:00"; nothing was changed.')
    expect(page.host.refusalOf(refused)).toEqual({ app: 'alarm', op: 'delete', kind: 'none', match: [['闹钟名', 'Nope'], ['时间', '07:00:00']] })
    // A call the schema refuses never reached the records: nothing to say beyond the runtime's message.
    const invalid = await page.host.callTool('Clock_DeleteAlarm', {}, 'ui')
    expect(invalid.ok).toBe(false)
    expect(page.host.refusalOf(invalid)).toBeUndefined()
    // Never stored: the step read back after a reload says it in its content alone.
    const attemptId = page.state.attempt?.id
    const again = await page.reload()
    await again.host.openTask('推理L1', undefined, { ...(attemptId ? { attemptId } : {}) })
    expect(again.state.attempt?.id).toBe(attemptId)
    const stored = again.state.steps.find((step) => step.seq === refused.seq)
    expect(stored?.content).toBe(refused.content)
    expect(stored && again.host.refusalOf(stored)).toBeUndefined()
    expect(Object.keys(stored ?? {})).not.toContain('refusal')
  })

  it('lays a live attempt’s stored state verdict out with the changes’ pairing, worked out again, never stored', async () => {
    const page = new PageHostHarness()
    await page.load(join(ROOT, 'public/data-live'))
    await page.host.openTask('推理L1', undefined, { fresh: true, state: 'live' })
    await page.host.callTool('Clock_DeleteAlarm', { name: 'Pottery class', time: '18:15:00' }, 'ui')
    await page.host.finishAttempt()
    const row = await getAttempt(page.state.attempt?.id ?? '', page.db)
    expect(row?.verdict?.state).toEqual({ correct: true, errorType: null, mismatches: [] })
    expect(shownVerdict(page.state)?.state).toMatchObject({ correct: true, pairing: [{ change: 0 }] })
  })

  it('marks the session as opening from an open’s start until the phone shows the attempt, and after a failed open', async () => {
    const page = new PageHostHarness()
    await page.load(SAMPLE_DIR)
    const seen: { opening: boolean; resets: number }[] = []
    page.session.subscribe((state, before) => {
      if (state.opening !== before.opening) seen.push({ opening: state.opening === true, resets: page.phoneResets.length })
    })
    const first = page.host.openTask('推理1', undefined, { fresh: true })
    expect(page.state.opening).toBe(true) // at once: a tap in between would be undone by the phone's reset
    const second = page.host.openTask('推理2', undefined, { fresh: true }) // a quick switch while the first opens
    await Promise.all([first, second])
    // One stretch covering both opens; it ends only after the last reset put the phone on its screen.
    expect(seen).toEqual([
      { opening: true, resets: 0 },
      { opening: false, resets: 2 },
    ])
    await expect(page.host.openTask('no such task')).rejects.toThrow('not in this data set')
    expect(page.state.opening).toBeUndefined()
    const parent = page.state.attempt?.id ?? ''
    await expect(page.host.forkAttempt(parent, 9)).rejects.toThrow()
    expect(page.state.opening).toBeUndefined()
    await page.host.forkAttempt(parent, 0)
    expect(seen.filter((change) => change.opening)).toHaveLength(4)
    expect(page.state.opening).toBeUndefined()
  })

  it('refuses a change while a replay is on the phone, and outside any task', async () => {
    const page = new PageHostHarness()
    await page.load(SAMPLE_DIR)
    await expect(page.host.callTool('Phone_Call', RIGHT, 'ui')).rejects.toThrow('No task is open')
    expect(page.host.checkCall('Phone_Call', RIGHT)).toEqual({ ok: false, content: 'No task is open', issues: [] })
  })

  it('drops the attempt a first visit opened before the person was named, once they are, if it holds nothing', async () => {
    const page = new PageHostHarness({ actor: '' })
    await page.load(SAMPLE_DIR)
    await page.host.openTask('推理1')
    const nobodys = page.state.attempt?.id ?? ''
    expect(page.state.attempt?.actor).toBe('')
    page.settings.actor = 'ann'
    await page.host.openTask('推理1')
    expect(page.state.attempt).toMatchObject({ taskId: '推理1', actor: 'ann' })
    expect(await getAttempt(nobodys, page.db)).toBeUndefined()
    expect(await page.db.attempts.count()).toBe(1)
    expect([...page.progress.values()].map((row) => row.actor)).toEqual(['ann']) // the lists read from it forget it too
    expect(page.storageErrors).toEqual([])
  })

  it('keeps a nobody’s attempt that holds a call, and anyone’s attempt when another person is named', async () => {
    const page = new PageHostHarness({ actor: '' })
    await page.load(SAMPLE_DIR)
    await page.host.openTask('推理1')
    const nobodys = page.state.attempt?.id ?? ''
    await page.host.callTool('search_contacts', { pattern: 'Tom' }, 'ui')
    page.settings.actor = 'ann'
    await page.host.openTask('推理1')
    const anns = page.state.attempt?.id ?? ''
    page.settings.actor = 'bo'
    await page.host.openTask('推理1')
    expect(await getAttempt(nobodys, page.db)).toMatchObject({ actor: '', callCount: 1 })
    expect(await getAttempt(anns, page.db)).toMatchObject({ actor: 'ann' })
    expect(await page.db.attempts.count()).toBe(3)
  })
})
