/**
 * assignment.json, the collector's record of a study (`npm run study`):
 *
 * ```json
 * {
 *   "format": "spieval-study",
 *   "version": 1,
 *   "id": "<16 hex digits>",
 *   "seed": 1,
 *   "perTask": 2,
 *   "people": { "ann": ["<task id>", "..."] },
 *   "tasks": { "<task id>": { "type": "推理", "fingerprint": "<sha-256 hex>", "people": ["ann", "cy"] } },
 *   "created": "2026-03-14T09:00:00.000Z",
 *   "setting": "browse"
 * }
 * ```
 *
 * `people` lists each person's tasks in the order their folder shows them;
 * `tasks` follows the data set's order, each with the fingerprint of what the
 * people saw (./../seal/fingerprint.ts) and who solves it. `setting`
 * (optional; absent in studies made before it existed) is the access setting
 * every participant works in: the dashboard counts only attempts made in it.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { setOwn } from '../base/own'
import { isPlainObject, splitLines } from '../base/text'
import { parseJsonWithLine } from '../base/jsonLine'
import { canonicalJson } from '../seal/fingerprint'
import { isAccessSetting } from '../attempt/types'
import type { AccessSetting } from '../attempt/types'
import type { StudyAssignment, StudyTask } from './assign'

export const STUDY_FORMAT = 'spieval-study'
export const STUDY_VERSION = 1

export interface StudyFile {
  format: typeof STUDY_FORMAT
  version: typeof STUDY_VERSION
  id: string
  seed: number | string
  perTask: number
  people: Record<string, string[]>
  tasks: Record<string, { type: string; fingerprint: string; people: string[] }>
  /** ISO 8601 */
  created: string
  /** The access setting of every participant's attempts. */
  setting?: AccessSetting
}

/**
 * A study's id: 16 hex digits of SHA-256 over what decides the assignment
 * (seed, K, people, the tasks and their fingerprints), so that the same study
 * made twice has the same id and a different one does not.
 */
export function studyId(input: {
  seed: number | string
  perTask: number
  people: readonly string[]
  fingerprints: Readonly<Record<string, string>>
  setting?: AccessSetting
}): string {
  // The setting is part of the id: the same people on the same tasks in another setting is another study.
  const setting = input.setting === undefined ? {} : { setting: input.setting }
  const text = canonicalJson({ seed: String(input.seed), perTask: input.perTask, people: input.people, fingerprints: input.fingerprints, ...setting })
  return bytesToHex(sha256(utf8ToBytes(`spieval-study:${text}`))).slice(0, 16)
}

/** The assignment.json object of a study. */
export function buildStudyFile(input: {
  id: string
  seed: number | string
  perTask: number
  tasks: readonly StudyTask[]
  fingerprints: Readonly<Record<string, string>>
  assignment: StudyAssignment
  created?: string
  setting?: AccessSetting
}): StudyFile {
  const tasks: StudyFile['tasks'] = {}
  for (const task of input.tasks) {
    const fingerprint = Object.hasOwn(input.fingerprints, task.id) ? input.fingerprints[task.id] : undefined
    if (fingerprint === undefined) throw new Error(`Task ${JSON.stringify(task.id)} has no fingerprint.`)
    const people = Object.hasOwn(input.assignment.tasks, task.id) ? input.assignment.tasks[task.id] : undefined
    setOwn(tasks, task.id, { type: task.type, fingerprint, people: [...(people ?? [])] })
  }
  const people: StudyFile['people'] = {}
  for (const [name, ids] of Object.entries(input.assignment.people)) setOwn(people, name, [...ids])
  return {
    format: STUDY_FORMAT,
    version: STUDY_VERSION,
    id: input.id,
    seed: input.seed,
    perTask: input.perTask,
    people,
    tasks,
    created: input.created ?? new Date().toISOString(),
    ...(input.setting === undefined ? {} : { setting: input.setting }),
  }
}

/**
 * Reads and checks an assignment.json text, for the collector's import:
 * every problem is listed; the people's lists and the tasks' lists must
 * agree with each other.
 */
export function readStudyFile(text: string): { study: StudyFile } | { problems: string[] } {
  const parsed = parseJsonWithLine(splitLines(text).join('\n'))
  if ('error' in parsed) return { problems: [`not valid JSON: ${parsed.error}`] }
  const value = parsed.value
  if (!isPlainObject(value)) return { problems: ['must be a JSON object'] }
  if (value.format !== STUDY_FORMAT) return { problems: [`"format" must be "${STUDY_FORMAT}"`] }
  if (value.version !== STUDY_VERSION) return { problems: [`"version" must be ${STUDY_VERSION}`] }
  const problems: string[] = []
  const { id, seed, perTask, created } = value
  if (typeof id !== 'string' || id === '') problems.push('"id" must be a non-empty string')
  if (typeof seed !== 'string' && typeof seed !== 'number') problems.push('"seed" must be a number or a string')
  if (typeof perTask !== 'number' || !Number.isSafeInteger(perTask) || perTask < 1) problems.push('"perTask" must be a whole number of at least 1')
  if (typeof created !== 'string') problems.push('"created" must be a string')
  const { setting } = value
  if (setting !== undefined && !isAccessSetting(setting)) problems.push('"setting" must be "browse", "paginated" or "full"')
  const people: StudyFile['people'] = {}
  if (!isPlainObject(value.people)) problems.push('"people" must map names to lists of task ids')
  else
    for (const [name, ids] of Object.entries(value.people)) {
      if (Array.isArray(ids) && ids.every((t) => typeof t === 'string')) setOwn(people, name, [...(ids as string[])])
      else problems.push(`"people.${name}" must be a list of task ids`)
    }
  const tasks: StudyFile['tasks'] = {}
  if (!isPlainObject(value.tasks)) problems.push('"tasks" must map task ids to {type, fingerprint, people}')
  else
    for (const [taskId, entry] of Object.entries(value.tasks)) {
      if (
        isPlainObject(entry) &&
        typeof entry.type === 'string' &&
        typeof entry.fingerprint === 'string' &&
        /^[0-9a-f]{64}$/.test(entry.fingerprint) &&
        Array.isArray(entry.people) &&
        entry.people.every((p) => typeof p === 'string')
      )
        setOwn(tasks, taskId, { type: entry.type, fingerprint: entry.fingerprint, people: [...(entry.people as string[])] })
      else problems.push(`"tasks.${taskId}" must be {type, fingerprint (64 hex digits), people}`)
    }
  if (problems.length === 0) {
    // Each side must list the other exactly: a hand-edited file could otherwise credit a task to the wrong person.
    for (const [taskId, entry] of Object.entries(tasks))
      for (const name of entry.people)
        if (!Object.hasOwn(people, name) || !people[name]?.includes(taskId)) problems.push(`"tasks.${taskId}" names ${name}, whose list does not have it`)
    for (const [name, ids] of Object.entries(people))
      for (const taskId of ids)
        if (!Object.hasOwn(tasks, taskId) || !tasks[taskId]?.people.includes(name)) problems.push(`"people.${name}" lists ${taskId}, whose entry does not name them`)
  }
  if (problems.length > 0) return { problems }
  return {
    study: {
      format: STUDY_FORMAT,
      version: STUDY_VERSION,
      id: id as string,
      seed: seed as number | string,
      perTask: perTask as number,
      people,
      tasks,
      created: created as string,
      ...(isAccessSetting(setting) ? { setting } : {}),
    },
  }
}
