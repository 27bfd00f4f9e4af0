import { dateServiceSchema, paths } from '@studio/core';
import { get, ref } from 'firebase/database';
import { callFunction, getDatabaseClient } from '../../../lib/firebase';

export interface ServerStamp {
  Ts: number;
  IP: string | null;
}

/**
 * The server writes `DateService/{uid}` (User, Ts as server time, IP) through the
 * `stampServerTime` callable, then the app reads `Ts` back from the database.
 */
export async function stampServerTime(uid: string): Promise<ServerStamp | null> {
  await callFunction('stampServerTime', {});
  const snapshot = await get(ref(await getDatabaseClient(), paths.dateService(uid)));
  const parsed = dateServiceSchema.partial().safeParse(snapshot.val());
  if (!parsed.success || parsed.data.Ts === undefined) return null;
  return { Ts: parsed.data.Ts, IP: parsed.data.IP ?? null };
}
