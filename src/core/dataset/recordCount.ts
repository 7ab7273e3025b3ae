import type { TaskRecords } from './types'

/** How many records a task holds, over all its apps. */
export function countRecords(records: TaskRecords): number {
  let n = 0
  for (const list of Object.values(records)) n += list?.length ?? 0
  return n
}
