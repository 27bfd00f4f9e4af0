// One database instance: its data tree, its rules and its live listens. Every request
// is handled synchronously from validation to the last push, so requests are applied atomically
// and in arrival order, and a write's pushes always precede its acknowledgement.
import {
  InvalidDataError,
  assertValidPath,
  fromJSON,
  getPath,
  nodesEqual,
  setPath,
  splitPath,
  toExport,
  withPriority,
} from '../tree/node';
import type { MaybeNode, Priority } from '../tree/node';
import { resolveServerValues } from '../tree/server-values';
import { isDefaultQuery, queryWindow } from '../query/index';
import type { WireQuery } from '../query/index';
import { OPEN_RULES, canRead, canUpdate, canWrite, compileRules, indexOnAt } from '../rules/index';
import type { CompiledRules, RuleContext } from '../rules/index';
import type { Principal } from './auth';
import { ListenIndex } from './listens';
import type { Impact, Listen } from './listens';
import { dataPushText, mergePushText, revokeText } from './messages';

export interface WriteOp {
  /** Path relative to the write's base; may end in `.priority`. */
  readonly rel: readonly string[];
  /** Raw JSON (export format, arrays, unresolved server values). */
  readonly json: unknown;
}

export type WriteMode = 'set' | 'merge';

interface PreparedWrite {
  readonly oldRoot: MaybeNode;
  readonly newRoot: MaybeNode;
  /** Changed node paths (a `.priority` write counts as a change of its node). */
  readonly changed: string[][];
  /** Each op's value after server-value resolution. */
  readonly resolved: unknown[];
}

export type WriteResult =
  { ok: true; resolved: unknown[] } | { ok: false; status: 'permission_denied' };

export interface NamespaceEnv {
  log(line: string): void;
  now(): number;
  /** Data or rules changed (for persistence). */
  changed(namespace: Namespace): void;
}

export const DENIED = 'Permission denied';

function parsePriority(raw: unknown): Priority {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  throw new InvalidDataError('Invalid .priority: must be a string, a finite number or null');
}

/** Validates a write target; returns the node path (without a trailing `.priority`). */
function nodePathOf(target: readonly string[]): { nodePath: string[]; isPriority: boolean } {
  const index = target.indexOf('.priority');
  if (index !== -1 && index !== target.length - 1) {
    throw new InvalidDataError('.priority is only valid as the last path segment');
  }
  const isPriority = index !== -1;
  const nodePath = isPriority ? target.slice(0, -1) : [...target];
  assertValidPath(nodePath);
  return { nodePath, isPriority };
}

export function isPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== path[i]) return false;
  return true;
}

function exportJson(node: MaybeNode): string {
  return JSON.stringify(toExport(node));
}

/** Keys of an update object (relative, possibly multi-segment paths) with their values. */
export function mergeOps(data: unknown): WriteOp[] {
  if (data === null || typeof data !== 'object')
    throw new InvalidDataError('Update data must be an object');
  const entries: [string, unknown][] = Array.isArray(data)
    ? data.map((value, index) => [String(index), value] as [string, unknown])
    : Object.entries(data as Record<string, unknown>);
  return entries.map(([key, json]) => ({ rel: splitPath(key), json }));
}

export class Namespace {
  root: MaybeNode = null;
  rules: CompiledRules = OPEN_RULES;
  /** Writes applied since the namespace was made (sets, updates, committed transactions). */
  writes = 0;
  /** The rules text as uploaded (comments kept); null while no rules were uploaded. */
  rulesText: string | null = null;
  readonly listens = new ListenIndex();
  private sweepScheduled = false;

  constructor(
    readonly name: string,
    private readonly env: NamespaceEnv,
  ) {}

  private context(principal: Principal, now: number): RuleContext {
    return { auth: principal.admin ? null : principal.auth, now };
  }

  mayRead(
    principal: Principal,
    path: readonly string[],
    query: WireQuery | null,
    now: number,
  ): boolean {
    if (principal.admin || this.rules === OPEN_RULES) return true;
    return canRead(
      this.rules,
      this.root,
      [...path],
      this.context(principal, now),
      query ?? undefined,
    );
  }

  /** Value at `path` (the window for a non-default query); `ok: false` when reading is denied. */
  read(
    principal: Principal,
    path: readonly string[],
    query: WireQuery | null,
    now: number,
  ): { ok: true; node: MaybeNode } | { ok: false } {
    if (!this.mayRead(principal, path, query, now)) return { ok: false };
    const node = getPath(this.root, path);
    return {
      ok: true,
      node: query === null || isDefaultQuery(query) ? node : queryWindow(node, query),
    };
  }

  /**
   * The index a query ordered by a child path or by value needs at `path` and the rules do not
   * declare (`.indexOn`), else null. Key and priority orderings never need one.
   */
  missingIndex(path: readonly string[], query: WireQuery | null): string | null {
    const index = query?.i;
    if (index === undefined || index === '.key') return null;
    return this.hasIndex(path, index) ? null : index;
  }

  /** Whether the rules declare `.indexOn` for `index` at `path`. */
  hasIndex(path: readonly string[], index: string): boolean {
    const wanted = index === '.value' ? index : index.split('/').filter(Boolean).join('/');
    return indexOnAt(this.rules, [...path]).some(
      (declared) =>
        (declared === '.value' ? declared : declared.split('/').filter(Boolean).join('/')) ===
        wanted,
    );
  }

  /**
   * Builds (but does not apply) a write: validates paths and data, resolves server values with
   * one `now`, and evaluates the rules unless the principal is admin. Throws InvalidDataError.
   */
  private prepare(
    principal: Principal,
    base: readonly string[],
    ops: readonly WriteOp[],
    mode: WriteMode,
    now: number,
  ): PreparedWrite | null {
    const oldRoot = this.root;
    let newRoot = oldRoot;
    const changed: string[][] = [];
    const resolved: unknown[] = [];
    const relNodePaths: string[][] = [];
    const priorityWrites: { nodePath: string[]; value: unknown }[] = [];
    for (const op of ops) {
      if (mode === 'merge' && op.rel.length === 0)
        throw new InvalidDataError('Update keys must not be empty');
      const target = [...base, ...op.rel];
      const { nodePath, isPriority } = nodePathOf(target);
      const value = resolveServerValues(op.json, now, (rel) =>
        getPath(oldRoot, [...target, ...rel]),
      );
      resolved.push(value);
      if (isPriority) priorityWrites.push({ nodePath, value });
      else newRoot = setPath(newRoot, nodePath, fromJSON(value, nodePath.length));
      changed.push(nodePath);
      relNodePaths.push(nodePath.slice(base.length));
    }
    // Priorities go last, as in the SDK, so `{"c/.priority": 5, "c/v": 1}` keeps the priority.
    for (const { nodePath, value } of priorityWrites) {
      const priority = parsePriority(value);
      const existing = getPath(newRoot, nodePath);
      // A priority on an empty location is dropped.
      if (existing !== null) newRoot = setPath(newRoot, nodePath, withPriority(existing, priority));
    }
    if (!principal.admin && this.rules !== OPEN_RULES) {
      const ctx = this.context(principal, now);
      const allowed =
        mode === 'set'
          ? canWrite(this.rules, oldRoot, newRoot, changed[0] ?? [...base], ctx)
          : canUpdate(this.rules, oldRoot, newRoot, [...base], relNodePaths, ctx);
      if (!allowed) return null;
    }
    return { oldRoot, newRoot, changed, resolved };
  }

  /** Checks a write without applying it (onDisconnect registration). Throws InvalidDataError. */
  checkWrite(
    principal: Principal,
    base: readonly string[],
    ops: readonly WriteOp[],
    mode: WriteMode,
    now: number,
  ) {
    return this.prepare(principal, base, ops, mode, now) !== null;
  }

  /** Validates, checks rules, applies and notifies listeners. Throws InvalidDataError. */
  write(
    principal: Principal,
    base: readonly string[],
    ops: readonly WriteOp[],
    mode: WriteMode,
    now: number,
  ): WriteResult {
    const prepared = this.prepare(principal, base, ops, mode, now);
    if (prepared === null) return { ok: false, status: 'permission_denied' };
    this.writes += 1;
    this.root = prepared.newRoot;
    this.env.changed(this);
    this.notify(prepared.oldRoot, prepared.newRoot, prepared.changed, now);
    return { ok: true, resolved: prepared.resolved };
  }

  /** Replaces the whole tree (import, reset, restore); listeners are notified. */
  replaceData(json: unknown): void {
    const now = this.env.now();
    const oldRoot = this.root;
    this.root = fromJSON(resolveServerValues(json, now, () => null));
    this.env.changed(this);
    this.notify(oldRoot, this.root, [[]], now);
  }

  /** Compiles and installs rules (throws RulesError and keeps the old ones on error). */
  setRules(text: string | null): void {
    this.rules = text === null ? OPEN_RULES : compileRules(text);
    this.rulesText = text;
    this.env.changed(this);
    this.recheckListens(() => true);
  }

  addListen(listen: Listen): void {
    this.listens.add(listen);
  }

  removeListen(listen: Listen): void {
    this.listens.remove(listen);
  }

  /** Re-evaluates read permission of the selected listens and revokes the denied ones. */
  recheckListens(select: (listen: Listen) => boolean): void {
    if (this.rules === OPEN_RULES) return;
    const now = this.env.now();
    const denied: Listen[] = [];
    for (const listen of this.listens.all()) {
      if (!select(listen) || listen.owner.principal.admin) continue;
      if (!this.mayRead(listen.owner.principal, listen.path, listen.query, now))
        denied.push(listen);
    }
    for (const listen of denied) this.revoke(listen);
  }

  private revoke(listen: Listen): void {
    this.listens.remove(listen);
    listen.owner.dropListen(listen);
    listen.owner.sendText(revokeText(listen.wirePath, listen.rawQuery, listen.tag !== null));
  }

  /** Reads that depend on data (`root`/`data` in `.read`) are re-checked soon after writes. */
  private scheduleSweep(): void {
    if (this.sweepScheduled) return;
    this.sweepScheduled = true;
    setImmediate(() => {
      this.sweepScheduled = false;
      this.recheckListens(() => true);
    });
  }

  /** Pushes a write's effect to every overlapping listen. */
  private notify(
    oldRoot: MaybeNode,
    newRoot: MaybeNode,
    changed: readonly string[][],
    now: number,
  ): void {
    if (this.listens.size === 0) return;
    const affected = this.listens.affected(changed);
    const texts = new Map<string, string>();
    const checkReads = this.rules !== OPEN_RULES;
    for (const [listen, impact] of affected) {
      const { principal } = listen.owner;
      if (
        checkReads &&
        !principal.admin &&
        !this.mayRead(principal, listen.path, listen.query, now)
      ) {
        this.revoke(listen);
        continue;
      }
      if (listen.tag === null) this.pushDefault(listen, impact, oldRoot, newRoot, texts);
      else this.pushTagged(listen, oldRoot, newRoot, texts);
    }
    if (checkReads) this.scheduleSweep();
  }

  private pushDefault(
    listen: Listen,
    impact: Impact,
    oldRoot: MaybeNode,
    newRoot: MaybeNode,
    texts: Map<string, string>,
  ): void {
    const path = listen.path;
    if (impact.replaced) {
      const after = getPath(newRoot, path);
      if (getPath(oldRoot, path) === after) return;
      listen.owner.sendText(
        cached(texts, `d${listen.wirePath}`, () =>
          dataPushText(listen.wirePath, exportJson(after), null),
        ),
      );
      return;
    }
    const changes = impact.below.filter(
      (rel) => getPath(oldRoot, [...path, ...rel]) !== getPath(newRoot, [...path, ...rel]),
    );
    const [single] = changes;
    if (single === undefined) return;
    if (changes.length === 1) {
      const full = [...path, ...single];
      const wirePath = '/' + full.join('/');
      listen.owner.sendText(
        cached(texts, `d${wirePath}`, () =>
          dataPushText(wirePath, exportJson(getPath(newRoot, full)), null),
        ),
      );
      return;
    }
    const key = `m${listen.wirePath}\u0000${changes.map((rel) => rel.join('/')).join('\u0000')}`;
    listen.owner.sendText(
      cached(texts, key, () => {
        const body: Record<string, unknown> = {};
        for (const rel of changes)
          body[rel.join('/')] = toExport(getPath(newRoot, [...path, ...rel]));
        return mergePushText(listen.wirePath, body);
      }),
    );
  }

  private pushTagged(
    listen: Listen,
    oldRoot: MaybeNode,
    newRoot: MaybeNode,
    texts: Map<string, string>,
  ): void {
    const after = getPath(newRoot, listen.path);
    if (getPath(oldRoot, listen.path) === after || listen.query === null) return;
    const window = queryWindow(after, listen.query);
    if (nodesEqual(window, listen.lastWindow)) return;
    listen.lastWindow = window;
    const windowJson = cached(texts, `w${listen.queryKey}`, () => exportJson(window));
    listen.owner.sendText(dataPushText(listen.wirePath, windowJson, listen.tag));
  }
}

function cached(texts: Map<string, string>, key: string, build: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = build();
    texts.set(key, text);
  }
  return text;
}
