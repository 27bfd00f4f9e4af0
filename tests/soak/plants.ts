// Deliberate bugs, to show that the soak finds what it is for. A plant changes what a piece of
// the functions does without touching their code: it hands that piece a database on which some
// of its writes silently do nothing, exactly as if the code that makes them had been deleted.
import type { Database, Reference } from 'firebase-admin/database';
import { refPath } from '../../scripts/lib/ref-path.ts';
import { expectErrors } from './quiet.ts';

export const PLANTS = {
  /**
   * The reconciler never finishes a member's side of an interrupted booking or cancel: its
   * transactions on `Users/{uid}` abort without writing (as a repair step that returns early).
   */
  'reconciler-skips-wallet-repair': (path: string, kind: string) =>
    kind === 'transaction' && /^Users\/[^/]+$/.test(path),
} as const;
export type Plant = keyof typeof PLANTS;

export function isPlant(name: string): name is Plant {
  return Object.hasOwn(PLANTS, name);
}

function plantedRef(ref: Reference, skips: (path: string, kind: string) => boolean): Reference {
  return new Proxy(ref, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'child') return (child: string) => plantedRef(target.child(child), skips);
      if (property === 'transaction' && skips(refPath(target), 'transaction')) {
        // Aborted: the update function's answer is thrown away, nothing is written.
        return async () => ({ committed: false, snapshot: await target.get() });
      }
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** `real`, except that the writes `plant` names do nothing. */
export function plantedDatabase(real: Database, plant: Plant): Database {
  const skips = PLANTS[plant];
  // The engine reports a transaction that aborted this way ("never ran"): expected here.
  expectErrors('never ran');
  return new Proxy(real, {
    get(target, property) {
      if (property === 'ref') return (path?: string) => plantedRef(target.ref(path), skips);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
