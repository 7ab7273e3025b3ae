/**
 * Uploads are encrypted to the collector in the age format (age-encryption.org/v1,
 * X25519 recipients), with the `age-encryption` package, which runs the same
 * in Node and in browsers. The collector's identity (`AGE-SECRET-KEY-1…`)
 * stays in OUT/collector/; the page has only the recipient (`age1…`). An
 * upload can also be opened by hand: `age -d -i OUT/collector/identity.txt
 * task-001.age`.
 *
 * The package is imported on first use, so that it is never part of the
 * page's first load, whatever imports this module.
 */
const age = () => import('age-encryption')

/** A new identity for a study's collector, and its recipient. */
export async function newCollectorKey(): Promise<{ identity: string; recipient: string }> {
  const { generateX25519Identity, identityToRecipient } = await age()
  const identity = await generateX25519Identity()
  return { identity, recipient: await identityToRecipient(identity) }
}

/** The recipient of an identity, or undefined when the text is not an age X25519 identity. */
export async function recipientOf(identity: string): Promise<string | undefined> {
  const text = identity.trim()
  if (!/^AGE-SECRET-KEY-1[0-9A-Z]+$/.test(text)) return undefined
  const { identityToRecipient } = await age()
  try {
    return await identityToRecipient(text)
  } catch {
    return undefined
  }
}

/** Encrypts a text to a recipient: an age file (binary), as the page uploads it (on its own ArrayBuffer, which fetch takes as a body). */
export async function encryptUpload(text: string, recipient: string): Promise<Uint8Array<ArrayBuffer>> {
  const { Encrypter } = await age()
  const encrypter = new Encrypter()
  encrypter.addRecipient(recipient)
  return new Uint8Array(await encrypter.encrypt(text))
}

/** An upload that does not open: not age, not to this collector, or changed after it was encrypted. */
export class UploadDecryptError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'UploadDecryptError'
  }
}

/** Decrypts an upload with the collector's identity; throws UploadDecryptError saying why it does not open. */
export async function decryptUpload(bytes: Uint8Array, identity: string): Promise<string> {
  const { Decrypter } = await age()
  const decrypter = new Decrypter()
  decrypter.addIdentity(identity.trim())
  try {
    return await decrypter.decrypt(bytes, 'text')
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    throw new UploadDecryptError(`it does not decrypt with the collector's identity (${reason})`, { cause: err })
  }
}
