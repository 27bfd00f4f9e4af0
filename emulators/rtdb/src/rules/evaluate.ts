// Access decisions: reads cascade top-down until a `.read` grants; writes
// need a granting `.write` on the chain and every `.validate` where the new data exists.

import { child } from '../tree/node';
import type { MaybeNode } from '../tree/node';
import { isDefaultQuery } from '../query/wire-query';
import type { WireQuery } from '../query/wire-query';
import type { CompiledExpression, EvalEnv, QueryVariable } from './compile-expression';
import type { CompiledRules, RulesNode } from './compile-rules';

/** The `auth` variable; `null` when signed out. */
export type AuthVariable = null | {
  uid?: unknown;
  provider?: unknown;
  token?: Record<string, unknown>;
  [k: string]: unknown;
};

export interface RuleContext {
  auth: AuthVariable;
  /** Server time of the request in ms (same instant as its server timestamps). */
  now: number;
}

function childRules(node: RulesNode, key: string): RulesNode | undefined {
  return node.literals.get(key) ?? node.wildcard;
}

/** The rules' `query` variable. */
export function queryVariable(q: WireQuery | undefined): QueryVariable {
  const filtered = q !== undefined && (!isDefaultQuery(q) || q.i !== undefined);
  const index = q?.i;
  const hasStart = q !== undefined && 'sp' in q;
  const hasEnd = q !== undefined && 'ep' in q;
  const isEqual =
    hasStart && hasEnd && q.sp === q.ep && q.sn === q.en && q.sin !== false && q.ein !== false;
  return {
    orderByKey: index === '.key',
    orderByValue: index === '.value',
    orderByPriority: filtered && index === undefined,
    orderByChild: index !== undefined && index !== '.key' && index !== '.value' ? index : null,
    startAt: hasStart ? (q.sp ?? null) : null,
    endAt: hasEnd ? (q.ep ?? null) : null,
    equalTo: isEqual ? (q.sp ?? null) : null,
    limitToFirst: q?.vf === 'l' ? (q.l ?? null) : null,
    limitToLast: q?.vf === 'r' ? (q.l ?? null) : null,
  };
}

/** Allowed iff some `.read` from the root down to `path` (inclusive) is true. */
export function canRead(
  rules: CompiledRules,
  root: MaybeNode,
  path: string[],
  ctx: RuleContext,
  query?: WireQuery,
): boolean {
  const queryVar = queryVariable(query);
  let node: RulesNode | undefined = rules.root;
  let data = root;
  for (let depth = 0; node !== undefined; depth++) {
    if (node.read !== undefined) {
      const env: EvalEnv = {
        auth: ctx.auth,
        now: ctx.now,
        query: queryVar,
        root,
        newRoot: root,
        path,
        depth,
        data,
        newData: null,
      };
      if (node.read(env)) return true;
    }
    const key = path[depth];
    if (key === undefined) return false;
    node = childRules(node, key);
    data = child(data, key);
  }
  return false;
}

/** A write to `x/.priority` is checked as a write at `x`. */
function nodePath(path: readonly string[]): readonly string[] {
  return path[path.length - 1] === '.priority' ? path.slice(0, -1) : path;
}

interface WriteCheck {
  readonly rules: CompiledRules;
  readonly root: MaybeNode;
  readonly newRoot: MaybeNode;
  readonly ctx: RuleContext;
  /** Chain locations already validated by an earlier key of the same update (updates only). */
  readonly validated: Set<string> | null;
}

function env(
  check: WriteCheck,
  path: readonly string[],
  depth: number,
  data: MaybeNode,
  newData: MaybeNode,
): EvalEnv {
  return {
    auth: check.ctx.auth,
    now: check.ctx.now,
    query: null,
    root: check.root,
    newRoot: check.newRoot,
    path,
    depth,
    data,
    newData,
  };
}

function passes(rule: CompiledExpression | undefined, evalEnv: EvalEnv): boolean {
  return rule === undefined || rule(evalEnv);
}

/** `.validate` of every rules node inside the written subtree where the new data exists. */
function validateSubtree(
  check: WriteCheck,
  rulesNode: RulesNode,
  path: readonly string[],
  data: MaybeNode,
  newData: MaybeNode,
): boolean {
  if (!rulesNode.validateBelow || newData === null || newData.kind === 'leaf') return true;
  const visit = (key: string, rules: RulesNode, newChild: MaybeNode): boolean => {
    if (newChild === null) return true;
    const childPath = [...path, key];
    const oldChild = child(data, key);
    return (
      passes(rules.validate, env(check, childPath, childPath.length, oldChild, newChild)) &&
      validateSubtree(check, rules, childPath, oldChild, newChild)
    );
  };
  if (rulesNode.wildcard === undefined) {
    // Only literal rules apply: visit those instead of every child of the data.
    for (const [key, rules] of rulesNode.literals) {
      if (!visit(key, rules, newData.children.get(key) ?? null)) return false;
    }
    return true;
  }
  for (const [key, newChild] of newData.children) {
    const rules = childRules(rulesNode, key);
    if (rules !== undefined && !visit(key, rules, newChild)) return false;
  }
  return true;
}

function checkWrite(check: WriteCheck, rawPath: readonly string[]): boolean {
  const path = nodePath(rawPath);
  // 1. Permission: the first granting `.write` on the chain root → path.
  let permitted = false;
  let node: RulesNode | undefined = check.rules.root;
  let data = check.root;
  let newData = check.newRoot;
  for (let depth = 0; node !== undefined && !permitted; depth++) {
    permitted = node.write !== undefined && node.write(env(check, path, depth, data, newData));
    const key = path[depth];
    if (key === undefined) break;
    node = childRules(node, key);
    data = child(data, key);
    newData = child(newData, key);
  }
  if (!permitted) return false;

  // 2. Validation on the chain (ancestors see the merged result) and inside the subtree.
  node = check.rules.root;
  data = check.root;
  newData = check.newRoot;
  for (let depth = 0; node !== undefined; depth++) {
    // Locations without new data (deletes) are not validated, nor is anything below them.
    if (newData === null) return true;
    if (node.validate !== undefined) {
      // Ancestors shared by several keys of one update see the same newRoot: check them once.
      const seen = depth === path.length ? null : check.validated;
      const chainKey = seen === null ? '' : path.slice(0, depth).join('/');
      if (seen === null || !seen.has(chainKey)) {
        if (!node.validate(env(check, path, depth, data, newData))) return false;
        seen?.add(chainKey);
      }
    }
    const key = path[depth];
    if (key === undefined) return validateSubtree(check, node, path, data, newData);
    node = childRules(node, key);
    data = child(data, key);
    newData = child(newData, key);
  }
  return true;
}

/**
 * Single-location write: `newRoot` is the whole tree after the write. Admin
 * callers skip this entirely.
 */
export function canWrite(
  rules: CompiledRules,
  root: MaybeNode,
  newRoot: MaybeNode,
  path: string[],
  ctx: RuleContext,
): boolean {
  return checkWrite({ rules, root, newRoot, ctx, validated: null }, path);
}

/**
 * Multi-location write: every `base/rel` is checked as a single write against the
 * same `newRoot`, so rules see sibling updates of the same request. All must pass.
 */
export function canUpdate(
  rules: CompiledRules,
  root: MaybeNode,
  newRoot: MaybeNode,
  base: string[],
  relPaths: string[][],
  ctx: RuleContext,
): boolean {
  const check: WriteCheck = { rules, root, newRoot, ctx, validated: new Set() };
  return relPaths.every((rel) => checkWrite(check, [...base, ...rel]));
}

/** `.indexOn` entries of the rules node matching `path` (for the no_index warning). */
export function indexOnAt(rules: CompiledRules, path: string[]): string[] {
  let node: RulesNode | undefined = rules.root;
  for (const key of path) {
    node = node === undefined ? undefined : childRules(node, key);
  }
  return node === undefined ? [] : [...node.indexOn];
}
