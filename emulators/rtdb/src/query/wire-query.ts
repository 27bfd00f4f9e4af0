// The wire query object `q`, validated and normalised once at the boundary.

import { InvalidDataError, isValidKey } from '../tree/node';

export type WireQuery = {
  i?: string;
  sp?: unknown;
  sn?: string;
  sin?: boolean;
  ep?: unknown;
  en?: string;
  ein?: boolean;
  l?: number;
  vf?: 'l' | 'r';
};

function isPlainObject(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw);
}

function parseIndexName(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') throw new InvalidDataError('Query index (i) must be a string');
  if (raw === '.priority') return undefined;
  if (raw === '.key' || raw === '.value') return raw;
  const segments = raw.split('/').filter((segment) => segment.length > 0);
  if (segments.length === 0 || !segments.every(isValidKey)) {
    throw new InvalidDataError(`Invalid query index: ${JSON.stringify(raw)}`);
  }
  return segments.join('/');
}

/** Index values allowed per index kind. */
function checkIndexValue(index: string | undefined, field: string, value: unknown): void {
  const type = value === null ? 'null' : typeof value;
  const allowed =
    index === '.key'
      ? type === 'string'
      : index === undefined
        ? type === 'null' || type === 'number' || type === 'string'
        : type === 'null' || type === 'boolean' || type === 'number' || type === 'string';
  if (!allowed || (typeof value === 'number' && !Number.isFinite(value))) {
    throw new InvalidDataError(`Invalid query ${field} for index ${index ?? '.priority'}`);
  }
}

function optionalString(raw: Record<string, unknown>, field: string): string | undefined {
  const value = raw[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new InvalidDataError(`Query ${field} must be a string`);
  return value;
}

function optionalBoolean(raw: Record<string, unknown>, field: string): boolean {
  const value = raw[field];
  // Older SDKs omitted the inclusive flags; missing means inclusive.
  if (value === undefined || value === null) return true;
  if (typeof value !== 'boolean') throw new InvalidDataError(`Query ${field} must be a boolean`);
  return value;
}

/** Validates a wire `q`; fills in defaults (inclusive flags, `vf`) so later code needs no guessing. */
export function parseWireQuery(raw: unknown): WireQuery {
  if (raw === undefined || raw === null) return {};
  if (!isPlainObject(raw)) throw new InvalidDataError('Query must be an object');
  const query: WireQuery = {};
  const index = parseIndexName(raw.i);
  if (index !== undefined) query.i = index;
  if ('sp' in raw && raw.sp !== undefined) {
    checkIndexValue(index, 'start', raw.sp);
    query.sp = raw.sp;
    const name = optionalString(raw, 'sn');
    if (name !== undefined) query.sn = name;
    query.sin = optionalBoolean(raw, 'sin');
  }
  if ('ep' in raw && raw.ep !== undefined) {
    checkIndexValue(index, 'end', raw.ep);
    query.ep = raw.ep;
    const name = optionalString(raw, 'en');
    if (name !== undefined) query.en = name;
    query.ein = optionalBoolean(raw, 'ein');
  }
  if (raw.l !== undefined && raw.l !== null) {
    const limit = raw.l;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) {
      throw new InvalidDataError('Query limit (l) must be a non-negative integer');
    }
    query.l = limit;
    const viewFrom = raw.vf;
    if (viewFrom === 'l' || viewFrom === 'r') query.vf = viewFrom;
    else if (viewFrom === undefined || viewFrom === null || viewFrom === '') {
      // The SDK's legacy limit(): anchored to the start only when just a start is set.
      query.vf = 'sp' in query ? 'l' : 'r';
    } else {
      throw new InvalidDataError('Query vf must be "l" or "r"');
    }
  }
  return query;
}

/** True when the query loads all data at its location (no range, no limit). */
export function isDefaultQuery(q: WireQuery): boolean {
  return !('sp' in q) && !('ep' in q) && q.l === undefined;
}
