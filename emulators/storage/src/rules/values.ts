// Runtime values of the rules language: null, booleans, ints (bigint), floats (number), strings,
// lists, maps (plain objects) and timestamps. Every operation on the wrong type is a
// RuleEvaluationError.
import { RuleEvaluationError } from './errors';

export class Timestamp {
  constructor(readonly millis: number) {}
}

export type Value =
  null | boolean | bigint | number | string | readonly Value[] | ValueMap | Timestamp;
export interface ValueMap {
  readonly [key: string]: Value;
}

export function isList(value: Value): value is readonly Value[] {
  return Array.isArray(value);
}

export function isMap(value: Value): value is ValueMap {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Timestamp)
  );
}

export function typeOf(value: Value): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'float';
  if (typeof value === 'string') return 'string';
  if (isList(value)) return 'list';
  if (value instanceof Timestamp) return 'timestamp';
  return 'map';
}

export function fail(message: string): never {
  throw new RuleEvaluationError(message);
}

export function isNumber(value: Value): value is bigint | number {
  return typeof value === 'bigint' || typeof value === 'number';
}

export function equals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (isNumber(a) && isNumber(b)) return Number(a) === Number(b);
  if (a instanceof Timestamp && b instanceof Timestamp) return a.millis === b.millis;
  if (isList(a) && isList(b))
    return a.length === b.length && a.every((item, index) => equals(item, b[index]!));
  if (isMap(a) && isMap(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && equals(a[key]!, b[key]!))
    );
  }
  return false;
}

export function compare(a: Value, b: Value): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (isNumber(a) && isNumber(b)) return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof Timestamp && b instanceof Timestamp) return a.millis - b.millis;
  return fail(`cannot compare ${typeOf(a)} with ${typeOf(b)}`);
}

export function toBoolean(value: Value, what: string): boolean {
  if (typeof value !== 'boolean') fail(`${what} must be a bool, not ${typeOf(value)}`);
  return value;
}

export function field(object: Value, name: string): Value {
  if (!isMap(object)) return fail(`cannot read '${name}' of ${typeOf(object)}`);
  if (!Object.hasOwn(object, name)) return fail(`no field '${name}'`);
  return object[name]!;
}

const regexCache = new Map<string, RegExp>();

/** RE2 as the rules use it: the whole string must match. */
export function fullMatch(text: string, pattern: string): boolean {
  let regex = regexCache.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(`^(?:${pattern})$`, 'u');
    } catch {
      return fail(`invalid regular expression '${pattern}'`);
    }
    regexCache.set(pattern, regex);
  }
  return regex.test(text);
}

function expectArgs(name: string, args: readonly Value[], count: number): void {
  if (args.length !== count) fail(`${name}() takes ${count} argument(s), not ${args.length}`);
}

function stringArg(name: string, value: Value | undefined): string {
  if (typeof value !== 'string') return fail(`${name}() expects a string`);
  return value;
}

function listArg(name: string, value: Value | undefined): readonly Value[] {
  if (value === undefined || !isList(value)) return fail(`${name}() expects a list`);
  return value;
}

/** Methods on values, by name; the compiler refuses any other name. */
export const METHODS: Record<string, (target: Value, args: readonly Value[]) => Value> = {
  size(target, args) {
    expectArgs('size', args, 0);
    if (typeof target === 'string') return BigInt([...target].length);
    if (isList(target)) return BigInt(target.length);
    if (isMap(target)) return BigInt(Object.keys(target).length);
    return fail(`size() of ${typeOf(target)}`);
  },
  matches(target, args) {
    expectArgs('matches', args, 1);
    return fullMatch(stringArg('matches', target), stringArg('matches', args[0]));
  },
  lower(target, args) {
    expectArgs('lower', args, 0);
    return stringArg('lower', target).toLowerCase();
  },
  upper(target, args) {
    expectArgs('upper', args, 0);
    return stringArg('upper', target).toUpperCase();
  },
  trim(target, args) {
    expectArgs('trim', args, 0);
    return stringArg('trim', target).trim();
  },
  split(target, args) {
    expectArgs('split', args, 1);
    const pattern = stringArg('split', args[0]);
    return stringArg('split', target).split(new RegExp(pattern, 'u'));
  },
  hasAny(target, args) {
    expectArgs('hasAny', args, 1);
    const wanted = listArg('hasAny', args[0]);
    return listArg('hasAny', target).some((item) => wanted.some((other) => equals(item, other)));
  },
  hasAll(target, args) {
    expectArgs('hasAll', args, 1);
    const list = listArg('hasAll', target);
    return listArg('hasAll', args[0]).every((item) => list.some((other) => equals(item, other)));
  },
  hasOnly(target, args) {
    expectArgs('hasOnly', args, 1);
    const allowed = listArg('hasOnly', args[0]);
    return listArg('hasOnly', target).every((item) => allowed.some((other) => equals(item, other)));
  },
  keys(target, args) {
    expectArgs('keys', args, 0);
    if (!isMap(target)) return fail(`keys() of ${typeOf(target)}`);
    return Object.keys(target);
  },
  values(target, args) {
    expectArgs('values', args, 0);
    if (!isMap(target)) return fail(`values() of ${typeOf(target)}`);
    return Object.values(target);
  },
  get(target, args) {
    expectArgs('get', args, 2);
    if (!isMap(target)) return fail(`get() of ${typeOf(target)}`);
    const key = stringArg('get', args[0]);
    return Object.hasOwn(target, key) ? target[key]! : args[1]!;
  },
  toMillis(target, args) {
    expectArgs('toMillis', args, 0);
    if (!(target instanceof Timestamp)) return fail(`toMillis() of ${typeOf(target)}`);
    return BigInt(target.millis);
  },
};

/** Global functions the rules may call. */
export const GLOBAL_FUNCTIONS: Record<string, (args: readonly Value[]) => Value> = {
  int(args) {
    expectArgs('int', args, 1);
    const value = args[0]!;
    if (typeof value === 'bigint') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.trunc(value));
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
    return fail(`int() of ${typeOf(value)}`);
  },
  float(args) {
    expectArgs('float', args, 1);
    const value = args[0]!;
    if (isNumber(value)) return Number(value);
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
      return Number(value);
    return fail(`float() of ${typeOf(value)}`);
  },
  string(args) {
    expectArgs('string', args, 1);
    const value = args[0]!;
    if (value === null) return 'null';
    if (typeof value === 'boolean' || isNumber(value) || typeof value === 'string')
      return String(value);
    return fail(`string() of ${typeOf(value)}`);
  },
};

export const TYPE_NAMES = new Set([
  'bool',
  'int',
  'float',
  'number',
  'string',
  'list',
  'map',
  'timestamp',
]);

export function isType(value: Value, typeName: string): boolean {
  const actual = typeOf(value);
  if (typeName === 'number') return actual === 'int' || actual === 'float';
  return actual === typeName;
}
