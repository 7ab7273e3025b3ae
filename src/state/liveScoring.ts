import { isLiveLine, needsLiveScoring } from '../core'
import type { LiveScoring, ResponseLine, Task } from '../core'
import { loadTask } from '../db'
import type { DatasetRow } from '../db'

/**
 * What scoring a file's live lines needs: the records of the tasks they
 * answer (read from storage only for those) and the data set's profile.
 * Undefined when no line needs a state verdict.
 */
export async function liveScoringFor(dataset: DatasetRow, tasks: readonly Task[], lines: readonly ResponseLine[]): Promise<LiveScoring | undefined> {
  if (!needsLiveScoring(tasks, lines)) return undefined
  const ids = [...new Set(lines.filter((l) => isLiveLine(l.raw)).map((l) => l.id))]
  const loaded = await Promise.all(ids.map(async (id) => [id, (await loadTask(dataset.id, id))?.records ?? {}] as const))
  return { records: Object.fromEntries(loaded), profile: dataset.profile }
}
