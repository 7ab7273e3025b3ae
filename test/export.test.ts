import { describe, expect, it } from 'vitest'
import { Attempt, MemorySink, parseResponses, responseLine, scoreResponses } from '../src/core/index'
import { fixtureDataset } from './fixtures'

describe('an attempt as a response line', () => {
  it('keeps the trajectory in messages, scores only the kept calls, and round-trips through the scorer', async () => {
    const dataset = fixtureDataset()
    const task = dataset.tasks[0]
    if (!task) throw new Error('no task')
    const attempt = await Attempt.open({ task, tools: dataset.tools, records: dataset.records[task.id] ?? {}, setting: 'paginated', actor: 'ann', sink: new MemorySink() })
    await attempt.call('search_contacts', { pattern: 'Rachel' }, 'ui')
    await attempt.call('Phone_Call', { telephone: '13911112222' }, 'ui')
    await attempt.call('Phone_Call', { telephone: '13933334444' }, 'ui')
    await attempt.withdraw(1)
    const line = responseLine({
      taskId: task.id,
      instruction: task.instruction,
      run: 0,
      actor: 'ann',
      setting: 'browse',
      started: Date.UTC(2026, 0, 1),
      ended: Date.UTC(2026, 0, 1, 0, 2),
      elapsedMs: 120_000,
      steps: attempt.trajectory(),
      finished: true,
    })
    expect(line).toMatchObject({ id: '推理1', run: 0, actor: 'ann', retrievals: 1, withdrawn: [1], elapsed_ms: 120000, ended: '2026-01-01T00:02:00.000Z', finished: true })
    expect(line.calls).toEqual([{ name: 'Phone_Call', arguments: { telephone: '13933334444' } }])
    const messages = line.messages as { role: string }[]
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool'])
    const parsed = parseResponses(JSON.stringify(line))
    expect(scoreResponses([task], dataset.tools, parsed.lines).result.overall.mean).toBe(100)
    // Without `calls`, the messages alone would score the withdrawn call too: two calls, wrong count.
    const { calls: _calls, ...messagesOnly } = line
    expect(scoreResponses([task], dataset.tools, parseResponses(JSON.stringify(messagesOnly)).lines).details[0]?.error_type).toBe('wrong_count')
  })
})
