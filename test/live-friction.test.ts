import { describe, expect, it } from 'vitest'
import { fnv1a32, frictionFor, randomFailure, unitHash } from '../src/core/live/index'
import type { FrictionRule } from '../src/core/live/index'

const busy: FrictionRule = { tool: 'Messages_Send', on: [1], error: '网络繁忙，短信未发送，请重试。' }
const verify: FrictionRule = { tool: 'Consumption_Create', requires: ['Payment_Verify'], error: '请先完成支付验证。' }

describe('friction rules', () => {
  it('on: refuses exactly the listed otherwise valid calls of the tool', () => {
    expect(frictionFor([busy], 'Messages_Send', [], 1)).toBe(busy)
    expect(frictionFor([busy], 'Messages_Send', [], 2)).toBeUndefined()
    const twice: FrictionRule = { ...busy, on: [2, 3] }
    expect([1, 2, 3, 4].map((n) => frictionFor([twice], 'Messages_Send', [], n) !== undefined)).toEqual([false, true, true, false])
    expect(frictionFor([busy], 'Phone_Call', [], 1)).toBeUndefined()
  })

  it('requires: refuses until each named tool has succeeded earlier', () => {
    const both: FrictionRule = { ...verify, requires: ['Payment_Verify', 'Contacts_Create'] }
    expect(frictionFor([verify], 'Consumption_Create', [], 1)).toBe(verify)
    expect(frictionFor([verify], 'Consumption_Create', ['Phone_Call'], 5)).toBe(verify)
    expect(frictionFor([verify], 'Consumption_Create', ['Payment_Verify'], 2)).toBeUndefined()
    expect(frictionFor([both], 'Consumption_Create', new Set(['Payment_Verify']), 1)).toBe(both)
    expect(frictionFor([both], 'Consumption_Create', new Set(['Payment_Verify', 'Contacts_Create']), 1)).toBeUndefined()
  })

  it('a rule with both conditions refuses when both hold; with neither, always; the first rule wins', () => {
    const firstUnverified: FrictionRule = { tool: 'X', on: [1], requires: ['V'], error: 'e' }
    expect(frictionFor([firstUnverified], 'X', [], 1)).toBe(firstUnverified)
    expect(frictionFor([firstUnverified], 'X', [], 2)).toBeUndefined()
    expect(frictionFor([firstUnverified], 'X', ['V'], 1)).toBeUndefined()
    const blocked: FrictionRule = { tool: 'X', error: 'permission denied' }
    expect(frictionFor([blocked], 'X', ['V'], 7)).toBe(blocked)
    const other: FrictionRule = { tool: 'X', on: [1], error: 'other' }
    expect(frictionFor([other, blocked], 'X', [], 1)).toBe(other)
    expect(frictionFor(undefined, 'X', [], 1)).toBeUndefined()
  })
})

describe('random failure', () => {
  it('uses FNV-1a as published', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5)
    expect(fnv1a32('a')).toBe(0xe40c292c)
    expect(fnv1a32('foobar')).toBe(0xbf9cf968)
    // UTF-8 bytes, not UTF-16 code units: "é" is C3 A9.
    expect(fnv1a32('é')).toBe(fnv1a32String([0xc3, 0xa9]))
  })

  it('is a function of (seed, task, run, call) alone', () => {
    const draws = (seed: number | string) => Array.from({ length: 200 }, (_, i) => randomFailure(seed, '推理1', 0, i, 0.3))
    expect(draws(42)).toEqual(draws(42))
    expect(draws('42')).toEqual(draws(42))
    expect(draws(43)).not.toEqual(draws(42))
    const byTask = Array.from({ length: 200 }, (_, i) => randomFailure(42, '推理2', 0, i, 0.3))
    const byRun = Array.from({ length: 200 }, (_, i) => randomFailure(42, '推理1', 1, i, 0.3))
    expect(byTask).not.toEqual(draws(42))
    expect(byRun).not.toEqual(draws(42))
  })

  it('fails about p of the calls, never at 0 and always at 1', () => {
    const n = 20_000
    for (const p of [0.05, 0.2, 0.5]) {
      let failed = 0
      for (let i = 0; i < n; i++) if (randomFailure(7, `t${i % 50}`, i % 3, i, p)) failed++
      // Four standard deviations: a correct hash fails this about once in 15,000 runs.
      expect(Math.abs(failed / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n))
    }
    expect(Array.from({ length: 500 }, (_, i) => randomFailure(1, 't', 0, i, 0)).some(Boolean)).toBe(false)
    expect(Array.from({ length: 500 }, (_, i) => randomFailure(1, 't', 0, i, 1)).every(Boolean)).toBe(true)
    expect(randomFailure(1, 't', 0, 0, Number.NaN)).toBe(false)
  })

  it('spreads consecutive call indices evenly over [0, 1)', () => {
    const buckets = new Array<number>(10).fill(0)
    let outside = 0
    for (let i = 0; i < 10_000; i++) {
      const u = unitHash(`s\u0000t\u00000\u0000${i}`)
      if (u < 0 || u >= 1) outside++
      else buckets[Math.floor(u * 10)] = (buckets[Math.floor(u * 10)] ?? 0) + 1
    }
    expect(outside).toBe(0)
    for (const b of buckets) expect(Math.abs(b - 1000)).toBeLessThan(4 * Math.sqrt(1000 * 0.9))
  })
})

/** FNV-1a over raw bytes, the textbook way. */
function fnv1a32String(bytes: number[]): number {
  let h = 0x811c9dc5
  for (const b of bytes) {
    h ^= b
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}
