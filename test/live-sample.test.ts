import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CAPABILITIES, TaskHost, isRetrievalToolName, lintDataset, loadDataset, solveWithOracle, toolEffect } from '../src/core/index'
import type { Task } from '../src/core/index'
import { MemorySink } from '../src/core/attempt/memory'
import { LIVE_OUTPUT_DIR, buildLiveFiles, readLiveSources } from '../scripts/live-sample-lib'
import { ROOT, SAMPLE_DIR } from './fixtures'

const files = buildLiveFiles(ROOT, readLiveSources(ROOT))
const loaded = loadDataset(files)
const dataset = loaded.dataset

/** Runs the oracle on a task through a TaskHost, in the given state, and submits. */
async function solve(task: Task, state: 'static' | 'live') {
  const { run, steps, verdict } = await solveWithOracle(dataset, task.id, { setting: 'paginated', state })
  return { result: run, steps, verdict }
}

const withFriction = dataset.tasks.filter((t) => (t.live?.friction?.length ?? 0) > 0)
const changes = dataset.tasks.flatMap((t) => t.live?.expectedState ?? [])

describe('the live sample data set (public/data-live)', () => {
  it('is what data/live-sample builds (run `npx tsx scripts/build-live-sample.ts` after editing the sources)', () => {
    for (const [name, text] of Object.entries(files)) expect(readFileSync(join(ROOT, LIVE_OUTPUT_DIR, name), 'utf8'), name).toBe(text)
  })

  it('loads and lints clean: no errors, no warnings', () => {
    expect(loaded.warnings).toEqual([])
    expect(lintDataset(dataset)).toEqual([])
  })

  it('has the sample\'s profile and the 21 published tools, plus execution tools that update, delete, and one that checks a payment', () => {
    expect(files['profile.json']).toBe(readFileSync(join(SAMPLE_DIR, 'profile.json'), 'utf8'))
    expect(dataset.profile.name).toBe('Daniel Hayes')
    const published = JSON.parse(readFileSync(join(SAMPLE_DIR, 'tools.json'), 'utf8')) as unknown[]
    expect(dataset.tools.slice(0, published.length)).toEqual(published)
    const added = dataset.tools.slice(published.length)
    const ops = added.map((t) => toolEffect(t)?.op)
    expect(ops).toContain('update')
    expect(ops).toContain('delete')
    const verify = added.find((t) => t.function.name === 'Payment_Verify')
    expect(verify && toolEffect(verify)).toBeUndefined()
    for (const tool of added) expect(isRetrievalToolName(tool.function.name), tool.function.name).toBe(false)
  })

  it('covers the five capabilities, every change op, every verify mode, retries and a requirement before a payment', () => {
    expect(dataset.tasks).toHaveLength(20)
    for (const { type } of CAPABILITIES) expect(dataset.tasks.filter((t) => t.type === type), type).toHaveLength(4)
    for (const op of ['insert', 'update', 'delete']) expect(changes.some((c) => c.op === op), op).toBe(true)
    const modes = new Set(dataset.tasks.map((t) => t.live?.verify ?? (t.live?.expectedState ? 'both' : 'calls')))
    expect([...modes].sort()).toEqual(['both', 'calls', 'state'])
    const rules = withFriction.flatMap((t) => t.live?.friction ?? [])
    expect(rules.some((r) => r.tool === 'Messages_Send' && r.on?.includes(1))).toBe(true)
    expect(rules.some((r) => r.tool === 'Consumption_Create' && r.requires?.includes('Payment_Verify'))).toBe(true)
    // The English sample speaks English: a person meets its friction messages in the page's language (#26).
    for (const rule of rules) expect(rule.error, rule.error).not.toMatch(/[\u3000-\u9fff\uff00-\uffef]/)
    // Every task whose payment needs the check lists the check among its gold calls unless only the state is verified.
    for (const task of withFriction)
      for (const rule of task.live?.friction ?? [])
        for (const tool of rule.requires ?? [])
          if (task.live?.verify !== 'state') expect(task.answer.map((c) => c.name), task.id).toContain(tool)
  })

  it('an update by the alarm\'s name alone is refused, saying that 2 alarms have it; with its current time it goes through', async () => {
    const host = new TaskHost(dataset, new MemorySink())
    await host.open('辨析L1', 'paginated', { state: 'live' })
    const nameOnly = await host.call('Clock_UpdateAlarm', { name: 'Gym', newTime: '19:30:00' }, 'test')
    expect(nameOnly.ok).toBe(false)
    expect(nameOnly.friction).toBeUndefined()
    expect(nameOnly.content).toBe('Error: 2 alarm records have 闹钟名 = "Gym", and an update acts on exactly one; nothing was changed.')
    expect((await host.call('Clock_UpdateAlarm', { name: 'Gym', time: '18:30:00', newTime: '19:30:00' }, 'test')).ok).toBe(true)
    const search = await host.call('search_alarm', { pattern: 'Gym' }, 'test')
    expect(search.content).toContain('19:30:00')
    expect(search.content).toContain('06:00:00')
    expect(search.content).not.toContain('18:30:00')
    expect(await host.submit()).toMatchObject({ correct: true, state: { correct: true } })
  })

  describe.each(dataset.tasks.map((t) => [t.id, t] as const))('task %s', (_id, task) => {
    it('the oracle solves it through the tools in live state, repairing its plan where friction refuses a call', async () => {
      const { result, steps, verdict } = await solve(task, 'live')
      expect(result.stop).toBe('answered')
      expect(verdict, JSON.stringify(verdict)).toMatchObject({ correct: true, errorType: null })
      if (task.live?.expectedState) expect(verdict.state).toMatchObject({ correct: true, errorType: null })
      else expect(verdict.state).toBeUndefined()
      const refused = steps.filter((s) => s.friction)
      const rules = task.live?.friction ?? []
      if (rules.length === 0) expect(refused).toEqual([])
      else expect(refused.length).toBeGreaterThan(0)
      for (const step of refused) {
        const rule = rules.find((r) => r.tool === step.name && step.content === `Error: ${r.error}`)
        expect(rule, step.content).toBeDefined()
        const later = steps.slice(step.seq + 1)
        // The refused call went through later, after the tools the rule requires.
        const retried = later.findIndex((s) => s.name === step.name && s.ok && JSON.stringify(s.arguments) === JSON.stringify(step.arguments))
        expect(retried, `${step.name} made again`).toBeGreaterThanOrEqual(0)
        for (const tool of rule?.requires ?? []) {
          const before = later.slice(0, retried).findIndex((s) => s.name === tool && s.ok)
          expect(before, `${tool} before ${step.name}`).toBeGreaterThanOrEqual(0)
        }
      }
      // A refused call is never a submitted action: the submitted calls are exactly the ones carried out.
      expect(verdict.calls).toHaveLength(steps.filter((s) => s.kind === 'execution' && s.ok).length)
    })

    it('doing nothing is wrong', async () => {
      const host = new TaskHost(dataset, new MemorySink())
      await host.open(task.id, 'paginated', { state: 'live' })
      const verdict = await host.submit()
      expect(verdict.correct).toBe(false)
      if (task.live?.expectedState && task.live.expectedState.length > 0) expect(verdict.state?.errorType).toBe('missing_change')
    })

    it('in static state the oracle\'s attempt is scored on its calls alone', async () => {
      const { steps, verdict } = await solve(task, 'static')
      expect(steps.some((s) => s.friction)).toBe(false)
      expect(verdict.state).toBeUndefined()
      expect(verdict.correct).toBe(true)
    })
  })
})
