import type { Roster, Settings, StudioClass } from '@studio/core';
import type { BookingDeps } from './deps';
import { instancesFor } from './deps';
import { readClass, classTitle, readRoster, readSettings } from './store';
import type { ClassContext } from './views';

/**
 * The class a call is about: where it lives (its branch's instance), the class, what
 * notifications call it, and the call's rush.
 */
export async function classContext(
  deps: Pick<BookingDeps, 'db' | 'instances' | 'rush'>,
  classId: string,
): Promise<ClassContext> {
  return classContextIn(deps, await instancesFor(deps).ofClass(classId), classId);
}

async function classContextIn(
  deps: Pick<BookingDeps, 'db' | 'rush'>,
  db: ClassContext['db'],
  classId: string,
): Promise<ClassContext> {
  const cls = await readClass(db, classId, deps.rush);
  return contextOf(deps, db, classId, cls, await classTitle(deps.db, cls, deps.rush));
}

/** The context of a class already read from instance `db` (a job walking an instance). */
export function contextOf(
  deps: Pick<BookingDeps, 'rush'>,
  db: ClassContext['db'],
  classId: string,
  cls: StudioClass,
  title: string,
): ClassContext {
  return { classId, cls, title, db, ...(deps.rush ? { rush: deps.rush } : {}) };
}

/** What a call on one class reads before it decides: the class, the settings, its roster. */
export interface ClassCallReads {
  context: ClassContext;
  cls: StudioClass;
  settings: Settings;
  roster: Roster;
}

/** The three reads every member and coach call on a class starts with, side by side. */
export async function readClassCall(
  deps: Pick<BookingDeps, 'db' | 'instances' | 'rush'>,
  classId: string,
): Promise<ClassCallReads> {
  const db = await instancesFor(deps).ofClass(classId);
  const [context, settings, roster] = await Promise.all([
    classContextIn(deps, db, classId),
    readSettings(deps.db, deps.rush),
    readRoster({ db, classId, rush: deps.rush }),
  ]);
  return { context, cls: context.cls, settings, roster };
}
