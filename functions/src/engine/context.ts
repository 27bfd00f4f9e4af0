import type { Database } from 'firebase-admin/database';
import { readClass, classTitle } from './store';
import type { ClassContext } from './views';

/** The class a call is about, with what notifications call it. */
export async function classContext(db: Database, classId: string): Promise<ClassContext> {
  const cls = await readClass(db, classId);
  return { classId, cls, title: await classTitle(db, cls) };
}
