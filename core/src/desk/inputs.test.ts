import { describe, expect, it } from 'vitest';
import {
  addToClassInput,
  coachPayReportInput,
  payRuleSchema,
  recordCashSaleInput,
  signWaiverInput,
} from './inputs';

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('front desk inputs', () => {
  const booking = { classId: 'c1', requestId: 'r1' };
  const walkIn = { name: 'Eva Ruiz', email: 'eva@example.com', phone: '+52 81 1234 5678' };

  it.each([
    ['a member paying with a credit', { ...booking, uid: 'u1', payWith: 'credit' }, true],
    ['a walk-in paying a drop-in', { ...booking, walkIn, payWith: 'drop-in', amount: 1500 }, true],
    ['a comp with its reason', { ...booking, uid: 'u1', payWith: 'comp', reason: 'Trial' }, true],
    ['a comp without a reason', { ...booking, uid: 'u1', payWith: 'comp' }, false],
    [
      'a reason on a paid booking',
      { ...booking, uid: 'u1', payWith: 'credit', reason: 'x' },
      false,
    ],
    ['a drop-in without its amount', { ...booking, uid: 'u1', payWith: 'drop-in' }, false],
    ['an amount on a credit', { ...booking, uid: 'u1', payWith: 'credit', amount: 1 }, false],
    ['both a member and a walk-in', { ...booking, uid: 'u1', walkIn, payWith: 'plan' }, false],
    ['neither', { ...booking, payWith: 'plan' }, false],
    [
      'a walk-in with a bad e-mail',
      { ...booking, walkIn: { ...walkIn, email: 'x' }, payWith: 'plan' },
      false,
    ],
    [
      'a walk-in with letters for a phone',
      { ...booking, walkIn: { ...walkIn, phone: 'call me' }, payWith: 'plan' },
      false,
    ],
  ])('addToClass: %s → %s', (_label, value, expected) => {
    expect(ok(addToClassInput, value)).toBe(expected);
  });

  it.each([
    ['a pack', { uid: 'u1', kind: 'credits', packageId: 'p5', amount: 6500 }, true],
    ['a plan', { uid: 'u1', kind: 'plan', planId: 'unl', amount: 9900 }, true],
    ['a plan by package', { uid: 'u1', kind: 'plan', packageId: 'p5', amount: 1 }, false],
    ['a pack by plan', { uid: 'u1', kind: 'credits', planId: 'unl', amount: 1 }, false],
    ['both', { uid: 'u1', kind: 'credits', packageId: 'p5', planId: 'x', amount: 1 }, false],
    ['a negative amount', { uid: 'u1', kind: 'credits', packageId: 'p5', amount: -1 }, false],
    [
      'a pack at a branch',
      { uid: 'u1', kind: 'credits', packageId: 'p5', amount: 6500, branch: 'norte' },
      true,
    ],
    [
      'a branch with a slash',
      { uid: 'u1', kind: 'credits', packageId: 'p5', amount: 6500, branch: 'no/rte' },
      false,
    ],
    [
      'an amount in pesos with cents',
      { uid: 'u1', kind: 'credits', packageId: 'p5', amount: 65.5 },
      false,
    ],
  ])('recordCashSale: %s → %s', (_label, value, expected) => {
    expect(ok(recordCashSaleInput, value)).toBe(expected);
  });

  it('takes a signature only as a PNG data URL', () => {
    const valid = {
      version: 1,
      fullName: 'Ana Ruiz',
      lang: 'en',
      signature: 'data:image/png;base64,AA',
    };
    expect(ok(signWaiverInput, valid)).toBe(true);
    expect(ok(signWaiverInput, { ...valid, signature: 'data:image/svg+xml;base64,AA' })).toBe(
      false,
    );
    expect(ok(signWaiverInput, { ...valid, signature: 'https://evil.example/x.png' })).toBe(false);
  });

  it('keeps one tier per starting head and a period under three months', () => {
    const tiers = [
      { from: 1, amount: 100 },
      { from: 1, amount: 200 },
    ];
    expect(ok(payRuleSchema, { perClass: 0, perHead: tiers, minimum: 0 })).toBe(false);
    expect(ok(coachPayReportInput, { from: '2026-11-01', to: '2026-11-30' })).toBe(true);
    expect(ok(coachPayReportInput, { from: '2026-11-01', to: '2027-03-01' })).toBe(false);
    expect(ok(coachPayReportInput, { from: '2026-11-30', to: '2026-11-01' })).toBe(false);
  });
});
