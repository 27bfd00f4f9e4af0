// REST query parameters → the wire query, so REST and the wire share one evaluator.

import { InvalidDataError } from '../tree/node';
import { MAX_NAME, MIN_NAME } from './order';
import { parseWireQuery } from './wire-query';
import type { WireQuery } from './wire-query';

const QUERY_PARAMS = [
  'orderBy',
  'startAt',
  'startAfter',
  'endAt',
  'endBefore',
  'equalTo',
  'limitToFirst',
  'limitToLast',
] as const;

interface Bound {
  value: unknown;
  name?: string;
}

function tryJSON(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * `<json value>[,<json key name>]`. A value that is not JSON is taken as a raw string
 * (firebase-tools sends unquoted keys).
 */
function parseBound(param: string, text: string): Bound {
  const whole = tryJSON(text);
  if (whole.ok) return checkPrimitive(param, { value: whole.value });
  for (let comma = text.indexOf(','); comma !== -1; comma = text.indexOf(',', comma + 1)) {
    const value = tryJSON(text.slice(0, comma));
    const name = tryJSON(text.slice(comma + 1));
    if (value.ok && name.ok && typeof name.value === 'string') {
      return checkPrimitive(param, { value: value.value, name: name.value });
    }
  }
  return { value: text };
}

function checkPrimitive(param: string, bound: Bound): Bound {
  if (typeof bound.value === 'object' && bound.value !== null) {
    throw new InvalidDataError(`${param} must be a string, number, boolean or null`);
  }
  return bound;
}

function parseLimit(param: string, text: string): number {
  if (!/^\d+$/.test(text.trim()))
    throw new InvalidDataError(`${param} must be a non-negative integer`);
  return Number(text.trim());
}

function parseOrderBy(text: string): string | undefined {
  const parsed = tryJSON(text);
  if (!parsed.ok || typeof parsed.value !== 'string') {
    throw new InvalidDataError('orderBy must be a valid JSON encoded path');
  }
  switch (parsed.value) {
    case '$key':
      return '.key';
    case '$value':
      return '.value';
    case '$priority':
      return undefined;
    default:
      return parsed.value;
  }
}

/** Key order needs string bounds; a bare number such as `startAt=5` means the key "5". */
function keyBound(bound: Bound, raw: string): Bound {
  if (typeof bound.value === 'string') return bound;
  return { value: bound.name === undefined ? raw : String(bound.value) };
}

/** Production's answer to a range or limit without `orderBy`. */
export const ORDER_BY_REQUIRED = 'orderBy must be defined when other query parameters are defined';

/**
 * REST parameters → wire query; `null` when the request has no query parameters.
 * A range or limit needs `orderBy`, as in production, except on a `shallow=true` read, where
 * it pages the keys: firebase-tools lists large locations that way (`database:remove`, and the
 * emulator hub's export probe `shallow=true&limitToFirst=1`).
 */
export function restParamsToWireQuery(params: URLSearchParams): WireQuery | null {
  if (!QUERY_PARAMS.some((name) => params.has(name))) return null;
  const orderBy = params.get('orderBy');
  if (orderBy === null && params.get('shallow') !== 'true')
    throw new InvalidDataError(ORDER_BY_REQUIRED);
  const index = orderBy === null ? '.key' : parseOrderBy(orderBy);
  const raw: Record<string, unknown> = {};
  if (index !== undefined) raw.i = index;

  const readBound = (param: string): Bound | undefined => {
    const text = params.get(param);
    if (text === null) return undefined;
    const bound = parseBound(param, text);
    return index === '.key' ? keyBound(bound, text) : bound;
  };
  const startAt = readBound('startAt');
  const startAfter = readBound('startAfter');
  const endAt = readBound('endAt');
  const endBefore = readBound('endBefore');
  const equalTo = readBound('equalTo');
  if ([startAt, startAfter, equalTo].filter((b) => b !== undefined).length > 1) {
    throw new InvalidDataError('Only one of startAt, startAfter and equalTo may be given');
  }
  if ([endAt, endBefore, equalTo].filter((b) => b !== undefined).length > 1) {
    throw new InvalidDataError('Only one of endAt, endBefore and equalTo may be given');
  }
  const start = startAt ?? equalTo;
  if (start !== undefined) {
    raw.sp = start.value;
    if (start.name !== undefined) raw.sn = start.name;
    raw.sin = true;
  }
  if (startAfter !== undefined) {
    raw.sp = startAfter.value;
    // The SDK's startAfter: exclusive, and past every key with that value on value indexes.
    if (startAfter.name !== undefined) raw.sn = startAfter.name;
    else if (index !== '.key') raw.sn = MAX_NAME;
    raw.sin = false;
  }
  // The end mirrors the start above (wire keys ep/en/ein, MIN_NAME): kept written out to compare.
  const end = endAt ?? equalTo;
  if (end !== undefined) {
    raw.ep = end.value;
    if (end.name !== undefined) raw.en = end.name;
    raw.ein = true;
  }
  if (endBefore !== undefined) {
    raw.ep = endBefore.value;
    if (endBefore.name !== undefined) raw.en = endBefore.name;
    else if (index !== '.key') raw.en = MIN_NAME;
    raw.ein = false;
  }

  const first = params.get('limitToFirst');
  const last = params.get('limitToLast');
  if (first !== null && last !== null) {
    throw new InvalidDataError('Only one of limitToFirst and limitToLast may be given');
  }
  if (first !== null) {
    raw.l = parseLimit('limitToFirst', first);
    raw.vf = 'l';
  } else if (last !== null) {
    raw.l = parseLimit('limitToLast', last);
    raw.vf = 'r';
  }
  return parseWireQuery(raw);
}
