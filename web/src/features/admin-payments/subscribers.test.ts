import { describe, expect, it } from 'vitest';
import { statusCounts, subscriberRows } from './subscribers';

const users = {
  m1: {
    Name: 'Mariana',
    Email: 'm1@demo.studio',
    activeSuscription: true,
    activeSuscriptionId: 'sub_1',
  },
  m2: { Name: 'Beto', Email: 'm2@demo.studio', activeSuscription: false },
  m3: {
    Name: 'Carla',
    Email: 'm3@demo.studio',
    activeSuscription: true,
    activeSuscriptionId: 'sub_3',
  },
  m4: { Name: 'Dora', activeSuscription: true, activeSuscriptionId: 'sub_4' },
};

const subscriptions = {
  sub_1: { uid: 'm1', customerId: 'cus_1', status: 'active', eventCreated: 1, currentPeriodEnd: 5 },
  sub_2: { uid: 'm2', customerId: 'cus_2', status: 'canceled', eventCreated: 2 },
  sub_3: {
    uid: 'm3',
    customerId: 'cus_3',
    status: 'past_due',
    eventCreated: 3,
    cancelAtPeriodEnd: true,
  },
  broken: { status: 'active' },
};

const subscriptionPayment = (id: string, uid: string, createdAt: number, status = 'paid') => ({
  uid,
  kind: 'subscription',
  items: [{ type: 'subscription', id: 'plan', name: 'Monthly', quantity: 1, unitAmount: 3900 }],
  subtotal: 3900,
  amount: 3900,
  currency: 'USD',
  status,
  createdAt,
  stripeSubscriptionId: id,
});

describe('subscribers', () => {
  it('lists each subscription with its status, members who keep the plan first', () => {
    const rows = subscriberRows(subscriptions, users, {});
    expect(rows.map((row) => [row.subscriptionId, row.name, row.status])).toEqual([
      ['sub_3', 'Carla', 'past_due'],
      ['sub_4', 'Dora', 'active'],
      ['sub_1', 'Mariana', 'active'],
      ['sub_2', 'Beto', 'canceled'],
    ]);
    const carla = rows[0];
    expect(carla?.cancelAtPeriodEnd).toBe(true);
    expect(carla?.memberFlag).toBe(true);
    expect(rows.find((row) => row.subscriptionId === 'sub_1')?.currentPeriodEnd).toBe(5);
    expect(rows.find((row) => row.subscriptionId === 'sub_2')?.memberFlag).toBe(false);
  });

  it("attaches each subscription's newest payment", () => {
    const payments = {
      in_1: subscriptionPayment('sub_1', 'm1', 100),
      in_2: subscriptionPayment('sub_1', 'm1', 200, 'failed'),
      in_3: subscriptionPayment('sub_3', 'm3', 150),
    };
    const rows = subscriberRows(subscriptions, users, payments);
    expect(rows.find((row) => row.subscriptionId === 'sub_1')?.lastPayment).toMatchObject({
      createdAt: 200,
      status: 'failed',
    });
    expect(rows.find((row) => row.subscriptionId === 'sub_2')?.lastPayment).toBeUndefined();
  });

  it('counts subscriptions per status', () => {
    expect(statusCounts(subscriberRows(subscriptions, users, {}))).toEqual([
      ['active', 2],
      ['canceled', 1],
      ['past_due', 1],
    ]);
  });

  it('is empty when nobody ever subscribed', () => {
    expect(subscriberRows(null, null, null)).toEqual([]);
  });
});
