import type { GoldReceipt, GoldSource } from '../core'
import { verdictReachesActor } from '../core'
import { datasetAttempts } from './attempts'
import { database } from './schema'
import type { GoldRow, SpievalDatabase } from './schema'

/** Keeps that an actor received a task's gold; the first receipt of a pair stays. */
export function recordGold(datasetId: string, receipt: GoldReceipt, db: SpievalDatabase = database()): Promise<void> {
  const row: GoldRow = { datasetId, taskId: receipt.taskId, actor: receipt.actor, via: receipt.via, at: receipt.at }
  return db.write(() =>
    db.transaction('rw', db.goldSeen, async () => {
      if (!(await db.goldSeen.get([datasetId, receipt.taskId, receipt.actor]))) await db.goldSeen.add(row)
    }),
  )
}

/** Whether the actor has received the task's gold in this data set. */
export async function goldReceived(datasetId: string, actor: string, taskId: string, db: SpievalDatabase = database()): Promise<boolean> {
  return (await db.goldSeen.get([datasetId, taskId, actor])) !== undefined
}

/**
 * Keeps, for every person with a finished attempt at a task of the data set,
 * that they received its gold (`via`): an unseal scores those attempts, and
 * their reviews then show it.
 */
export async function recordGoldOfFinished(datasetId: string, via: GoldSource, now = Date.now(), db: SpievalDatabase = database()): Promise<void> {
  const rows = await datasetAttempts(datasetId, db)
  const pairs = new Map<string, GoldReceipt>()
  for (const row of rows) if (row.finished && verdictReachesActor(row)) pairs.set(JSON.stringify([row.taskId, row.actor]), { taskId: row.taskId, actor: row.actor, via, at: now })
  for (const receipt of pairs.values()) await recordGold(datasetId, receipt, db)
}
