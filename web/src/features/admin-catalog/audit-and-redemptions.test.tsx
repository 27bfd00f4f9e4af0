import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { paths, toEpoch } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { createFakeAdminCatalogApi } from '../../../test/fakes/fake-admin-catalog-api';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  actorName,
  auditActions,
  auditEntries,
  auditQuery,
  filterAudit,
} from './audit';
import { AuditLog } from './components/audit-log';
import { CouponRedemptions } from './components/coupon-redemptions';
import {
  REDEMPTION_PAGE_SIZE,
  couponCounts,
  redemptionRows,
  redemptionsQuery,
} from './redemptions';

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

const contacts = {
  admin1: { Name: 'Ana Admin', Email: 'admin@demo.studio' },
  m1: { Name: 'Mariana', Email: 'm1@demo.studio' },
  m2: { Email: 'm2@demo.studio' },
};

describe('audit log filtering', () => {
  it('orders entries newest first and offers every known action and any other present', () => {
    const entries = auditEntries({ ...log, a5: { at: T, by: 'cli', action: 'importMembers' } });
    expect(entries.map(([id]) => id)).toEqual(['a4', 'a3', 'a2', 'a5', 'a1']);
    expect(auditActions(entries)).toEqual([...AUDIT_ACTIONS, 'importMembers'].sort());
  });

  it('filters by action and by words in who, target and details', () => {
    const entries = auditEntries(log);
    const ids = (action: string, text: string) =>
      filterAudit(entries, { action, text }, contacts).map(([id]) => id);
    expect(ids('save', '')).toEqual(['a4', 'a1']);
    expect(ids('', 'goodwill')).toEqual(['a2']);
    expect(ids('', 'ana packages')).toEqual(['a1']);
    expect(ids('setUserRole', 'packages')).toEqual([]);
  });

  it("names who acted from their contact, keeping 'system' and unknown uids", () => {
    expect(actorName('admin1', contacts)).toBe('Ana Admin');
    expect(actorName('m2', contacts)).toBe('m2@demo.studio');
    expect(actorName('system', contacts)).toBe('system');
  });

  it('asks for the newest entries by the at index, or for one action by the action index', () => {
    expect(auditQuery('')).toEqual({ path: paths.auditLog(), orderByChild: 'at', from: 'last' });
    expect(auditQuery('save')).toEqual({
      path: paths.auditLog(),
      orderByChild: 'action',
      equalTo: 'save',
      from: 'last',
    });
  });
});

describe('audit log screen', () => {
  it('reads one page of the newest entries with names and narrows them', async () => {
    const fake = createFakeAdminCatalogApi({}, log, users);
    render(<AuditLog api={fake.api} />);
    expect(fake.auditQueries).toEqual([{ query: auditQuery(''), limit: AUDIT_PAGE_SIZE }]);
    expect(screen.getByText('4 of 4 loaded changes')).toBeTruthy();
    expect(await screen.findByText(/Ana Admin — adjustCredits m1/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'save' } });
    expect(fake.auditQueries.at(-1)).toEqual({ query: auditQuery('save'), limit: AUDIT_PAGE_SIZE });
    expect(screen.getByText('2 of 2 loaded changes')).toBeTruthy();
    expect(screen.queryByText(/adjustCredits/, { selector: 'li' })).toBeNull();
  });

  it("loads the next page of older entries with 'Load older changes'", async () => {
    const many = Object.fromEntries(
      Array.from({ length: AUDIT_PAGE_SIZE + 7 }, (_, i) => [
        `e${String(i).padStart(3, '0')}`,
        { at: T + i * 1000, by: 'system', action: i === 0 ? 'cancelClass' : 'checkIn' },
      ]),
    );
    const fake = createFakeAdminCatalogApi({}, many);
    render(<AuditLog api={fake.api} />);
    expect(
      screen.getByText(`${AUDIT_PAGE_SIZE} of ${AUDIT_PAGE_SIZE} loaded changes`),
    ).toBeTruthy();
    // The oldest entry is not on the first page.
    expect(screen.queryByText(/cancelClass/, { selector: 'li' })).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load older changes' }));
      await Promise.resolve();
    });
    expect(fake.auditQueries.at(-1)?.limit).toBe(AUDIT_PAGE_SIZE * 2);
    const count = AUDIT_PAGE_SIZE + 7;
    expect(screen.getByText(`${count} of ${count} loaded changes`)).toBeTruthy();
    expect(screen.getByText(/cancelClass/, { selector: 'li' })).toBeTruthy();
    // A short page means the log's start is reached.
    expect(screen.queryByRole('button', { name: 'Load older changes' })).toBeNull();
  });
});

describe('coupon redemptions', () => {
  const coupons = {
    WELCOME10: {
      code: 'WELCOME10',
      percentOff: 10,
      active: true,
      redeemed: REDEMPTION_PAGE_SIZE + 2,
    },
    SPRING: { code: 'SPRING', amountOff: 300, active: true, redeemed: 1 },
    UNUSED: { code: 'UNUSED', percentOff: 5, active: true, redeemed: 0 },
  };
  // WELCOME10: m1 twice (the newest two), m2 once, then older redemptions by m3.
  const welcome = {
    cs_1: { uid: 'm1', discount: 650, at: T + 60_000, counted: true },
    cs_2: { uid: 'm1', discount: 650, at: T + 50_000, counted: true },
    cs_3: { uid: 'm2', discount: 300, at: T + 40_000, counted: true },
    ...Object.fromEntries(
      Array.from({ length: REDEMPTION_PAGE_SIZE - 1 }, (_, i) => [
        `cs_old${String(i).padStart(2, '0')}`,
        { uid: 'm3', discount: 100, at: T + i, counted: true },
      ]),
    ),
  };

  it('lists coupons with their counts by code, and asks for the newest redemptions by at', () => {
    expect(couponCounts(coupons)).toEqual([
      { code: 'SPRING', redeemed: 1 },
      { code: 'UNUSED', redeemed: 0 },
      { code: 'WELCOME10', redeemed: REDEMPTION_PAGE_SIZE + 2 },
    ]);
    expect(redemptionsQuery('WELCOME10')).toEqual({
      path: 'CouponRedemptions/WELCOME10',
      orderByChild: 'at',
      from: 'last',
    });
    expect(redemptionRows({ ...welcome, junk: { at: 'x' } }).slice(0, 3)).toEqual([
      { paymentId: 'cs_1', uid: 'm1', discount: 650, at: T + 60_000, counted: true },
      { paymentId: 'cs_2', uid: 'm1', discount: 650, at: T + 50_000, counted: true },
      { paymentId: 'cs_3', uid: 'm2', discount: 300, at: T + 40_000, counted: true },
    ]);
  });

  it('reads no redemption at first paint, and one limited page when a coupon is opened', async () => {
    const fake = createFakeAdminCatalogApi({ coupons }, {}, users, { WELCOME10: welcome });
    render(<CouponRedemptions api={fake.api} />);
    expect(fake.watched).toEqual(['coupons']);
    expect(fake.redemptionQueries).toEqual([]);
    const coupon = screen.getByRole('region', { name: 'WELCOME10' });
    expect(within(coupon).getByRole('heading').textContent).toBe(
      `WELCOME10 · Used ${REDEMPTION_PAGE_SIZE + 2} times`,
    );
    expect(screen.queryByRole('region', { name: 'UNUSED' })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'SPRING' })).getByRole('heading').textContent,
    ).toBe('SPRING · Used once');

    fireEvent.click(within(coupon).getByRole('button', { name: 'Show who used it' }));
    expect(fake.redemptionQueries).toEqual([
      { query: redemptionsQuery('WELCOME10'), limit: REDEMPTION_PAGE_SIZE },
    ]);
    await within(coupon).findAllByText(/^Mariana/);
    const items = within(coupon)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(REDEMPTION_PAGE_SIZE);
    expect(items.slice(0, 3)).toEqual([
      'Mariana (m1@demo.studio) · −$6.50 · 2026-11-21 10:01:00',
      'Mariana (m1@demo.studio) · −$6.50 · 2026-11-21 10:00:50',
      'm2@demo.studio · −$3.00 · 2026-11-21 10:00:40',
    ]);

    await act(async () => {
      fireEvent.click(within(coupon).getByRole('button', { name: 'Load older redemptions' }));
      await Promise.resolve();
    });
    expect(fake.redemptionQueries.at(-1)?.limit).toBe(REDEMPTION_PAGE_SIZE * 2);
    expect(within(coupon).getAllByRole('listitem')).toHaveLength(REDEMPTION_PAGE_SIZE + 2);
    expect(within(coupon).queryByRole('button', { name: 'Load older redemptions' })).toBeNull();
  });

  it('says so when no coupon was used', () => {
    const fake = createFakeAdminCatalogApi({ coupons: { UNUSED: coupons.UNUSED } });
    render(<CouponRedemptions api={fake.api} />);
    expect(screen.getByText('No coupon has been used yet.')).toBeTruthy();
  });
});
