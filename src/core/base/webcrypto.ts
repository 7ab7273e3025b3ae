/**
 * The few platform primitives sealing and the import's hashing need, reached
 * through `globalThis` so that the core stays free of DOM and Node types:
 * WebCrypto (`crypto.subtle`, `crypto.getRandomValues`), UTF-8 and base64.
 * Node 20+ and every current browser provide all of them (`crypto.subtle`
 * only on https pages and localhost); no cryptography is written here.
 */

/** A key derived for one sealed data set; opaque outside this folder. */
export interface SealKey {
  readonly __sealKey: unique symbol
}

interface AesGcmParams {
  name: 'AES-GCM'
  iv: Uint8Array
  additionalData: Uint8Array
}

/** The subset of `SubtleCrypto` used here, typed for what this folder passes. */
interface Subtle {
  importKey(format: 'raw', keyData: Uint8Array, algorithm: 'PBKDF2', extractable: false, usages: ['deriveKey']): Promise<unknown>
  deriveKey(
    algorithm: { name: 'PBKDF2'; hash: 'SHA-256'; salt: Uint8Array; iterations: number },
    baseKey: unknown,
    derivedKeyType: { name: 'AES-GCM'; length: 256 },
    extractable: false,
    usages: ['encrypt', 'decrypt'],
  ): Promise<SealKey>
  encrypt(algorithm: AesGcmParams, key: SealKey, data: Uint8Array): Promise<ArrayBuffer>
  decrypt(algorithm: AesGcmParams, key: SealKey, data: Uint8Array): Promise<ArrayBuffer>
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>
}

interface WebCrypto {
  subtle?: Subtle
  getRandomValues(array: Uint8Array): Uint8Array
}

interface TextCodecs {
  TextEncoder: new () => { encode(text: string): Uint8Array }
  TextDecoder: new (label: 'utf-8', options: { fatal: boolean; ignoreBOM: boolean }) => { decode(bytes: Uint8Array): string }
  btoa(binary: string): string
  atob(base64: string): string
}

const platform = globalThis as unknown as Partial<TextCodecs> & { crypto?: WebCrypto }

/** Why WebCrypto is missing: in a browser, `crypto.subtle` exists only on https pages and on localhost. */
export class WebCryptoMissing extends Error {
  constructor() {
    super('WebCrypto (crypto.subtle) is not available here: in a browser it needs an https page or localhost; in Node, version 20 or later.')
    this.name = 'WebCryptoMissing'
  }
}

/** `crypto.subtle`, or a {@link WebCryptoMissing}. */
export function subtle(): Subtle {
  const s = platform.crypto?.subtle
  if (!s) throw new WebCryptoMissing()
  return s
}

/** Whether {@link subtle} answers here (it does not on a plain-http page). */
export function hasSubtle(): boolean {
  return platform.crypto?.subtle !== undefined
}

/** `length` bytes from the platform's cryptographic random source. */
export function randomBytes(length: number): Uint8Array {
  const c = platform.crypto
  if (!c) throw new WebCryptoMissing()
  return c.getRandomValues(new Uint8Array(length))
}

export function utf8(text: string): Uint8Array {
  if (!platform.TextEncoder) throw new Error('TextEncoder is not available here.')
  return new platform.TextEncoder().encode(text)
}

/** Strict UTF-8 decoding: invalid bytes throw instead of turning into U+FFFD, and a leading BOM is kept. */
export function fromUtf8(bytes: Uint8Array): string {
  if (!platform.TextDecoder) throw new Error('TextDecoder is not available here.')
  return new platform.TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
}

/** Standard base64 (RFC 4648 §4, with padding) through the platform's `btoa`, in chunks so that big values do not overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  if (!platform.btoa) throw new Error('btoa is not available here.')
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return platform.btoa(binary)
}

/** Standard padded base64 back to bytes; anything else (whitespace, URL-safe letters, a wrong length) is `undefined`. */
export function fromBase64(text: string): Uint8Array | undefined {
  if (!platform.atob) throw new Error('atob is not available here.')
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined
  let binary: string
  try {
    binary = platform.atob(text)
  } catch {
    return undefined
  }
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
