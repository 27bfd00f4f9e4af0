import { paths } from '@studio/core';
import { ref, update } from 'firebase/database';
import { getDatabaseClient } from '../../../lib/firebase';
import type { RegistrationProfile } from './auth-api';

/**
 * `update`, not `set` (docs/architecture/roles-and-rules.md#what-a-client-may-write and
 * docs/decisions/020-auth-bootstrap-trigger.md): the account-creation function fills the same
 * node, and either order must end with both writes' fields.
 */
export async function writeProfile(uid: string, profile: RegistrationProfile): Promise<void> {
  await update(ref(await getDatabaseClient(), paths.user(uid)), { ...profile });
}
