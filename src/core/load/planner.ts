/**
 * Reads the planner keys of a task's `prompt_metadata` (docs/reference.md,
 * "Planner tasks") and checks what one task can say about itself: known
 * values, order edges within the gold and without a cycle, mentions of gold
 * calls, a rubric that can be passed. What needs other files (memory ids in
 * the records, skill and agent names, tool parameters) is checked with the
 * whole data set.
 */
import { isOneOf, isPlainObject, isStringList } from '../base/text'
import { ownValue, setOwn } from '../base/own'
import { AUTO_CHECK_KINDS, BUCKETS, DIMENSIONS } from '../dataset/plannerTypes'
import type { AlternativeAnswer, AutoCheck, Bucket, Extraneous, Mention, MemoryCondition, PlannerMetadata, Rubric, RubricItem, SkillCondition } from '../dataset/plannerTypes'
import type { Verify } from '../dataset/liveTypes'
import { readAnswer, readFreeParams } from './answer'

const META = 'prompt_metadata'

/** `problems` gains one message per fault; the metadata holds what could be read. */
export function readPlannerMetadata(meta: Record<string, unknown>, goldCalls: number, problems: string[]): PlannerMetadata {
  const planner: PlannerMetadata = {}
  const given = (key: string) => {
    const value = ownValue(meta, key)
    return value === null ? undefined : value
  }
  const dimension = given('dimension')
  if (dimension !== undefined) {
    if (isOneOf(dimension, DIMENSIONS)) planner.dimension = dimension
    else problems.push(`"${META}.dimension" must be one of ${DIMENSIONS.join(', ')} (got ${JSON.stringify(dimension)})`)
  }
  const bucket = given('bucket')
  if (bucket !== undefined) {
    if (isOneOf(bucket, BUCKETS)) planner.bucket = bucket
    else problems.push(`"${META}.bucket" must be one of ${BUCKETS.join(', ')} (got ${JSON.stringify(bucket)})`)
  }
  const order = given('order')
  if (order !== undefined) planner.order = readOrder(order, goldCalls, problems)
  const extraneous = given('extraneous')
  if (extraneous !== undefined) {
    const read = readExtraneous(extraneous, problems)
    if (read) planner.extraneous = read
  }
  const alternatives = given('alternatives')
  if (alternatives !== undefined) planner.alternatives = readAlternatives(alternatives, problems)
  const mentions = given('mentions')
  if (mentions !== undefined) planner.mentions = readMentions(mentions, goldCalls, problems)
  const memory = given('memory')
  if (memory !== undefined) {
    const read = readMemoryCondition(memory, problems)
    if (read) planner.memory = read
  }
  const skills = given('skills')
  if (skills !== undefined) {
    const read = readSkillCondition(skills, problems)
    if (read) planner.skills = read
  }
  const replies = given('user_replies')
  if (replies !== undefined) planner.userReplies = readUserReplies(replies, problems)
  const rubric = given('rubric')
  if (rubric !== undefined) {
    const read = readRubric(rubric, problems)
    if (read) planner.rubric = read
  }
  if (planner.bucket === 'agent_behavior' && !planner.rubric) problems.push(`"${META}.bucket" is "agent_behavior" but there is no "rubric" to judge it by`)
  return planner
}

/**
 * `bucket` and the live `verify` say the same thing twice where both are
 * given: tool_call is verify "calls", state_change is verify "state".
 */
export function bucketContradiction(bucket: Bucket | undefined, verify: Verify | undefined): string | undefined {
  if (bucket === undefined || verify === undefined) return undefined
  const agrees = (bucket === 'tool_call' && verify === 'calls') || (bucket === 'state_change' && verify === 'state') || bucket === 'agent_behavior'
  return agrees ? undefined : `"${META}.bucket" is "${bucket}" but "verify" is "${verify}" (tool_call goes with "calls", state_change with "state")`
}

function readOrder(value: unknown, goldCalls: number, problems: string[]): [number, number][] {
  const at = `"${META}.order"`
  if (!Array.isArray(value)) {
    problems.push(`${at} must be a list of [before, after] pairs of gold call indexes`)
    return []
  }
  const edges: [number, number][] = []
  value.forEach((edge, i) => {
    const inRange = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) < goldCalls
    if (!Array.isArray(edge) || edge.length !== 2 || !inRange(edge[0]) || !inRange(edge[1]) || edge[0] === edge[1])
      problems.push(`${at}[${i}] must be two different gold call indexes from 0 to ${goldCalls - 1} (got ${JSON.stringify(edge)})`)
    else edges.push([edge[0], edge[1]])
  })
  const cycle = findCycle(goldCalls, edges)
  if (cycle) problems.push(`${at} has a cycle: ${cycle.join(' → ')}`)
  return edges
}

/** A cycle among the edges, as the calls it passes (first repeated last), or undefined. */
function findCycle(nodes: number, edges: [number, number][]): number[] | undefined {
  const next = Array.from({ length: nodes }, () => [] as number[])
  for (const [from, to] of edges) next[from]?.push(to)
  const state = new Map<number, 'open' | 'done'>()
  const path: number[] = []
  const visit = (node: number): number[] | undefined => {
    if (state.get(node) === 'done') return undefined
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node]
    state.set(node, 'open')
    path.push(node)
    for (const to of next[node] ?? []) {
      const found = visit(to)
      if (found) return found
    }
    path.pop()
    state.set(node, 'done')
    return undefined
  }
  for (let node = 0; node < nodes; node++) {
    const found = visit(node)
    if (found) return found
  }
  return undefined
}

function readExtraneous(value: unknown, problems: string[]): Extraneous | undefined {
  const at = `"${META}.extraneous"`
  if (value === 'lenient' || value === 'no_extra_writes') return { policy: value, allow: {} }
  if (!isPlainObject(value) || (value.policy !== 'lenient' && value.policy !== 'no_extra_writes')) {
    problems.push(`${at} must be {"policy": "no_extra_writes" | "lenient", "allow"?: {tool: count}}`)
    return undefined
  }
  const allow: Record<string, number> = {}
  const given = value.allow ?? {}
  if (!isPlainObject(given)) problems.push(`${at}.allow must map tool names to counts`)
  else
    for (const [tool, count] of Object.entries(given)) {
      if (Number.isInteger(count) && (count as number) >= 0) setOwn(allow, tool, count as number)
      else problems.push(`${at}.allow.${tool} must be a count (a whole number, 0 or more)`)
    }
  return { policy: value.policy, allow }
}

function readAlternatives(value: unknown, problems: string[]): AlternativeAnswer[] {
  if (!Array.isArray(value)) {
    problems.push(`"${META}.alternatives" must be a list of {"answer": [...], "free_params"?: [...]}`)
    return []
  }
  return value.flatMap((alternative, i) => {
    const at = `alternatives[${i}]`
    if (!isPlainObject(alternative)) {
      problems.push(`"${META}.${at}" must be an object with "answer"`)
      return []
    }
    const answer = readAnswer(alternative.answer, problems, `${at}.answer`)
    return [{ answer, freeParams: readFreeParams(alternative.free_params, answer.length, problems, `${at}.free_params`) }]
  })
}

function readMentions(value: unknown, goldCalls: number, problems: string[]): Mention[] {
  if (!Array.isArray(value)) {
    problems.push(`"${META}.mentions" must be a list of {"call", "param", "all"?, "any"?}`)
    return []
  }
  return value.flatMap((mention, i) => {
    const at = `"${META}.mentions[${i}]"`
    if (!isPlainObject(mention)) {
      problems.push(`${at} must be an object`)
      return []
    }
    const { call, param } = mention
    const all = mention.all ?? []
    const any = mention.any ?? []
    const faults: string[] = []
    if (!Number.isInteger(call) || (call as number) < 0 || (call as number) >= goldCalls) faults.push(`"call" must be a gold call index from 0 to ${goldCalls - 1}`)
    if (typeof param !== 'string' || param === '') faults.push('"param" must name a parameter')
    if (!isStringList(all)) faults.push('"all" must be a list of strings')
    if (!Array.isArray(any) || !any.every(isStringList) || any.some((group) => group.length === 0)) faults.push('"any" must be a list of non-empty lists of strings')
    if (faults.length === 0 && (all as string[]).length === 0 && (any as string[][]).length === 0) faults.push('it requires nothing (give "all" or "any")')
    if (faults.length > 0) {
      problems.push(`${at}: ${faults.join('; ')}`)
      return []
    }
    return [{ call: call as number, param: param as string, all: all as string[], any: any as string[][] }]
  })
}

function readMemoryCondition(value: unknown, problems: string[]): MemoryCondition | undefined {
  const at = `"${META}.memory"`
  if (!isPlainObject(value)) {
    problems.push(`${at} must be {"required"?: [ids], "evidence"?: "returned" | "opened", "forbidden"?: [ids]}`)
    return undefined
  }
  const required = value.required ?? []
  const forbidden = value.forbidden ?? []
  const evidence = value.evidence ?? 'returned'
  const faults: string[] = []
  if (!isStringList(required)) faults.push('"required" must be a list of memory ids')
  if (!isStringList(forbidden)) faults.push('"forbidden" must be a list of memory ids')
  if (evidence !== 'returned' && evidence !== 'opened') faults.push('"evidence" must be "returned" or "opened"')
  const both = isStringList(required) && isStringList(forbidden) ? required.filter((id) => forbidden.includes(id)) : []
  if (both.length > 0) faults.push(`${both.map((id) => `"${id}"`).join(', ')} both required and forbidden`)
  if (faults.length > 0) {
    problems.push(`${at}: ${faults.join('; ')}`)
    return undefined
  }
  return { required: required as string[], evidence: evidence as MemoryCondition['evidence'], forbidden: forbidden as string[] }
}

function readSkillCondition(value: unknown, problems: string[]): SkillCondition | undefined {
  const at = `"${META}.skills"`
  if (!isPlainObject(value)) {
    problems.push(`${at} must be {"required"?: [names], "forbidden"?: [names]}`)
    return undefined
  }
  const required = value.required ?? []
  const forbidden = value.forbidden ?? []
  const faults: string[] = []
  if (!isStringList(required)) faults.push('"required" must be a list of skill names')
  if (!isStringList(forbidden)) faults.push('"forbidden" must be a list of skill names')
  const both = isStringList(required) && isStringList(forbidden) ? required.filter((name) => forbidden.includes(name)) : []
  if (both.length > 0) faults.push(`${both.map((name) => `"${name}"`).join(', ')} both required and forbidden`)
  if (faults.length > 0) {
    problems.push(`${at}: ${faults.join('; ')}`)
    return undefined
  }
  return { required: required as string[], forbidden: forbidden as string[] }
}

function readUserReplies(value: unknown, problems: string[]): string[] {
  if (!Array.isArray(value) || !value.every((reply) => isPlainObject(reply) && typeof reply.reply === 'string')) {
    problems.push(`"${META}.user_replies" must be a list of {"reply": text}`)
    return []
  }
  return value.map((reply) => (reply as { reply: string }).reply)
}

function readRubric(value: unknown, problems: string[]): Rubric | undefined {
  const at = `"${META}.rubric"`
  if (!isPlainObject(value) || !Array.isArray(value.items)) {
    problems.push(`${at} must be {"items": [...], "pass"?: {...}, "graders"?: {...}}`)
    return undefined
  }
  const faults: string[] = []
  const items: RubricItem[] = []
  const ids = new Set<string>()
  value.items.forEach((item, i) => {
    const read = readRubricItem(item, `items[${i}]`, faults)
    if (!read) return
    if (ids.has(read.id)) faults.push(`items[${i}]: the id "${read.id}" is used twice`)
    ids.add(read.id)
    items.push(read)
  })
  if (items.length > 0 && !items.some((item) => item.points > 0)) faults.push('no item has positive points, so no attempt could score')
  const pass = value.pass ?? {}
  let minScore = 1
  let required: string[] = []
  if (!isPlainObject(pass)) faults.push('"pass" must be {"min_score"?, "required"?}')
  else {
    const min = pass.min_score ?? 1
    if (typeof min === 'number' && min >= 0 && min <= 1) minScore = min
    else faults.push('"pass.min_score" must be a number from 0 to 1')
    const need = pass.required ?? []
    if (!isStringList(need)) faults.push('"pass.required" must be a list of item ids')
    else {
      required = need
      for (const id of need) if (!ids.has(id)) faults.push(`"pass.required" names "${id}", which is not an item`)
    }
  }
  const graders = value.graders ?? {}
  let min = 1
  if (!isPlainObject(graders) || (graders.min !== undefined && (!Number.isInteger(graders.min) || (graders.min as number) < 1)))
    faults.push('"graders" must be {"min": a whole number, 1 or more}')
  else if (typeof graders.min === 'number') min = graders.min
  if (faults.length > 0) {
    problems.push(`${at}: ${faults.join('; ')}`)
    return undefined
  }
  return { items, pass: { minScore, required }, graders: { min } }
}

function readRubricItem(value: unknown, at: string, faults: string[]): RubricItem | undefined {
  if (!isPlainObject(value)) return void faults.push(`${at} must be an object`)
  const { id, criterion, points } = value
  const mine: string[] = []
  if (typeof id !== 'string' || id === '') mine.push('"id" must be a non-empty string')
  if (typeof criterion !== 'string' || criterion.trim() === '') mine.push('"criterion" must say what is judged')
  if (typeof points !== 'number' || !Number.isFinite(points) || points === 0) mine.push('"points" must be a non-zero number')
  const auto = value.auto === undefined || value.auto === null ? undefined : readAutoCheck(value.auto, mine)
  if (mine.length > 0) return void faults.push(`${at}: ${mine.join('; ')}`)
  return { id: id as string, criterion: criterion as string, points: points as number, ...(auto ? { auto } : {}) }
}

function readAutoCheck(value: unknown, faults: string[]): AutoCheck | undefined {
  if (!isPlainObject(value) || !isOneOf(value.kind, AUTO_CHECK_KINDS)) {
    faults.push(`"auto.kind" must be one of ${AUTO_CHECK_KINDS.join(', ')}`)
    return undefined
  }
  const text = (key: string) => (typeof value[key] === 'string' && value[key] !== '' ? (value[key] as string) : void faults.push(`"auto.${key}" must be a non-empty string`))
  const list = (key: string, need: boolean) => {
    const given = value[key]
    if (given === undefined && !need) return []
    if (isStringList(given) && (given.length > 0 || !need)) return given
    faults.push(`"auto.${key}" must be a ${need ? 'non-empty ' : ''}list of strings`)
    return undefined
  }
  switch (value.kind) {
    case 'called': {
      const tool = text('tool')
      if (value.args !== undefined && !isPlainObject(value.args)) faults.push('"auto.args" must map arguments to values')
      if (tool === undefined) return undefined
      return isPlainObject(value.args) ? { kind: 'called', tool, args: value.args } : { kind: 'called', tool }
    }
    case 'not_called': {
      const tool = text('tool')
      return tool === undefined ? undefined : { kind: 'not_called', tool }
    }
    case 'called_before': {
      const first = text('first')
      const then = text('then')
      return first === undefined || then === undefined ? undefined : { kind: 'called_before', first, then }
    }
    case 'said': {
      const all = list('all', false)
      const any = list('any', false)
      if (all === undefined || any === undefined) return undefined
      if (all.length === 0 && any.length === 0) return void faults.push('"auto" of kind "said" needs "all" or "any"')
      return { kind: 'said', all, any }
    }
    case 'not_said': {
      const any = list('any', true)
      return any === undefined ? undefined : { kind: 'not_said', any }
    }
    case 'memory_used': {
      const ids = list('ids', true)
      return ids === undefined ? undefined : { kind: 'memory_used', ids }
    }
    case 'skill_loaded': {
      const name = text('name')
      return name === undefined ? undefined : { kind: 'skill_loaded', name }
    }
  }
}
