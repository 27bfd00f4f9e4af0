// Stripe's migration mapping in an import, against the database emulator, the Auth emulator and
// the Stripe sandbox (with the real webhook behind it): a member whose old customer id the mapping
// names gets that Stripe customer, and their membership a Stripe subscription in a trial to the
// next billing date (nothing charged before), which the webhook makes their plan; a member without
// a card keeps the imported plan to its paid period's end. A run again makes no second
// subscription; bad mapping rows are explained and write nothing; a dry run writes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate, mailOutboxIds, paths, toEpoch } from '@studio/core';
import { importedUid, type ImportEntity, type ImportRowsInput } from '@studio/core/import';
import { finishImport, importRows, startImport } from '../../src/handlers/import/steps';
import type { ImportDeps, RowResult } from '../../src/handlers/import/run';
import { openPlanCheckout } from '../../src/handlers/plans/plan-checkout';
import { runPlanJobs } from '../../src/handlers/plans/plan-jobs';
import { startPaymentsTestBed, type PaymentsTestBed } from '../payments/support';

let bed: PaymentsTestBed;
const PLAN = 'import-cards-unlimited';
const TIME_ZONE = 'America/Mexico_City';
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  bed = await startPaymentsTestBed();
  await bed.backend.db.ref(paths.plan(PLAN)).set({
    kind: 'unlimited',
    name: 'Unlimited',
    interval: 'month',
    price: 12900,
    currency: 'USD',
    active: true,
    order: 1,
  });
});
afterAll(async () => {
  await bed.stop();
});

type Rows = ImportRowsInput['rows'];

const deps = (withStripe = true): ImportDeps => ({
  db: bed.backend.db,
  auth: bed.backend.auth,
  now: Date.now,
  ...(withStripe ? { stripe: bed.stripe } : {}),
});

async function runImport(
  files: Partial<Record<ImportEntity, Rows>>,
  options: { dryRun?: boolean; withStripe?: boolean } = {},
) {
  const entities = (['members', 'cards', 'memberships'] as const).filter(
    (entity) => files[entity] !== undefined,
  );
  const d = deps(options.withStripe ?? true);
  const { runId } = await startImport(d, {
    by: 'admin-1',
    source: 'mindbody',
    dryRun: options.dryRun ?? false,
    files: entities.map((entity) => ({
      name: `${entity}.csv`,
      entity,
      rows: files[entity]?.length ?? 0,
    })),
    columns: {},
    plans: { unlimitedautopay: PLAN },
    dateOrder: 'mdy',
  });
  const results: Partial<Record<ImportEntity, RowResult[]>> = {};
  for (const [file, entity] of entities.entries()) {
    const { rows } = await importRows(d, { by: 'admin-1', runId, file, rows: files[entity] ?? [] });
    results[entity] = rows;
  }
  await finishImport(d, { by: 'admin-1', runId });
  return results;
}

async function val(path: string): Promise<unknown> {
  return (await bed.backend.db.ref(path).get()).val();
}

/** A Stripe customer with a card, as Stripe's migration leaves one. */
async function migratedCustomer(email: string): Promise<{ customer: string; card: string }> {
  const customer = await bed.stripe.customers.create({ email });
  const saved = await bed.control<{ paymentMethod: string }>(`customers/${customer.id}/card`, {
    number: '4242424242424242',
  });
  return { customer: customer.id, card: saved.paymentMethod };
}

/** MM/DD/YYYY, `days` from today in the studio's zone. */
function usDate(days: number): string {
  const [year, month, day] = addDays(formatDate(Date.now(), TIME_ZONE), days).split('-');
  return `${month}/${day}/${year}`;
}

describe('Stripe card mapping', () => {
  it('bills a mapped member from the next billing date; one without a card keeps the paid period', async () => {
    const tag = randomUUID().slice(0, 8);
    const [withCard, without, stranger] = [`${tag}1`, `${tag}2`, `${tag}9`];
    const stripe = await migratedCustomer(`a-${tag}@example.mx`);
    const members: Rows = [withCard, without].map((id, i) => ({
      line: i + 2,
      values: { id, firstName: `Ana${i}`, lastName: 'Ruiz', email: `m${i}-${tag}@example.mx` },
    }));
    const cards: Rows = [
      {
        line: 2,
        values: { clientId: withCard, stripeCustomer: stripe.customer, paymentMethod: stripe.card },
      },
      { line: 3, values: { clientId: stranger, stripeCustomer: 'cus_Other1' } },
      { line: 4, values: { clientId: without, stripeCustomer: 'acct_1', paymentMethod: 'x' } },
    ];
    const nextBilling = usDate(20);
    const memberships: Rows = [withCard, without].map((id, i) => ({
      line: i + 2,
      values: {
        id: `cc-${id}`,
        clientId: id,
        name: 'Unlimited (Autopay)',
        status: 'Active',
        nextBilling,
      },
    }));
    const files = { members, cards, memberships };

    // A dry run says what would happen and makes nothing, here or at Stripe.
    const dry = await runImport(files, { dryRun: true });
    expect(dry.cards?.map((row) => row.outcome)).toEqual(['created', 'skipped', 'skipped']);
    expect(dry.memberships?.[0]?.detail).toContain('billed by card from');
    expect(await val(paths.importedMember('mindbody', withCard))).toBeNull();
    expect((await bed.stripe.subscriptions.list({ customer: stripe.customer })).data).toEqual([]);

    const first = await runImport(files);
    expect(first.cards?.map((row) => [row.outcome, row.problems?.map((p) => p.reason)])).toEqual([
      ['created', undefined],
      ['skipped', ['unknownMember']],
      ['skipped', ['invalidStripeId', 'invalidStripeId']],
    ]);
    const uid = importedUid('mindbody', withCard);
    const other = importedUid('mindbody', without);
    expect(await val(paths.stripeCustomer(uid))).toMatchObject({ customerId: stripe.customer });
    expect(await val(paths.stripeCustomerUid(stripe.customer))).toBe(uid);
    expect(await val(paths.stripeCustomer(other))).toBeNull();
    expect(await val(`${paths.importedMember('mindbody', withCard)}/card`)).toEqual({
      customer: stripe.customer,
      paymentMethod: stripe.card,
    });

    // The mapped member: a subscription in a trial to the next billing date, nothing charged.
    const billingDay = toEpoch(addDays(formatDate(Date.now(), TIME_ZONE), 20), '00:00', TIME_ZONE);
    const subscriptions = await bed.stripe.subscriptions.list({ customer: stripe.customer });
    expect(subscriptions.data).toHaveLength(1);
    const subscription = subscriptions.data[0];
    expect(subscription).toMatchObject({
      status: 'trialing',
      trial_end: billingDay / 1000,
      default_payment_method: stripe.card,
      metadata: { uid, kind: 'plan', planId: PLAN, importedFrom: `import-cc-${withCard}` },
    });
    expect((await bed.stripe.charges.list({ customer: stripe.customer })).data).toEqual([]);
    expect(first.memberships?.[0]?.detail).toContain(
      `billed by card from ${formatDate(billingDay, TIME_ZONE)}`,
    );
    // The webhook makes it the member's plan, with the same paid period.
    await bed.sandbox.idle();
    expect(await val(paths.userField(uid, 'membership'))).toMatchObject({
      id: subscription?.id,
      source: 'stripe',
      planId: PLAN,
      periodEnd: billingDay,
    });
    // The imported plan it replaced is over in the admins' list too.
    expect(await val(paths.membershipRecord(`import-cc-${withCard}`))).toMatchObject({
      status: 'ended',
    });
    // Without a card: the imported plan, to the paid period's end.
    expect(await val(paths.userField(other, 'membership'))).toMatchObject({
      id: `import-cc-${without}`,
      source: 'import',
      periodEnd: billingDay,
    });
    expect(first.memberships?.[1]?.detail).toContain('no card here');

    // ... and is asked, by mail and in the app, to add a card before then; the mapped one is not.
    const ask = `plan-add-card-import-cc-${without}-${billingDay}`;
    const paidThrough = formatDate(billingDay - 1, TIME_ZONE);
    expect(await val(paths.notification(other, ask))).toMatchObject({
      type: 'plan-add-card',
      messageKey: 'notifPlanAddCard',
      params: { plan: 'Unlimited', date: paidThrough },
    });
    expect(
      await val(paths.mailOutboxEntry(mailOutboxIds.planNotice(other, ask.slice(5)))),
    ).toMatchObject({ uid: other, message: { kind: 'plan-notice', notice: 'add-card' } });
    const notices = Object.keys((await val(paths.notifications(uid))) ?? {});
    expect(notices.filter((id) => id.startsWith('plan-add-card'))).toEqual([]);

    // A week before the paid period ends the plans job asks again (its mail reaches the member
    // once they have proven their address; the import's went only to a proven one).
    await runPlanJobs({ db: bed.backend.db, stripe: bed.stripe, now: () => billingDay - 3 * DAY });
    const soon = `plan-add-card-soon-import-cc-${without}-${billingDay}`;
    expect(await val(paths.notification(other, soon))).toMatchObject({
      type: 'plan-add-card',
      params: { plan: 'Unlimited', date: paidThrough },
    });
    expect(
      await val(paths.mailOutboxEntry(mailOutboxIds.planNotice(other, soon.slice(5)))),
    ).toMatchObject({ message: { kind: 'plan-notice', notice: 'add-card' } });

    // Adding a card: the plan's checkout is a trial to the paid period's end (nothing now), and
    // the webhook makes the plan a Stripe one with the same period.
    const { sessionId } = await openPlanCheckout(bed.deps, {
      uid: other,
      planId: PLAN,
      successUrl: 'http://localhost:5173/profile-user',
      cancelUrl: 'http://localhost:5173/profile-user',
    });
    const session = await bed.stripe.checkout.sessions.retrieve(sessionId);
    const customer = typeof session.customer === 'string' ? session.customer : '';
    await bed.control(`checkout_sessions/${sessionId}/complete`);
    await bed.sandbox.idle();
    const added = await bed.stripe.subscriptions.list({ customer: customer });
    expect(added.data[0]).toMatchObject({ status: 'trialing', trial_end: billingDay / 1000 });
    expect((await bed.stripe.charges.list({ customer: customer })).data).toEqual([]);
    expect(await val(paths.userField(other, 'membership'))).toMatchObject({
      id: added.data[0]?.id,
      source: 'stripe',
      periodEnd: billingDay,
    });

    // Again: nothing new, no second subscription.
    const again = await runImport(files);
    expect(again.cards?.[0]?.outcome).toBe('unchanged');
    expect(again.memberships?.map((row) => row.outcome)).toEqual(['unchanged', 'unchanged']);
    expect((await bed.stripe.subscriptions.list({ customer: stripe.customer })).data).toHaveLength(
      1,
    );
  });

  it('leaves a member who pays here as another Stripe customer with that one', async () => {
    const tag = randomUUID().slice(0, 8);
    const id = `${tag}5`;
    await runImport({
      members: [{ line: 2, values: { id, fullName: 'Eva Paz', email: `e-${tag}@example.mx` } }],
    });
    const uid = importedUid('mindbody', id);
    await bed.backend.db
      .ref(paths.stripeCustomer(uid))
      .set({ claimedAt: 1, customerId: 'cus_Own1' });
    const result = await runImport({
      cards: [{ line: 2, values: { clientId: id, stripeCustomer: 'cus_Mapped1' } }],
    });
    expect(result.cards?.[0]).toMatchObject({
      outcome: 'skipped',
      problems: [{ reason: 'cardCustomerDiffers', params: { customer: 'cus_Own1' } }],
    });
    expect(await val(paths.stripeCustomer(uid))).toEqual({ claimedAt: 1, customerId: 'cus_Own1' });
    expect(await val(paths.stripeCustomerUid('cus_Mapped1'))).toBeNull();
    expect(await val(`${paths.importedMember('mindbody', id)}/card`)).toBeNull();
  });
});
