import { paths } from '@studio/core';
import { ref, update } from 'firebase/database';
import { getDatabaseClient } from '../../../lib/firebase';

/** `LastSeen`: the server-hour string, written after the details load. */
export async function updateLastSeen(uid: string, lastSeen: string): Promise<void> {
  return update(ref(await getDatabaseClient(), paths.user(uid)), { LastSeen: lastSeen });
}
