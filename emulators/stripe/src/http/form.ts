import { paramError } from './errors';

/** A decoded request parameter: Stripe's bracket encoding yields strings, hashes and arrays. */
export type FormValue = string | FormHash | FormValue[];
export interface FormHash {
  [key: string]: FormValue;
}

interface Branch {
  children: Map<string, Node>;
  appended: number;
}
type Node = { leaf: string } | Branch;

const INDEX = /^(0|[1-9]\d*)$/;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // A stray `%` is kept literally rather than failing the whole request.
    return text;
  }
}

/** `line_items[0][price_data][currency]` → `['line_items', '0', 'price_data', 'currency']`. */
export function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const segments = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^\]]*)\]/g;
  let consumed = 0;
  for (const match of rest.matchAll(pattern)) {
    if (match.index !== consumed) return [key];
    segments.push(match[1] ?? '');
    consumed += match[0].length;
  }
  return consumed === rest.length ? segments : [key];
}

/** The bracket path of segments, as Stripe names parameters in its errors. */
export function joinKey(segments: readonly string[]): string {
  const [head = '', ...rest] = segments;
  return head + rest.map((segment) => `[${segment}]`).join('');
}

function branch(): Branch {
  return { children: new Map(), appended: 0 };
}

function insert(root: Branch, segments: string[], value: string): void {
  let node = root;
  for (let i = 0; i < segments.length; i += 1) {
    let segment = segments[i] ?? '';
    const last = i === segments.length - 1;
    if (segment === '' && i > 0) {
      segment = String(node.appended);
      node.appended += 1;
    }
    const existing = node.children.get(segment);
    if (last) {
      if (existing !== undefined && !('leaf' in existing)) {
        throw paramError(
          joinKey(segments),
          `Invalid value for ${joinKey(segments)}: expected a hash or array, got a string.`,
        );
      }
      node.children.set(segment, { leaf: value });
      return;
    }
    if (existing === undefined) {
      const next = branch();
      node.children.set(segment, next);
      node = next;
    } else if ('leaf' in existing) {
      const path = joinKey(segments.slice(0, i + 1));
      throw paramError(path, `Invalid hash: ${path} was given both as a value and as a hash.`);
    } else {
      node = existing;
    }
  }
}

function materialize(node: Node): FormValue {
  if ('leaf' in node) return node.leaf;
  const keys = [...node.children.keys()];
  if (keys.length > 0 && keys.every((key) => INDEX.test(key))) {
    // Indexed keys become an array in index order, like Stripe's `qs` decoding.
    return keys
      .map((key) => [Number(key), node.children.get(key)] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, child]) => materialize(child as Node));
  }
  const hash: FormHash = {};
  for (const [key, child] of node.children) {
    // defineProperty keeps a `__proto__` key an ordinary own property.
    Object.defineProperty(hash, key, {
      value: materialize(child),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return hash;
}

/** Decodes `application/x-www-form-urlencoded` with Stripe's nested bracket keys. */
export function parseForm(body: string): FormHash {
  const root = branch();
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = decode(rawKey);
    if (key === '') continue;
    insert(root, splitKey(key), decode(rawValue));
  }
  const result = materialize(root);
  return Array.isArray(result) || typeof result === 'string' ? {} : result;
}
