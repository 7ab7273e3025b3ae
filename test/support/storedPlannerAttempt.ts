import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Attempt, defaultState } from '../../src/core/index'
import { IndexedDbSink, database, importDataset, loadTask } from '../../src/db/index'
import { ROOT } from '../fixtures'

const FOLDER = join(ROOT, 'public/data-planner')
export const PLANNER_FILES = Object.fromEntries(['input_data.jsonl', 'tools.json', 'records_db.json', 'profile.json', 'skills.json', 'agents.json'].map((f) => [f, readFileSync(join(FOLDER, f), 'utf8')]))

/**
 * The planner sample stored under `name` (fake-indexeddb), with ann's finished attempt at basic-6 that waits for
 * people: it calls Tom Becker before asking which Tom, so the automatic items leave r4 and r5 to decide.
 */
export async function storedWaitingAttempt(name: string) {
  const db = database()
  const row = await importDataset(PLANNER_FILES, { name, source: 'files' }, db)
  const loaded = await loadTask(row.id, 'basic-6', db)
  if (!loaded) throw new Error('no basic-6')
  const sink = new IndexedDbSink({ datasetId: row.id, homeScreen: (id) => `#/task/${id}`, elapsedMs: () => 1000, db })
  const attempt = await Attempt.open({ ...loaded, tools: row.tools, profile: row.profile, ...(row.skills ? { skills: row.skills } : {}), ...(row.agents ? { agents: row.agents } : {}), setting: 'browse', state: defaultState(loaded.task), actor: 'ann', sink })
  await attempt.call('Phone_Call', { telephone: '13655208731' }, 'ui')
  await attempt.call('Ask_User', { question: 'Which Tom?' }, 'ui')
  await attempt.finish()
  return { db, row, loaded, id: attempt.info.id }
}
