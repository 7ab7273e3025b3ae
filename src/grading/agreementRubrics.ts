// How many attempts a pair of graders' κ rests on, for the Agreement tab (the rubrics and which grades apply: core/judge/figures.ts).

/** A grid as pairAttempts reads it: its graders, and each row's attempt and ratings (aligned with the graders). */
export interface PairGrid {
  graders: readonly string[]
  rows: readonly { task_id: string; attempt: string; cells: readonly (boolean | null)[] }[]
}

/** The attempts on which both graders rated at least one item in common: what a pair's κ rests on. */
export function pairAttempts(grids: readonly PairGrid[], a: string, b: string): number {
  const attempts = new Set<string>()
  for (const grid of grids) {
    const left = grid.graders.indexOf(a)
    const right = grid.graders.indexOf(b)
    if (left < 0 || right < 0) continue
    for (const row of grid.rows) if ((row.cells[left] ?? null) !== null && (row.cells[right] ?? null) !== null) attempts.add(`${row.task_id}\u0000${row.attempt}`)
  }
  return attempts.size
}
