import { ServerValue } from 'firebase-admin/database';
import { dateServiceSchema, parseStored, paths } from '@studio/core';
import { NO_RATE_LIMITS } from '../../engine';
import type { HandlerDeps, RateLimiter } from '../../engine';

export interface StampServerTimeCommand {
  uid: string;
  ip: string;
}

export interface StampServerTimeResult {
  /** The server's clock when the write was applied, epoch ms. */
  Ts: number;
}

/**
 * `DateService/{uid}` gets User, Ts (server timestamp) and IP; the stored Ts is read
 * back so the app compares its clock with the database's, not with this function's.
 */
export async function stampServerTime(
  { db, limits = NO_RATE_LIMITS }: Pick<HandlerDeps, 'db'> & { limits?: RateLimiter },
  { uid, ip }: StampServerTimeCommand,
): Promise<StampServerTimeResult> {
  await limits.take(uid, 'clock');
  const path = paths.dateService(uid);
  const ref = db.ref(path);
  await ref.update({ User: uid, Ts: ServerValue.TIMESTAMP, IP: ip });
  const stored = parseStored(dateServiceSchema, (await ref.get()).val(), path);
  return { Ts: stored.Ts };
}
