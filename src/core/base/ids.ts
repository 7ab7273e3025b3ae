/**
 * Random ids for stored rows (data sets, attempts, runs), in the RFC 4122
 * version 4 layout so that they read like the UUIDs stored before.
 *
 * `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost): a lab
 * machine serving the built site over plain HTTP at its own address has none,
 * and every import or new attempt threw. `crypto.getRandomValues` is there in
 * every context, in Node 20 and in browsers, so it is the one source of ids.
 */

/** The part of WebCrypto this needs; core is compiled without the DOM library, so it is declared here. */
interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T
}

function randomSource(): RandomSource {
  const source = (globalThis as { crypto?: Partial<RandomSource> }).crypto
  if (typeof source?.getRandomValues !== 'function') throw new Error('No random number source (crypto.getRandomValues) in this environment')
  return source as RandomSource
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** A new random id: 122 random bits as `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx` (y one of 8, 9, a, b). */
export function newId(): string {
  const bytes = randomSource().getRandomValues(new Uint8Array(16))
  // Version 4 in the high nibble of byte 6, the RFC 4122 variant (10xx) in the high bits of byte 8.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  let out = ''
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) out += '-'
    out += HEX[bytes[i] ?? 0]
  }
  return out
}
