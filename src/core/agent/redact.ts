/**
 * Error texts from a model endpoint can carry the API key: a proxy that
 * echoes the request headers, a client that prints its configuration, a
 * server that quotes the key it refused. A run records its error text (in the
 * page's store, in response lines), so the key is taken out first.
 */

/** Shown where a secret was. */
export const REDACTED = '[redacted]'

/** The forms a secret takes in an error text: as given, URL-encoded (in a query string), JSON-escaped (in a quoted body). */
function formsOf(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])
  return [...forms].sort((a, b) => b.length - a.length)
}

/**
 * The text with every occurrence of each secret replaced by {@link REDACTED}.
 * Any length is redacted: a short key garbles the message, which is the
 * lesser harm than writing the key into an export.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (!secret) continue
    for (const form of formsOf(secret)) out = out.split(form).join(REDACTED)
  }
  return out
}

/** Anything thrown, as the one line of text a run records, without the secrets. */
export function errorText(err: unknown, secrets: readonly string[]): string {
  const text = err instanceof Error ? err.message || err.name : String(err)
  return redactSecrets(text, secrets)
}
