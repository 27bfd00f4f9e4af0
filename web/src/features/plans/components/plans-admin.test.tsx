import type { Membership, Plan } from '@studio/core';
import { DEFAULT_SETTINGS } from '@studio/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerIndexedQuery, readContactFrom } from '../../../../test/fakes/indexed-query';
import { CallableRefusal } from '../../../lib/callable-errors';
import { useLangStore } from '../../../lib/i18n';
import type { IndexedQuery } from '../../../lib/indexed-query';
import type { PlansAdminApi } from '../api/plans-api';
import { PLANS } from '../plans.fixture';
import { PlansAdmin, commitmentsQuery, freezesQuery } from './plans-admin';

const DAY = 24 * 60 * 60 * 1000;
// 2026-12-01 12:00 UTC: morning in the studio's zone.
const NOW = Date.UTC(2026, 11, 1, 12);

const DAILY: Plan = { ...PLANS['daily']!, order: 2 };
const TWO: Plan = {
  kind: 'limited',
  name: 'Two a week',
  interval: 'month',
  price: 7900,
  currency: 'USD',
  limit: { count: 2, per: 'week' },
  active: false,
  order: 1,
};

function membership(id: string, uid: string, extra: Partial<Membership>): Membership {
  return {
    id,
    uid,
    planId: 'daily',
    terms: { kind: 'unlimited', name: DAILY.name, interval: 'month', dailyCap: 1 },
    source: 'stripe',
    status: 'active',
    startedAt: NOW - 90 * DAY,
    updatedAt: NOW - DAY,
    ...extra,
  };
}

const MEMBERSHIPS: Record<string, Membership> = {
  // Frozen until the 20th; the commitment ends in 40 days.
  sub_a: membership('sub_a', 'ana', {
    frozenUntil: NOW + 19 * DAY,
    commitmentEndsAt: NOW + 40 * DAY,
  }),
  // Frozen until the 5th (listed first); commitment beyond 60 days (not listed).
  sub_b: membership('sub_b', 'beto', {
    frozenUntil: NOW + 4 * DAY,
    commitmentEndsAt: NOW + 200 * DAY,
  }),
  // A freeze that ended last month: not listed; commitment ends in 10 days.
  sub_c: membership('sub_c', 'cata', {
    frozenUntil: NOW - 10 * DAY,
    commitmentEndsAt: NOW + 10 * DAY,
  }),
};
const USERS = {
  ana: { Name: 'Ana <b>López</b>', Email: 'ana@demo.studio' },
  beto: { Email: 'beto@demo.studio' },
  cata: { Name: 'Cata' },
};

function fakeAdmin() {
  const pages: IndexedQuery[] = [];
  const admin = {
    watchBranches: (onChange: (value: Record<string, { name: string }>) => void) => {
      onChange({ centro: { name: 'Centro' }, norte: { name: 'Norte' } });
      return () => undefined;
    },
    watchMembershipsPage: (query: IndexedQuery, limit: number, onChange: (v: unknown) => void) => {
      pages.push(query);
      onChange(answerIndexedQuery(MEMBERSHIPS, query, limit));
      return () => undefined;
    },
    readMember: readContactFrom(USERS),
    savePlan: vi.fn<PlansAdminApi['savePlan']>(() => Promise.resolve({ planId: 'new-plan' })),
    bulkFreeze: vi.fn<PlansAdminApi['bulkFreeze']>(() =>
      Promise.resolve({ bulkId: 'bulk-1', frozen: 12, skipped: 2 }),
    ),
    freezeMember: vi.fn(),
    endMemberFreeze: vi.fn(),
    changeMemberPlan: vi.fn(),
    compMembership: vi.fn(),
  } as unknown as PlansAdminApi & {
    savePlan: ReturnType<typeof vi.fn<PlansAdminApi['savePlan']>>;
    bulkFreeze: ReturnType<typeof vi.fn<PlansAdminApi['bulkFreeze']>>;
  };
  return { admin, pages };
}

const api = {
  watchPlans: (onChange: (plans: Record<string, Plan>) => void) => {
    onChange({ daily: DAILY, two: TWO });
    return () => undefined;
  },
  watchSettings: (onChange: (settings: typeof DEFAULT_SETTINGS) => void) => {
    onChange({ ...DEFAULT_SETTINGS, currency: 'USD', timeZone: 'America/Mexico_City' });
    return () => undefined;
  },
};

async function renderAdmin() {
  const fake = fakeAdmin();
  render(<PlansAdmin api={api} admin={fake.admin} now={() => NOW} />);
  // Member names arrive from their own reads.
  await act(async () => {
    await Promise.resolve();
  });
  return fake;
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

function rowsOf(name: string): string[][] {
  return within(section(name))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

afterEach(() => {
  act(() => useLangStore.setState({ lang: 'en' }));
});

describe('admin-planes', () => {
  it('lists the catalogue in the studio’s order with each plan’s allowance, price and whether it is on sale', async () => {
    await renderAdmin();
    const catalogue = section('Plan catalogue');
    const items = within(catalogue).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]?.textContent).toContain('Unlimited, one class a day');
    expect(items[1]?.textContent).toContain('$129 / month');
    expect(items[1]?.textContent).toContain('On sale');
    expect(items[0]?.textContent).toContain('Two a week');
    expect(items[0]?.textContent).not.toContain('On sale');
  });

  it('creates a plan: a bad price is marked and nothing is sent, then the plan is saved', async () => {
    const { admin } = await renderAdmin();
    fireEvent.click(screen.getByRole('button', { name: 'New plan' }));
    const form = screen.getByRole('form', { name: 'New plan' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Daily' } });
    fireEvent.change(within(form).getByLabelText('Price per period'), {
      target: { value: 'ten' },
    });
    fireEvent.submit(form);
    expect(admin.savePlan).not.toHaveBeenCalled();
    expect(within(form).getByRole('alert').textContent).toContain('marked');
    expect(within(form).getByLabelText('Price per period').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(within(form).getByLabelText('Price per period'), {
      target: { value: '129' },
    });
    fireEvent.change(within(form).getByLabelText('Classes a day at most (empty: no cap)'), {
      target: { value: '1' },
    });
    await act(async () => {
      fireEvent.submit(form);
      await Promise.resolve();
    });
    expect(admin.savePlan).toHaveBeenCalledWith(
      {
        kind: 'unlimited',
        name: 'Daily',
        interval: 'month',
        price: 12900,
        currency: 'USD',
        dailyCap: 1,
        active: true,
      },
      undefined,
    );
    expect(screen.queryByRole('form', { name: 'New plan' })).toBeNull();
    expect(within(section('Plan catalogue')).getByRole('status').textContent).toBe('Plan saved.');
  });

  it('edits a plan under its id, its kind and billing fixed, and shows a refusal', async () => {
    const { admin } = await renderAdmin();
    admin.savePlan.mockRejectedValueOnce(
      new CallableRefusal('permission-denied', 'permissionDenied'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Two a week' }));
    const form = screen.getByRole('form', { name: 'Edit Two a week' });
    expect(within(form).getByLabelText<HTMLSelectElement>('Kind').disabled).toBe(true);
    expect(within(form).getByLabelText<HTMLSelectElement>('Billed every').disabled).toBe(true);
    expect(within(form).getByLabelText<HTMLInputElement>('Classes').value).toBe('2');
    fireEvent.change(within(form).getByLabelText('Classes'), { target: { value: '3' } });
    await act(async () => {
      fireEvent.submit(form);
      await Promise.resolve();
    });
    expect(admin.savePlan).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'limited', limit: { count: 3, per: 'week' } }),
      'two',
    );
    expect(within(form).getByRole('alert').textContent).toBe(
      'You do not have permission to do this.',
    );
    expect(screen.getByRole('form', { name: 'Edit Two a week' })).toBeTruthy();
  });

  it('freezes every plan of one branch after a confirmation, and reports the counts', async () => {
    const { admin } = await renderAdmin();
    const bulk = section('Freeze every plan');
    const form = within(bulk).getByRole('form', { name: 'Freeze every plan' });
    expect(within(form).getByLabelText<HTMLInputElement>('From').value).toBe('01/12/2026');
    fireEvent.change(within(form).getByLabelText('Until (not included)'), {
      target: { value: '2026-12-15' },
    });
    fireEvent.change(within(form).getByLabelText('Branch'), { target: { value: 'norte' } });
    fireEvent.change(within(form).getByLabelText('Reason members read'), {
      target: { value: 'Holiday closing' },
    });
    fireEvent.submit(form);
    // Nothing happens before the admin confirms what it does.
    expect(admin.bulkFreeze).not.toHaveBeenCalled();
    const confirm = within(bulk).getByRole('group', { name: 'Freeze every plan' });
    expect(confirm.textContent).toContain('(Norte)');
    expect(confirm.textContent).toContain('December');
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, freeze plans' }));
      await Promise.resolve();
    });
    expect(admin.bulkFreeze).toHaveBeenCalledWith({
      from: '2026-12-01',
      until: '2026-12-15',
      reason: 'Holiday closing',
      branch: 'norte',
    });
    expect(within(bulk).getByRole('status').textContent).toBe('12 plans frozen, 2 skipped.');
    expect(within(bulk).queryByRole('group')).toBeNull();
  });

  it('says why a bulk freeze was refused, and "Not now" sends nothing', async () => {
    const { admin } = await renderAdmin();
    admin.bulkFreeze.mockRejectedValueOnce(new CallableRefusal('invalid-argument', 'freezeInPast'));
    const bulk = section('Freeze every plan');
    const form = within(bulk).getByRole('form', { name: 'Freeze every plan' });
    fireEvent.submit(form);
    fireEvent.click(within(bulk).getByRole('button', { name: 'Not now' }));
    expect(admin.bulkFreeze).not.toHaveBeenCalled();
    fireEvent.submit(form);
    await act(async () => {
      fireEvent.click(within(bulk).getByRole('button', { name: 'Yes, freeze plans' }));
      await Promise.resolve();
    });
    expect(admin.bulkFreeze).toHaveBeenCalledWith(
      expect.not.objectContaining({ branch: expect.anything() as unknown }),
    );
    expect(within(bulk).getByRole('alert').textContent).toBe('Choose a date after today.');
    expect(within(bulk).queryByRole('status')).toBeNull();
  });

  it('lists freezes running or booked and commitments ending within 60 days, soonest first', async () => {
    const { pages } = await renderAdmin();
    expect(pages).toContainEqual(freezesQuery(NOW));
    expect(pages).toContainEqual(commitmentsQuery(NOW));
    expect(rowsOf('Freezes')).toEqual([
      ['beto@demo.studio', DAILY.name, 'Sat 5 Dec'],
      // A member's name is text, never markup.
      ['Ana <b>López</b>', DAILY.name, 'Sun 20 Dec'],
    ]);
    expect(rowsOf('Commitments ending in 60 days')).toEqual([
      ['Cata', DAILY.name, 'Fri 11 Dec'],
      ['Ana <b>López</b>', DAILY.name, 'Sun 10 Jan 2027'],
    ]);
  });

  it('speaks Spanish', async () => {
    act(() => useLangStore.setState({ lang: 'es' }));
    await renderAdmin();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Planes');
    expect(section('Congelar todos los planes')).toBeTruthy();
    expect(
      within(section('Catálogo de planes')).getAllByRole('listitem')[0]?.textContent,
    ).toContain('mes');
  });
});
