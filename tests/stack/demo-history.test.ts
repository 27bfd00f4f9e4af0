// The demo studio's past as `npm start` writes it (scripts/lib/demo-history.ts), on the shared
// local stack: eight weeks through the functions that hold together as a real studio's would —
// every booking invariant at rest, each member's history after the day they joined, every
// payment granted once through the webhook's own handler, WELCOME10 within its limit and kept by
// the member the journeys sign in as, members on the membership plans, no e-mail for the past,
// insights with figures for it, and a pay rate for every class taught.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingInvariantViolations,
  classSchema,
  coachPayRateSchema,
  formatDate,
  isRecord,
  membershipSchema,
  paymentSchema,
  rateFor,
  userClassSchema,
} from '@studio/core';
import { seedDemoData } from '../../scripts/lib/seed.ts';
import { useJourney } from '../support/journey.ts';

const journey = useJourney();

type Raw = Record<string, unknown>;
const record = (value: unknown): Raw => (isRecord(value) ? value : {});

describe("the demo studio's past", () => {
  it('is eight weeks that hold together, written through the functions', async () => {
    const started = Date.now();
    const written = await seedDemoData(started, {
      history: { sandboxUrl: journey.stack.stripe.url },
    });
    expect(written?.classes).toBeGreaterThan(100);
    expect(written?.bookings).toBeGreaterThan(500);
    const root = record(await journey.read(''));

    expect(bookingInvariantViolations(root, { nowMs: Date.now(), quiescent: true })).toEqual([]);

    // Every class taught before now has a pay rate in effect, so the pay report has figures.
    const rates = record(root['CoachPayRates']);
    const ratesOf = (coach: string) =>
      Object.fromEntries(
        Object.entries(record(rates[coach])).map(([id, rate]) => [
          id,
          coachPayRateSchema.parse(rate),
        ]),
      );
    const unpaid = Object.values(record(root['Classes']))
      .map((stored) => classSchema.parse(stored))
      .filter((cls) => cls.startsAt < started)
      .filter((cls) => rateFor(ratesOf(cls.coach), cls.exercise, cls.date) === null);
    expect(Object.keys(rates).sort()).toEqual(['carlos', 'diego', 'lucia', 'valeria']);
    expect(unpaid).toEqual([]);

    // Nobody's history starts before they joined.
    const directory = record(root['UserDirectory']);
    const userClasses = record(root['UserClasses']);
    let members = 0;
    for (const [uid, entries] of Object.entries(userClasses)) {
      const joined = record(directory[uid])['createdAt'];
      if (typeof joined !== 'number') continue;
      members += 1;
      for (const entry of Object.values(record(entries))) {
        const startsAt = userClassSchema.parse(entry).startsAt;
        expect({ uid, before: startsAt < joined }).toEqual({ uid, before: false });
      }
      for (const credit of Object.values(
        record(record(record(root['Users'])[uid])['credits-list']),
      ))
        expect(record(credit)['grantedAt']).toBeGreaterThanOrEqual(joined);
    }
    expect(members).toBeGreaterThan(40);

    // Every payment came through the webhook: one per Stripe checkout or invoice, paid.
    const payments = Object.values(record(root['Payments'])).map((p) => paymentSchema.parse(p));
    expect(payments.length).toBeGreaterThan(40);
    expect(payments.every((p) => p.status === 'paid')).toBe(true);
    const events = Object.keys(record(root['StripeEvents']));
    expect(events.length).toBeGreaterThan(payments.length);

    // WELCOME10: used, once per member at most, never by the member the journeys sign in as.
    const coupon = payments.filter((p) => p.coupon === 'WELCOME10');
    expect(coupon.length).toBeGreaterThan(3);
    expect(new Set(coupon.map((p) => p.uid)).size).toBe(coupon.length);
    expect(coupon.map((p) => p.uid)).not.toContain('demo-member');

    // The past sent no e-mail (its mail would have gone out back then); the stack's own
    // scheduled mails of today may be there.
    const mailFromThePast = Object.entries(record(root['MailOutbox'])).filter(
      ([, entry]) => Number(record(entry)['createdAt']) < started,
    );
    expect(mailFromThePast).toEqual([]);

    // The insights have every past day up to yesterday, with classes and revenue in them.
    const days = record(record(root['Insights'])['days']);
    const yesterday = addDays(formatDate(Date.now()), -1);
    expect(Object.keys(days)).toContain(yesterday);
    const withClasses = Object.values(days).filter(
      (day) => Object.keys(record(record(day)['classes'])).length > 0,
    );
    expect(withClasses.length).toBeGreaterThan(40);

    // Members on the membership plans, through the checkout and the webhook, running today, with
    // renewals paid and the insights counting them.
    const memberships = Object.values(record(root['Memberships'])).map((m) =>
      membershipSchema.parse(m),
    );
    expect(memberships.filter((m) => m.status === 'active').length).toBeGreaterThanOrEqual(7);
    expect(new Set(memberships.map((m) => m.planId)).size).toBe(3);
    expect(memberships.every((m) => m.source === 'stripe')).toBe(true);
    expect(payments.filter((p) => p.kind === 'plan').length).toBeGreaterThan(memberships.length);
    const planFigures = Object.values(record(record(days[yesterday])['plans']));
    expect(
      planFigures.reduce((sum: number, figures) => sum + Number(record(figures)['members']), 0),
    ).toBeGreaterThanOrEqual(7);

    // The demo members have classes behind them and credits to book with today.
    const users = record(root['Users']);
    for (const uid of [
      'demo-member',
      ...Array.from({ length: 19 }, (_, i) => `demo-member${i + 2}`),
    ])
      expect({ uid, enough: Number(record(users[uid])['Credits']) >= 3 }).toEqual({
        uid,
        enough: true,
      });
    expect(Object.keys(record(userClasses['demo-member'])).length).toBeGreaterThan(5);
  }, 300_000);
});
