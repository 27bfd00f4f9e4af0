// The admins' member directory follows the plan and the credits the webhook writes:
// a paid subscription shows as active with its credits, an admin's cancellation as ended.
import { describe, expect, it } from 'vitest';
import { paths, userDirectoryEntrySchema } from '@studio/core';
import { cancelMemberSubscription, createCheckoutSession } from '../../src/index';
import { callableRequest } from '../support/callable';
import { CHECKOUT_URLS, createMember, usePaymentsTestBed, valueAt } from './support';

const bed = usePaymentsTestBed();
const ADMIN = { uid: 'admin-1', claims: { role: 'admin' } };

async function entryOf(uid: string) {
  return userDirectoryEntrySchema
    .partial()
    .parse(await valueAt(bed, paths.userDirectoryEntry(uid)));
}

describe('the member directory and the plan', () => {
  it('shows a paid plan as active with its credits, then ended once an admin cancels it', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await createCheckoutSession.run(
      callableRequest({ ...CHECKOUT_URLS, kind: 'subscription' }, { uid }),
    );
    await bed.control(`checkout_sessions/${sessionId}/complete`);
    await bed.sandbox.idle();

    const credits = await valueAt(bed, paths.userField(uid, 'Credits'));
    expect(credits).toBeGreaterThan(0);
    expect(await entryOf(uid)).toMatchObject({ plan: 'active', credits });

    await cancelMemberSubscription.run(
      callableRequest({ uid, when: 'now', reason: 'Moved away' }, ADMIN),
    );
    await bed.sandbox.idle();

    expect(await entryOf(uid)).toMatchObject({ plan: 'ended' });
  });
});
