/**
 * Which API key goes to which endpoint. A key is entered for one base URL and
 * is only ever sent there: a run resumed against another base URL (an old
 * run, another server typed into the form since) finds no key and asks for
 * one, instead of handing the key to a server it was not meant for.
 */
import { setOwn } from '../core'

/** The keys entered in this tab, by endpoint (see {@link endpointOf}). */
export type EndpointKeys = Readonly<Record<string, string>>

/**
 * The endpoint a key belongs to: the base URL's scheme, host, port and path,
 * without trailing slashes (`HTTPS://Host/v1/` is `https://host/v1`). A query,
 * a fragment and user info do not make another endpoint. `undefined` for text
 * that is not an http(s) URL: such a base URL gets no key.
 */
export function endpointOf(baseURL: string): string | undefined {
  let url: URL
  try {
    url = new URL(baseURL.trim())
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** The key entered for this base URL's endpoint, or `undefined` when none was: the caller asks, and never falls back to another key. */
export function keyForEndpoint(keys: EndpointKeys, baseURL: string): string | undefined {
  const endpoint = endpointOf(baseURL)
  return endpoint !== undefined && Object.hasOwn(keys, endpoint) ? keys[endpoint] : undefined
}

/** The keys with this base URL's key set (an empty key is kept too: "this endpoint takes none", so it is not asked again). */
export function withEndpointKey(keys: EndpointKeys, baseURL: string, key: string): Record<string, string> {
  const endpoint = endpointOf(baseURL)
  return endpoint === undefined ? { ...keys } : { ...keys, [endpoint]: key }
}

/** Keys read back from storage: anything that is not an endpoint → string map is dropped, not trusted. */
export function parseEndpointKeys(text: string | null): Record<string, string> {
  if (!text) return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return {}
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
  const keys: Record<string, string> = {}
  for (const [endpoint, key] of Object.entries(value)) if (typeof key === 'string' && endpointOf(endpoint) === endpoint) setOwn(keys, endpoint, key)
  return keys
}
