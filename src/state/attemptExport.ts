import { buildArchive, zipArchive } from '../core/archive'
import type { ArchiveManifest } from '../core/archive'
import { database, readAttemptExport } from '../db'
import type { AttemptFilter, SpievalDatabase } from '../db'

export interface ExportedAttempts {
  /** File name → text: response.jsonl, result.json, details.jsonl, manifest.json. */
  files: Record<string, string>
  /** The same files in one zip, for one download. */
  zip: Uint8Array
  /** A name for the download. */
  fileName: string
  manifest: ArchiveManifest
}

/**
 * Exports the attempts at a data set's tasks as an archive: storage gathers
 * them (readAttemptExport), and core's buildArchive writes response.jsonl and
 * scores it with the one scorer into result.json and details.jsonl (nothing
 * is scored from a sealed data set). Here, above storage, because storage
 * never scores.
 */
export async function exportAttempts(datasetId: string, filter: AttemptFilter = {}, db: SpievalDatabase = database()): Promise<ExportedAttempts> {
  const { input, fileStem } = await readAttemptExport(datasetId, filter, db)
  const exportedAt = new Date().toISOString()
  const { files, manifest } = buildArchive({ ...input, exportedAt })
  return { files, zip: zipArchive(files, exportedAt), fileName: `${fileStem}-${exportedAt.slice(0, 10)}.zip`, manifest }
}
