import { describe, expect, it } from 'vitest';
import { statusCounts, subscriberRows, subscriberUids, subscribersQuery } from './subscribers';

const contacts = {
  m1: { Name: 'Mariana', Email: 'm1@demo.studio' },
  m2: { Name: 'Beto', Email: 'm2@demo.studio' },
  m3: { Name: 'Carla' },
};

const flags = {
  m1: { activeSuscription: true, activeSuscriptionId: 'sub_1' },
  m2: { activeSuscription: false },
  m3: { activeSuscription: true, activeSuscriptionId: 'sub_other' },
};

const subscriptions = {
  sub_1: { uid: 'm1', customerId: 'cus_1', status: 'active', eventCreated: 1, currentPeriodEnd: 5 },
  sub_2: { uid: 'm2', customerId: 'cus_2', status: 'canceled', eventCreated: 2 },
  sub_3: {
    uid: 'm3',
    customerId: 'cus_3',
    status: 'past_due',
    eventCreated: 3,
    currentPeriodEnd: 9,
    cancelAtPeriodEnd: true,
  },
  broken: { status: 'active' },
};

describe('subscribers', () => {
  it('queries by period end, the latest last, or one status by the status index', () => {
    expect(subscribersQuery('')).toEqual({
      path: 'StripeSubscriptions',
      orderByChild: 'currentPeriodEnd',
      from: 'last',
    });
    expect(subscribersQuery('past_due')).toEqual({
      path: 'StripeSubscriptions',
      orderByChild: 'status',
      equalTo: 'past_due',
      from: 'last',
    });
  });

  it("names the page's members once each, skipping what the schema refuses", () => {
    expect(subscriberUids(subscriptions)).toEqual(['m1', 'm2', 'm3']);
    expect(subscriberUids(null)).toEqual([]);
  });

  it('lists the loaded subscriptions, the period that ends last first, with names and flags', () => {
    const rows = subscriberRows(subscriptions, contacts, flags);
    expect(rows.map((row) => [row.subscriptionId, row.name, row.status, row.memberFlag])).toEqual([
      ['sub_3', 'Carla', 'past_due', false],
      ['sub_1', 'Mariana', 'active', true],
      ['sub_2', 'Beto', 'canceled', false],
    ]);
    expect(rows[0]).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: 9, email: '' });
  });

  it('leaves the member flag unknown until it is read', () => {
    const rows = subscriberRows(subscriptions, {}, {});
    expect(rows.map((row) => [row.name, row.memberFlag])).toEqual([
      ['', undefined],
      ['', undefined],
      ['', undefined],
    ]);
  });

  it('counts the loaded subscriptions per status', () => {
    expect(statusCounts(subscriberRows(subscriptions, contacts, flags))).toEqual([
      ['active', 1],
      ['canceled', 1],
      ['past_due', 1],
    ]);
    expect(subscriberRows(null, {}, {})).toEqual([]);
  });
});
