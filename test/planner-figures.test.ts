// result.json's planner figures (#28): dimensions, overall_mobilepa (or its partial value) and buckets, counted from the one scorer's verdicts.
import { describe, expect, it } from 'vitest'
import { loadDataset, parseResponses, scoreResponses } from '../src/core/index'
import type { Task } from '../src/core/index'
import { plannerFigures } from '../src/core/results/plannerFigures'
import { fixtureFiles } from './fixtures'

type Planned = Pick<Task, 'id' | 'planner' | 'live'>
const task = (id: string, planner?: Planned['planner'], live?: Planned['live']): Planned => ({ id, planner, live })

describe('plannerFigures', () => {
  it('gives nothing for a data set whose tasks name no dimension', () => {
    expect(plannerFigures([task('a'), task('b', { bucket: 'tool_call' })], [new Set(['a'])])).toBeUndefined()
  })

  it('weights the four dimensions 0.5, 0.1, 0.2, 0.2, each a mean over runs in percent', () => {
    const tasks = [task('b1', { dimension: 'basic' }), task('b2'), task('s1', { dimension: 'subagent' }), task('m1', { dimension: 'memory' }), task('k1', { dimension: 'skill' })]
    // Run 0: b1, s1, k1 right; run 1: b1, b2, m1 right.
    const figures = plannerFigures(tasks, [new Set(['b1', 's1', 'k1']), new Set(['b1', 'b2', 'm1'])])
    expect(figures?.dimensions).toEqual({
      basic: { tasks: 2, mean: 75, std: 25 },
      subagent: { tasks: 1, mean: 50, std: 50 },
      memory: { tasks: 1, mean: 50, std: 50 },
      skill: { tasks: 1, mean: 50, std: 50 },
    })
    expect(figures?.overall_mobilepa).toBeCloseTo(0.5 * 75 + 0.1 * 50 + 0.2 * 50 + 0.2 * 50, 10)
    expect(figures?.overall_mobilepa_partial).toBeUndefined()
  })

  it('is null with the partial value, the weights renormalised, when a dimension has no tasks', () => {
    const figures = plannerFigures([task('b1', { dimension: 'basic' }), task('m1', { dimension: 'memory' })], [new Set(['m1'])])
    expect(figures?.overall_mobilepa).toBeNull()
    expect(figures?.overall_mobilepa_partial).toBeCloseTo((0.5 * 0 + 0.2 * 100) / 0.7, 10)
    expect(Object.keys(figures?.dimensions ?? {})).toEqual(['basic', 'memory'])
  })

  it('puts a task in its bucket as given, else by its verify mode', () => {
    const tasks = [
      task('a', { dimension: 'basic', bucket: 'agent_behavior' }),
      task('b', { dimension: 'basic' }, { verify: 'state' } as Planned['live']),
      task('c', { dimension: 'basic' }, { verify: 'both' } as Planned['live']),
      task('d', { dimension: 'basic' }),
    ]
    const figures = plannerFigures(tasks, [new Set(['a', 'c'])])
    expect(figures?.buckets).toEqual({
      tool_call: { tasks: 2, mean: 50, std: 0 },
      state_change: { tasks: 1, mean: 0, std: 0 },
      agent_behavior: { tasks: 1, mean: 100, std: 0 },
    })
  })
})

/** The fixture with dimension keys: 推理1 memory-free basic, 多意图1 a subagent task. */
function plannerFiles(): Record<string, string> {
  const files = fixtureFiles()
  const dims = ['basic', 'subagent']
  const lines = (files['input_data.jsonl'] ?? '')
    .trim()
    .split('\n')
    .map((text, i) => {
      const line = JSON.parse(text) as { prompt_metadata: Record<string, unknown> }
      line.prompt_metadata.dimension = dims[i]
      return JSON.stringify(line)
    })
  return { ...files, 'input_data.jsonl': lines.join('\n') + '\n' }
}

describe('npm run score on a planner data set', () => {
  it('adds the figures to result.json and the dimension and bucket to every details line', () => {
    const { dataset } = loadDataset(plannerFiles())
    const right = { id: '推理1', run: 0, calls: [{ name: 'Phone_Call', arguments: { telephone: '13933334444' } }] }
    const { lines } = parseResponses(JSON.stringify(right))
    const { result, details } = scoreResponses(dataset.tasks, dataset.tools, lines)
    expect(result.dimensions).toEqual({ basic: { tasks: 1, mean: 100, std: 0 }, subagent: { tasks: 1, mean: 0, std: 0 } })
    expect(result.overall_mobilepa).toBeNull()
    expect(result.overall_mobilepa_partial).toBeCloseTo((0.5 * 100) / 0.6, 10)
    expect(result.buckets).toEqual({ tool_call: { tasks: 2, mean: 50, std: 0 } })
    expect(details.map((d) => [d.id, d.dimension, d.bucket, d.correct])).toEqual([
      ['推理1', 'basic', 'tool_call', true],
      ['多意图1', 'subagent', 'tool_call', false],
    ])
  })

  it('leaves a SPIEval data set’s result and details without them', () => {
    const { dataset } = loadDataset(fixtureFiles())
    const { lines } = parseResponses(JSON.stringify({ id: '推理1', calls: [] }))
    const { result, details } = scoreResponses(dataset.tasks, dataset.tools, lines)
    expect(Object.keys(result)).toEqual(['runs', 'overall', 'by_type', 'per_run'])
    expect(details.every((d) => !('dimension' in d) && !('bucket' in d))).toBe(true)
  })
})

describe('the table npm run score prints', () => {
  it('adds the planner figures under the SPIEval table, only for a planner data set', async () => {
    const { formatScoreTable } = await import('../src/core/index')
    const { dataset } = loadDataset(plannerFiles())
    const { lines } = parseResponses(JSON.stringify({ id: '推理1', calls: [{ name: 'Phone_Call', arguments: { telephone: '13933334444' } }] }))
    const table = formatScoreTable(scoreResponses(dataset.tasks, dataset.tools, lines).result)
    expect(table).toMatch(/^basic\s+1\s+100\.0 ± 0\.0$/m)
    expect(table).toMatch(/^overall_mobilepa \(partial: a dimension has no tasks\)\s+83\.3$/m)
    const plain = loadDataset(fixtureFiles()).dataset
    expect(formatScoreTable(scoreResponses(plain.tasks, plain.tools, lines).result)).not.toContain('MobilePA')
  })
})
