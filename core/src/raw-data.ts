/**
 * The one guard for data read raw (a database snapshot, a callable's details) before a schema
 * or a field-by-field read: a plain object, not null and not a list.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is a plain object, else an empty one, so its fields can be read safely. */
export function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}
