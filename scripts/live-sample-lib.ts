/**
 * The live sample data set's sources (data/live-sample/*.json): reading them
 * and building public/data-live from them. Its tools are the published 21
 * (public/data/tools.json) and the execution tools of data/live-sample/tools.json,
 * which declare their effects with `x-effect`; its profile is the sample's.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DATASET_FILES } from '../src/core/index'
import type { TaskRecords } from '../src/core/index'
import { SAMPLE_OUTPUT_DIR } from './sample-lib'

export const LIVE_SOURCE_DIR = 'data/live-sample'
export const LIVE_OUTPUT_DIR = 'public/data-live'
export const LIVE_SOURCE_FILES = [
  'reasoning.json',
  'disambiguation.json',
  'integration.json',
  'preference.json',
  'multi_intent.json',
] as const
/** The tools a live data set adds to the published ones. */
export const LIVE_TOOLS_FILE = 'tools.json'

/** One task: its line of input_data.jsonl and its records. */
export interface LiveTaskSource {
  task: Record<string, unknown> & { id: string; type: string }
  records: TaskRecords
}

/** Reads the task sources, in the order of {@link LIVE_SOURCE_FILES}. */
export function readLiveSources(root: string): LiveTaskSource[] {
  return LIVE_SOURCE_FILES.flatMap((file) => {
    const parsed = JSON.parse(readFileSync(join(root, LIVE_SOURCE_DIR, file), 'utf8')) as unknown
    if (!Array.isArray(parsed)) throw new Error(`${LIVE_SOURCE_DIR}/${file}: must be a JSON array of task sources`)
    return parsed as LiveTaskSource[]
  })
}

/** The four files of public/data-live (published format), built from the sources. */
export function buildLiveFiles(root: string, sources: readonly LiveTaskSource[] = readLiveSources(root)): Record<string, string> {
  const records: Record<string, TaskRecords> = {}
  for (const s of sources) records[s.task.id] = s.records
  const published = JSON.parse(readFileSync(join(root, SAMPLE_OUTPUT_DIR, DATASET_FILES.tools), 'utf8')) as unknown[]
  const added = JSON.parse(readFileSync(join(root, LIVE_SOURCE_DIR, LIVE_TOOLS_FILE), 'utf8')) as unknown[]
  return {
    [DATASET_FILES.inputData]: sources.map((s) => JSON.stringify(s.task)).join('\n') + '\n',
    [DATASET_FILES.records]: JSON.stringify(records, null, 1) + '\n',
    [DATASET_FILES.tools]: JSON.stringify([...published, ...added], null, 2) + '\n',
    [DATASET_FILES.profile]: readFileSync(join(root, SAMPLE_OUTPUT_DIR, DATASET_FILES.profile), 'utf8'),
  }
}
