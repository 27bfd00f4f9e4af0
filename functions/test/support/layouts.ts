// The two layouts a studio's data can have (docs/scaling.md#a-chain-of-studios): everything in
// one database instance, or the branch's classes in an instance of their own with members and
// credits in the default one. `STUDIO_LAYOUT=two-instances` runs a suite on the second (the
// `functions-instances` project); the suites are the same, because the test reads and seeds the
// studio through `layoutDatabase`, which sends each path to the instance that holds it, while the
// handlers find their instances themselves (`Branches/{id}/databaseInstance`,
// `ClassBranches/{classId}`).
import type { Database, DataSnapshot, Reference } from 'firebase-admin/database';
import { isBranchPath, paths, ROOTS } from '@studio/core';
import { openInstance } from '../../src/engine/instances';
import type { Rush } from '../../src/engine/rush';
import { releaseRush } from '../../src/engine/rush/index';

export type Layout = 'one-instance' | 'two-instances';

export const LAYOUT: Layout =
  process.env['STUDIO_LAYOUT'] === 'two-instances' ? 'two-instances' : 'one-instance';

/** The branch instance of the two-instance layout (an emulator namespace). */
export const BRANCH_INSTANCE = 'demo-studio-centro';

/** What a branch record names under this layout. */
export function branchPlacement(): { databaseInstance?: string } {
  return LAYOUT === 'two-instances' ? { databaseInstance: BRANCH_INSTANCE } : {};
}

/** What seeding a class of `branchId` writes beside it in the default instance. */
export function classPlacement(classId: string, branchId: string): Record<string, unknown> {
  return LAYOUT === 'two-instances' ? { [paths.classBranch(classId)]: branchId } : {};
}

/**
 * The rush machinery the handlers get in a test: the callables' (`releaseRush`), or none with
 * `STUDIO_RUSH=off` (the `functions-plain` project), which proves the engine correct without it.
 */
export function testRush(): Rush | undefined {
  return process.env['STUDIO_RUSH'] === 'off' ? undefined : releaseRush;
}

const mains = new WeakMap<Database, Database>();
const views = new WeakMap<Database, Database>();

/** The default instance behind a layout view (the view itself in the one-instance layout). */
export function mainOf(db: Database): Database {
  return mains.get(db) ?? db;
}

function normal(path: string | undefined): string {
  return (path ?? '').replace(/^\/+|\/+$/g, '');
}

/** Merges two JSON trees whose leaves never overlap (the two instances' data). */
export function merge(a: unknown, b: unknown): unknown {
  if (a === null || a === undefined) return b ?? null;
  if (b === null || b === undefined) return a;
  if (typeof a !== 'object' || typeof b !== 'object') return b;
  const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
  for (const [key, value] of Object.entries(b as Record<string, unknown>))
    out[key] = merge(out[key], value);
  return out;
}

function snapshotOf(value: unknown, key: string | null): DataSnapshot {
  return {
    val: () => value,
    exists: () => value !== null,
    key,
  } as unknown as DataSnapshot;
}

/**
 * A reference read from both instances (the root, `Notifications`): `get` merges them, writes
 * at the root are split by path, anything else goes to the default instance.
 */
function mergedRef(main: Database, branch: Database, path: string): Reference {
  const at = (db: Database) => (path === '' ? db.ref() : db.ref(path));
  const mainRef = at(main);
  return new Proxy(mainRef, {
    get(target, property) {
      if (property === 'get' || property === 'once')
        return async () => {
          const [a, b] = await Promise.all([at(main).get(), at(branch).get()]);
          return snapshotOf(merge(a.val(), b.val()), target.key);
        };
      if (property === 'update' && path === '')
        return async (values: Record<string, unknown>) => {
          const mine: Record<string, unknown> = {};
          const theirs: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(values))
            (isBranchPath(key) ? theirs : mine)[key] = value;
          await Promise.all([main.ref().update(mine), branch.ref().update(theirs)]);
        };
      if (property === 'child')
        return (child: string) => routedRef(main, branch, path === '' ? child : `${path}/${child}`);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

function routedRef(main: Database, branch: Database, raw: string | undefined): Reference {
  const path = normal(raw);
  if (path === '' || path === ROOTS.notifications || path.startsWith(`${ROOTS.notifications}/`))
    return mergedRef(main, branch, path);
  return (isBranchPath(path) ? branch : main).ref(path);
}

/**
 * The studio as a test sees it: one database in the one-instance layout; in the two-instance
 * layout a view over both instances that reads and writes each path where it lives (the root
 * and `Notifications` read merged from both).
 */
export function layoutDatabase(main: Database): Database {
  if (LAYOUT === 'one-instance') return main;
  const known = views.get(main);
  if (known) return known;
  const branch = openInstance(main, BRANCH_INSTANCE);
  const view = new Proxy(main, {
    get(target, property) {
      if (property === 'ref') return (path?: string) => routedRef(main, branch, path);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  mains.set(view, main);
  views.set(main, view);
  return view;
}

/**
 * Nodes found in the wrong instance of the two-instance layout: class nodes in the default
 * instance, anything but class nodes in the branch's. Empty in the one-instance layout.
 */
export async function misplacedNodes(main: Database): Promise<string[]> {
  if (LAYOUT === 'one-instance') return [];
  const branch = openInstance(main, BRANCH_INSTANCE);
  const keys = async (db: Database) =>
    Object.keys(((await db.ref().get()).val() as Record<string, unknown> | null) ?? {});
  const [inMain, inBranch] = await Promise.all([keys(main), keys(branch)]);
  return [
    ...inMain
      .filter((root) => isBranchPath(root) && root !== ROOTS.notifications)
      .map((root) => `default instance: ${root}`),
    ...inBranch.filter((root) => !isBranchPath(root)).map((root) => `branch instance: ${root}`),
  ];
}
