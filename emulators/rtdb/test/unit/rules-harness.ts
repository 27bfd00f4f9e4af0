// Small driver for rules tests: builds trees from JSON and applies writes the way the server
// does, then asks the rules engine for a decision.

import { canRead, canUpdate, canWrite, compileRules } from '../../src/rules/index';
import type { AuthVariable, CompiledRules } from '../../src/rules/index';
import type { WireQuery } from '../../src/query/index';
import { fromJSON, getPath, setPath, splitPath, withPriority } from '../../src/tree/node';
import type { MaybeNode } from '../../src/tree/node';

export const NOW = 1_700_000_000_000;

export function rulesOf(rules: Record<string, unknown>): CompiledRules {
  return compileRules(JSON.stringify({ rules }));
}

/** Applies a set at `segments`; a trailing `.priority` sets the priority of the parent. */
function applySet(root: MaybeNode, segments: string[], value: unknown): MaybeNode {
  if (segments[segments.length - 1] === '.priority') {
    const target = segments.slice(0, -1);
    return setPath(
      root,
      target,
      withPriority(getPath(root, target), value as string | number | null),
    );
  }
  return setPath(root, segments, fromJSON(value));
}

export class Harness {
  readonly root: MaybeNode;

  constructor(
    readonly rules: CompiledRules,
    data: unknown,
  ) {
    this.root = fromJSON(data);
  }

  read(path: string, auth: AuthVariable, query?: WireQuery): boolean {
    return canRead(this.rules, this.root, splitPath(path), { auth, now: NOW }, query);
  }

  write(path: string, value: unknown, auth: AuthVariable): boolean {
    const segments = splitPath(path);
    const newRoot = applySet(this.root, segments, value);
    return canWrite(this.rules, this.root, newRoot, segments, { auth, now: NOW });
  }

  update(path: string, patch: Record<string, unknown>, auth: AuthVariable): boolean {
    const base = splitPath(path);
    const rels = Object.keys(patch).map(splitPath);
    let newRoot = this.root;
    for (const [key, value] of Object.entries(patch))
      newRoot = applySet(newRoot, [...base, ...splitPath(key)], value);
    return canUpdate(this.rules, this.root, newRoot, base, rels, { auth, now: NOW });
  }
}

export function harness(rules: Record<string, unknown>, data: unknown = null): Harness {
  return new Harness(rulesOf(rules), data);
}

export const alice: AuthVariable = {
  uid: 'alice',
  provider: 'password',
  token: { sub: 'alice', email: 'alice@example.com', email_verified: true, role: 'admin' },
};
export const bob: AuthVariable = { uid: 'bob', provider: 'anonymous', token: { sub: 'bob' } };
