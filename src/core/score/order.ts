/**
 * A planner task's `order` (docs/reference.md, "Planner tasks"): edges
 * [before, after] between gold call indexes. After pairing, an edge is broken
 * when the action paired with `after` was made before the one paired with
 * `before` (`wrong_order`).
 */
import { checksOf } from './pairing'
import type { PairChecks } from './pairing'
import type { Mismatch } from './types'

/**
 * Each gold call's place in one order that keeps every edge (the lowest
 * index first among the calls free to go), for the assignment's tie-break:
 * where gold calls are as good a match for the same actions (the same call
 * twice, free parameters), pairing them in this order with the actions in
 * the order made keeps every edge between them. The loader refuses a cycle;
 * calls caught in one would take the places left, by index.
 */
export function orderRanks(calls: number, edges: readonly [number, number][]): number[] {
  const waiting = new Map<number, number>()
  for (const [, after] of edges) waiting.set(after, (waiting.get(after) ?? 0) + 1)
  const ranks = new Map<number, number>()
  const all = [...Array(calls).keys()]
  while (ranks.size < calls) {
    const next = all.find((g) => !ranks.has(g) && !waiting.get(g)) ?? all.find((g) => !ranks.has(g)) ?? 0
    ranks.set(next, ranks.size)
    for (const [before, after] of edges) if (before === next) waiting.set(after, (waiting.get(after) ?? 0) - 1)
  }
  return all.map((g) => ranks.get(g) ?? g)
}

/** One mismatch per broken edge, on its `after` call (`expected`: the gold call that should have come first); pairs of different tools are already wrong tools. */
export function orderMismatches(pairs: PairChecks, pairing: readonly [number, number][], edges: readonly [number, number][]): Mismatch[] {
  if (edges.length === 0) return []
  const partner = new Map(pairing)
  return edges.flatMap(([before, after]): Mismatch[] => {
    const first = partner.get(before)
    const then = partner.get(after)
    if (first === undefined || then === undefined || then > first) return []
    if (checksOf(pairs, before, first) === null || checksOf(pairs, after, then) === null) return []
    return [{ gold: after, predicted: then, tool: pairs.task.answer[after]?.name ?? '', param: '(order)', status: 'out_of_order', expected: [before] }]
  })
}
