// An action form reads in the reader's language (#26): every parameter of the published execution tools has a
// label in English and in Chinese, every description a Chinese text, and dates and times are picked in the
// tool's own format.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isRetrievalToolName, parameterDescription, parameterLabel } from '../src/core'
import type { ToolSchema } from '../src/core'
import { fitsPicker, fromPicker, newActionPrefill, pickerOf } from '../src/phone/actionArguments'

const published = ['public/data/tools.json', 'public/data-live/tools.json'].flatMap((file) => JSON.parse(readFileSync(file, 'utf8')) as ToolSchema[])
const parameters = published
  .filter((tool) => !isRetrievalToolName(tool.function.name))
  .flatMap((tool) => Object.entries(tool.function.parameters.properties ?? {}).map(([name, schema]) => ({ tool: tool.function.name, name, schema })))

describe('parameter labels', () => {
  it('name every published execution parameter in both languages', () => {
    expect(parameters.length).toBeGreaterThan(60)
    for (const { tool, name } of parameters) {
      expect(parameterLabel(name, 'en', tool), `${tool}.${name}`).not.toBe(name)
      expect(parameterLabel(name, 'zh', tool), `${tool}.${name}`).toMatch(/[\u4e00-\u9fff]/)
    }
  })

  it('translate every published description, and leave a data set’s own words as written', () => {
    for (const { tool, name, schema } of parameters) expect(parameterDescription(schema.description ?? '', 'zh'), `${tool}.${name}`).toMatch(/[\u4e00-\u9fff]/)
    expect(parameterDescription('Seat preference, window or aisle.', 'zh')).toBe('Seat preference, window or aisle.')
    expect(parameterDescription('What the payment is for.', 'en')).toBe('What the payment is for.')
  })

  it('give Chinese its own word where a tool needs one, and the raw name for a parameter nobody named', () => {
    expect(parameterLabel('name', 'zh', 'Contacts_Create')).toBe('姓名')
    expect(parameterLabel('name', 'zh', 'Clock_CreateAlarm')).toBe('闹钟名')
    expect(parameterLabel('name', 'en', 'Clock_CreateAlarm')).toBe('Name')
    expect(parameterLabel('seatPreference', 'en')).toBe('seatPreference')
    // Names that are Object.prototype's own keys are not labels.
    expect(parameterLabel('constructor', 'en')).toBe('constructor')
    expect(parameterLabel('name', 'zh', 'constructor')).toBe('名称')
    expect(parameterDescription('toString', 'zh')).toBe('toString')
  })
})

describe('date and time pickers', () => {
  const pickerFor = (tool: string, name: string) => {
    const found = parameters.find((p) => p.tool === tool && p.name === name)
    if (!found) throw new Error(`${tool}.${name} is not published`)
    return pickerOf(found.schema)
  }

  it('are asked for by the format a description names', () => {
    expect(pickerFor('Schedule_Create', 'date')).toEqual({ kind: 'date', seconds: false })
    expect(pickerFor('Schedule_Create', 'timeStart')).toEqual({ kind: 'time', seconds: true })
    expect(pickerFor('TodoList_Create', 'time')).toEqual({ kind: 'time', seconds: false })
    expect(pickerFor('Transport_Create', 'time')).toEqual({ kind: 'time', seconds: true, now: 'now' })
    expect(pickerFor('Schedule_Create', 'title')).toBeUndefined()
    expect(pickerFor('Schedule_Create', 'timeRemind')).toBeUndefined()
  })

  it('write the tool’s format, and leave a value they cannot show as text', () => {
    const seconds = { kind: 'time', seconds: true } as const
    expect(fromPicker(seconds, '09:00')).toBe('09:00:00')
    expect(fromPicker(seconds, '09:00:15')).toBe('09:00:15')
    expect(fromPicker({ kind: 'time', seconds: false }, '09:00:15')).toBe('09:00')
    expect(fitsPicker({ kind: 'date', seconds: false }, '2026-03-20')).toBe(true)
    expect(fitsPicker({ kind: 'date', seconds: false }, '2026/3/20')).toBe(false)
    expect(fitsPicker({ kind: 'time', seconds: true, now: 'now' }, 'now')).toBe(true)
    expect(fitsPicker(seconds, 'now')).toBe(false)
  })

  it('start a new note at the phone’s now, and nothing else', () => {
    expect(newActionPrefill('TodoList_Create', '2026-03-14 10:00:00')).toEqual({ date: '2026-03-14', time: '10:00' })
    expect(newActionPrefill('TodoList_Create', undefined)).toBeUndefined()
    expect(newActionPrefill('Schedule_Create', '2026-03-14 10:00:00')).toBeUndefined()
  })
})
