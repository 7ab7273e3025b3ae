/**
 * The planner files (skills.json, agents.json), the planner keys of tools.json,
 * and what a planner task names in them: every name must stand for something,
 * and a skill and its tools, a card and its tool, must name each other.
 * The loader refuses what this finds, so the page and `npm run validate`
 * refuse the same data sets.
 */
import { isOneOf, isPlainObject, isStringList, splitLines } from '../base/text'
import { parseJsonWithLine } from '../base/jsonLine'
import { hasOwn, ownValue, setOwn } from '../base/own'
import { DATASET_FILES } from '../dataset/types'
import type { Task, ToolSchema } from '../dataset/types'
import { COMPARE_KEY, COMPARE_MODES, PLANNER_FILES, TOOL_ROLES, TOOL_PLANNER_KEYS } from '../dataset/plannerTypes'
import type { AgentCard, AgentCardSkill, Skill } from '../dataset/plannerTypes'
import { goldProblems } from './gold'
import type { IssueList } from './parse'
import { readSkillFolder, skillFilePath, skillFolderFiles } from './skillFolders'

/** Agent Skills' rule for a skill's name. */
const SKILL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/
const SKILL_NAME_MAX = 64
const SKILL_DESCRIPTION_MAX = 1024
/** The tool the runtime makes whenever skills.json exists. */
export const LOAD_SKILL_TOOL = 'load_skill'

type PlannerToolKeys = Pick<ToolSchema['function'], 'x-kind' | 'x-skill' | 'x-agent'>

/** A tool's `x-kind`, `x-skill` and `x-agent`, and its parameters' `x-compare`, checked; each fault goes to `fail`. */
export function readToolPlannerKeys(fn: Record<string, unknown>, fail: (message: string) => void): PlannerToolKeys {
  const keys: PlannerToolKeys = {}
  const kind = ownValue(fn, TOOL_PLANNER_KEYS.kind)
  if (kind !== undefined) {
    if (isOneOf(kind, TOOL_ROLES)) keys['x-kind'] = kind
    else fail(`"${TOOL_PLANNER_KEYS.kind}" must be one of ${TOOL_ROLES.join(', ')} (got ${JSON.stringify(kind)})`)
  }
  const name = (key: string): string | undefined => {
    const value = ownValue(fn, key)
    if (value === undefined || (typeof value === 'string' && value !== '')) return value
    fail(`"${key}" must be a non-empty name`)
    return undefined
  }
  const skill = name(TOOL_PLANNER_KEYS.skill)
  const agent = name(TOOL_PLANNER_KEYS.agent)
  if (skill !== undefined) keys['x-skill'] = skill
  if (agent !== undefined) keys['x-agent'] = agent
  if (keys['x-agent'] !== undefined && keys['x-kind'] !== undefined && keys['x-kind'] !== 'delegate')
    fail(`a tool with "${TOOL_PLANNER_KEYS.agent}" hands work to a sub-agent: its "${TOOL_PLANNER_KEYS.kind}" must be "delegate" (got "${keys['x-kind']}")`)
  const properties = isPlainObject(fn.parameters) && isPlainObject(fn.parameters.properties) ? fn.parameters.properties : {}
  for (const [param, schema] of Object.entries(properties)) {
    const compare = isPlainObject(schema) ? ownValue(schema, COMPARE_KEY) : undefined
    if (compare !== undefined && !isOneOf(compare, COMPARE_MODES))
      fail(`parameter "${param}": "${COMPARE_KEY}" must be one of ${COMPARE_MODES.join(', ')} (got ${JSON.stringify(compare)})`)
  }
  return keys
}

/** A JSON list file's entries, or undefined (with the error) where it is not one. */
function readList(file: string, text: string, issues: IssueList): unknown[] | undefined {
  const parsed = parseJsonWithLine(splitLines(text).join('\n'))
  if ('error' in parsed) {
    issues.error(file, `not valid JSON: ${parsed.error}`, parsed.line === undefined ? {} : { line: parsed.line })
    return undefined
  }
  if (!Array.isArray(parsed.value)) {
    issues.error(file, 'must be a JSON list')
    return undefined
  }
  return parsed.value
}

/** What skills.json's rules find wrong with one entry `{name, description, body, tools, display_name?}` (its name's uniqueness aside). */
function skillFaults(entry: Record<string, unknown>): string[] {
  const { name, description, body, tools, display_name: displayName } = entry
  const faults: string[] = []
  if (typeof name !== 'string' || name.length > SKILL_NAME_MAX || !SKILL_NAME.test(name))
    faults.push(`"name" must be 1 to ${SKILL_NAME_MAX} of a-z, 0-9 and single hyphens inside (got ${JSON.stringify(name)})`)
  if (typeof description !== 'string' || description.trim() === '' || description.length > SKILL_DESCRIPTION_MAX)
    faults.push(`"description" must be 1 to ${SKILL_DESCRIPTION_MAX} characters`)
  if (typeof body !== 'string') faults.push('"body" must be the SKILL.md text')
  if (!isStringList(tools)) faults.push('"tools" must be a list of tool names')
  if (displayName !== undefined && typeof displayName !== 'string') faults.push('"display_name" must be a string')
  return faults
}

/** Parses skills.json: `[{name, description, body, tools, display_name?}]` with unique names. */
export function parseSkills(text: string, issues: IssueList): Skill[] {
  const file = PLANNER_FILES.skills
  const skills: Skill[] = []
  const names = new Set<string>()
  readList(file, text, issues)?.forEach((entry, i) => {
    const label = isPlainObject(entry) && typeof entry.name === 'string' ? `skill "${entry.name}"` : `entry ${i}`
    if (!isPlainObject(entry)) return issues.error(file, `${label} must be {"name", "description", "body", "tools"}`)
    const { name, description, body, tools, display_name: displayName } = entry
    const faults = skillFaults(entry)
    if (typeof name === 'string' && names.has(name)) faults.push('the name is used twice')
    if (faults.length > 0) return issues.error(file, `${label}: ${faults.join('; ')}`)
    names.add(name as string)
    skills.push({
      name: name as string,
      description: description as string,
      body: body as string,
      tools: tools as string[],
      ...(typeof displayName === 'string' ? { displayName } : {}),
    })
  })
  return skills
}

/** A data set's skills and the file each was read from: skills.json, or its own SKILL.md. */
export interface ReadSkills {
  /** Undefined when the data set gives none (no skills.json, no skill folder). */
  skills: Skill[] | undefined
  /** Skill name → the file that gives it, for the errors found in cross-checks. */
  files: Map<string, string>
  /** Where a skill's name is looked for, as an error says it: skills.json, or the skill folders. */
  at: string
}

/**
 * The skills of a data set: skills.json, or the skill folders
 * (`skills/<name>/SKILL.md`, ./skillFolders.ts). Both at once are refused:
 * they could disagree, and an export writes one of them.
 */
export function readSkills(files: Readonly<Partial<Record<string, string>>>, issues: IssueList): ReadSkills {
  const json = files[PLANNER_FILES.skills]
  const folders = skillFolderFiles(files)
  if (json !== undefined && folders.length > 0)
    issues.error(
      PLANNER_FILES.skills,
      `the skills are given twice, in ${PLANNER_FILES.skills} and as folders (${folders.map((f) => f.path).join(', ')}): keep one of them, since the two could disagree`,
    )
  if (json !== undefined) {
    const skills = parseSkills(json, issues)
    return { skills, files: new Map(skills.map((skill) => [skill.name, PLANNER_FILES.skills])), at: PLANNER_FILES.skills }
  }
  if (folders.length === 0) return { skills: undefined, files: new Map(), at: PLANNER_FILES.skills }
  const skills = folders.flatMap((file) => readSkillFolder(file, skillFaults, issues) ?? [])
  return { skills, files: new Map(skills.map((skill) => [skill.name, skillFilePath(skill.name)])), at: 'the skills/ folders' }
}

/** Parses agents.json: `[{id, name, description, tool, skills, reply, answers?}]` with unique ids and tools. */
export function parseAgents(text: string, issues: IssueList): AgentCard[] {
  const file = PLANNER_FILES.agents
  const cards: AgentCard[] = []
  const ids = new Set<string>()
  const tools = new Set<string>()
  readList(file, text, issues)?.forEach((entry, i) => {
    const label = isPlainObject(entry) && typeof entry.id === 'string' ? `agent "${entry.id}"` : `entry ${i}`
    if (!isPlainObject(entry)) return issues.error(file, `${label} must be {"id", "name", "description", "tool", "skills", "reply"}`)
    const faults: string[] = []
    const text = (key: string) => {
      const value = entry[key]
      if (typeof value === 'string' && value.trim() !== '') return value
      faults.push(`"${key}" must be a non-empty string`)
      return ''
    }
    const id = text('id')
    const name = text('name')
    const description = text('description')
    const tool = text('tool')
    const reply = text('reply')
    const skills = readCardSkills(entry.skills, faults)
    let answers: Record<string, string> | undefined
    if (entry.answers !== undefined) {
      if (isPlainObject(entry.answers) && Object.values(entry.answers).every((answer) => typeof answer === 'string')) {
        answers = {}
        for (const [key, answer] of Object.entries(entry.answers)) setOwn(answers, key, answer as string)
      } else faults.push('"answers" must map argument values to replies')
    }
    if (id !== '' && ids.has(id)) faults.push('the id is used twice')
    if (tool !== '' && tools.has(tool)) faults.push(`the tool "${tool}" is another agent's route too`)
    if (faults.length > 0) return issues.error(file, `${label}: ${faults.join('; ')}`)
    ids.add(id)
    tools.add(tool)
    cards.push({ id, name, description, tool, skills, reply, ...(answers ? { answers } : {}) })
  })
  return cards
}

function readCardSkills(value: unknown, faults: string[]): AgentCardSkill[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) {
    faults.push('"skills" must be a list of {"id", "name", "description", "tags"?, "examples"?}')
    return []
  }
  return value.flatMap((skill, i) => {
    if (isPlainObject(skill) && typeof skill.id === 'string' && typeof skill.name === 'string' && typeof skill.description === 'string') {
      const tags = skill.tags ?? []
      const examples = skill.examples ?? []
      if (isStringList(tags) && isStringList(examples)) return [{ id: skill.id, name: skill.name, description: skill.description, tags, examples }]
    }
    faults.push(`"skills[${i}]" must be {"id", "name", "description", "tags"?: [..], "examples"?: [..]}`)
    return []
  })
}

/**
 * What the files say of each other: a skill's tools exist and carry its
 * `x-skill` (and a tool is in one skill only), a card's tool exists and
 * carries its `x-agent`, and a task's planner keys name tools, skills and
 * parameters that exist.
 */
export function plannerFileProblems(
  dataset: {
    tasks: readonly Task[]
    tools: readonly ToolSchema[]
    skills: readonly Skill[] | undefined
    agents: readonly AgentCard[] | undefined
    /** Where the skills were read from ({@link readSkills}); without it, skills.json. */
    skillSource?: Pick<ReadSkills, 'files' | 'at'>
  },
  issues: IssueList,
): void {
  const { tasks, tools, skills, agents, skillSource } = dataset
  const skillFile = (name: string) => skillSource?.files.get(name) ?? PLANNER_FILES.skills
  const skillsAt = skillSource?.at ?? PLANNER_FILES.skills
  const toolByName = new Map(tools.map((tool) => [tool.function.name, tool]))
  const skillByName = new Map((skills ?? []).map((skill) => [skill.name, skill]))
  const cardById = new Map((agents ?? []).map((card) => [card.id, card]))
  const toolsFile = DATASET_FILES.tools

  const skillOfTool = new Map<string, string>()
  for (const skill of skills ?? [])
    for (const name of skill.tools) {
      const tool = toolByName.get(name)
      const other = skillOfTool.get(name)
      if (!tool) issues.error(skillFile(skill.name), `skill "${skill.name}" lists the tool "${name}", which is not in ${toolsFile}`)
      else if (tool.function['x-skill'] !== skill.name)
        issues.error(skillFile(skill.name), `skill "${skill.name}" lists the tool "${name}", whose "x-skill" is ${JSON.stringify(tool.function['x-skill'] ?? null)}, not "${skill.name}"`)
      if (other !== undefined && other !== skill.name) issues.error(skillFile(skill.name), `the tool "${name}" is in two skills, "${other}" and "${skill.name}"`)
      skillOfTool.set(name, skill.name)
    }
  for (const tool of tools) {
    const { name } = tool.function
    const skill = tool.function['x-skill']
    if (skill !== undefined) {
      if (!skills) issues.error(toolsFile, `tool "${name}": "x-skill" names "${skill}", but the data set has no ${PLANNER_FILES.skills}`)
      else if (!skillByName.has(skill)) issues.error(toolsFile, `tool "${name}": "x-skill" names "${skill}", which is not in ${skillsAt}`)
      else if (skillOfTool.get(name) !== skill) issues.error(toolsFile, `tool "${name}": "x-skill" is "${skill}", but that skill's "tools" do not list it`)
    }
    const agent = tool.function['x-agent']
    if (agent !== undefined) {
      const card = cardById.get(agent)
      if (!agents) issues.error(toolsFile, `tool "${name}": "x-agent" names "${agent}", but the data set has no ${PLANNER_FILES.agents}`)
      else if (!card) issues.error(toolsFile, `tool "${name}": "x-agent" names "${agent}", which is not in ${PLANNER_FILES.agents}`)
      else if (card.tool !== name) issues.error(toolsFile, `tool "${name}": "x-agent" is "${agent}", whose route is "${card.tool}"`)
    }
  }
  for (const card of agents ?? []) {
    const tool = toolByName.get(card.tool)
    if (!tool) issues.error(PLANNER_FILES.agents, `agent "${card.id}": its tool "${card.tool}" is not in ${toolsFile}`)
    else if (tool.function['x-agent'] !== card.id)
      issues.error(PLANNER_FILES.agents, `agent "${card.id}": its tool "${card.tool}" must carry "x-agent": "${card.id}"`)
  }

  const known = (name: string) => toolByName.has(name) || (skills !== undefined && name === LOAD_SKILL_TOOL)
  for (const task of tasks) {
    const planner = task.planner
    if (!planner) continue
    const at = { line: task.line, taskId: task.id }
    const fail = (message: string) => issues.error(DATASET_FILES.inputData, `task "${task.id}": ${message}`, at)
    for (const [key, names] of [
      ['skills.required', planner.skills?.required],
      ['skills.forbidden', planner.skills?.forbidden],
    ] as const)
      for (const name of names ?? [])
        if (!skillByName.has(name))
          fail(`"${key}" names the skill "${name}", ${skills ? `which is not in ${skillsAt}` : `but the data set has no ${PLANNER_FILES.skills}`}`)
    planner.alternatives?.forEach((alternative, i) => {
      for (const problem of goldProblems(alternative, toolByName)) fail(`alternatives[${i}]: ${problem.message}`)
    })
    for (const mention of planner.mentions ?? []) {
      const call = task.answer[mention.call]
      const properties = call ? toolByName.get(call.name)?.function.parameters.properties : undefined
      if (call && properties && !hasOwn(properties, mention.param)) fail(`a mention asks "${mention.param}" of gold call ${mention.call} (${call.name}), which has no such parameter`)
    }
    for (const tool of Object.keys(planner.extraneous?.allow ?? {})) if (!known(tool)) fail(`"extraneous.allow" names the tool "${tool}", which is not in ${toolsFile}`)
    for (const item of planner.rubric?.items ?? []) {
      const auto = item.auto
      if (!auto) continue
      const names =
        auto.kind === 'called' || auto.kind === 'not_called' ? [auto.tool] : auto.kind === 'called_before' ? [auto.first, auto.then].filter((name) => name !== 'write') : []
      for (const name of names) if (!known(name)) fail(`rubric item "${item.id}" names the tool "${name}", which is not in ${toolsFile}`)
      if (auto.kind === 'skill_loaded' && !skillByName.has(auto.name)) fail(`rubric item "${item.id}" names the skill "${auto.name}", which is not in ${skillsAt}`)
    }
  }
}
