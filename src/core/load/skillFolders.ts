/**
 * Skills given as Agent Skills folders (docs/reference.md, "Planner tasks"):
 * `skills/<name>/SKILL.md`, whose YAML front matter holds `name`,
 * `description`, an optional `display_name` and `metadata.x-tools` (the
 * tools the skill offers), and whose text after the front matter is the
 * skill's body. A data set gives its skills this way or as skills.json,
 * never both. Every fault is an error placed in the SKILL.md it is in.
 */
import { YAMLParseError, parse } from 'yaml'
import { isPlainObject, isStringList } from '../base/text'
import { ownValue } from '../base/own'
import type { Skill } from '../dataset/plannerTypes'
import type { IssueList } from './parse'

/** A skill folder's file, as a data set's files name it: the folder's name is the skill's. */
const SKILL_FILE = /^skills\/([^/\\]+)\/SKILL\.md$/

/** Where a skill's SKILL.md is among a data set's files. */
export const skillFilePath = (name: string): string => `skills/${name}/SKILL.md`

/** The folder a data set file path gives a skill, or undefined when the path is no skill's SKILL.md. */
export function skillFolderOf(path: string): string | undefined {
  return SKILL_FILE.exec(path)?.[1]
}

/** The SKILL.md files among a data set's files, by folder name in code-unit order: the skills' order. */
export function skillFolderFiles(files: Readonly<Partial<Record<string, string>>>): { folder: string; path: string; text: string }[] {
  const out: { folder: string; path: string; text: string }[] = []
  for (const [path, text] of Object.entries(files)) {
    const folder = skillFolderOf(path)
    if (folder !== undefined && text !== undefined) out.push({ folder, path, text })
  }
  return out.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0))
}

/** A SKILL.md split at its front matter, or why it cannot be (with the line, counted in the file). */
type Split = { front: string; body: string } | { problem: string; line?: number }

/** The front matter is the text between a first line `---` and the next line `---`; the body is all after that line. */
function splitFrontMatter(text: string): Split {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  const open = /^---[ \t]*\r?\n/.exec(source)
  if (!open) return { problem: 'it must begin with a front matter: a line "---", the YAML keys, and a line "---"', line: 1 }
  const close = /^---[ \t]*(\r?\n|$)/m
  const rest = source.slice(open[0].length)
  const end = close.exec(rest)
  if (!end) return { problem: 'its front matter has no closing line "---"' }
  return { front: rest.slice(0, end.index), body: rest.slice(end.index + end[0].length) }
}

/** The front matter's value, or its YAML error with the line in the file (the opening "---" is line 1). */
function readYaml(front: string): { value: unknown } | { problem: string; line?: number } {
  try {
    // The YAML 1.2 core schema, as Agent Skills' tools read it; aliases and repeated keys are refused.
    return { value: parse(front, { schema: 'core', uniqueKeys: true, maxAliasCount: 0, logLevel: 'error' }) as unknown }
  } catch (err) {
    if (err instanceof YAMLParseError) {
      const line = err.linePos?.[0].line
      const message = (err.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')
      return { problem: `its front matter is not valid YAML: ${message}`, ...(line === undefined ? {} : { line: line + 1 }) }
    }
    return { problem: `its front matter cannot be read: ${err instanceof Error ? err.message : String(err)}` }
  }
}

/** `metadata.x-tools`: a YAML list of tool names, or one string of them separated by spaces or commas (Agent Skills' metadata values are strings). */
function readTools(metadata: unknown, faults: string[]): string[] {
  if (metadata === undefined || metadata === null) return []
  if (!isPlainObject(metadata)) {
    faults.push('"metadata" must be a mapping')
    return []
  }
  const tools = ownValue(metadata, 'x-tools')
  if (tools === undefined || tools === null) return []
  if (typeof tools === 'string') return tools.split(/[\s,]+/).filter((name) => name !== '')
  if (isStringList(tools)) return tools
  faults.push('"metadata.x-tools" must be a list of tool names (or one string of them separated by spaces)')
  return []
}

/**
 * One skill folder's SKILL.md, as the entry of skills.json it stands for
 * (`check` applies skills.json's rules to it), or undefined with its errors.
 */
export function readSkillFolder(
  file: { folder: string; path: string; text: string },
  check: (entry: Record<string, unknown>) => string[],
  issues: IssueList,
): Skill | undefined {
  const split = splitFrontMatter(file.text)
  const fail = (problem: string, line?: number) => void issues.error(file.path, problem, line === undefined ? {} : { line })
  if ('problem' in split) return fail(split.problem, split.line)
  const read = readYaml(split.front)
  if ('problem' in read) return fail(read.problem, read.line)
  if (!isPlainObject(read.value)) return fail('its front matter must be a YAML mapping with "name" and "description"', 2)
  const front = read.value
  const faults: string[] = []
  const missing = ['name', 'description'].filter((key) => ownValue(front, key) === undefined || ownValue(front, key) === null)
  for (const key of missing) faults.push(`the front matter has no "${key}"`)
  const name = ownValue(front, 'name')
  if (typeof name === 'string' && name !== file.folder)
    faults.push(`the front matter's "name" is ${JSON.stringify(name)} but the folder is ${JSON.stringify(file.folder)}: they must be the same`)
  const tools = readTools(ownValue(front, 'metadata'), faults)
  const entry: Record<string, unknown> = { name, description: ownValue(front, 'description'), body: split.body, tools }
  const displayName = ownValue(front, 'display_name')
  if (displayName !== undefined && displayName !== null) entry.display_name = displayName
  // A missing key is said once, not again as a key of the wrong kind.
  faults.push(...check(entry).filter((fault) => !missing.some((key) => fault.startsWith(`"${key}"`))))
  if (faults.length > 0) return fail(faults.join('; '))
  return {
    name: name as string,
    description: entry.description as string,
    body: split.body,
    tools,
    ...(typeof displayName === 'string' ? { displayName } : {}),
  }
}
