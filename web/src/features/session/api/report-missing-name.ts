import { paths } from '@studio/core';
import { ref, update } from 'firebase/database';
import { getDatabaseClient } from '../../../lib/firebase';

/** `Reports/{uid}` is created when a signed-in user has no Name. */
export async function reportMissingName(uid: string): Promise<void> {
  return update(ref(await getDatabaseClient(), paths.report(uid)), { Uid: uid });
}
