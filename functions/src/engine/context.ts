import type { Database } from 'firebase-admin/database';
import type { Roster, Settings, StudioClass } from '@studio/core';
import type { Mirrors } from './live';
import { readClass, classTitle, readRoster, readSettings } from './store';
import type { ClassContext } from './views';

/** The class a call is about, with what notifications call it. */
export async function classContext(db: Database, classId: string): Promise<ClassContext> {
  const cls = await readClass(db, classId);
  return { classId, cls, title: await classTitle(db, cls) };
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
  db: Database,
  classId: string,
  mirrors?: Mirrors,
): Promise<ClassCallReads> {
  const [context, settings, roster] = await Promise.all([
    classContext(db, classId),
    readSettings(db),
    readRoster(db, classId, mirrors),
  ]);
  return { context, cls: context.cls, settings, roster };
}
