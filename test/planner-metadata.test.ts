// The planner keys of prompt_metadata (#28): read into task.planner, checked per task, refused by file, line and task.
import { describe, expect, it } from 'vitest'
import { DatasetError, loadDataset } from '../src/core/index'
import { readPlannerMetadata } from '../src/core/load/planner'
import { fixtureFiles } from './fixtures'

/** The fixture's second task (two gold calls, line 2) with these keys added to its prompt_metadata. */
function withPlannerKeys(keys: Record<string, unknown>): Record<string, string> {
  const files = fixtureFiles()
  const lines = (files['input_data.jsonl'] ?? '').split('\n')
  const task = JSON.parse(lines[1] ?? '{}') as { prompt_metadata: Record<string, unknown> }
  Object.assign(task.prompt_metadata, keys)
  lines[1] = JSON.stringify(task)
  return { ...files, 'input_data.jsonl': lines.join('\n') }
}

function refusal(keys: Record<string, unknown>): string {
  try {
    loadDataset(withPlannerKeys(keys))
  } catch (err) {
    if (err instanceof DatasetError) return err.message
    throw err
  }
  throw new Error('expected the data set to be refused')
}

const rubric = {
  items: [
    { id: 'r1', criterion: 'Asks which Friday before booking', points: 5, auto: { kind: 'called_before', first: 'Ask_User', then: 'write' } },
    { id: 'r2', criterion: 'Recommends the cheaper hotel', points: 3 },
    { id: 'r3', criterion: 'Books without asking', points: -2, auto: { kind: 'not_called', tool: 'Accommodation_Create' } },
  ],
  pass: { min_score: 0.75, required: ['r1'] },
  graders: { min: 2 },
}

describe('planner keys of prompt_metadata', () => {
  it('a published task has none, and reads as before', () => {
    const { dataset } = loadDataset(fixtureFiles())
    expect(dataset.tasks.map((task) => task.planner)).toEqual([undefined, undefined])
  })

  it('reads every key, with its defaults', () => {
    // Read alone: the skills and Ask_User named here are not in the fixture's files (test/planner-files.test.ts has them).
    const problems: string[] = []
    const planner = readPlannerMetadata(
      {
        dimension: 'memory',
        bucket: 'tool_call',
        order: [[0, 1]],
        extraneous: { policy: 'no_extra_writes', allow: { Ask_User: 1 } },
        alternatives: [{ answer: [{ name: 'Messages_Send', arguments: { telephone: ['13900000000'] } }] }],
        mentions: [{ call: 1, param: 'text', any: [['invoice', 'bill']] }],
        memory: { required: ['mem_014'] },
        skills: { required: ['expense-filing'], forbidden: ['travel-booking'] },
        user_replies: [{ reply: 'The one on Friday the 20th.' }],
        rubric,
      },
      2,
      problems,
    )
    expect(problems).toEqual([])
    expect(planner).toEqual({
      dimension: 'memory',
      bucket: 'tool_call',
      order: [[0, 1]],
      extraneous: { policy: 'no_extra_writes', allow: { Ask_User: 1 } },
      alternatives: [{ answer: [{ name: 'Messages_Send', arguments: { telephone: ['13900000000'] } }], freeParams: [[]] }],
      mentions: [{ call: 1, param: 'text', all: [], any: [['invoice', 'bill']] }],
      memory: { required: ['mem_014'], evidence: 'returned', forbidden: [] },
      skills: { required: ['expense-filing'], forbidden: ['travel-booking'] },
      userReplies: ['The one on Friday the 20th.'],
      rubric: {
        items: [
          { id: 'r1', criterion: 'Asks which Friday before booking', points: 5, auto: { kind: 'called_before', first: 'Ask_User', then: 'write' } },
          { id: 'r2', criterion: 'Recommends the cheaper hotel', points: 3 },
          { id: 'r3', criterion: 'Books without asking', points: -2, auto: { kind: 'not_called', tool: 'Accommodation_Create' } },
        ],
        pass: { minScore: 0.75, required: ['r1'] },
        graders: { min: 2 },
      },
    })
  })

  it('refuses a cyclic order, an edge out of range, and says where', () => {
    const cyclic = refusal({ order: [[0, 1], [1, 0]] })
    expect(cyclic).toContain('input_data.jsonl line 2')
    expect(cyclic).toContain('"prompt_metadata.order" has a cycle: 0 → 1 → 0')
    expect(refusal({ order: [[0, 2]] })).toContain('"prompt_metadata.order"[0] must be two different gold call indexes from 0 to 1')
    expect(refusal({ order: [[1, 1]] })).toContain('must be two different gold call indexes')
  })

  it('refuses a rubric with no positive points, a required item that does not exist, and an unknown auto check', () => {
    expect(refusal({ rubric: { items: [{ id: 'r1', criterion: 'Rude', points: -3 }] } })).toContain('no item has positive points')
    expect(refusal({ rubric: { ...rubric, pass: { required: ['r9'] } } })).toContain('"pass.required" names "r9", which is not an item')
    expect(refusal({ rubric: { items: [{ id: 'r1', criterion: 'x', points: 1, auto: { kind: 'guessed' } }] } })).toContain('"auto.kind" must be one of')
    expect(refusal({ rubric: { items: [{ id: 'r1', criterion: 'x', points: 0 }] } })).toContain('"points" must be a non-zero number')
    expect(refusal({ rubric: { items: [rubric.items[1], rubric.items[1]] } })).toContain('the id "r2" is used twice')
    expect(refusal({ bucket: 'agent_behavior' })).toContain('"agent_behavior" but there is no "rubric"')
  })

  it('refuses a bucket that contradicts verify, and unknown dimensions and buckets', () => {
    expect(refusal({ bucket: 'tool_call', verify: 'state', expected_state: [] })).toContain('"prompt_metadata.bucket" is "tool_call" but "verify" is "state"')
    expect(refusal({ bucket: 'state_change', verify: 'calls' })).toContain('but "verify" is "calls"')
    expect(loadDataset(withPlannerKeys({ bucket: 'state_change', verify: 'state', expected_state: [] })).dataset.tasks[1]?.planner?.bucket).toBe('state_change')
    expect(refusal({ dimension: 'vision' })).toContain('"prompt_metadata.dimension" must be one of basic, subagent, memory, skill')
    expect(refusal({ bucket: 'calls' })).toContain('"prompt_metadata.bucket" must be one of tool_call, state_change, agent_behavior')
  })

  it('refuses mentions of a call that is not in the gold, and conditions that contradict themselves', () => {
    expect(refusal({ mentions: [{ call: 2, param: 'text', all: ['x'] }] })).toContain('"call" must be a gold call index from 0 to 1')
    expect(refusal({ mentions: [{ call: 0, param: 'text' }] })).toContain('it requires nothing')
    expect(refusal({ memory: { required: ['m1'], forbidden: ['m1'] } })).toContain('"m1" both required and forbidden')
    expect(refusal({ memory: { evidence: 'seen' } })).toContain('"evidence" must be "returned" or "opened"')
    expect(refusal({ skills: { required: 'a' } })).toContain('"required" must be a list of skill names')
    expect(refusal({ user_replies: ['Friday'] })).toContain('"prompt_metadata.user_replies" must be a list of {"reply": text}')
    expect(refusal({ alternatives: [{ answer: [{ arguments: {} }] }] })).toContain('"alternatives[0].answer[0]" must have a string "name"')
  })

  it('takes "lenient" and "no_extra_writes" alone, and null as absent', () => {
    const problems: string[] = []
    expect(readPlannerMetadata({ extraneous: 'lenient', dimension: null }, 1, problems)).toEqual({ extraneous: { policy: 'lenient', allow: {} } })
    // A tool named like an Object.prototype key is a key of its own, as JSON.parse makes it.
    const allow = readPlannerMetadata(JSON.parse('{"extraneous": {"policy": "no_extra_writes", "allow": {"__proto__": 2}}}') as Record<string, unknown>, 1, problems).extraneous?.allow ?? {}
    expect(Object.hasOwn(allow, '__proto__') && Object.getOwnPropertyDescriptor(allow, '__proto__')?.value).toBe(2)
    expect(problems).toEqual([])
  })
})
