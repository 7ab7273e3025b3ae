// setOwn sets keys of outside data as own properties, "__proto__" and the names Object.prototype holds included.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { setOwn } from '../src/core/index'

describe('setOwn', () => {
  it('makes "__proto__" an own key and leaves the prototype alone', () => {
    const object: Record<string, unknown> = {}
    setOwn(object, '__proto__', { polluted: true })
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype)
    expect(Object.keys(object)).toEqual(['__proto__'])
    expect(JSON.stringify(object)).toBe('{"__proto__":{"polluted":true}}')
  })

  it('gives what JSON.parse gives, for any keys', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty')), fc.integer())), (pairs) => {
        const object: Record<string, number> = {}
        for (const [key, value] of pairs) setOwn(object, key, value)
        const text = `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`
        expect(object).toStrictEqual(JSON.parse(text))
        expect(Object.getPrototypeOf(object)).toBe(Object.prototype)
      }),
    )
  })
})
