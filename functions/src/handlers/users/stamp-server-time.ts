import { ServerValue } from 'firebase-admin/database';
import { dateServiceSchema, parseStored, paths } from '@studio/core';
import type { HandlerDeps } from '../../engine';

export interface StampServerTimeCommand {
  uid: string;
  ip: string;
}

export interface StampServerTimeResult {
  /** The server's clock when the write was applied, epoch ms. */
  Ts: number;
}

/**
 * Spec §7: `DateService/{uid}` gets User, Ts (server timestamp) and IP; the stored Ts is read
 * back so the app compares its clock with the database's, not with this function's.
 */
export async function stampServerTime(
  { db }: Pick<HandlerDeps, 'db'>,
  { uid, ip }: StampServerTimeCommand,
): Promise<StampServerTimeResult> {
  const path = paths.dateService(uid);
  const ref = db.ref(path);
  await ref.update({ User: uid, Ts: ServerValue.TIMESTAMP, IP: ip });
  const stored = parseStored(dateServiceSchema, (await ref.get()).val(), path);
  return { Ts: stored.Ts };
}
