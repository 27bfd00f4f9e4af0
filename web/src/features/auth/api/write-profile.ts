import { paths } from '@studio/core';
import { ref, update } from 'firebase/database';
import { getDatabaseClient } from '../../../lib/firebase';
import type { RegistrationProfile } from './auth-api';

/**
 * `update`, not `set` (decisions 004 and 020): the account-creation function fills the same
 * node, and either order must end with both writes' fields.
 */
export async function writeProfile(uid: string, profile: RegistrationProfile): Promise<void> {
  await update(ref(await getDatabaseClient(), paths.user(uid)), { ...profile });
}
