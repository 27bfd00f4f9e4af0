// Which database instance a call reaches (docs/scaling.md#a-chain-of-studios): members, credits
// and everything else in the default instance; a branch that names `databaseInstance` keeps its
// classes, rosters, class views, attendance and class notifications in that instance. A class is
// found through `ClassBranches/{classId}` in the default instance (written with the class), its
// branch through `Branches/{branchId}/databaseInstance`; both are looked up once a minute at most.
import type { Database } from 'firebase-admin/database';
import { getDatabaseWithUrl } from 'firebase-admin/database';
import { branchInstances, branchSchema, instanceUrl, keySchema, paths } from '@studio/core';

export interface Instances {
  /** The default instance: members, credits, plans, payments, mail, catalogue, settings. */
  readonly main: Database;
  /** The instance holding `branchId`'s classes. */
  ofBranch(branchId: string): Promise<Database>;
  /** The instance holding class `classId` (the default one for a class it does not know). */
  ofClass(classId: string): Promise<Database>;
  /** Every instance holding classes, the default one first. */
  all(): Promise<Database[]>;
}

/** How long a lookup is trusted: a branch's instance changes only when it is moved. */
const LOOKUP_TTL_MS = 60_000;
const MAX_CACHED_CLASSES = 20_000;

interface Cached<T> {
  value: Promise<T>;
  at: number;
}

function cache<K, T>(load: (key: K) => Promise<T>, max = Number.POSITIVE_INFINITY) {
  const entries = new Map<K, Cached<T>>();
  return (key: K): Promise<T> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < LOOKUP_TTL_MS) return hit.value;
    if (entries.size >= max) entries.clear();
    const value = load(key);
    entries.set(key, { value, at: now });
    // A failed lookup is not kept: the next call asks again.
    value.catch(() => entries.delete(key));
    return value;
  };
}

/** Opens instance `name` of `main`'s project, in its region (core's `instanceUrl`). */
export function openInstance(main: Database, name: string): Database {
  const url = main.app.options.databaseURL;
  if (url === undefined) throw new Error('the default database has no URL');
  return getDatabaseWithUrl(instanceUrl(url, name), main.app);
}

/**
 * The studio's instances around `main`. `open` makes the database of an instance name (tests
 * wrap it, to stop a call between two writes in any instance).
 */
export function studioInstances(
  main: Database,
  open: (name: string) => Database = (name) => openInstance(main, name),
): Instances {
  const opened = new Map<string, Database>();
  const database = (name: string | null | undefined): Database => {
    if (name === null || name === undefined) return main;
    let db = opened.get(name);
    if (!db) {
      db = open(name);
      opened.set(name, db);
    }
    return db;
  };
  const branchInstance = cache(async (branchId: string) => {
    const stored: unknown = (
      await main.ref(paths.branch(branchId)).child('databaseInstance').get()
    ).val();
    return branchSchema.shape.databaseInstance.parse(stored ?? undefined) ?? null;
  });
  const classBranch = cache(async (classId: string) => {
    const stored: unknown = (await main.ref(paths.classBranch(classId)).get()).val();
    return stored === null ? null : keySchema.parse(stored);
  }, MAX_CACHED_CLASSES);
  const allNames = cache(async (_all: 'all') => {
    const stored: unknown = (await main.ref(paths.branches()).get()).val();
    const branches: Record<string, { databaseInstance?: string }> = {};
    if (typeof stored === 'object' && stored !== null)
      for (const [id, value] of Object.entries(stored)) {
        const branch = branchSchema.safeParse(value);
        if (branch.success) branches[id] = branch.data;
      }
    return branchInstances(branches);
  });
  const ofBranch = async (branchId: string) => database(await branchInstance(branchId));
  return {
    main,
    ofBranch,
    async ofClass(classId) {
      const branchId = await classBranch(classId);
      return branchId === null ? main : ofBranch(branchId);
    },
    async all() {
      return [main, ...(await allNames('all')).map(database)];
    },
  };
}

const defaults = new WeakMap<Database, Instances>();

/** The instances of `db`'s project as the deployed functions open them (one set per database). */
export function instancesOf(db: Database): Instances {
  let instances = defaults.get(db);
  if (!instances) {
    instances = studioInstances(db);
    defaults.set(db, instances);
  }
  return instances;
}
