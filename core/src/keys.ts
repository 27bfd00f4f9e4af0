import { z } from 'zod';

/**
 * Realtime Database keys may not contain `. $ # [ ] /` or ASCII control characters
 * (https://firebase.google.com/docs/database/web/structure-data). Rejecting `/` also means
 * a caller-supplied id can never climb to, or reach into, another node.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what we reject
const FORBIDDEN_KEY_CHARS = /[.$#[\]/\u0000-\u001f\u007f]/;

/** RTDB caps keys at 768 bytes; ids we accept from callers are far shorter. */
export const MAX_KEY_LENGTH = 128;

/**
 * Names a plain object answers without owning them (`{}.constructor`, `{}.toString`,
 * `{}['__proto__']`), plus `prototype`: as a key they would find an inherited property in a
 * lookup (`layout.spots[spot]`), or set an object's prototype on assignment. No id we make or
 * accept is one of them.
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  '__proto__',
  'prototype',
]);

/** `record[key]` when the record itself holds it; undefined for inherited names. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export class InvalidKeyError extends Error {
  override readonly name = 'InvalidKeyError';
  constructor(readonly segment: unknown) {
    super(`Invalid database key: ${JSON.stringify(segment)}`);
  }
}

export function isValidKey(segment: unknown): segment is string {
  return (
    typeof segment === 'string' &&
    segment.length > 0 &&
    segment.length <= MAX_KEY_LENGTH &&
    !FORBIDDEN_KEY_CHARS.test(segment) &&
    !PROTOTYPE_KEYS.has(segment)
  );
}

/** Returns the segment unchanged, or throws `InvalidKeyError`. */
export function assertKey(segment: unknown): string {
  if (!isValidKey(segment)) throw new InvalidKeyError(segment);
  return segment;
}

/** Any id or key that ends up as a database path segment. */
export const keySchema = z
  .string()
  .min(1)
  .max(MAX_KEY_LENGTH)
  .refine((value) => !FORBIDDEN_KEY_CHARS.test(value), {
    message: 'must not contain . $ # [ ] / or control characters',
  })
  .refine((value) => !PROTOTYPE_KEYS.has(value), {
    message: 'must not be a name every object has (__proto__, constructor, prototype, toString…)',
  });

const INTEGER_KEY = /^-?(0*)\d{1,10}$/;

/** The key as the database reads it when ordering: a 32-bit integer when it looks like one. */
function keyAsInteger(key: string): number | null {
  if (!INTEGER_KEY.test(key)) return null;
  const value = Number(key);
  return value >= -2147483648 && value <= 2147483647 ? value : null;
}

/**
 * The database's order of keys (`orderByKey`): keys that read as 32-bit integers first, by
 * value (the shorter spelling first when equal, "7" before "007"), then the others as strings.
 * A key range (`startAt(first)`, `endAt(last)`) holds exactly the keys between two keys in it.
 */
export function compareDatabaseKeys(a: string, b: string): number {
  if (a === b) return 0;
  const left = keyAsInteger(a);
  const right = keyAsInteger(b);
  if (left !== null) {
    if (right === null) return -1;
    return left === right ? a.length - b.length : left - right;
  }
  if (right !== null) return 1;
  return a < b ? -1 : 1;
}
