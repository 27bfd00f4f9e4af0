import { describe, expect, it } from 'vitest';
import type { Package, Payment, Plan } from '@studio/core';
import {
  cashPayments,
  cashSaleInput,
  deskCheckoutInput,
  foundMembers,
  newRequestId,
  saleOptions,
} from './desk-sales';

const pack = (over: Partial<Package>): Package => ({
  kind: 'credits',
  name: 'Pack',
  credits: 5,
  price: 50000,
  currency: 'MXN',
  validityDays: 30,
  active: true,
  ...over,
});

const plan: Plan = {
  name: 'Ritmo Unlimited',
  kind: 'unlimited',
  interval: 'month',
  price: 150000,
  currency: 'MXN',
  active: true,
};

describe('saleOptions', () => {
  it('groups packs, events, training and plans, each by order then price, leaving out inactive ones', () => {
    const options = saleOptions(
      {
        ten: pack({ name: '10 classes', credits: 10, price: 90000, order: 2 }),
        one: pack({ kind: 'single', name: 'Single class', credits: 1, price: 12000, order: 1 }),
        gone: pack({ name: 'Old', active: false }),
        ev: pack({ kind: 'spcredits', name: 'Event', price: 30000 }),
        tr: pack({ kind: 'train-credits', name: 'Train', price: 20000 }),
      },
      { unlimited: plan, off: { ...plan, active: false } },
    );
    expect(options.map((option) => [option.key, option.group, option.kind])).toEqual([
      ['package:one', 'packs', 'credits'],
      ['package:ten', 'packs', 'credits'],
      ['package:ev', 'events', 'spcredits'],
      ['package:tr', 'train', 'train-credits'],
      ['plan:unlimited', 'plans', 'plan'],
    ]);
    expect(options[4]).toMatchObject({ price: 150000, interval: 'month', name: 'Ritmo Unlimited' });
    expect(options[4]?.credits).toBeUndefined();
  });
});

describe('the callables’ inputs', () => {
  const [one, unlimited] = saleOptions(
    { one: pack({ kind: 'single', credits: 1, price: 12000 }) },
    { unlimited: plan },
  );
  if (!one || !unlimited) throw new Error('options');

  it('sells a pack by its id and a plan by its, at the catalogue price', () => {
    expect(cashSaleInput('u1', one, 'desk1')).toEqual({
      uid: 'u1',
      kind: 'credits',
      packageId: 'one',
      amount: 12000,
      requestId: 'desk1',
    });
    expect(cashSaleInput('u1', unlimited, 'desk2')).toEqual({
      uid: 'u1',
      kind: 'plan',
      planId: 'unlimited',
      amount: 150000,
      requestId: 'desk2',
    });
  });

  it('opens a card checkout with the return addresses given', () => {
    expect(
      deskCheckoutInput('u1', unlimited, 'link', {
        successUrl: 'https://a/s',
        cancelUrl: 'https://a/c',
      }),
    ).toEqual({
      uid: 'u1',
      kind: 'plan',
      planId: 'unlimited',
      delivery: 'link',
      successUrl: 'https://a/s',
      cancelUrl: 'https://a/c',
    });
  });

  it('makes request ids that are database keys', () => {
    expect(newRequestId(() => '0a1b-2c3d.$#[]/')).toBe('desk0a1b2c3d');
    expect(newRequestId()).toMatch(/^desk[A-Za-z0-9]{24}$/);
  });
});

describe('foundMembers', () => {
  it('keeps well-formed directory entries in name order', () => {
    const entry = (name: string) => ({
      name,
      email: `${name.toLowerCase()}@x.studio`,
      phone: '',
      role: 'member',
      credits: 0,
      nameKey: name.toLowerCase(),
      emailKey: `${name.toLowerCase()}@x.studio`,
      phoneKey: '',
    });
    expect(
      foundMembers({ b: entry('Bruno'), a: entry('Ana'), bad: { name: 4 } }).map((m) => m.uid),
    ).toEqual(['a', 'b']);
    expect(foundMembers(null)).toEqual([]);
  });
});

describe('cashPayments', () => {
  it('lists cash payments only, newest first', () => {
    const payment = (createdAt: number, method?: 'cash'): Payment => ({
      uid: 'u1',
      kind: 'credits',
      items: [{ type: 'package', id: 'p', name: 'Pack', quantity: 1, unitAmount: 100 }],
      subtotal: 100,
      discount: 0,
      amount: 100,
      currency: 'MXN',
      status: 'paid',
      createdAt,
      ...(method ? { method } : {}),
    });
    expect(
      cashPayments({ old: payment(1, 'cash'), card: payment(3), new: payment(2, 'cash') }).map(
        (entry) => entry.id,
      ),
    ).toEqual(['new', 'old']);
  });
});
