/**
 * The scorer on a planner task with `order` over 8 calls (target: ≥ 10,000
 * verdicts/s), beside a published task of the same 8 calls without planner
 * keys, measured in the same run: the 8 gold calls of three multi-intent
 * sample tasks, three tools of them called more than once, so that both pair
 * by the assignment. Each judges three responses: the gold in order, two calls
 * swapped (the planner task's wrong_order), and a wrong value. CPU time,
 * alternating rounds; never fails over timing.
 *
 *   npx tsx bench/plannerScore.ts [--quick]   (also part of bench/run.ts)
 */
import { join } from 'node:path'
import { judgeTask, loadDataset, scoreTask, toolProperties } from '../src/core/index'
import type { GoldCall, PredictedCall, Task } from '../src/core/index'
import { readDatasetFolder } from '../cli/files'
import { cpuRate, round } from './measure'

const ROOT = join(import.meta.dirname, '..')

/** A chain through the first four calls and one through the last four, joined at the ends: 7 edges. */
const ORDER: [number, number][] = [[0, 1], [1, 2], [2, 3], [4, 5], [5, 6], [6, 7], [0, 7]]

const firstValues = (c: GoldCall): PredictedCall => ({ name: c.name, arguments: Object.fromEntries(Object.entries(c.arguments).map(([k, v]) => [k, v.find((x) => x !== null) ?? null])) })

export function plannerScorerRate(quick: boolean) {
  const dataset = loadDataset(readDatasetFolder(join(ROOT, 'public/data'))).dataset
  const props = toolProperties(dataset.tools)
  const sources = ['多意图1', '多意图7', '多意图10'].map((id) => dataset.tasks.find((t) => t.id === id) as Task)
  const answer = sources.flatMap((t) => t.answer).slice(0, 8)
  const freeParams = sources.flatMap((t) => t.freeParams).slice(0, 8)
  const published = { id: 'eight', answer, freeParams }
  const planner = { ...published, planner: { bucket: 'tool_call' as const, order: ORDER } }
  const inOrder = answer.map(firstValues)
  const swapped = [inOrder[1], inOrder[0], ...inOrder.slice(2)] as PredictedCall[]
  const wrong = inOrder.map((c, i) => (i === 5 ? { name: c.name, arguments: { ...(c.arguments as Record<string, unknown>), telephone: '10000000000' } } : c))
  const responses = [inOrder, swapped, wrong]
  const verdicts = (task: typeof published) => responses.map((calls) => scoreTask(task, calls, props).errorType)
  const budget = quick ? 300 : 1500
  const judge = (task: typeof published) => () => {
    for (const calls of responses) judgeTask(task, calls, props)
  }
  const explain = (task: typeof published) => () => {
    for (const calls of responses) scoreTask(task, calls, props)
  }
  // A first round of each, not counted, lets the JIT settle.
  for (const fn of [judge(planner), judge(published), explain(planner), explain(published)]) cpuRate(fn, budget / 3)
  const rounds = Array.from({ length: 3 }, () => ({
    planner_verdicts_per_cpu_s: Math.round(cpuRate(judge(planner), budget) * responses.length),
    published_verdicts_per_cpu_s: Math.round(cpuRate(judge(published), budget) * responses.length),
    planner_explained_per_cpu_s: Math.round(cpuRate(explain(planner), budget) * responses.length),
    published_explained_per_cpu_s: Math.round(cpuRate(explain(published), budget) * responses.length),
  }))
  const median = (key: keyof (typeof rounds)[number]) => [...rounds.map((r) => r[key])].sort((a, b) => a - b)[1] ?? 0
  return {
    calls: answer.length,
    order_edges: ORDER.length,
    verdicts: { planner: verdicts(planner), published: verdicts(published) },
    rounds,
    planner_verdicts_per_s: median('planner_verdicts_per_cpu_s'),
    published_verdicts_per_s: median('published_verdicts_per_cpu_s'),
    planner_over_published: round(median('planner_verdicts_per_cpu_s') / median('published_verdicts_per_cpu_s')),
    target_planner_verdicts_per_s: 10_000,
  }
}

if (process.argv[1] === import.meta.filename) console.log(JSON.stringify(plannerScorerRate(process.argv.includes('--quick')), null, 2))
