// The agent loop on an attempt, written once for the page's run jobs, a model resumed from a replay and
// `npm run agent` (#25): every turn stored whole with the tokens so far, the end stored with its stop or its
// error (secrets taken out), a resume adding to the tokens it had, and an aborted run storing nothing more.
import { describe, expect, it } from 'vitest'
import { Attempt, MemorySink, runAttemptAgent } from '../src/core/index'
import type { AgentMessage, ChatModel, Task } from '../src/core/index'
import { RECORDS, TOOLS, fixtureDataset } from './fixtures'

const task = fixtureDataset().tasks.find((t) => t.id === '推理1') as Task
const source = { task, tools: TOOLS, records: RECORDS }

/** A model that answers from a script: a search, then the call, then done; 10 + 2 tokens a reply. */
function scripted(fail?: { atReply: number; message: string }): ChatModel & { replies: number } {
  type Reply = Extract<AgentMessage, { role: 'assistant' }>
  const replies: Reply[] = [
    { role: 'assistant', content: '', tool_calls: [{ id: 'a', type: 'function', function: { name: 'search_contacts', arguments: '{"pattern":"Tom"}' } }] },
    { role: 'assistant', content: '', tool_calls: [{ id: 'b', type: 'function', function: { name: 'Phone_Call', arguments: '{"telephone":"13822419087"}' } }] },
    { role: 'assistant', content: 'Called Tom Ruiz.' },
  ]
  const model = {
    name: 'scripted',
    secrets: ['sk-secret'],
    replies: 0,
    complete: async () => {
      const n = model.replies++
      if (fail && n === fail.atReply) throw new Error(fail.message)
      const message = replies[Math.min(n, replies.length - 1)] as Reply
      return { message, usage: { prompt: 10, completion: 2 } }
    },
  }
  return model
}

const open = (sink: MemorySink) => Attempt.open({ ...source, setting: 'paginated', actor: 'model', sink })

describe('runAttemptAgent', () => {
  it('stores every turn whole with the tokens so far, and the end with its stop', async () => {
    const sink = new MemorySink()
    const attempt = await open(sink)
    const seen: [number, number][] = []
    const result = await runAttemptAgent(attempt, { model: scripted(), systemPrompt: 'S', instruction: task.instruction, onTurn: (turns, usage) => seen.push([turns, usage.prompt + usage.completion]) })
    expect(result).toMatchObject({ stop: 'answered', turns: 3, usage: { prompt: 30, completion: 6 } })
    expect(seen).toEqual([
      [1, 12],
      [2, 24],
      [3, 36],
    ])
    expect(attempt.storedTurns()).toMatchObject({ turns: 3, stop: 'answered', usage: { prompt: 30, completion: 6 }, covered: 2 })
    expect(attempt.trajectory().map((s) => s.name)).toEqual(['search_contacts', 'Phone_Call'])
    expect(attempt.finished).toBe(false) // finishing is the host's
  })

  it('stores an error without the model’s secrets or the host’s, and a resume adds to the tokens it had', async () => {
    const sink = new MemorySink()
    const attempt = await open(sink)
    const failed = await runAttemptAgent(attempt, {
      model: scripted({ atReply: 1, message: 'rate limited for sk-secret at host-secret' }),
      systemPrompt: 'S',
      instruction: task.instruction,
      scrub: (text) => text.replaceAll('host-secret', '[hidden]'),
    })
    expect(failed.stop).toBe('error')
    expect(failed.error).not.toMatch(/sk-secret|host-secret/)
    const stored = attempt.storedTurns()
    expect(stored).toMatchObject({ turns: 1, error: failed.error, usage: { prompt: 10, completion: 2 } })
    const resumed = await runAttemptAgent(attempt, {
      model: scripted({ atReply: -1, message: '' }),
      systemPrompt: 'S',
      instruction: task.instruction,
      resume: stored?.messages ?? [],
      usageBefore: stored?.usage ?? { prompt: 0, completion: 0 },
    })
    expect(resumed).toMatchObject({ stop: 'answered', usage: { prompt: 40, completion: 8 } })
  })

  it('stores nothing more once aborted', async () => {
    const sink = new MemorySink()
    const attempt = await open(sink)
    const abort = new AbortController()
    const result = await runAttemptAgent(attempt, { model: scripted(), systemPrompt: 'S', instruction: task.instruction, signal: abort.signal, onTurn: () => abort.abort() })
    expect(result.stop).toBe('aborted')
    expect(attempt.storedTurns()).toMatchObject({ turns: 1 })
    expect(attempt.storedTurns()?.stop).toBeUndefined()
  })
})
