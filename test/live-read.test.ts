import { describe, expect, it } from 'vitest'
import { appInfo, appOfExecutionTool, isRetrievalToolName } from '../src/core/index'
import type { ToolSchema } from '../src/core/index'
import { BUILTIN_EFFECTS, readEffect, readLiveMetadata, toolEffect } from '../src/core/live/index'
import { TOOLS } from './fixtures'

const read = (meta: Record<string, unknown>) => {
  const problems: string[] = []
  return { live: readLiveMetadata(meta, problems), problems }
}

const effectOf = (effect: unknown) => {
  const problems: string[] = []
  return { effect: readEffect({ name: 'T', 'x-effect': effect }, problems), problems }
}

describe('reading prompt_metadata', () => {
  it('reads the design’s examples as they are', () => {
    const meta = {
      answer: [],
      expected_state: [
        { app: 'alarm', op: 'insert', record: { 时间: ['07:30:00'], 闹钟名: ['起床', null] } },
        { app: 'alarm', op: 'update', where: { 闹钟名: '健身' }, record: { 时间: ['19:00:00'] } },
        { app: 'notes', op: 'delete', where: { 标题: '旧购物清单' } },
      ],
      friction: [
        { tool: 'Messages_Send', on: [1], error: '网络繁忙，短信未发送，请重试。' },
        { tool: 'Consumption_Create', requires: ['Payment_Verify'], error: '请先完成支付验证。' },
      ],
      verify: 'both',
      ordered: true,
    }
    const { live, problems } = read(meta)
    expect(problems).toEqual([])
    expect(live).toEqual({
      expectedState: meta.expected_state,
      friction: meta.friction,
      verify: 'both',
      ordered: true,
    })
  })

  it('leaves absent keys absent: a published task has none', () => {
    expect(read({ answer: [], free_params: [] })).toEqual({ live: {}, problems: [] })
    expect(read({ expected_state: null, friction: null, verify: null, ordered: null })).toEqual({ live: {}, problems: [] })
    expect(read({ expected_state: [] })).toEqual({ live: { expectedState: [] }, problems: [] })
  })

  it('says what is wrong with each malformed key', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ expected_state: {} }, '"prompt_metadata.expected_state" must be a list of changes'],
      [{ expected_state: [1] }, '"expected_state[0]" must be an object with "app" and "op"'],
      [{ expected_state: [{ app: 'alarm', op: 'create' }] }, '"expected_state[0].op" must be one of insert, update, delete (got "create")'],
      [{ expected_state: [{ op: 'insert' }] }, '"expected_state[0].app" must be an app key'],
      [{ expected_state: [{ app: 'alarm', op: 'insert', recrod: {} }] }, '"expected_state[0]" has unknown key "recrod" (known: app, op, where, record)'],
      [{ expected_state: [{ app: 'alarm', op: 'update', record: { 时间: ['x'] } }] }, '"expected_state[0]" (update) needs "where" naming the record'],
      [{ expected_state: [{ app: 'alarm', op: 'update', where: { 闹钟名: 'a' } }] }, '"expected_state[0]" (update) needs "record" listing the fields it changes'],
      [{ expected_state: [{ app: 'alarm', op: 'update', where: { 闹钟名: 'a' }, record: {} }] }, '"expected_state[0].record" of an update must list at least one field'],
      [{ expected_state: [{ app: 'alarm', op: 'insert', where: { 闹钟名: 'a' } }] }, '"expected_state[0].where" is for an update or a delete; an insert names no record'],
      [{ expected_state: [{ app: 'notes', op: 'delete', where: { 标题: 'a' }, record: { 标题: ['b'] } }] }, '"expected_state[0].record" is for an insert or an update; a delete writes no fields'],
      [{ expected_state: [{ app: 'notes', op: 'delete', where: {} }] }, '"expected_state[0].where" must be an object of record field → value, with at least one field'],
      [{ expected_state: [{ app: 'notes', op: 'delete', where: { 标题: null } }] }, '"expected_state[0].where.标题" is null; name the record by values it has'],
      [{ expected_state: [{ app: 'alarm', op: 'insert', record: { 时间: '07:00:00' } }] }, '"expected_state[0].record.时间" must be a list of acceptable values'],
      [{ expected_state: [{ app: 'alarm', op: 'insert', record: { 时间: [] } }] }, '"expected_state[0].record.时间" lists no acceptable value'],
      [{ friction: {} }, '"prompt_metadata.friction" must be a list of rules'],
      [{ friction: [{ tool: 'X' }] }, '"friction[0].error" must be the message the refused call answers'],
      [{ friction: [{ error: 'e' }] }, '"friction[0].tool" must be a tool name'],
      [{ friction: [{ tool: 'X', error: 'e', on: [0] }] }, '"friction[0].on" must be a non-empty list of call numbers (1 = the first otherwise valid call)'],
      [{ friction: [{ tool: 'X', error: 'e', on: [1.5] }] }, '"friction[0].on" must be a non-empty list of call numbers (1 = the first otherwise valid call)'],
      [{ friction: [{ tool: 'X', error: 'e', requires: 'Y' }] }, '"friction[0].requires" must be a non-empty list of tool names'],
      [{ friction: [{ tool: 'X', error: 'e', when: 1 }] }, '"friction[0]" has unknown key "when" (known: tool, on, requires, error)'],
      [{ verify: 'all' }, '"prompt_metadata.verify" must be one of calls, state, both (got "all")'],
      [{ verify: 'state' }, '"prompt_metadata.verify" is "state" but there is no "expected_state" (use [] for "nothing may change")'],
      [{ ordered: 'yes' }, '"prompt_metadata.ordered" must be true or false (got "yes")'],
    ]
    for (const [meta, message] of cases) {
      const { live, problems } = read(meta)
      expect(problems, JSON.stringify(meta)).toEqual([message])
      // A malformed key is left out; a well-formed verify stays, the problem is its missing partner.
      expect(Object.keys(live)).toEqual(meta.verify === 'state' ? ['verify'] : [])
    }
  })

  it('keeps a field named __proto__ an ordinary field', () => {
    const meta = JSON.parse('{"expected_state":[{"app":"notes","op":"insert","record":{"__proto__":["x"]}}]}') as Record<string, unknown>
    const record = read(meta).live.expectedState?.[0]?.record ?? {}
    expect(Object.keys(record)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype)
  })
})

describe('reading x-effect', () => {
  it('reads every key', () => {
    const raw = { app: 'alarm', op: 'update', where: { 闹钟名: 'name' }, fields: { time: '时间' }, set: { 状态: 'On' }, stamp: { 日期: 'date' } }
    expect(effectOf(raw)).toEqual({ effect: raw, problems: [] })
    expect(readEffect({ name: 'T' }, [])).toBeUndefined()
  })

  it('says what is wrong', () => {
    const cases: [unknown, string][] = [
      ['insert', '"x-effect" must be an object with "app" and "op"'],
      [{ app: 'alarm', op: 'upsert' }, '"x-effect.op" must be one of insert, update, delete (got "upsert")'],
      [{ app: 'alarm', op: 'delete' }, '"x-effect" (delete) needs "where": record field → argument name'],
      [{ app: 'alarm', op: 'delete', where: {} }, '"x-effect.where" must name at least one field'],
      [{ app: 'alarm', op: 'insert', where: { a: 'b' } }, '"x-effect.where" is for an update or a delete; an insert acts on no existing record'],
      [{ app: 'alarm', op: 'insert', fields: { time: 1 } }, '"x-effect.fields.time" must be a name (argument name → record field)'],
      [{ app: 'alarm', op: 'insert', fields: ['time'] }, '"x-effect.fields" must be an object: argument name → record field'],
      [{ app: 'alarm', op: 'insert', set: { 状态: null } }, '"x-effect.set.状态" is null; leave the field out instead'],
      [{ app: 'alarm', op: 'insert', stamp: { 日期: 'today' } }, '"x-effect.stamp.日期" must be one of date, time, name, phone, paymentAccount, id (got "today")'],
      [{ app: 'notes', op: 'delete', where: { 标题: 't' }, set: { a: 1 } }, '"x-effect.set" is for an insert or an update; a delete writes nothing'],
      [{ app: 'alarm', op: 'insert', target: 'x' }, '"x-effect" has unknown key "target" (known: app, op, where, fields, set, stamp)'],
    ]
    for (const [raw, message] of cases) {
      const { effect, problems } = effectOf(raw)
      expect(problems, JSON.stringify(raw)).toEqual([message])
      expect(effect).toBeUndefined()
    }
  })
})

describe('built-in effects', () => {
  const executionTools = TOOLS.filter((t) => !isRetrievalToolName(t.function.name))

  it('cover the ten published execution tools, each inserting into its own app', () => {
    expect(Object.keys(BUILTIN_EFFECTS).sort()).toEqual(executionTools.map((t) => t.function.name).sort())
    expect(BUILTIN_EFFECTS.Phone_Call).toBeNull()
    for (const [name, effect] of Object.entries(BUILTIN_EFFECTS)) {
      if (!effect) continue
      expect(effect.op, name).toBe('insert')
      expect(effect.app, name).toBe(appOfExecutionTool(name)?.key)
    }
  })

  it('map every argument of each tool to a field its app lists, and write only such fields', () => {
    for (const tool of executionTools) {
      const effect = BUILTIN_EFFECTS[tool.function.name]
      if (!effect) continue
      const params = Object.keys(tool.function.parameters.properties ?? {})
      expect(Object.keys(effect.fields ?? {}).sort(), tool.function.name).toEqual(params.sort())
      const fields = new Set(appInfo(effect.app)?.fields.map((f) => f.key))
      const written = [...Object.values(effect.fields ?? {}), ...Object.keys(effect.set ?? {}), ...Object.keys(effect.stamp ?? {})]
      for (const field of written) expect(fields.has(field), `${tool.function.name} → ${field}`).toBe(true)
      expect(new Set(Object.values(effect.fields ?? {})).size, `${tool.function.name}: one field an argument`).toBe(params.length)
    }
  })

  it('are what a tool without x-effect does; an x-effect replaces them', () => {
    const byName = (name: string): ToolSchema => {
      const tool = TOOLS.find((t) => t.function.name === name)
      if (!tool) throw new Error(name)
      return tool
    }
    expect(toolEffect(byName('Contacts_Create'))).toBe(BUILTIN_EFFECTS.Contacts_Create)
    expect(toolEffect(byName('Phone_Call'))).toBeUndefined()
    expect(toolEffect(byName('search_contacts'))).toBeUndefined()
    const own = { app: 'alarm', op: 'delete', where: { 闹钟名: 'name' } }
    const custom = { type: 'function', function: { ...byName('Clock_CreateAlarm').function, 'x-effect': own } } as ToolSchema
    expect(toolEffect(custom)).toEqual(own)
    const broken = { type: 'function', function: { name: 'B', description: '', parameters: {}, 'x-effect': { app: 'alarm' } } } as ToolSchema
    expect(() => toolEffect(broken)).toThrow('tool "B": "x-effect.op" must be one of insert, update, delete (got undefined)')
  })
})
