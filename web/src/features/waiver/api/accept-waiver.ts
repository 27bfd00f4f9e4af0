import { paths } from '@studio/core';
import { ref, serverTimestamp, update } from 'firebase/database';
import { getDatabaseClient } from '../../../lib/firebase';

/** ACCEPT sets `Conditions` true; `ConditionsAt` records when (server time). */
export async function acceptWaiver(uid: string): Promise<void> {
  return update(ref(await getDatabaseClient(), paths.user(uid)), {
    Conditions: true,
    ConditionsAt: serverTimestamp(),
  });
}
