import { describe, expect, it } from 'vitest'
import { fleissKappa, pairwiseAgreement } from '../src/core/index'

/** Fleiss (1971) as worked in the literature: 10 subjects, 14 raters, 5 categories → κ ≈ 0.210. */
const FLEISS_TABLE = [
  [0, 0, 0, 0, 14],
  [0, 2, 6, 4, 2],
  [0, 0, 3, 5, 6],
  [0, 3, 9, 2, 0],
  [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0],
  [3, 2, 6, 3, 0],
  [2, 5, 3, 2, 2],
  [6, 5, 2, 1, 0],
  [0, 2, 2, 3, 7],
]
const expand = (row: number[]): string[] => row.flatMap((count, category) => Array.from({ length: count }, () => `c${category + 1}`))

describe('agreement statistics', () => {
  it("Fleiss' kappa matches the classic worked example (0.210)", () => {
    expect(fleissKappa(FLEISS_TABLE.map(expand))).toBeCloseTo(0.20993, 4)
  })

  it('hand-computed small cases', () => {
    // Two tasks, three raters: [c, c, w] and [c, c, c].
    // Pairs: 3 + 3 = 6; agreeing: 1 + 3 = 4 → 4/6.
    const ratings = [['c', 'c', 'w'], ['c', 'c', 'c']]
    expect(pairwiseAgreement(ratings)).toBeCloseTo(4 / 6, 12)
    // P1 = (2·1 + 0)/(3·2) = 1/3, P2 = 1 → P̄ = 2/3; shares: c 5/6, w 1/6 → Pe = 26/36; κ = (2/3 − 26/36)/(1 − 26/36) = −0.2.
    expect(fleissKappa(ratings)).toBeCloseTo(-0.2, 12)
    expect(fleissKappa([['a', 'a'], ['b', 'b']])).toBeCloseTo(1, 12)
    expect(pairwiseAgreement([['a', 'b'], ['a', 'a']])).toBe(0.5)
  })

  it('is undefined without pairs or with one category', () => {
    expect(fleissKappa([['a'], []])).toBeNull()
    expect(pairwiseAgreement([['a']])).toBeNull()
    expect(fleissKappa([['a', 'a'], ['a', 'a', 'a']])).toBeNull()
  })
})
