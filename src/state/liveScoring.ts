import { recordsNeededFor } from '../core'
import type { LiveScoring, ResponseLine, Task } from '../core'
import { loadTask } from '../db'
import type { DatasetRow } from '../db'

/**
 * What scoring a file's lines needs: the records of the tasks that need them
 * (live lines' state, a planner task's memory reads; read from storage only
 * for those) and the data set's profile. Undefined when no line needs any.
 */
export async function liveScoringFor(dataset: DatasetRow, tasks: readonly Task[], lines: readonly ResponseLine[]): Promise<LiveScoring | undefined> {
  const ids = recordsNeededFor(tasks, lines)
  if (ids.length === 0) return undefined
  const loaded = await Promise.all(ids.map(async (id) => [id, (await loadTask(dataset.id, id))?.records ?? {}] as const))
  return { records: Object.fromEntries(loaded), profile: dataset.profile }
}
