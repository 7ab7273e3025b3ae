/**
 * Keys of data that came from outside (a JSON file, a model's arguments, a
 * caller's object) are read as own properties only. `in` and plain indexing
 * also see `Object.prototype`, so a parameter named `constructor` or
 * `toString` would look declared, and assigning to `__proto__` would replace
 * an object's prototype instead of adding a key.
 */

/** Whether `key` is an own property of `object`. */
export function hasOwn(object: object, key: string): boolean {
  return Object.hasOwn(object, key)
}

/** The own property `key` of `object`, or undefined. */
export function ownValue<T>(object: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined
}

/**
 * Sets an own property, `__proto__` included, as JSON.parse would. Only that
 * one key needs defineProperty (assigning it sets the prototype, the one
 * accessor plain objects inherit); every other key is assigned, because a
 * defined property costs V8 about four times as much to make and to read
 * (it halved the tool runtime's calls per second when every key went that way).
 */
export function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  // eslint-disable-next-line no-restricted-syntax -- the one place a computed key is assigned: "__proto__" is defined instead
  if (key !== '__proto__') object[key] = value
  else Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
}
