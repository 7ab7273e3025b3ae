import { describe, expect, it } from 'vitest'
import type { AttemptRow, CallRow } from '../src/db'
import { forkComparisons } from '../src/analysis/store'
import { forkFamily } from '../src/state/replay'

const row = (id: string, change: Partial<AttemptRow> = {}): AttemptRow => ({
  id,
  datasetId: 'd',
  taskId: '推理1',
  access: 'paginated',
  actor: 'ann',
  started: 0,
  elapsedMs: 0,
  finished: true,
  screen: '',
  callCount: 2,
  ...change,
})

const call = (attemptId: string, seq: number, name: string, args: unknown, change: Partial<CallRow> = {}): CallRow => ({
  attemptId,
  seq,
  at: seq,
  name,
  arguments: args,
  source: 'api',
  kind: name.startsWith('search') ? 'retrieval' : 'execution',
  ok: true,
  content: '',
  ...change,
})

const wrong = { correct: false, errorType: 'wrong_value', mismatches: [] }
const right = { correct: true, errorType: null, mismatches: [] }

describe('forkFamily', () => {
  const parent = row('p', { started: 1 })
  const late = row('f2', { started: 9, parent: { attemptId: 'p', step: 0 } })
  const early = row('f1', { started: 5, parent: { attemptId: 'p', step: 1 }, actor: 'bob' })
  const orphan = row('o', { parent: { attemptId: 'gone', step: 2 } })
  const all = [late, parent, orphan, early, row('other')]

  it('gives an attempt its forks, oldest first, and a fork its stored parent', () => {
    expect(forkFamily(parent, all)).toEqual({ forks: [early, late] })
    expect(forkFamily(early, all)).toEqual({ parent, forks: [] })
  })

  it('leaves out a parent that is no longer stored, and is empty for an attempt outside any fork', () => {
    expect(forkFamily(orphan, all)).toEqual({ forks: [] })
    expect(forkFamily(row('other'), all)).toEqual({ forks: [] })
  })
})

describe('forkComparisons', () => {
  const parent = row('p', { verdict: wrong })
  const fork = row('f', { actor: 'bob', started: 2, verdict: right, parent: { attemptId: 'p', step: 1 } })
  const calls = new Map<string, CallRow[]>([
    ['p', [call('p', 1, 'Phone_Call', { telephone: '13655208731' }), call('p', 0, 'search_contacts', { pattern: 'Tom' })]],
    [
      'f',
      [
        call('f', 0, 'search_contacts', { pattern: 'Tom' }, { inherited: true }),
        call('f', 1, 'Phone_Call', '{"telephone": "13822419087"}'),
        call('f', 2, 'search_contacts', { pattern: 'x' }),
      ],
    ],
  ])

  it('compares the calls after the fork point, place by place; one made by only one of them differs too', () => {
    const [only, ...rest] = forkComparisons([parent, fork], calls)
    expect(rest).toEqual([])
    expect(only).toMatchObject({ fork, parent, step: 1, compared: 2 })
    expect(only?.differences).toEqual([
      {
        n: 2,
        parent: { name: 'Phone_Call', arguments: '{"telephone":"13655208731"}', withdrawn: false },
        fork: { name: 'Phone_Call', arguments: '{"telephone":"13822419087"}', withdrawn: false },
      },
      { n: 3, fork: { name: 'search_contacts', arguments: '{"pattern":"x"}', withdrawn: false } },
    ])
  })

  it('finds no difference where the same call is written another way (JSON text, key order)', () => {
    const same = new Map<string, CallRow[]>([
      ['p', [call('p', 0, 'Meeting_Create', { a: 1, b: [2, 3] })]],
      ['f', [call('f', 0, 'Meeting_Create', '{"b": [2, 3], "a": 1}')]],
    ])
    const [c] = forkComparisons([parent, { ...fork, parent: { attemptId: 'p', step: 0 } }], same)
    expect(c?.differences).toEqual([])
    expect(c?.compared).toBe(1)
  })

  it('a withdrawal differs; a fork whose parent is gone keeps its row, every call of its own differing', () => {
    const withdrawn = new Map<string, CallRow[]>([
      ['p', [call('p', 0, 'Phone_Call', { telephone: '1' })]],
      ['f', [call('f', 0, 'Phone_Call', { telephone: '1' }, { withdrawn: true })]],
    ])
    const base = { ...fork, parent: { attemptId: 'p', step: 0 } }
    expect(forkComparisons([parent, base], withdrawn)[0]?.differences.map((d) => d.n)).toEqual([1])
    const [lost] = forkComparisons([base], withdrawn)
    expect(lost?.parent).toBeUndefined()
    expect(lost?.differences).toEqual([{ n: 1, fork: { name: 'Phone_Call', arguments: '{"telephone":"1"}', withdrawn: true } }])
  })

  it('orders forks by the task order, then by when they started', () => {
    const tasks = [{ id: 'b' }, { id: 'a' }] as never[]
    const rows = [
      row('a2', { taskId: 'a', started: 2, parent: { attemptId: 'x', step: 0 } }),
      row('a1', { taskId: 'a', started: 1, parent: { attemptId: 'x', step: 0 } }),
      row('b1', { taskId: 'b', started: 3, parent: { attemptId: 'x', step: 0 } }),
      row('x'),
    ]
    expect(forkComparisons(rows, new Map(), tasks).map((c) => c.fork.id)).toEqual(['b1', 'a1', 'a2'])
  })
})
