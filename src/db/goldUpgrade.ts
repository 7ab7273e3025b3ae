import type Dexie from 'dexie'
import { verdictReachesActor } from '../core'
import type { AttemptRow, GoldRow } from './schema'

const pairKey = (row: Pick<AttemptRow, 'datasetId' | 'taskId' | 'actor'>) => JSON.stringify([row.datasetId, row.taskId, row.actor])

/**
 * The receipts of gold that attempts stored before they were kept imply: a
 * finished, scored attempt's review showed its actor the gold when it ended
 * (as the kernel's finish records it now). Each pair's first receipt is
 * added, and the actor's attempts at the task started after it are marked
 * `afterGold`: practice, as they would be if made today.
 */
export async function goldFromFinished(attempts: Dexie.Table<AttemptRow, string>, gold: Dexie.Table<GoldRow>): Promise<void> {
  const rows = await attempts.toArray()
  const first = new Map<string, GoldRow>()
  for (const row of rows) {
    if (!row.finished || !row.verdict || !verdictReachesActor(row)) continue
    const at = row.ended ?? row.started + row.elapsedMs
    const held = first.get(pairKey(row))
    if (!held || at < held.at) first.set(pairKey(row), { datasetId: row.datasetId, taskId: row.taskId, actor: row.actor, via: 'verdict', at })
  }
  await gold.bulkPut([...first.values()])
  const practice = rows.filter((row) => {
    const receipt = first.get(pairKey(row))
    return receipt !== undefined && row.started > receipt.at && !row.afterGold && verdictReachesActor(row)
  })
  await attempts.bulkPut(practice.map((row) => ({ ...row, afterGold: true as const })))
}
