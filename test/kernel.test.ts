import { describe, expect, it } from 'vitest'
import { Attempt, AttemptClosed, MemoryLeadLock, MemorySink, StepNotStored, conversationUpTo, runAgent } from '../src/core/index'
import type { AgentMessage, ChatModel, Task } from '../src/core/index'
import { RECORDS, TOOLS, fixtureDataset } from './fixtures'

const task = fixtureDataset().tasks.find((t) => t.id === '推理1') as Task
const source = { task, tools: TOOLS, records: RECORDS }
const open = (sink: MemorySink, extra: Partial<Parameters<typeof Attempt.open>[0]> = {}) =>
  Attempt.open({ ...source, setting: 'paginated', actor: 'tester', sink, ...extra })

describe('the attempt kernel', () => {
  it('stores every step before it answers, and resumes from what is stored', async () => {
    const sink = new MemorySink()
    const attempt = await open(sink)
    await attempt.call('search_contacts', { pattern: 'Rachel' }, 'test')
    await attempt.call('Phone_Call', { telephone: '13933334444' }, 'test')
    await attempt.withdraw(1)
    const resumed = await Attempt.resume({ ...source, attemptId: attempt.id, sink })
    expect(resumed.trajectory().map((s) => [s.seq, s.name, s.withdrawn ?? false])).toEqual([
      [0, 'search_contacts', false],
      [1, 'Phone_Call', true],
    ])
    expect(resumed.submittedCalls()).toEqual([])
  })

  it('takes back a step the sink refuses, reports it, and never skips a sequence number', async () => {
    const sink = new MemorySink()
    const attempt = await open(sink)
    const events: string[] = []
    attempt.subscribe((e) => events.push(e.type))
    await attempt.call('search_contacts', { pattern: 'Rachel' }, 'test')
    sink.fail = new Error('QuotaExceededError: the disk is full')
    // Two calls at once: both refused, neither kept, in order.
    const [a, b] = await Promise.allSettled([
      attempt.call('Phone_Call', { telephone: '13933334444' }, 'test'),
      attempt.call('Phone_Call', { telephone: '13911112222' }, 'test'),
    ])
    expect(a.status === 'rejected' && a.reason).toBeInstanceOf(StepNotStored)
    expect(b.status === 'rejected' && String(b.reason)).toMatch(/disk is full/)
    await expect(attempt.withdraw(0)).resolves.toBeUndefined() // a retrieval cannot be withdrawn
    expect(attempt.trajectory()).toHaveLength(1)
    expect(events).toEqual(['step', 'undone', 'undone'])
    sink.fail = undefined
    const next = await attempt.call('Phone_Call', { telephone: '13933334444' }, 'test')
    expect(next.seq).toBe(1)
    expect((await sink.read(attempt.id))?.steps.map((s) => s.seq)).toEqual([0, 1])
    // A withdrawal the sink refuses is undone too.
    sink.fail = new Error('disk full')
    await expect(attempt.withdraw(1)).rejects.toBeInstanceOf(StepNotStored)
    expect(attempt.trajectory()[1]?.withdrawn).toBeUndefined()
    expect(attempt.submittedCalls()).toHaveLength(1)
  })

  it('calls made at once get consecutive sequence numbers in the order they were asked', async () => {
    const attempt = await open(new MemorySink())
    const steps = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt.call('search_sms', { pattern: `x${i}` }, 'test')))
    expect(steps.map((s) => s.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i))
    expect(steps.map((s) => (s.arguments as { pattern: string }).pattern)).toEqual(Array.from({ length: 20 }, (_, i) => `x${i}`))
  })

  it('finishes once, with the one scorer, and then takes no change', async () => {
    const sink = new MemorySink()
    const attempt = await open(sink)
    await attempt.call('Phone_Call', { telephone: '13933334444' }, 'test')
    const verdict = await attempt.finish()
    expect(verdict?.correct).toBe(true)
    expect((await sink.read(attempt.id))?.attempt).toMatchObject({ finished: true, verdict: { correct: true, errorType: null }, callCount: 1 })
    await expect(attempt.call('search_sms', { pattern: 'x' }, 'test')).rejects.toBeInstanceOf(AttemptClosed)
    await expect(attempt.finish()).rejects.toThrow(/finished/)
  })

  it('refuses arguments JSON cannot carry, storing nothing', async () => {
    const sink = new MemorySink()
    const attempt = await open(sink)
    await expect(attempt.call('Phone_Call', { telephone: Number.NaN }, 'test')).rejects.toThrow(/NaN/)
    expect((await sink.read(attempt.id))?.steps).toEqual([])
  })
})

describe('a turn is stored whole', () => {
  /** A model that asks for three calls in its first turn, then answers. */
  const model: ChatModel = {
    name: 'three-calls',
    complete: async (messages) => {
      if (messages.some((m) => m.role === 'tool')) return { message: { role: 'assistant', content: 'done' } }
      const call = (id: string, name: string, args: object) => ({ id, type: 'function' as const, function: { name, arguments: JSON.stringify(args) } })
      return {
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            call('a', 'search_contacts', { pattern: 'Rachel' }),
            call('b', 'search_sms', { pattern: 'Rachel' }),
            call('c', 'Phone_Call', { telephone: '13933334444' }),
          ],
        },
      }
    },
  }

  async function run(attempt: Attempt, resume?: readonly AgentMessage[]) {
    return runAgent({
      model,
      systemPrompt: 'sys',
      instruction: task.instruction,
      tools: attempt.offeredTools(),
      callTool: (name, args) => attempt.call(name, args, 'agent'),
      onTurn: (messages, turns) => attempt.storeTurns({ messages: [...messages], usage: { prompt: 0, completion: 0 }, turns }),
      ...(resume ? { resume } : {}),
    })
  }

  it('steps of a turn cut short are dropped on resume, so no call is repeated', async () => {
    const sink = new MemorySink()
    const attempt = await open(sink, { setting: 'paginated' })
    // The page closes after two of the first turn's three calls: no turn was stored.
    await attempt.call('search_contacts', { pattern: 'Rachel' }, 'agent')
    await attempt.call('search_sms', { pattern: 'Rachel' }, 'agent')
    const resumed = await Attempt.resume({ ...source, attemptId: attempt.id, sink, turnBased: true })
    expect(resumed.trajectory()).toEqual([])
    expect((await sink.read(attempt.id))?.steps).toEqual([])
    const result = await run(resumed)
    expect(result.stop).toBe('answered')
    expect(resumed.trajectory().map((s) => s.name)).toEqual(['search_contacts', 'search_sms', 'Phone_Call'])
    expect((await resumed.finish())?.correct).toBe(true)
  })

  it('a stored turn keeps its steps; only those after it go', async () => {
    const sink = new MemorySink()
    const attempt = await open(sink)
    await run(attempt)
    expect(attempt.storedTurns()?.covered).toBe(3)
    await attempt.call('search_notes', { pattern: 'stray' }, 'agent') // a turn that never ended
    const resumed = await Attempt.resume({ ...source, attemptId: attempt.id, sink, turnBased: true })
    expect(resumed.trajectory()).toHaveLength(3)
  })

  it('turns stored before the count was kept keep every step', async () => {
    const sink = new MemorySink()
    const attempt = await open(sink)
    await attempt.call('search_contacts', { pattern: 'Rachel' }, 'agent')
    await sink.writeTurns(attempt.id, { messages: [], usage: { prompt: 0, completion: 0 }, turns: 1 })
    const resumed = await Attempt.resume({ ...source, attemptId: attempt.id, sink, turnBased: true })
    expect(resumed.trajectory()).toHaveLength(1)
  })
})

describe('fork', () => {
  it('copies the first steps, marked inherited, and leaves the parent as it was', async () => {
    const sink = new MemorySink()
    const parent = await open(sink)
    await parent.call('search_contacts', { pattern: 'Rachel' }, 'test')
    await parent.call('Phone_Call', { telephone: '13911112222' }, 'test')
    await parent.withdraw(1)
    await parent.call('Phone_Call', { telephone: '13900000000' }, 'test')
    await parent.finish()
    const steps = parent.trajectory()
    const fork = await open(sink, { fork: { parent: parent.id, steps, step: 2 } })
    expect(fork.info.parent).toEqual({ attemptId: parent.id, step: 2 })
    expect(fork.trajectory().map((s) => [s.name, s.withdrawn ?? false, s.inherited])).toEqual([
      ['search_contacts', false, true],
      ['Phone_Call', true, true],
    ])
    await fork.call('Phone_Call', { telephone: '13933334444' }, 'test')
    expect((await fork.finish())?.correct).toBe(true)
    expect((await sink.read(parent.id))?.steps).toHaveLength(3)
    expect((await sink.read(parent.id))?.attempt.verdict?.correct).toBe(false)
    await expect(open(sink, { fork: { parent: parent.id, steps, step: 4 } })).rejects.toThrow(/from 0 to 3/)
    await expect(open(sink, { fork: { parent: parent.id, steps, step: -1 } })).rejects.toThrow(RangeError)
  })

  it('cuts a conversation at a step, mid-turn included', () => {
    const call = (id: string) => ({ id, type: 'function' as const, function: { name: 'search_sms', arguments: '{}' } })
    const messages: AgentMessage[] = [
      { role: 'system', content: 's' },
      { role: 'user', content: 'u' },
      { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
      { role: 'tool', tool_call_id: 'a', content: '1' },
      { role: 'tool', tool_call_id: 'b', content: '2' },
      { role: 'assistant', content: 'done' },
    ]
    expect(conversationUpTo(messages, 0)).toEqual(messages.slice(0, 2))
    expect(conversationUpTo(messages, 1)).toEqual([...messages.slice(0, 2), { role: 'assistant', content: null, tool_calls: [call('a')] }, messages[3]])
    expect(conversationUpTo(messages, 2)).toEqual(messages.slice(0, 5))
    expect(conversationUpTo(messages, 3)).toBeUndefined()
  })
})

describe('one holder leads an attempt', () => {
  it('the other refuses changes, and takes over with what the leader stored', async () => {
    const sink = new MemorySink()
    const lock = new MemoryLeadLock()
    const first = await open(sink, { lock })
    const second = await Attempt.resume({ ...source, attemptId: first.id, sink, lock })
    expect([first.leading, second.leading]).toEqual([true, false])
    await first.call('search_contacts', { pattern: 'Rachel' }, 'test')
    await expect(second.call('search_sms', { pattern: 'x' }, 'test')).rejects.toThrow(/another tab/)
    const led = new Promise<void>((resolve) => second.subscribe((e) => e.type === 'lead' && e.leading && resolve()))
    first.close()
    await led
    expect(second.trajectory()).toHaveLength(1)
    expect((await second.call('search_sms', { pattern: 'x' }, 'test')).seq).toBe(1)
  })
})

describe('a fork in an export', () => {
  it('carries parent and forked_at, and its inherited steps, and reads back the same', async () => {
    const { archiveResponseLine, readArchive } = await import('../src/core/index')
    const sink = new MemorySink()
    const parent = await open(sink)
    await parent.call('search_contacts', { pattern: 'Rachel' }, 'test')
    await parent.call('Phone_Call', { telephone: '13911112222' }, 'test')
    const fork = await open(sink, { fork: { parent: parent.id, steps: parent.trajectory(), step: 1 } })
    await fork.call('Phone_Call', { telephone: '13933334444' }, 'test')
    await fork.finish()
    const stored = await sink.read(fork.id)
    if (!stored) throw new Error('not stored')
    const archived = { ...stored.attempt, access: 'paginated' as const, steps: stored.steps.map((s) => ({ ...s, at: 1000 })) }
    const line = archiveResponseLine(archived, 0, task.instruction)
    expect(line).toMatchObject({ parent: parent.id, forked_at: 1, finished: true })
    const [read] = readArchive({ 'responses.jsonl': JSON.stringify(line) + '\n' }).attempts
    expect(read?.parent).toEqual({ attemptId: parent.id, step: 1 })
    expect(read?.steps.map((s) => s.inherited ?? false)).toEqual([true, false])
    expect(readArchive({ 'responses.jsonl': JSON.stringify({ ...line, forked_at: -1 }) + '\n' }).issues.join(' ')).toMatch(/forked_at/)
  })
})
