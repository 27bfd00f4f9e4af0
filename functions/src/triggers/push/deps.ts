// The deployed push domain's dependencies: the database, the clock, the pusher from the
// environment and the VAPID secret, which only the sending functions bind.
import { adminDatabase } from '../../admin';
import type { PushDeps } from '../../handlers/push/deps';
import { pusherFromEnv, VAPID_PRIVATE_KEY } from './config';

export function pushDeps(): PushDeps {
  return {
    db: adminDatabase(),
    now: Date.now,
    pusher: pusherFromEnv(process.env, VAPID_PRIVATE_KEY.value() || undefined),
  };
}
