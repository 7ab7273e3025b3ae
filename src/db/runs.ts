import type { AttemptState, FailureRate, Setting, StoredTurns } from '../core'
import { datasetAttempts } from './attempts'
import { database } from './schema'
import type { AttemptRow, SpievalDatabase } from './schema'

/**
 * An agent run as stored: everything needed to show, resume and export it,
 * never the API key (that lives in memory, or in sessionStorage when the
 * person asks for it).
 */
export interface StoredRun {
  id: string
  datasetId: string
  created: number
  /** "oracle", "keyword", or "endpoint" (an OpenAI-compatible model). */
  agent: 'oracle' | 'keyword' | 'endpoint'
  /** The model's name: the endpoint's model, or the built-in agent's. */
  model: string
  baseURL?: string
  /** Extra request JSON merged into every request, as typed. */
  extra?: string
  /** Set when the system prompt template is not the default one. */
  template?: string
  setting: Setting
  maxTurns: number
  repeats: number
  concurrency: number
  tasks: string[]
  /** The task that plays on the phone (in repeat 0), if any. */
  watch?: string
  /** The attempts' state; absent: each task's default (live where it expects changes or meets friction). */
  state?: AttemptState
  /** Run-level random friction. */
  failure?: FailureRate
}

export type { StoredTurns }

export const RUN_PREFIX = 'run:'
/** Where an attempt's turns are kept (a meta row each, so that a turn is one write). */
export const TURNS_PREFIX = 'runTurns:'

export async function saveRun(run: StoredRun, db: SpievalDatabase = database()): Promise<void> {
  await db.write(() => db.meta.put({ key: RUN_PREFIX + run.id, value: run }))
}

/** A run of the data set, by its id: undefined when it is not stored here (another browser's, or an agent's lines imported from a file). */
export async function getRun(datasetId: string, runId: string, db: SpievalDatabase = database()): Promise<StoredRun | undefined> {
  const run = (await db.meta.get(RUN_PREFIX + runId))?.value as StoredRun | undefined
  return run?.datasetId === datasetId ? run : undefined
}

/** A data set's runs, newest first. */
export async function listRuns(datasetId: string, db: SpievalDatabase = database()): Promise<StoredRun[]> {
  const rows = await db.meta.where('key').startsWith(RUN_PREFIX).toArray()
  return rows
    .map((r) => r.value as StoredRun)
    .filter((r) => r.datasetId === datasetId)
    .sort((a, b) => b.created - a.created)
}

/** A run's attempts (every repeat and task), oldest first. */
export async function runAttempts(run: Pick<StoredRun, 'id' | 'datasetId'>, db: SpievalDatabase = database()): Promise<AttemptRow[]> {
  return (await datasetAttempts(run.datasetId, db)).filter((a) => a.run?.id === run.id)
}

export async function saveTurns(attemptId: string, turns: StoredTurns, db: SpievalDatabase = database()): Promise<void> {
  await db.write(() => db.meta.put({ key: TURNS_PREFIX + attemptId, value: turns }))
}

export async function loadTurns(attemptId: string, db: SpievalDatabase = database()): Promise<StoredTurns | undefined> {
  return (await db.meta.get(TURNS_PREFIX + attemptId))?.value as StoredTurns | undefined
}
