/**
 * Who solves which task in a study (issue #17): every task by exactly K
 * different people, chosen so that the load is even per person and per
 * capability, each person's tasks in a seeded order. The same input and seed
 * always give the same assignment, in Node and in the browser.
 */
import { setOwn } from '../base/own'
import { seededRandom, shuffle } from './random'

export interface StudyTask {
  id: string
  /** The capability (the task's `type`). */
  type: string
}

export interface StudyInput {
  tasks: readonly StudyTask[]
  /** Names, in the order the collector gave them. */
  people: readonly string[]
  /** K: how many different people solve each task. */
  perTask: number
  seed: number | string
}

export interface StudyAssignment {
  /** Person → their task ids, in the order they meet them. */
  people: Record<string, string[]>
  /** Task id → the people who solve it, in the order of {@link StudyInput.people}. */
  tasks: Record<string, string[]>
}

/** A study that cannot be assigned as asked; the message says why. */
export class StudyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StudyError'
  }
}

/** Names become folder names and link paths: letters, digits, `_`, `-` and `.`, not first, at most 64. */
const PERSON_NAME = /^[\p{L}\p{N}_][\p{L}\p{N}_.-]{0,63}$/u
/** The files a study folder holds beside the people's folders. */
const RESERVED = new Set(['assignment.json', 'links.txt'])

/** Why a person's name cannot be used, or undefined when it can. */
export function personNameProblem(name: string): string | undefined {
  if (!PERSON_NAME.test(name))
    return `${JSON.stringify(name)} cannot name a person: use letters, digits, "_", "-" and "." (not first), at most 64 characters`
  if (RESERVED.has(name.toLowerCase())) return `${JSON.stringify(name)} cannot name a person: the study folder has a file of that name`
  return undefined
}

function checkInput({ tasks, people, perTask }: StudyInput): void {
  if (people.length === 0) throw new StudyError('A study needs at least one person.')
  const seen = new Map<string, string>()
  for (const name of people) {
    const problem = personNameProblem(name)
    if (problem) throw new StudyError(`${problem}.`)
    // Folders of "Ann" and "ann" are one folder on Windows and macOS.
    const folded = name.toLowerCase()
    const other = seen.get(folded)
    if (other !== undefined) throw new StudyError(other === name ? `${JSON.stringify(name)} is named twice.` : `${JSON.stringify(other)} and ${JSON.stringify(name)} differ only in case.`)
    seen.set(folded, name)
  }
  if (!Number.isSafeInteger(perTask) || perTask < 1) throw new StudyError(`The number of people per task must be a whole number of at least 1 (got ${perTask}).`)
  if (perTask > people.length)
    throw new StudyError(`Each task needs ${perTask} different people, but only ${people.length} ${people.length === 1 ? 'is' : 'are'} named.`)
  if (tasks.length === 0) throw new StudyError('A study needs at least one task.')
  const ids = new Set<string>()
  for (const task of tasks) {
    if (task.id === '') throw new StudyError('A task id is empty.')
    if (ids.has(task.id)) throw new StudyError(`Task ${JSON.stringify(task.id)} is listed twice.`)
    ids.add(task.id)
  }
  const slots = tasks.length * perTask
  if (slots < people.length)
    throw new StudyError(`${tasks.length} task${tasks.length === 1 ? '' : 's'} × ${perTask} make${slots === 1 ? 's' : ''} ${slots} for ${people.length} people: someone would get no task.`)
}

/**
 * Assigns each task to `perTask` different people.
 *
 * Tasks are taken capability by capability (in order of first appearance),
 * in a seeded order within each, and each task picks its people one at a
 * time, each pick the person with the fewest tasks of this capability so far,
 * then the fewest tasks in all, then the fewest tasks shared with the people
 * already picked for this task, then a seeded draw. What that guarantees:
 * - per capability, any two people's numbers of tasks differ by at most 1
 *   (a pick always takes one of the lowest counts, so the counts stay within
 *   one of each other);
 * - in all, any two people's numbers of tasks differ by at most 1 (within a
 *   capability every person is picked once per round of picks; only the last,
 *   partial round of each capability is uneven, and it goes to the people with
 *   the fewest tasks in all);
 * - the pairs of people who share tasks vary, so that agreement between any
 *   two can be measured when the numbers allow it.
 * The property tests check the first two on random studies.
 */
export function assignStudy(input: StudyInput): StudyAssignment {
  checkInput(input)
  const { tasks, people, perTask, seed } = input
  const m = people.length
  const random = seededRandom(seed, 'assign')
  const total = new Array<number>(m).fill(0)
  const shared = Array.from({ length: m }, () => new Array<number>(m).fill(0))
  const chosenBy = new Map<string, number[]>()

  const capabilities = [...new Set(tasks.map((t) => t.type))]
  for (const capability of capabilities) {
    const capLoad = new Array<number>(m).fill(0)
    const ofCapability = shuffle(
      tasks.filter((t) => t.type === capability),
      random,
    )
    for (const task of ofCapability) {
      const rank = shuffle(
        Array.from({ length: m }, (_, i) => i),
        random,
      )
      const draw = new Array<number>(m)
      rank.forEach((p, position) => (draw[p] = position))
      const chosen: number[] = []
      for (let pick = 0; pick < perTask; pick++) {
        let best = -1
        let bestKey: number[] = []
        for (let p = 0; p < m; p++) {
          if (chosen.includes(p)) continue
          const key = [capLoad[p] ?? 0, total[p] ?? 0, chosen.reduce((n, q) => n + (shared[p]?.[q] ?? 0), 0), draw[p] ?? 0]
          if (best < 0 || lessThan(key, bestKey)) {
            best = p
            bestKey = key
          }
        }
        chosen.push(best)
      }
      for (const p of chosen) {
        capLoad[p] = (capLoad[p] ?? 0) + 1
        total[p] = (total[p] ?? 0) + 1
        for (const q of chosen) if (q !== p) (shared[p] as number[])[q] = (shared[p]?.[q] ?? 0) + 1
      }
      chosenBy.set(task.id, chosen.sort((a, b) => a - b))
    }
  }

  const order = seededRandom(seed, 'order')
  const byPerson: Record<string, string[]> = {}
  people.forEach((name, p) => {
    const own = tasks.filter((t) => chosenBy.get(t.id)?.includes(p)).map((t) => t.id)
    setOwn(byPerson, name, shuffle(own, order))
  })
  const byTask: Record<string, string[]> = {}
  for (const task of tasks) setOwn(byTask, task.id, (chosenBy.get(task.id) ?? []).map((p) => people[p] as string))
  return { people: byPerson, tasks: byTask }
}

function lessThan(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0
    const y = b[i] ?? 0
    if (x !== y) return x < y
  }
  return false
}
