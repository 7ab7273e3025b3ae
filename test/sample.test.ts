import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CAPABILITIES, DATASET_FILES, isRetrievalToolName, lintDataset, loadDataset } from '../src/core/index'
import { buildFiles, checkSources, readSources } from '../scripts/sample-lib'
import { ROOT, SAMPLE_DIR } from './fixtures'

const sources = readSources(ROOT)
const files = buildFiles(ROOT, sources)
const dataset = loadDataset(files).dataset

describe('the sample data set', () => {
  it('is what data/sample builds (run `npm run sample:build` after editing the sources)', () => {
    for (const name of [DATASET_FILES.inputData, DATASET_FILES.records])
      expect(readFileSync(join(SAMPLE_DIR, name), 'utf8'), name).toBe(files[name])
  })

  it('lints clean: no errors, no warnings', () => {
    expect(lintDataset(dataset)).toEqual([])
  })

  describe.each(checkSources(dataset, sources).map((c) => [c.id, c] as const))('task %s', (_id, check) => {
    it('is solved by its retrieval steps and gold calls, and its trap scores wrong_value', () => {
      expect(check.problems).toEqual([])
    })
  })

  it('has the promised shape', () => {
    expect(dataset.tasks).toHaveLength(50)
    for (const { type } of CAPABILITIES) expect(dataset.tasks.filter((t) => t.type === type), type).toHaveLength(10)
    const counts = dataset.tasks.map((t) => Object.values(dataset.records[t.id] ?? {}).reduce((n, l) => n + (l?.length ?? 0), 0))
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(700)
    for (const n of counts) expect(n).toBeGreaterThanOrEqual(12)
    for (const n of counts) expect(n).toBeLessThanOrEqual(35)
    const apps = dataset.tasks.map((t) => Object.values(dataset.records[t.id] ?? {}).filter((l) => (l?.length ?? 0) > 0).length)
    for (const n of apps) expect(n).toBeGreaterThanOrEqual(4)
    expect(apps.reduce((a, b) => a + b, 0) / apps.length).toBeGreaterThanOrEqual(6)
  })

  it('uses every execution tool at least 3 times, and 5 or more tools per capability', () => {
    const executionTools = dataset.tools.map((t) => t.function.name).filter((n) => !isRetrievalToolName(n))
    const uses = new Map<string, number>()
    for (const t of dataset.tasks) for (const c of t.answer) uses.set(c.name, (uses.get(c.name) ?? 0) + 1)
    for (const tool of executionTools) expect(uses.get(tool) ?? 0, tool).toBeGreaterThanOrEqual(3)
    for (const { type } of CAPABILITIES) {
      const tools = new Set(dataset.tasks.filter((t) => t.type === type).flatMap((t) => t.answer.map((c) => c.name)))
      expect(tools.size, type).toBeGreaterThanOrEqual(5)
    }
    expect(dataset.tasks.filter((t) => t.answer.length >= 2).length).toBeGreaterThanOrEqual(10)
  })

  it('gives none of the parameters in the instruction (a looser accepted form, like the city of an airport, may appear)', () => {
    const enums = new Set(dataset.tools.flatMap((t) => Object.values(t.function.parameters.properties ?? {}).flatMap((p) => p.enum ?? [])))
    for (const task of dataset.tasks) {
      const instruction = task.instruction.toLowerCase()
      for (const call of task.answer)
        for (const [param, values] of Object.entries(call.arguments))
          for (const value of [values[0]].flat()) {
            if (typeof value !== 'string' && typeof value !== 'number') continue
            const text = String(value).toLowerCase()
            if (enums.has(value) || text.length < 4 || text === 'daniel hayes') continue
            expect(instruction.includes(text), `${task.id}: ${param} ${JSON.stringify(value)} is in "${task.instruction}"`).toBe(false)
          }
    }
  })

  it('writes short instructions and uses the format\'s full expressiveness', () => {
    const lengths = dataset.tasks.map((t) => t.instruction.length).sort((a, b) => a - b)
    expect(lengths[Math.floor(lengths.length / 2)]).toBeGreaterThanOrEqual(15)
    expect(lengths[Math.floor(lengths.length / 2)]).toBeLessThanOrEqual(60)
    const values = dataset.tasks.flatMap((t) => t.answer.flatMap((c) => Object.values(c.arguments)))
    expect(values.filter((v) => v.filter((x) => x !== null).length >= 2).length).toBeGreaterThanOrEqual(10)
    expect(values.filter((v) => v.includes(null)).length).toBeGreaterThanOrEqual(10)
    expect(dataset.tasks.filter((t) => t.freeParams.some((f) => f.length > 0)).length).toBeGreaterThanOrEqual(10)
    for (const t of dataset.tasks) {
      expect(t.reasoningPath.length, t.id).toBeGreaterThan(20)
      expect(t.distractors.length, t.id).toBeGreaterThan(10)
    }
  })
})
