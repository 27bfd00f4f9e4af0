// Server-value placeholders, resolved on the raw JSON before it becomes a node.

import { InvalidDataError } from './node';
import type { MaybeNode } from './node';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolvePlaceholder(sv: unknown, now: number, existing: () => number | null): number {
  if (sv === 'timestamp') return now;
  if (isPlainObject(sv)) {
    const keys = Object.keys(sv);
    const delta = sv.increment;
    if (keys.length === 1 && typeof delta === 'number' && Number.isFinite(delta)) {
      const current = existing();
      return current === null ? delta : current + delta;
    }
  }
  throw new InvalidDataError(`Invalid server value: ${JSON.stringify(sv)}`);
}

function existingNumber(node: MaybeNode): number | null {
  return node !== null && node.kind === 'leaf' && typeof node.value === 'number'
    ? node.value
    : null;
}

function existingPriority(node: MaybeNode): number | null {
  return node !== null && typeof node.priority === 'number' ? node.priority : null;
}

function resolve(
  json: unknown,
  rel: string[],
  now: number,
  existingAt: (relSegments: string[]) => MaybeNode,
): unknown {
  if (typeof json !== 'object' || json === null) return json;
  if (Array.isArray(json)) {
    let changed: unknown[] | null = null;
    json.forEach((item, index) => {
      const resolved = resolve(item, [...rel, String(index)], now, existingAt);
      if (resolved !== item) {
        changed ??= [...(json as unknown[])];
        changed[index] = resolved;
      }
    });
    return changed ?? json;
  }
  const object = json as Record<string, unknown>;
  if ('.sv' in object) {
    const value = resolvePlaceholder(object['.sv'], now, () => existingNumber(existingAt(rel)));
    const others = Object.keys(object).filter((key) => key !== '.sv');
    if (others.length === 0) return value;
    if (others.length === 1 && others[0] === '.priority') {
      // The SDK allows a priority next to a placeholder: `{".sv": …, ".priority": p}`.
      return {
        '.value': value,
        '.priority': resolvePriority(object['.priority'], rel, now, existingAt),
      };
    }
    throw new InvalidDataError('A server value cannot have other keys');
  }
  let changed: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(object)) {
    const resolved =
      key === '.priority'
        ? resolvePriority(value, rel, now, existingAt)
        : key === '.value'
          ? resolve(value, rel, now, existingAt)
          : resolve(value, [...rel, key], now, existingAt);
    if (resolved !== value) {
      changed ??= { ...object };
      changed[key] = resolved;
    }
  }
  return changed ?? object;
}

/** A `.priority` value: a placeholder there increments the node's current priority. */
function resolvePriority(
  value: unknown,
  rel: string[],
  now: number,
  existingAt: (relSegments: string[]) => MaybeNode,
): unknown {
  if (isPlainObject(value) && '.sv' in value) {
    if (Object.keys(value).length !== 1)
      throw new InvalidDataError('A server value cannot have other keys');
    return resolvePlaceholder(value['.sv'], now, () => existingPriority(existingAt(rel)));
  }
  return value;
}

/**
 * Replaces `{".sv":"timestamp"}` with `now` and `{".sv":{"increment":n}}` with the number
 * stored at that location (before this request) plus n, or n when there is no number there.
 * `existingAt` gets the placeholder's location relative to the written one. Returns the input
 * itself when it holds no placeholder. Anything else under `.sv` throws InvalidDataError.
 */
export function resolveServerValues(
  json: unknown,
  now: number,
  existingAt: (relSegments: string[]) => MaybeNode,
): unknown {
  return resolve(json, [], now, existingAt);
}
