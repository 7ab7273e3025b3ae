/** Archives of attempts: export, checked import, and the zip that carries them. */
export * from './types'
export { buildArchive, archiveResponseLine, scoringOrder, actorRuns } from './build'
export type { ArchiveInput } from './build'
export { readArchive } from './read'
export { zipArchive, unzipArchive, fileEntry, sha256Hex, isArchiveFileName, ZIP_LIMITS } from './files'
