import { onCall } from 'firebase-functions/v2/https';
import { parseInput, setUserRoleInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminAuth, adminDatabase } from '../../admin';
import { setUserRole as setUserRoleHandler } from '../../handlers/users/set-user-role';
import { userRoleChanged } from '../../logs';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';

/** `setUserRole`: admins only; sets the claim and `Users/{uid}/Admin`. */
export const setUserRole = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'setUserRole'>> =>
    runCallable('setUserRole', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(setUserRoleInput, request.data);
      const outcome = await setUserRoleHandler(
        { db: adminDatabase(), auth: adminAuth(), now: Date.now },
        { by: caller.uid, ...input },
      );
      userRoleChanged({ by: caller.uid, uid: input.uid, ...outcome });
      return {};
    }),
);
