/**
 * Zips whose headers lie about their entries' sizes, as an attacker would
 * craft them: a real zip from fflate with the size fields of chosen entries
 * rewritten, in both the local header and the central directory (readers
 * trust one or the other).
 */
import { zipSync } from 'fflate'
import type { Zippable } from 'fflate'

export interface DeclaredSizes {
  /** Uncompressed size, as declared. */
  originalSize: number
  /** Compressed size, as declared; unchanged when left out. */
  size?: number
}

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

/** Rewrites the declared sizes of the named entries (their paths in the zip); the rest stays as fflate wrote it. */
export function declareSizes(zip: Uint8Array, sizes: Readonly<Record<string, DeclaredSizes>>): Uint8Array {
  const out = zip.slice()
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength)
  let end = out.length - 22
  while (end >= 0 && view.getUint32(end, true) !== EOCD) end--
  if (end < 0) throw new Error('not a zip: no end of central directory')
  const count = view.getUint16(end + 10, true)
  let at = view.getUint32(end + 16, true)
  const decoder = new TextDecoder()
  const patched = new Set<string>()
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== CENTRAL) throw new Error(`no central directory header at ${at}`)
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    const local = view.getUint32(at + 42, true)
    const name = decoder.decode(out.subarray(at + 46, at + 46 + nameLength))
    const declared = sizes[name]
    if (declared) {
      if (view.getUint32(local, true) !== LOCAL) throw new Error(`no local header for ${name}`)
      for (const [sizeAt, originalAt] of [
        [at + 20, at + 24],
        [local + 18, local + 22],
      ] as const) {
        if (declared.size !== undefined) view.setUint32(sizeAt, declared.size, true)
        view.setUint32(originalAt, declared.originalSize, true)
      }
      patched.add(name)
    }
    at += 46 + nameLength + extraLength + commentLength
  }
  const missing = Object.keys(sizes).filter((n) => !patched.has(n))
  if (missing.length > 0) throw new Error(`no entries ${missing.join(', ')} in the zip`)
  return out
}

export const MIB = 1024 * 1024

/** A zip of the given entries (deflated unless `level` is 0, which stores them), then with the given declared sizes. */
export function craftedZip(entries: Zippable, sizes: Readonly<Record<string, DeclaredSizes>>, level: 0 | 6 = 6): Uint8Array {
  return declareSizes(zipSync(entries, { level }), sizes)
}
