// Per-connection queue of onDisconnect writes. It mirrors the SDK's own sparse
// snapshot tree, so what the server runs at disconnect matches what the client expects:
// a write below a queued value updates that value, and a cancel below a queued value splits it
// into its children and drops the cancelled part (siblings still fire).

export interface PendingWrite {
  readonly path: string[];
  /** Raw JSON as received; server values stay unresolved until the write runs. */
  readonly data: unknown;
}

interface QueueNode {
  /** undefined = nothing queued here; null = a queued remove. */
  value: unknown;
  children: Map<string, QueueNode>;
}

function emptyNode(): QueueNode {
  return { value: undefined, children: new Map() };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** True for JSON the SDK would hold as a leaf: primitives, `.value` wrappers and server values. */
function isLeafJson(value: unknown): boolean {
  if (value === null) return false;
  if (Array.isArray(value)) return false;
  if (!isPlainObject(value)) return true;
  return '.sv' in value || ('.value' in value && value['.value'] !== null);
}

/** Children of a queued JSON value (arrays are index-keyed objects; `.priority` is not a child). */
function childEntries(value: unknown): [string, unknown][] {
  if (Array.isArray(value))
    return value.map((item, index) => [String(index), item] as [string, unknown]);
  if (!isPlainObject(value)) return [];
  return Object.entries(value).filter(([key, item]) => key !== '.priority' && item !== null);
}

/** Returns `value` with `data` written at `path` below it, like the SDK's Node.updateChild. */
function updateChildJson(value: unknown, path: readonly string[], data: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return data;
  const base: Record<string, unknown> = {};
  if (isLeafJson(value)) {
    if (isPlainObject(value) && '.priority' in value) base['.priority'] = value['.priority'];
  } else {
    for (const [childKey, item] of childEntries(value)) base[childKey] = item;
    if (isPlainObject(value) && '.priority' in value) base['.priority'] = value['.priority'];
  }
  const updated = updateChildJson(base[key] ?? null, rest, data);
  if (updated === null) delete base[key];
  else base[key] = updated;
  return base;
}

function remember(node: QueueNode, path: readonly string[], data: unknown): void {
  if (path.length === 0) {
    node.value = data;
    node.children.clear();
    return;
  }
  if (node.value !== undefined) {
    node.value = updateChildJson(node.value, path, data);
    return;
  }
  const [key, ...rest] = path as [string, ...string[]];
  let next = node.children.get(key);
  if (next === undefined) {
    next = emptyNode();
    node.children.set(key, next);
  }
  remember(next, rest, data);
}

/** Returns true when `node` holds nothing any more (so the parent may drop it). */
function forget(node: QueueNode, path: readonly string[]): boolean {
  if (path.length === 0) {
    node.value = undefined;
    node.children.clear();
    return true;
  }
  if (node.value !== undefined) {
    // A leaf has nothing below it to cancel (the SDK keeps it too).
    if (isLeafJson(node.value)) return false;
    const value = node.value;
    node.value = undefined;
    for (const [key, item] of childEntries(value)) remember(node, [key], item);
    return forget(node, path);
  }
  if (node.children.size === 0) return true;
  const [key, ...rest] = path as [string, ...string[]];
  const next = node.children.get(key);
  if (next !== undefined && forget(next, rest)) node.children.delete(key);
  return node.children.size === 0;
}

export class OnDisconnectQueue {
  private readonly root = emptyNode();

  /** `o`: queue a set (or remove, with null) at `path`. */
  set(path: readonly string[], data: unknown): void {
    remember(this.root, path, data);
  }

  /** `om`: queue each key of an update (keys are relative paths, possibly multi-segment). */
  update(path: readonly string[], children: ReadonlyArray<readonly [string[], unknown]>): void {
    for (const [relative, data] of children) remember(this.root, [...path, ...relative], data);
  }

  /** `oc`: drop everything queued at or below `path`, including that part of an ancestor entry. */
  cancel(path: readonly string[]): void {
    forget(this.root, path);
  }

  clear(): void {
    forget(this.root, []);
  }

  /** The queued writes; their paths never overlap. */
  entries(): PendingWrite[] {
    const out: PendingWrite[] = [];
    const visit = (node: QueueNode, path: string[]): void => {
      if (node.value !== undefined) {
        out.push({ path, data: node.value });
        return;
      }
      for (const [key, next] of node.children) visit(next, [...path, key]);
    };
    visit(this.root, []);
    return out;
  }

  get isEmpty(): boolean {
    return this.root.value === undefined && this.root.children.size === 0;
  }
}
