// Judging a sealed data set's attempt again keeps the conditions it was played under (#24): the friction rules of the
// task as the participant's runtime had it, whether sealing kept them or sealed them away.
import { describe, expect, it } from 'vitest'
import { underPlayedRules } from '../src/core/index'
import type { Task } from '../src/core/index'

const RULE = { tool: 'Messages_Send', on: [1], error: 'Busy, try again.' }
const opened = {
  id: 't',
  type: '推理',
  messages: [{ role: 'user', content: 'Send it' }],
  instruction: 'Send it',
  answer: [{ name: 'Messages_Send', arguments: { telephone: ['1'] } }],
  freeParams: [['text']],
  reasoningPath: '',
  distractors: '',
  line: 1,
  live: { expectedState: [], friction: [RULE] },
} as unknown as Task

describe('underPlayedRules', () => {
  it('keeps the opened task whole when the sealed task had its friction rules', () => {
    expect(underPlayedRules(opened, { live: { friction: [RULE] } })).toEqual(opened)
  })

  it('leaves out the rules the participant never met, and keeps the gold and expected changes', () => {
    const judged = underPlayedRules(opened, {})
    expect(judged.live).toEqual({ expectedState: [] })
    expect(judged.answer).toBe(opened.answer)
  })

  it('takes the played rules even where the opened task has none', () => {
    const { live: _live, ...plain } = opened
    expect(underPlayedRules(plain as Task, { live: { friction: [RULE] } }).live).toEqual({ friction: [RULE] })
    expect(underPlayedRules(plain as Task, {})).toEqual(plain)
  })
})
