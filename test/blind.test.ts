// The kernel's rule for blind attempts (issue #24): an attempt made after its actor received the task's gold is practice.
import { describe, expect, it } from 'vitest'
import { Attempt, AttemptClosed, MemorySink, TaskHost, VERDICT_FINAL, parseResponses, receiveGold, responseLine, scoreResponses } from '../src/core/index'
import type { Task } from '../src/core/index'
import { RECORDS, TOOLS, fixtureDataset } from './fixtures'

const dataset = fixtureDataset()
const task = dataset.tasks.find((t) => t.id === '推理1') as Task
const other = dataset.tasks.find((t) => t.id !== '推理1') as Task
const source = { task, tools: TOOLS, records: RECORDS }
const open = (sink: MemorySink, extra: Partial<Parameters<typeof Attempt.open>[0]> = {}) => Attempt.open({ ...source, setting: 'paginated', actor: 'ann', sink, ...extra })

describe('an attempt after its actor received the gold', () => {
  it('is blind until a finish shows the actor the verdict (a review, a submit), then practice for that actor and task only', async () => {
    const sink = new MemorySink()
    const first = await open(sink)
    expect(first.info.afterGold).toBeUndefined()
    // Two blind attempts side by side (two tabs): the second is opened before any verdict.
    const sideBySide = await open(sink)
    await first.finish()
    expect(sink.goldReceipts()).toMatchObject([{ actor: 'ann', taskId: '推理1', via: 'verdict' }])
    expect(sideBySide.info.afterGold).toBeUndefined()
    const next = await open(sink)
    expect(next.info.afterGold).toBe(true)
    expect((await sink.read(next.id))?.attempt.afterGold).toBe(true)
    // Someone else, or another task, is still blind.
    expect((await open(sink, { actor: 'ben' })).info.afterGold).toBeUndefined()
    expect((await Attempt.open({ ...source, task: other, setting: 'paginated', actor: 'ann', sink })).info.afterGold).toBeUndefined()
  })

  it('is practice after the editor or an unseal showed the gold', async () => {
    for (const via of ['editor', 'unseal'] as const) {
      const sink = new MemorySink()
      await receiveGold(sink, 'ann', '推理1', via)
      const attempt = await open(sink)
      expect(attempt.info.afterGold, via).toBe(true)
      expect(sink.goldReceipts().map((r) => r.via)).toEqual([via])
    }
  })

  it('a fork of a finished attempt is practice (its review showed the gold); a fork of an unfinished blind one is not', async () => {
    const sink = new MemorySink()
    const parent = await open(sink)
    await parent.call('search_contacts', { pattern: 'Rachel' }, 'test')
    const stored = await sink.read(parent.id)
    const blindFork = await open(sink, { fork: { parent: parent.id, steps: stored?.steps ?? [], step: 1 } })
    expect(blindFork.info.afterGold).toBeUndefined()
    await parent.finish()
    // Another person forks ann's finished attempt: they start from its review.
    const fork = await open(sink, { actor: 'ben', fork: { parent: parent.id, steps: stored?.steps ?? [], step: 1 } })
    expect(fork.info.afterGold).toBe(true)
    expect(sink.goldReceipts()).toContainEqual(expect.objectContaining({ actor: 'ben', taskId: '推理1', via: 'fork' }))
    // A fork of practice is practice too.
    const forkOfFork = await open(sink, { actor: 'cy', fork: { parent: fork.id, steps: [], step: 0 } })
    expect(forkOfFork.info.afterGold).toBe(true)
  })

  it('stays blind for an agent runner: its loop never sees the verdict, so its repeats are not practice', async () => {
    const sink = new MemorySink()
    const run = { id: 'r1', repeat: 0, model: 'm' }
    const first = await open(sink, { actor: 'm', run })
    await first.finish()
    expect(sink.goldReceipts()).toEqual([])
    expect((await open(sink, { actor: 'm', run: { ...run, repeat: 1 } })).info.afterGold).toBeUndefined()
    // Nor does a receipt under the model's name (an API session that used it) reach a run's fresh conversation.
    await receiveGold(sink, 'm', '推理1', 'editor')
    expect((await open(sink, { actor: 'm', run: { ...run, repeat: 2 } })).info.afterGold).toBeUndefined()
    expect((await open(sink, { actor: 'm' })).info.afterGold).toBe(true)
  })

  it('stays blind after a sealed task is submitted: no gold is shown', async () => {
    const sink = new MemorySink()
    const first = await open(sink, { sealed: true })
    await first.finish()
    expect(sink.goldReceipts()).toEqual([])
    expect((await open(sink, { sealed: true })).info.afterGold).toBeUndefined()
  })

  it('says after_gold in its response line', async () => {
    const line = { taskId: '推理1', run: 0, setting: 'paginated', instruction: 'x', steps: [], finished: true }
    expect(responseLine({ ...line, afterGold: true })).toMatchObject({ after_gold: true })
    expect(responseLine(line)).not.toHaveProperty('after_gold')
  })
})

describe('the scorer', () => {
  it('never lets a line made after the gold win: the blind line is scored, whatever the order, and practice alone is no response', () => {
    const line = (calls: unknown[], afterGold: boolean) => JSON.stringify({ id: '推理1', run: 0, calls, ...(afterGold ? { after_gold: true } : {}) })
    const wrong = line([{ name: 'Phone_Call', arguments: { telephone: '13655208731' } }], false)
    const right = line([{ name: 'Phone_Call', arguments: { telephone: '13933334444' } }], true)
    const verdictOf = (text: string) => scoreResponses(dataset.tasks, TOOLS, parseResponses(text).lines).details.find((d) => d.id === '推理1')
    expect(verdictOf(`${wrong}\n${right}\n`)).toMatchObject({ correct: false, error_type: 'wrong_value' })
    expect(verdictOf(`${right}\n${wrong}\n`)).toMatchObject({ correct: false, error_type: 'wrong_value' })
    expect(verdictOf(`${right}\n`)).toMatchObject({ correct: false, error_type: 'no_response' })
    // Without after_gold the same right line is scored.
    expect(verdictOf(`${line([{ name: 'Phone_Call', arguments: { telephone: '13933334444' } }], false)}\n`)).toMatchObject({ correct: true })
  })
})

describe('a finished attempt', () => {
  it('refuses a second finish, saying its verdict is final, and stores nothing more', async () => {
    const sink = new MemorySink()
    const attempt = await open(sink)
    await attempt.call('Phone_Call', { telephone: '13655208731' }, 'test')
    const verdict = await attempt.finish()
    const stored = await sink.read(attempt.id)
    await expect(attempt.finish()).rejects.toBeInstanceOf(AttemptClosed)
    await expect(attempt.finish()).rejects.toThrow(/already finished and its verdict is final/)
    expect(VERDICT_FINAL).toMatch(/verdict is final/)
    expect(await sink.read(attempt.id)).toEqual(stored)
    expect(attempt.info.verdict?.correct).toBe(verdict?.correct)
  })

  it('through a host (the MCP server): submit twice rejects, and the next open is practice', async () => {
    const host = new TaskHost(dataset)
    const opened = await host.open('推理1')
    await host.call('Phone_Call', { telephone: '13655208731' }, 'mcp')
    const verdict = await host.submit()
    expect(verdict.correct).toBe(false)
    await expect(host.submit()).rejects.toThrow(/already finished and its verdict is final/)
    await expect(host.call('Phone_Call', { telephone: '1' }, 'mcp')).rejects.toThrow(/open_task/)
    await host.open('推理1')
    expect(host.openAttempt?.info.afterGold).toBe(true)
    // A fork of the submitted attempt is practice too (fork_attempt).
    await host.fork(opened.attemptId, 1)
    expect(host.openAttempt?.info.afterGold).toBe(true)
  })
})
