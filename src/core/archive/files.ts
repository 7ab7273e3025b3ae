import { sha256 } from '@noble/hashes/sha2.js'
import { setOwn } from '../base/own'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import type { Zippable } from 'fflate'
import { ARCHIVE_FILES, ArchiveError } from './types'
import type { ArchiveReason } from './types'
import type { ArchiveFileEntry } from './types'

/** A file's fingerprint: SHA-256 of its UTF-8 bytes, its size in bytes, its lines (a last line without a newline counts). */
export function fileEntry(text: string): ArchiveFileEntry {
  const bytes = utf8ToBytes(text)
  let lines = 0
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++
  if (text.length > 0 && !text.endsWith('\n')) lines++
  return { sha256: bytesToHex(sha256(bytes)), bytes: bytes.length, lines }
}

/** SHA-256 of a text's UTF-8 bytes, in hex. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)))
}

/**
 * Packs files into one zip, in the given order. The entries' time is fixed
 * by `mtime` (default: the DOS epoch) rather than the clock, so that the same
 * files always give the same bytes.
 */
export function zipArchive(files: Record<string, string>, mtime: Date | string | number = '1980-01-01T00:00:00Z'): Uint8Array {
  const entries: Zippable = {}
  for (const [name, text] of Object.entries(files)) setOwn(entries, name, [strToU8(text), { mtime }])
  return zipSync(entries, { level: 6 })
}

/**
 * The limits of a zip import. fflate allocates each entry's declared size
 * before inflating it, and that size is whatever the zip's header says: a
 * few-KB zip can declare gigabytes. So the central directory is listed first
 * (nothing inflated), and the zip is refused on what it declares:
 * - `files`: the most entries listed; an export has four, and this leaves
 *   room for a harness's output folder zipped whole;
 * - `fileBytes`: the most one file read may inflate to. The oracle agent's
 *   line is about 10 KB a task (0.5 MiB for the 50 sample tasks), so this
 *   holds some hundred runs of the 250 published tasks at that size (a
 *   model's lines, with more searches, are larger);
 * - `totalBytes`: the most all files read may inflate to together, the
 *   response file at its limit plus result.json, details.jsonl and the
 *   manifest. The strings made of them take at most twice that (one UTF-16
 *   unit, two bytes, per UTF-8 byte at the worst), before parsing.
 * Only the files an archive can hold are read (see {@link isArchiveFileName});
 * any other entry is skipped without being inflated.
 */
export const ZIP_LIMITS = {
  files: 10_000,
  fileBytes: 256 * 1024 * 1024,
  totalBytes: 320 * 1024 * 1024,
} as const

/**
 * The most deflate can expand: 258 bytes per 2 bits (zlib's FAQ: 1032:1),
 * plus room for a tiny stream's fixed overhead. An entry that declares more
 * than this from its compressed size is lying about one of them.
 */
const DEFLATE_MAX_RATIO = 1032
const DEFLATE_SLACK = 1024

/** Deflate (8) and stored (0) are what fflate reads; other methods are refused with their number. */
const STORED = 0
const DEFLATED = 8

/** The files readArchive reads: the four of an export, and response files under any name. */
export function isArchiveFileName(name: string): boolean {
  return (Object.values(ARCHIVE_FILES) as string[]).includes(name) || name.endsWith('.jsonl')
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`

interface ZipEntry {
  path: string
  name: string
  size: number
  originalSize: number
  compression: number
}

/** Thrown from fflate's filter to stop listing a directory that holds more entries than the limit. */
class TooManyEntries extends Error {}

/** The central directory's entries, as declared, without inflating any. */
function listEntries(bytes: Uint8Array): ZipEntry[] {
  const entries: ZipEntry[] = []
  try {
    unzipSync(bytes, {
      filter: (file) => {
        // Counted as listed: a zip64 directory can declare billions of entries, and each is a step of fflate's loop.
        if (entries.length >= ZIP_LIMITS.files) throw new TooManyEntries()
        entries.push({
          path: file.name,
          name: baseName(file.name),
          size: file.size,
          originalSize: file.originalSize,
          compression: file.compression,
        })
        return false
      },
    })
  } catch (err) {
    if (err instanceof TooManyEntries)
      throw new ArchiveError(`The zip holds more than ${ZIP_LIMITS.files.toLocaleString('en')} entries, the limit of an import: it is not an export of attempts.`, [], [], 'tooLarge')
    throw new ArchiveError(`Not a zip archive (${err instanceof Error ? err.message : String(err)}).`, [], [], 'notZip')
  }
  return entries
}

/** Why an entry cannot be read, or undefined when it can; the limits are checked on what the entry declares. */
function entryProblem(entry: ZipEntry): { message: string; reason: ArchiveReason } | undefined {
  if (entry.compression !== STORED && entry.compression !== DEFLATED)
    return { message: `${entry.path} uses compression method ${entry.compression}; only deflate (8) and stored (0) are read.`, reason: 'damaged' }
  // A stored entry is a slice of the zip's own bytes: its size, not its claim, is what it takes.
  const inflated = entry.compression === STORED ? entry.size : entry.originalSize
  if (inflated > ZIP_LIMITS.fileBytes)
    return { message: `${entry.path} declares ${mib(inflated)} uncompressed, over the limit of ${mib(ZIP_LIMITS.fileBytes)} per file.`, reason: 'tooLarge' }
  if (entry.compression === DEFLATED && entry.originalSize > entry.size * DEFLATE_MAX_RATIO + DEFLATE_SLACK)
    return {
      message: `${entry.path} declares ${mib(entry.originalSize)} uncompressed from ${entry.size.toLocaleString('en')} compressed bytes, more than deflate can produce (${DEFLATE_MAX_RATIO}:1): the zip is damaged or crafted.`,
      reason: 'damaged',
    }
  return undefined
}

/**
 * The text files of a zip, by base name: an archive zipped again inside a
 * folder reads the same. Only the files an archive can hold are inflated
 * ({@link isArchiveFileName}); folders, the metadata macOS adds
 * (`__MACOSX/`, `._*`) and any other file are skipped. Throws an
 * ArchiveError naming the entry and the limit for bytes that are not a zip,
 * an entry over {@link ZIP_LIMITS} or in a method fflate cannot read, files
 * over the total limit together, or two files of the same name: all decided
 * on the central directory, before anything is inflated.
 */
export function unzipArchive(bytes: Uint8Array): Record<string, string> {
  const wanted = listEntries(bytes).filter((e) => !isJunk(e.path) && isArchiveFileName(e.name))
  const problems = wanted.map(entryProblem).filter((p) => p !== undefined)
  if (problems.length > 0) {
    const messages = problems.map((p) => p.message)
    throw new ArchiveError(`The zip cannot be imported: ${messages.join(' ')}`, messages, [], problems.some((p) => p.reason === 'tooLarge') ? 'tooLarge' : 'damaged')
  }
  const seen = new Set<string>()
  for (const e of wanted) {
    if (seen.has(e.name)) throw new ArchiveError(`The zip holds two files named ${e.name}: keep one.`)
    seen.add(e.name)
  }
  const total = wanted.reduce((n, e) => n + (e.compression === STORED ? e.size : e.originalSize), 0)
  if (total > ZIP_LIMITS.totalBytes)
    throw new ArchiveError(
      `The zip's files (${wanted.map((e) => e.path).join(', ')}) declare ${mib(total)} uncompressed together, over the limit of ${mib(ZIP_LIMITS.totalBytes)} for one import.`,
      [],
      [],
      'tooLarge',
    )
  const paths = new Set(wanted.map((e) => e.path))
  let unzipped: Record<string, Uint8Array>
  try {
    unzipped = unzipSync(bytes, { filter: (file) => paths.has(file.name) })
  } catch (err) {
    throw new ArchiveError(`The zip is damaged (${err instanceof Error ? err.message : String(err)}).`, [], [], 'damaged')
  }
  const files: Record<string, string> = {}
  for (const [path, data] of Object.entries(unzipped)) setOwn(files, baseName(path), strFromU8(data))
  return files
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1)

function isJunk(path: string): boolean {
  const name = baseName(path)
  return path.endsWith('/') || path.startsWith('__MACOSX/') || name.startsWith('._') || name === '.DS_Store'
}
