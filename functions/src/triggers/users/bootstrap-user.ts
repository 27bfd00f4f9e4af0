import * as functionsV1 from 'firebase-functions/v1';
import { adminDatabase } from '../../admin';
import { bootstrapUser as bootstrapUserHandler } from '../../handlers/users/bootstrap-user';
import { authTriggerFailed, userBootstrapped } from '../../logs';
import { MAX_INSTANCES, REGION } from '../callable';

/**
 * Seeds `Users/{uid}` (and `Reports/{uid}` when there is no Name) for every new account.
 * A v1 trigger: Cloud Functions v2 has no non-blocking "user created" event, and the Functions
 * emulator fires this one from the Auth emulator (docs/decisions/020-auth-bootstrap-trigger.md).
 */
export const bootstrapUser = functionsV1
  .region(REGION)
  // Retried on failure: the handler is idempotent, and a member without a profile is stuck.
  .runWith({ failurePolicy: true, maxInstances: MAX_INSTANCES.authTrigger })
  .auth.user()
  .onCreate(async (user) => {
    try {
      const result = await bootstrapUserHandler({ db: adminDatabase(), now: Date.now }, user);
      userBootstrapped({ uid: user.uid, ...result });
    } catch (error) {
      authTriggerFailed({ fn: 'bootstrapUser', uid: user.uid, error });
      throw error;
    }
  });
