// Crashes without crash points in the code: a `Database` handed to the handlers in `deps.db`
// (with the studio's other instances in `deps.instances`, `hookedStudio`) that is the real admin
// SDK database, except that it tells a hook about every write before it
// is sent and after the server committed it. A hook that throws stops the call there, as a
// crash of the instance would: what was committed stays, nothing after it is written. Tests name
// a crash by the write it follows or precedes ("after the member transaction on Users/{uid}").
import type { Database, Reference } from 'firebase-admin/database';
import { openInstance, studioInstances } from '../../src/engine/instances';
import type { Instances } from '../../src/engine/instances';
import { mainOf } from './layouts';

export type WriteKind = 'transaction' | 'set' | 'update' | 'remove';

export interface Write {
  kind: WriteKind;
  /** The written location, without a leading slash (`ClassRoster/abc`). */
  path: string;
  /** Before the write is sent, or after the server committed it. */
  when: 'before' | 'after';
}

/** Told of every write; throwing abandons the call. */
export type WriteHook = (write: Write) => void | Promise<void>;

export class SimulatedCrash extends Error {
  override readonly name = 'SimulatedCrash';
}

const WRITES: ReadonlySet<string> = new Set<WriteKind>(['transaction', 'set', 'update', 'remove']);

function pathOf(ref: Reference): string {
  return ref
    .toString()
    .slice(ref.root.toString().length)
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeURIComponent)
    .join('/');
}

function hookedRef(ref: Reference, hook: WriteHook): Reference {
  return new Proxy(ref, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (typeof property === 'string' && WRITES.has(property)) {
        const kind = property as WriteKind;
        return async (...args: unknown[]) => {
          const path = pathOf(target);
          await hook({ kind, path, when: 'before' });
          const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(
            target,
            args,
          );
          await hook({ kind, path, when: 'after' });
          return result;
        };
      }
      if (property === 'child') return (child: string) => hookedRef(target.child(child), hook);
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** The real database behind `real`, with `hook` told of every write made through it. */
export function hookedDatabase(real: Database, hook: WriteHook): Database {
  return new Proxy(real, {
    get(target, property) {
      if (property === 'ref') return (path?: string) => hookedRef(target.ref(path), hook);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/**
 * The studio's default instance behind `db` (a test's layout view or the database itself) and
 * every other instance it opens, each with `hook` told of every write: what a handler is handed
 * as `deps.db` and `deps.instances`.
 */
export function hookedStudio(
  db: Database,
  hook: WriteHook,
): { db: Database; instances: Instances } {
  const main = mainOf(db);
  const hooked = hookedDatabase(main, hook);
  return {
    db: hooked,
    instances: studioInstances(hooked, (name) => hookedDatabase(openInstance(main, name), hook)),
  };
}

/** A place between two writes, named by the write next to it. */
export interface CrashPoint {
  /** The write's location: exactly this path, or a pattern matching all of it. */
  path: string | RegExp;
  /** Any kind when left out. */
  kind?: WriteKind;
  /** After the write committed (default), or just before it is sent. */
  when?: 'before' | 'after';
  /** The how-manyth matching write (default the first). */
  nth?: number;
}

function matches(point: CrashPoint, write: Write): boolean {
  if ((point.when ?? 'after') !== write.when) return false;
  if (point.kind !== undefined && point.kind !== write.kind) return false;
  return typeof point.path === 'string'
    ? point.path === write.path
    : new RegExp(`^(?:${point.path.source})$`).test(write.path);
}

/**
 * A database on which the call that reaches `point` stops there, once (`crashed()` says whether
 * it happened). `instead` runs at that place instead of the crash (e.g. a database restart).
 */
export function crashingDatabase(
  real: Database,
  point: CrashPoint,
  instead?: () => void | Promise<void>,
): { db: Database; instances: Instances; crashed: () => boolean } {
  let seen = 0;
  let reached = false;
  const { db, instances } = hookedStudio(real, async (write) => {
    if (reached || !matches(point, write)) return;
    seen += 1;
    if (seen < (point.nth ?? 1)) return;
    reached = true;
    if (instead) await instead();
    else throw new SimulatedCrash(`${point.when ?? 'after'} ${write.kind} on ${write.path}`);
  });
  return { db, instances, crashed: () => reached };
}
