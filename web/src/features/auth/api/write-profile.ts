import { ref, update } from 'firebase/database';
import { paths } from '@studio/core';
import { STUDIO_BRANCH } from '../../../config/studio';
import { getDatabaseClient } from '../../../lib/firebase';
import { profileUpdate } from '../../../lib/profile-update';
import type { RegistrationProfile } from './auth-api';

/**
 * `update`, not `set` (docs/architecture/roles-and-rules.md#what-a-client-may-write and
 * docs/decisions/020-auth-bootstrap-trigger.md): the account-creation function fills the same
 * node, and either order must end with both writes' fields. The same update mirrors the profile
 * into the admins' member directory (lib/profile-update.ts) and gives the member this site's
 * branch as their home (docs/decisions/175-member-home-branch.md).
 */
export async function writeProfile(uid: string, profile: RegistrationProfile): Promise<void> {
  await update(ref(await getDatabaseClient()), {
    ...profileUpdate(uid, profile),
    [paths.userField(uid, 'homeBranch')]: STUDIO_BRANCH,
  });
}
