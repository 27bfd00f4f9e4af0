import { fireEvent, render, screen, within } from '@testing-library/react';
import { toEpoch } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { createFakeAdminCatalogApi } from '../../../test/fakes/fake-admin-catalog-api';
import { actorName, auditActions, auditEntries, filterAudit } from './audit';
import { AuditLog } from './components/audit-log';
import { CouponRedemptions } from './components/coupon-redemptions';
import { couponUsage } from './redemptions';

const T = toEpoch('2026-11-21', '10:00');

const users = {
  admin1: { Name: 'Ana Admin', Email: 'admin@demo.studio' },
  m1: { Name: 'Mariana', Email: 'm1@demo.studio' },
  m2: { Email: 'm2@demo.studio' },
};

const log = {
  a1: {
    at: T,
    by: 'admin1',
    action: 'save',
    target: 'Packages/credits-5',
    details: { collection: 'packages', before: { price: 6500 }, after: { price: 8000 } },
  },
  a2: {
    at: T + 1000,
    by: 'admin1',
    action: 'adjustCredits',
    target: 'm1',
    details: { kind: 'regular', delta: 3, reason: 'Goodwill', balance: 8 },
  },
  a3: { at: T + 2000, by: 'admin1', action: 'setUserRole', target: 'm2' },
  a4: { at: T + 3000, by: 'system', action: 'save' },
  junk: { by: 'x' },
};

describe('audit log filtering', () => {
  it('orders entries newest first and lists the actions present', () => {
    const entries = auditEntries(log);
    expect(entries.map(([id]) => id)).toEqual(['a4', 'a3', 'a2', 'a1']);
    expect(auditActions(entries)).toEqual(['adjustCredits', 'save', 'setUserRole']);
  });

  it('filters by action and by words in who, target and details', () => {
    const entries = auditEntries(log);
    const ids = (action: string, text: string) =>
      filterAudit(entries, { action, text }, users).map(([id]) => id);
    expect(ids('save', '')).toEqual(['a4', 'a1']);
    expect(ids('', 'goodwill')).toEqual(['a2']);
    expect(ids('', 'ana packages')).toEqual(['a1']);
    expect(ids('setUserRole', 'packages')).toEqual([]);
  });

  it("names who acted from Users, keeping 'system' and unknown uids", () => {
    expect(actorName('admin1', users)).toBe('Ana Admin');
    expect(actorName('m2', users)).toBe('m2@demo.studio');
    expect(actorName('system', users)).toBe('system');
  });

  it('shows the entries with names and narrows them on the screen', () => {
    const fake = createFakeAdminCatalogApi({ auditLog: log, users });
    render(<AuditLog api={fake.api} />);
    expect(screen.getByText('4 of 4 changes')).toBeTruthy();
    expect(screen.getByText(/Ana Admin — adjustCredits m1/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'save' } });
    expect(screen.getByText('2 of 4 changes')).toBeTruthy();
    expect(screen.queryByText(/adjustCredits/, { selector: 'li' })).toBeNull();
  });
});

describe('coupon redemptions', () => {
  const store = {
    WELCOME10: {
      m1: {
        cs_1: { paymentId: 'cs_1', discount: 650, at: T },
        cs_2: { paymentId: 'cs_2', discount: 650, at: T + 5000 },
      },
      m2: { cs_3: { paymentId: 'cs_3', discount: 300, at: T + 1000 } },
    },
    EMPTY: { m1: {} },
  };

  it('sums each member’s redemptions of each coupon, latest first', () => {
    expect(couponUsage(store, users)).toEqual([
      {
        code: 'WELCOME10',
        count: 3,
        members: [
          {
            uid: 'm1',
            name: 'Mariana',
            email: 'm1@demo.studio',
            count: 2,
            discount: 1300,
            lastAt: T + 5000,
          },
          {
            uid: 'm2',
            name: '',
            email: 'm2@demo.studio',
            count: 1,
            discount: 300,
            lastAt: T + 1000,
          },
        ],
      },
    ]);
  });

  it('lists who used each coupon in crear-cupones', () => {
    const fake = createFakeAdminCatalogApi({ codeCloudStore: store, users });
    render(<CouponRedemptions api={fake.api} />);
    const coupon = screen.getByRole('region', { name: 'WELCOME10' });
    expect(within(coupon).getByRole('heading').textContent).toBe('WELCOME10 · Used 3 times');
    const items = within(coupon)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Mariana (m1@demo.studio) · 2 × −$13.00 · last 2026-11-21 10:00:05',
      'm2@demo.studio · 1 × −$3.00 · last 2026-11-21 10:00:01',
    ]);
  });

  it('says so when no coupon was used', () => {
    const fake = createFakeAdminCatalogApi();
    render(<CouponRedemptions api={fake.api} />);
    expect(screen.getByText('No coupon has been used yet.')).toBeTruthy();
  });
});
