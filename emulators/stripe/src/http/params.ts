import { paramError } from './errors';
import type { FormHash, FormValue } from './form';
import { joinKey } from './form';

/**
 * Parameter decoders that fail the way Stripe does (`parameter_unknown`, `parameter_missing`,
 * `parameter_invalid_integer`, …, with the bracket path in `param`).
 * A decoder returns `undefined` when the parameter is absent and `null` when it is sent empty,
 * which Stripe reads as "unset".
 */
export type Decoder<T> = (value: FormValue | undefined, path: readonly string[]) => T;
type Shape = Record<string, Decoder<unknown>>;
export type Decoded<S extends Shape> = { [K in keyof S]: ReturnType<S[K]> };

function name(path: readonly string[]): string {
  return joinKey(path);
}

function expectScalar(value: FormValue, path: readonly string[], what: string): string {
  if (typeof value !== 'string') {
    throw paramError(name(path), `Invalid ${what}: ${name(path)} must be a single value.`);
  }
  return value;
}

export function str(options: { max?: number } = {}): Decoder<string | null | undefined> {
  return (value, path) => {
    if (value === undefined) return undefined;
    const text = expectScalar(value, path, 'string');
    if (text === '') return null;
    if (options.max !== undefined && text.length > options.max) {
      throw paramError(
        name(path),
        `Invalid string: ${text.slice(0, 40)}...; must be at most ${options.max} characters`,
      );
    }
    return text;
  };
}

export function int(
  options: { min?: number; max?: number } = {},
): Decoder<number | null | undefined> {
  return (value, path) => {
    if (value === undefined) return undefined;
    const text = expectScalar(value, path, 'integer');
    if (text === '') return null;
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      throw paramError(name(path), `Invalid integer: ${text}`, 'parameter_invalid_integer');
    }
    const number = Number(text);
    if (options.min !== undefined && number < options.min) {
      throw paramError(
        name(path),
        `Invalid integer: ${text}; must be greater than or equal to ${options.min}`,
        'parameter_invalid_integer',
      );
    }
    if (options.max !== undefined && number > options.max) {
      throw paramError(
        name(path),
        `Invalid integer: ${text}; must be less than or equal to ${options.max}`,
        'parameter_invalid_integer',
      );
    }
    return number;
  };
}

export function bool(): Decoder<boolean | null | undefined> {
  return (value, path) => {
    if (value === undefined) return undefined;
    const text = expectScalar(value, path, 'boolean');
    if (text === '') return null;
    if (text !== 'true' && text !== 'false') {
      throw paramError(name(path), `Invalid boolean: ${text}`);
    }
    return text === 'true';
  };
}

function listWords(values: readonly string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')}, or ${values[values.length - 1] ?? ''}`;
}

export function oneOf<const V extends string>(values: readonly V[]): Decoder<V | null | undefined> {
  return (value, path) => {
    if (value === undefined) return undefined;
    const text = expectScalar(value, path, 'value');
    if (text === '') return null;
    if (!(values as readonly string[]).includes(text)) {
      const field = path[path.length - 1] ?? name(path);
      throw paramError(name(path), `Invalid ${field}: must be one of ${listWords(values)}`);
    }
    return text as V;
  };
}

/** The parameter must be present and not empty. */
export function required<T>(decoder: Decoder<T | null | undefined>): Decoder<T> {
  return (value, path) => {
    if (value === undefined) {
      throw paramError(name(path), `Missing required param: ${name(path)}.`, 'parameter_missing');
    }
    const decoded = decoder(value, path);
    if (decoded === null || decoded === undefined) {
      const param = name(path);
      throw paramError(
        param,
        `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
        'parameter_invalid_empty',
      );
    }
    return decoded;
  };
}

function decodeHash<S extends Shape>(
  shape: S,
  value: FormHash,
  path: readonly string[],
): Decoded<S> {
  for (const key of Object.keys(value)) {
    if (!Object.prototype.hasOwnProperty.call(shape, key)) {
      const param = name([...path, key]);
      throw paramError(param, `Received unknown parameter: ${param}`, 'parameter_unknown');
    }
  }
  const result: Record<string, unknown> = {};
  for (const [key, decoder] of Object.entries(shape)) {
    result[key] = decoder(value[key], [...path, key]);
  }
  return result as Decoded<S>;
}

export function hash<S extends Shape>(shape: S): Decoder<Decoded<S> | null | undefined> {
  return (value, path) => {
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (typeof value === 'string' || Array.isArray(value)) {
      throw paramError(name(path), `Invalid object`);
    }
    return decodeHash(shape, value, path);
  };
}

export function list<T>(item: Decoder<T>): Decoder<T[] | null | undefined> {
  return (value, path) => {
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (!Array.isArray(value)) throw paramError(name(path), `Invalid array`);
    return value.map((element, index) => item(element, [...path, String(index)]));
  };
}

/** A metadata patch: `null` clears every key, a `null` value unsets one key. */
export type MetadataPatch = Record<string, string | null> | null | undefined;

export function metadata(): Decoder<MetadataPatch> {
  return (value, path) => {
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (typeof value === 'string' || Array.isArray(value)) {
      throw paramError(name(path), `Invalid object`);
    }
    const patch: Record<string, string | null> = {};
    for (const [key, entry] of Object.entries(value)) {
      const param = name([...path, key]);
      if (typeof entry !== 'string') {
        throw paramError(param, `Invalid value for ${param}: metadata values must be strings.`);
      }
      if (key.length > 40) {
        throw paramError(param, `Metadata keys can have a maximum length of 40 characters.`);
      }
      if (entry.length > 500) {
        throw paramError(param, `Metadata values can have a maximum length of 500 characters.`);
      }
      patch[key] = entry === '' ? null : entry;
    }
    return patch;
  };
}

/** Applies a metadata patch and enforces Stripe's 50-key limit. */
export function applyMetadata(
  current: Record<string, string>,
  patch: MetadataPatch,
  param = 'metadata',
): Record<string, string> {
  if (patch === undefined) return current;
  const next: Record<string, string> = patch === null ? {} : { ...current };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > 50) {
    throw paramError(param, 'You can have up to 50 metadata keys.');
  }
  return next;
}

/** Decodes a whole request: `expand[]` is accepted by every endpoint. */
export function params<S extends Shape>(
  shape: S,
): (form: FormHash) => Decoded<S> & { expand: string[] } {
  const withExpand = { ...shape, expand: list(required(str())) };
  return (form) => {
    const decoded = decodeHash(withExpand, form, []);
    return { ...decoded, expand: decoded.expand ?? [] };
  };
}

/** `limit`, `starting_after` and `ending_before`, shared by every list endpoint. */
export const pagination = {
  limit: int({ min: 1, max: 100 }),
  starting_after: str(),
  ending_before: str(),
};
