// The database tree: immutable nodes with structural sharing, so a write builds a new root
// cheaply and the rules see `root` (before) and `newRoot` (after) side by side.
// Semantics as in production: empty nodes do not exist, priorities vanish with their node.

import { PersistentMap } from './persistent-map';

export type Leaf = string | number | boolean;
export type Priority = string | number | null;

export interface LeafNode {
  readonly kind: 'leaf';
  readonly value: Leaf;
  readonly priority: Priority;
}

export interface ChildrenNode {
  readonly kind: 'children';
  /** Never empty: a children node without children is the empty node (null). */
  readonly children: ReadonlyMap<string, Node>;
  readonly priority: Priority;
}

export type Node = LeafNode | ChildrenNode;
/** `null` is the empty node. */
export type MaybeNode = Node | null;

export class InvalidDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidDataError';
  }
}

export function leaf(value: Leaf, priority: Priority = null): LeafNode {
  return { kind: 'leaf', value, priority };
}

export function childrenNode(
  children: ReadonlyMap<string, Node>,
  priority: Priority = null,
): MaybeNode {
  return children.size === 0 ? null : { kind: 'children', children, priority };
}

export function child(node: MaybeNode, key: string): MaybeNode {
  if (node === null || node.kind === 'leaf') return null;
  return node.children.get(key) ?? null;
}

export function getPath(node: MaybeNode, segments: readonly string[]): MaybeNode {
  let current = node;
  for (const key of segments) {
    if (current === null) return null;
    current = child(current, key);
  }
  return current;
}

export function withPriority(node: MaybeNode, priority: Priority): MaybeNode {
  if (node === null) return null;
  return { ...node, priority };
}

// Up to this many children a node copies its Map on write; larger ones switch to a persistent
// map, so a write among thousands of siblings does not copy them all.
const COPY_ON_WRITE_LIMIT = 32;

function withChild(
  children: ReadonlyMap<string, Node>,
  key: string,
  node: MaybeNode,
): ReadonlyMap<string, Node> {
  if (children instanceof PersistentMap || children.size >= COPY_ON_WRITE_LIMIT) {
    const map =
      children instanceof PersistentMap
        ? (children as PersistentMap<Node>)
        : PersistentMap.from(children);
    return node === null ? map.delete(key) : map.set(key, node);
  }
  const next = new Map(children);
  if (node === null) next.delete(key);
  else next.set(key, node);
  return next;
}

/** Returns a new root with `value` at `segments`; creates ancestors and prunes empties upward. */
export function setPath(root: MaybeNode, segments: readonly string[], value: MaybeNode): MaybeNode {
  if (segments.length === 0) return value;
  const [key, ...rest] = segments as [string, ...string[]];
  const existing =
    root !== null && root.kind === 'children' ? root.children : new Map<string, Node>();
  const replaced = setPath(existing.get(key) ?? null, rest, value);
  const next = withChild(existing, key, replaced);
  // A leaf written below keeps nothing of the leaf; its priority stays with the node.
  const priority = root === null ? null : root.priority;
  return childrenNode(next, next.size === 0 ? null : priority);
}

export function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

export function joinPath(segments: readonly string[]): string {
  return '/' + segments.join('/');
}

// Keys: non-empty, no . $ # [ ] /, no ASCII control characters.
// eslint-disable-next-line no-control-regex
const INVALID_KEY = /[.$#[\]/\u0000-\u001f\u007f]/;
export const MAX_DEPTH = 32;
export const MAX_PATH_BYTES = 768;
export const MAX_STRING_BYTES = 10 * 1024 * 1024;

export function isValidKey(key: string): boolean {
  return key.length > 0 && !INVALID_KEY.test(key);
}

export function assertValidPath(segments: readonly string[]): void {
  for (const key of segments) {
    if (!isValidKey(key)) throw new InvalidDataError(`Invalid key in path: ${JSON.stringify(key)}`);
  }
  if (segments.length > MAX_DEPTH) throw new InvalidDataError(`Path is deeper than ${MAX_DEPTH}`);
  if (Buffer.byteLength(segments.join('/'), 'utf8') > MAX_PATH_BYTES) {
    throw new InvalidDataError(`Path is longer than ${MAX_PATH_BYTES} bytes`);
  }
}

function parsePriority(raw: unknown): Priority {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  throw new InvalidDataError('Invalid .priority: must be a string, a finite number or null');
}

function parseLeaf(raw: unknown): Leaf {
  if (typeof raw === 'string') {
    if (Buffer.byteLength(raw, 'utf8') > MAX_STRING_BYTES) {
      throw new InvalidDataError('String value is larger than 10 MiB');
    }
    return raw;
  }
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) throw new InvalidDataError('Numbers must be finite');
    return raw;
  }
  if (typeof raw === 'boolean') return raw;
  throw new InvalidDataError(`Invalid value of type ${typeof raw}`);
}

/**
 * Parses incoming JSON (export format with `.value`/`.priority`, arrays as index-keyed
 * objects, `null` children skipped). Server-value placeholders (`.sv`) must have been
 * resolved before; an unresolved one is an error. `depth` is the depth of the location
 * being written, so the total depth limit can be enforced.
 */
export function fromJSON(json: unknown, depth = 0): MaybeNode {
  if (depth > MAX_DEPTH) throw new InvalidDataError(`Data is nested deeper than ${MAX_DEPTH}`);
  if (json === null || json === undefined) return null;
  if (typeof json !== 'object') return leaf(parseLeaf(json));
  const entries: [string, unknown][] = Array.isArray(json)
    ? json.map((value, index) => [String(index), value] as [string, unknown])
    : Object.entries(json as Record<string, unknown>);
  let priority: Priority = null;
  let leafValue: unknown = undefined;
  const children = new Map<string, Node>();
  for (const [key, value] of entries) {
    if (key === '.priority') {
      priority = parsePriority(value);
    } else if (key === '.value') {
      leafValue = value;
    } else if (key === '.sv') {
      throw new InvalidDataError('Unresolved server value');
    } else {
      if (!isValidKey(key)) throw new InvalidDataError(`Invalid key: ${JSON.stringify(key)}`);
      const parsed = fromJSON(value, depth + 1);
      if (parsed !== null) children.set(key, parsed);
    }
  }
  if (leafValue !== undefined && leafValue !== null) {
    if (children.size > 0) throw new InvalidDataError('.value cannot be combined with children');
    if (typeof leafValue === 'object') return withPriority(fromJSON(leafValue, depth), priority);
    return leaf(parseLeaf(leafValue), priority);
  }
  return childrenNode(children, children.size === 0 ? null : priority);
}

/** Export format: priorities as `.priority`/`.value` wrappers (wire pushes, `g`, format=export). */
export function toExport(node: MaybeNode): unknown {
  if (node === null) return null;
  if (node.kind === 'leaf') {
    return node.priority === null
      ? node.value
      : { '.value': node.value, '.priority': node.priority };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of node.children) out[key] = toExport(value);
  if (node.priority !== null) out['.priority'] = node.priority;
  return out;
}

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

/** Plain value as the SDK's `val()` gives it: no priorities, array-like objects as arrays. */
export function toPlain(node: MaybeNode): unknown {
  if (node === null) return null;
  if (node.kind === 'leaf') return node.value;
  let allIndexes = true;
  let maxIndex = -1;
  for (const key of node.children.keys()) {
    if (!ARRAY_INDEX.test(key)) {
      allIndexes = false;
      break;
    }
    maxIndex = Math.max(maxIndex, Number(key));
  }
  if (allIndexes && maxIndex < 2 * node.children.size) {
    const array: unknown[] = new Array<unknown>(maxIndex + 1).fill(null);
    for (const [key, value] of node.children) array[Number(key)] = toPlain(value);
    return array;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of node.children) out[key] = toPlain(value);
  return out;
}

export function nodesEqual(a: MaybeNode, b: MaybeNode): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.kind !== b.kind || a.priority !== b.priority) return false;
  if (a.kind === 'leaf') return a.value === (b as LeafNode).value;
  const other = (b as ChildrenNode).children;
  if (a.children.size !== other.size) return false;
  for (const [key, value] of a.children) {
    if (!nodesEqual(value, other.get(key) ?? null)) return false;
  }
  return true;
}
