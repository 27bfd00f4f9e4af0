// State a function instance keeps per database and per class while calls on that class are in
// flight (the roster queue, the turns to read members), made on first use and dropped when done.
import type { Database } from 'firebase-admin/database';

export interface PerClass<T> {
  /** The class's state, made by `make` if there is none. */
  of(db: Database, classId: string): T;
  /** Forgets the class's state, if `state` is still the one kept (not a newer one). */
  drop(db: Database, classId: string, state: T): void;
}

export function perClass<T>(make: () => T): PerClass<T> {
  const byDb = new WeakMap<Database, Map<string, T>>();
  return {
    of(db, classId) {
      let byClass = byDb.get(db);
      if (!byClass) {
        byClass = new Map();
        byDb.set(db, byClass);
      }
      let state = byClass.get(classId);
      if (state === undefined) {
        state = make();
        byClass.set(classId, state);
      }
      return state;
    },
    drop(db, classId, state) {
      const byClass = byDb.get(db);
      if (byClass?.get(classId) === state) byClass.delete(classId);
    },
  };
}
