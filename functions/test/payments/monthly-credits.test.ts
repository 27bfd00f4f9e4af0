// The monthly job: repairs a subscription period whose invoice.paid never arrived, exactly once,
// and expires old credits with a ledger entry.
import { describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import { monthlyCredits as monthlyCreditsHandler } from '../../src/handlers/payments/subscriptions/monthly-credits';
import { createCheckoutSession, monthlyCredits } from '../../src/index';
import { callableRequest } from '../support/callable';
import {
  CHECKOUT_URLS,
  DAY_MS,
  createMember,
  creditsOf,
  ledgerOf,
  usePaymentsTestBed,
  valueAt,
} from './support';

const bed = usePaymentsTestBed();

describe('monthlyCredits', () => {
  it('grants a period whose invoice.paid was lost, once, and a late delivery adds nothing', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await createCheckoutSession.run(
      callableRequest({ ...CHECKOUT_URLS, kind: 'subscription' }, { uid }),
    );
    await bed.control(`checkout_sessions/${sessionId}/complete`);
    await bed.sandbox.idle();
    const subscriptionId = (await bed.stripe.checkout.sessions.retrieve(sessionId))
      .subscription as string;
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(30);

    // The renewal's deliveries are lost (nobody listens there; the sandbox gives up).
    bed.sandbox.setWebhookUrl('http://127.0.0.1:9/lost');
    await bed.control(`subscriptions/${subscriptionId}/renew`);
    await bed.sandbox.idle();
    bed.sandbox.setWebhookUrl(bed.webhookUrl);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(30);

    const first = await monthlyCreditsHandler(bed.deps);
    expect(first.repaired).toBe(1);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(60);

    // The scheduled function itself, run again: nothing more.
    await monthlyCredits.run({ scheduleTime: new Date().toISOString() });
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(60);

    const lost = bed.sandbox
      .events()
      .filter((event) => event.type === 'invoice.paid')
      .at(-1);
    await bed.control(`events/${lost?.id ?? ''}/resend`);
    await bed.sandbox.idle();
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(60);
    expect(
      Object.values(await ledgerOf(bed, uid)).filter((entry) => entry.type === 'grant'),
    ).toHaveLength(2);
  });

  it('expires credits past their expiry with a ledger entry', async () => {
    const uid = await createMember(bed);
    const now = Date.now();
    await bed.backend.db.ref(paths.user(uid)).update({
      Credits: 1,
      'credits-list': {
        old: {
          kind: 'regular',
          source: 'seed',
          grantedAt: now - 40 * DAY_MS,
          expiresAt: now - DAY_MS,
        },
        fresh: { kind: 'regular', source: 'seed', grantedAt: now, expiresAt: now + DAY_MS },
      },
    });

    const result = await monthlyCreditsHandler(bed.deps);

    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(Object.keys(await creditsOf(bed, uid))).toEqual(['fresh']);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(1);
    expect(Object.values(await ledgerOf(bed, uid))).toEqual([
      expect.objectContaining({ type: 'expire', kind: 'regular', delta: -1, creditIds: ['old'] }),
    ]);
    expect((await monthlyCreditsHandler(bed.deps)).expired).toBe(0);
  });
});
