import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DATASET_FILES } from '../src/core/index'

/** Reads a data set folder's files by name; absent files are left out. */
export function readDatasetFolder(folder: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const name of Object.values(DATASET_FILES)) {
    const path = join(folder, name)
    if (existsSync(path)) files[name] = readFileSync(path, 'utf8')
  }
  return files
}
