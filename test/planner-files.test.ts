// skills.json, agents.json and the planner keys of tools.json (#28): read with the data set, and each name checked against the others.
import { describe, expect, it } from 'vitest'
import { DatasetError, loadDataset } from '../src/core/index'
import { fixtureFiles } from './fixtures'
import { AGENTS, SKILLS, plannerFiles } from './support/plannerFixture'
import type { Change } from './support/plannerFixture'

function refusal(change: Change): string {
  try {
    loadDataset(plannerFiles(change))
  } catch (err) {
    if (err instanceof DatasetError) return err.message
    throw err
  }
  throw new Error('expected the data set to be refused')
}

const toolNamed = (tools: unknown[], name: string) => tools.find((tool) => (tool as { function: { name: string } }).function.name === name) as { function: Record<string, unknown> }

describe('planner files', () => {
  it('loads skills, agents and the tools that name them', () => {
    const { dataset } = loadDataset(plannerFiles())
    expect(dataset.skills).toEqual([{ name: 'expense-filing', description: 'How to file an expense claim', body: '# Expense filing\nUse Expense_File.', tools: ['Expense_File'] }])
    expect(dataset.agents?.[0]).toMatchObject({ id: 'finance', tool: 'Delegate_Finance', skills: [{ id: 'refunds', tags: ['refund'], examples: [] }] })
    const byName = new Map(dataset.tools.map((tool) => [tool.function.name, tool.function]))
    expect(byName.get('Expense_File')?.['x-skill']).toBe('expense-filing')
    expect(byName.get('Delegate_Finance')).toMatchObject({ 'x-kind': 'delegate', 'x-agent': 'finance' })
    expect(byName.get('Ask_User')?.['x-kind']).toBe('ask')
  })

  it('a data set without them has neither', () => {
    const { dataset } = loadDataset(fixtureFiles())
    expect(dataset.skills).toBeUndefined()
    expect(dataset.agents).toBeUndefined()
  })

  it('refuses a skill whose tools do not carry its x-skill, and the reverse', () => {
    const unmarked = refusal({ tools: (tools) => (delete toolNamed(tools, 'Expense_File').function['x-skill'], tools) })
    expect(unmarked).toContain('skills.json: skill "expense-filing" lists the tool "Expense_File", whose "x-skill" is null')
    const unlisted = refusal({ skills: [{ ...SKILLS[0], tools: [] }] })
    expect(unlisted).toContain('tools.json: tool "Expense_File": "x-skill" is "expense-filing", but that skill\'s "tools" do not list it')
    expect(refusal({ skills: undefined })).toContain('"x-skill" names "expense-filing", but the data set has no skills.json')
    expect(refusal({ skills: [...SKILLS, { ...SKILLS[0], name: 'travel' }] })).toContain('the tool "Expense_File" is in two skills, "expense-filing" and "travel"')
    expect(refusal({ skills: [{ ...SKILLS[0], tools: ['Nope'] }] })).toContain('lists the tool "Nope", which is not in tools.json')
  })

  it('refuses skill names against the Agent Skills rules, and a missing description', () => {
    expect(refusal({ skills: [{ ...SKILLS[0], name: 'Expense_Filing' }] })).toContain('"name" must be 1 to 64 of a-z, 0-9 and single hyphens inside')
    expect(refusal({ skills: [{ ...SKILLS[0], name: 'a--b' }] })).toContain('single hyphens inside')
    expect(refusal({ skills: [{ ...SKILLS[0], description: '' }] })).toContain('"description" must be 1 to 1024 characters')
  })

  it('refuses an x-agent naming no card, a card whose tool does not name it back, and a non-delegate kind', () => {
    expect(refusal({ agents: [] })).toContain('tool "Delegate_Finance": "x-agent" names "finance", which is not in agents.json')
    expect(refusal({ agents: undefined })).toContain('but the data set has no agents.json')
    expect(refusal({ agents: [{ ...AGENTS[0], tool: 'Ask_User' }] })).toContain('agent "finance": its tool "Ask_User" must carry "x-agent": "finance"')
    expect(refusal({ tools: (tools) => ((toolNamed(tools, 'Delegate_Finance').function['x-kind'] = 'write'), tools) })).toContain('its "x-kind" must be "delegate"')
    expect(refusal({ agents: [{ ...AGENTS[0], reply: '' }] })).toContain('agent "finance": "reply" must be a non-empty string')
  })

  it('refuses unknown x-kind and x-compare values', () => {
    expect(refusal({ tools: (tools) => ((toolNamed(tools, 'Ask_User').function['x-kind'] = 'question'), tools) })).toContain('"x-kind" must be one of read, write, meta, delegate, ask')
    const fuzzy = refusal({
      tools: (tools) => {
        const parameters = toolNamed(tools, 'Expense_File').function.parameters as { properties: Record<string, Record<string, unknown>> }
        if (parameters.properties.payee) parameters.properties.payee['x-compare'] = 'fuzzy'
        return tools
      },
    })
    expect(fuzzy).toContain('tool "Expense_File": parameter "payee": "x-compare" must be one of exact, casefold, strip, digits, datetime, set')
  })

  it('refuses a task naming skills, tools and parameters that do not exist, and an alternative with a bad gold call', () => {
    expect(refusal({ metadata: { skills: { required: ['travel-booking'] } } })).toContain('task "推理1": "skills.required" names the skill "travel-booking", which is not in skills.json')
    expect(refusal({ metadata: { mentions: [{ call: 0, param: 'text', all: ['x'] }] } })).toContain('a mention asks "text" of gold call 0 (Phone_Call), which has no such parameter')
    expect(refusal({ metadata: { extraneous: { policy: 'no_extra_writes', allow: { Ask_Usr: 1 } } } })).toContain('"extraneous.allow" names the tool "Ask_Usr"')
    const rubric = { items: [{ id: 'r1', criterion: 'Asks first', points: 1, auto: { kind: 'called_before', first: 'Ask_Someone', then: 'write' } }] }
    expect(refusal({ metadata: { rubric } })).toContain('rubric item "r1" names the tool "Ask_Someone"')
    const skillCheck = { items: [{ id: 'r1', criterion: 'Loads it', points: 1, auto: { kind: 'skill_loaded', name: 'travel' } }] }
    expect(refusal({ metadata: { rubric: skillCheck } })).toContain('rubric item "r1" names the skill "travel"')
    expect(refusal({ metadata: { alternatives: [{ answer: [{ name: 'Phone_Dial', arguments: { telephone: ['1'] } }] }] } })).toContain('alternatives[0]: gold call 1 names unknown tool "Phone_Dial"')
  })

  it('takes load_skill, made by the runtime, in a task that names it', () => {
    const rubric = { items: [{ id: 'r1', criterion: 'Loads the skill first', points: 1, auto: { kind: 'called_before', first: 'load_skill', then: 'write' } }] }
    const { dataset } = loadDataset(plannerFiles({ metadata: { rubric, skills: { required: ['expense-filing'] } } }))
    expect(dataset.tasks[0]?.planner?.skills?.required).toEqual(['expense-filing'])
  })
})
