import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import type { Zippable } from 'fflate'
import { ArchiveError } from './types'
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
  for (const [name, text] of Object.entries(files)) entries[name] = [strToU8(text), { mtime }]
  return zipSync(entries, { level: 6 })
}

/** Per file, well above any real archive: a zip that inflates past it is refused before it is inflated. */
const MAX_FILE_BYTES = 256 * 1024 * 1024

/**
 * The text files of a zip, by base name: an archive zipped again inside a
 * folder reads the same. Folders and the metadata macOS adds (`__MACOSX/`,
 * `._*`) are left out. Throws an ArchiveError for bytes that are not a zip,
 * an oversized entry, or two files of the same name.
 */
export function unzipArchive(bytes: Uint8Array): Record<string, string> {
  const tooBig: string[] = []
  let unzipped: Record<string, Uint8Array>
  try {
    unzipped = unzipSync(bytes, {
      filter: (file) => {
        if (file.originalSize > MAX_FILE_BYTES) tooBig.push(file.name)
        return file.originalSize <= MAX_FILE_BYTES && !isJunk(file.name)
      },
    })
  } catch (err) {
    throw new ArchiveError(`Not a zip archive (${err instanceof Error ? err.message : String(err)}).`)
  }
  if (tooBig.length > 0) throw new ArchiveError(`Files too big to import (over ${MAX_FILE_BYTES / 1024 / 1024} MiB): ${tooBig.join(', ')}.`)
  const files: Record<string, string> = {}
  for (const [path, data] of Object.entries(unzipped)) {
    const name = path.slice(path.lastIndexOf('/') + 1)
    if (name in files) throw new ArchiveError(`The zip holds two files named ${name}: keep one.`)
    files[name] = strFromU8(data)
  }
  return files
}

function isJunk(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return path.endsWith('/') || path.startsWith('__MACOSX/') || name.startsWith('._') || name === '.DS_Store'
}
