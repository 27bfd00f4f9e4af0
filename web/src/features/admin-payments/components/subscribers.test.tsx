import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerIndexedQuery, readContactFrom } from '../../../../test/fakes/indexed-query';
import type { IndexedQuery } from '../../../lib/indexed-query';
import type { AdminPaymentsApi } from '../api/admin-payments-api';
import { SUBSCRIBER_PAGE_SIZE, subscribersQuery } from '../subscribers';
import type { MemberPlanFlags } from '../subscribers';
import { Subscribers } from './subscribers';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Answers each page query over the in-memory `StripeSubscriptions` as the database would, and
 * records each query, each member read and each member whose flags are watched; `setFlags`
 * changes a member's flags as the webhook would, live.
 */
function fakeApi(subscriptions: Record<string, unknown>, users: Record<string, unknown>) {
  const pages: { query: IndexedQuery; limit: number }[] = [];
  const read: string[] = [];
  const watched: string[] = [];
  const listeners = new Map<string, (flags: MemberPlanFlags) => void>();
  const flagsOf = (uid: string): MemberPlanFlags => {
    const user = users[uid] as { activeSuscription?: boolean; activeSuscriptionId?: string };
    return {
      activeSuscription: user?.activeSuscription === true,
      ...(user?.activeSuscriptionId ? { activeSuscriptionId: user.activeSuscriptionId } : {}),
    };
  };
  const readContact = readContactFrom(users);
  const api: AdminPaymentsApi = {
    watchPaymentsPage: (_query, _limit, onChange) => {
      onChange(null);
      return () => undefined;
    },
    readAllPayments: () => Promise.resolve(null),
    sumPayments: () => Promise.resolve({ totals: [] }),
    watchBranches: (onChange) => {
      onChange({});
      return () => undefined;
    },
    readMember: (uid) => {
      read.push(uid);
      return readContact(uid);
    },
    watchSubscriptionsPage: (query, limit, onChange) => {
      pages.push({ query, limit });
      onChange(answerIndexedQuery(subscriptions, query, limit));
      return () => undefined;
    },
    watchMemberPlanFlags: (uid, onChange) => {
      watched.push(uid);
      listeners.set(uid, onChange);
      onChange(flagsOf(uid));
      return () => listeners.delete(uid);
    },
  };
  const setFlags = (uid: string, flags: MemberPlanFlags) => act(() => listeners.get(uid)?.(flags));
  return { api, pages, read, watched, setFlags };
}

const subscription = (uid: string, status: string, currentPeriodEnd?: number) => ({
  uid,
  customerId: `cus_${uid}`,
  status,
  eventCreated: 1,
  ...(currentPeriodEnd === undefined ? {} : { currentPeriodEnd }),
});

const SUBSCRIPTIONS = {
  sub_1: { ...subscription('m1', 'past_due', 20 * DAY), cancelAtPeriodEnd: true },
  sub_2: subscription('m2', 'canceled', 10 * DAY),
};
const USERS = {
  m1: {
    Name: 'Mariana',
    Email: 'm1@demo.studio',
    activeSuscription: true,
    activeSuscriptionId: 'sub_1',
  },
  m2: { Name: 'Beto', activeSuscription: false },
};

function bodyRows() {
  return within(screen.getByRole('table', { name: 'Subscribers' }))
    .getAllByRole('row')
    .slice(1);
}

describe('subscribers', () => {
  it('queries one page by period end and shows each row with its badges and member', async () => {
    const fake = fakeApi(SUBSCRIPTIONS, USERS);
    render(<Subscribers api={fake.api} />);

    expect(fake.pages).toEqual([{ query: subscribersQuery(''), limit: SUBSCRIBER_PAGE_SIZE }]);
    expect(fake.pages[0]?.query).toMatchObject({
      path: 'StripeSubscriptions',
      orderByChild: 'currentPeriodEnd',
      from: 'last',
    });
    expect(screen.getByRole('status').textContent).toBe(
      '2 subscriptions loaded · canceled: 1 · past_due: 1',
    );
    expect(await within(bodyRows()[0]!).findByText('Mariana')).toBeTruthy();
    expect(
      bodyRows().map(
        (row) => within(row).getByRole('rowheader').querySelector('strong')?.textContent,
      ),
    ).toEqual(['Mariana', 'Beto']);
    const [mariana, beto] = bodyRows();
    expect(mariana?.querySelector('.ui-badge-warning.status-past_due')?.textContent).toBe(
      'past_due',
    );
    expect(within(mariana!).getByText('cancels at period end').className).toContain('ui-badge');
    expect(beto?.querySelector('.ui-badge.status-canceled')?.textContent).toBe('canceled');
    expect(screen.queryByText('member flag does not match')).toBeNull();
    // Only the page's members are read and watched, each once.
    expect([...fake.read].sort()).toEqual(['m1', 'm2']);
    expect([...fake.watched].sort()).toEqual(['m1', 'm2']);
  });

  it("asks for one page more with 'Load more subscriptions', reading only the new members", async () => {
    const many: Record<string, unknown> = {};
    const users: Record<string, unknown> = {};
    for (let i = 0; i < SUBSCRIBER_PAGE_SIZE + 3; i++) {
      const id = String(i).padStart(3, '0');
      many[`sub_${id}`] = subscription(`m${id}`, 'active', (i + 1) * DAY);
      users[`m${id}`] = { Name: `Member ${id}` };
    }
    const fake = fakeApi(many, users);
    render(<Subscribers api={fake.api} />);
    expect(
      screen.getByText(`${SUBSCRIBER_PAGE_SIZE} subscriptions loaded`, { exact: false }),
    ).toBeTruthy();
    // The plans that run furthest come first: the three earliest period ends wait for page two.
    expect(screen.queryByTestId('subscriber-sub_000')).toBeNull();
    expect(fake.read).toHaveLength(SUBSCRIBER_PAGE_SIZE);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more subscriptions' }));
      await Promise.resolve();
    });
    expect(fake.pages.map((page) => page.limit)).toEqual([
      SUBSCRIBER_PAGE_SIZE,
      SUBSCRIBER_PAGE_SIZE * 2,
    ]);
    expect(
      screen.getByText(`${SUBSCRIBER_PAGE_SIZE + 3} subscriptions loaded`, { exact: false }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more subscriptions' })).toBeNull();
    expect(fake.read).toHaveLength(SUBSCRIBER_PAGE_SIZE + 3);
    expect(new Set(fake.watched).size).toBe(fake.watched.length);
  });

  it('asks the server for one status, so an old subscription of that status is found', () => {
    const many: Record<string, unknown> = {
      sub_old: subscription('old', 'unpaid', DAY),
    };
    for (let i = 0; i < SUBSCRIBER_PAGE_SIZE; i++)
      many[`sub_${i}`] = subscription(`m${i}`, 'active', (i + 10) * DAY);
    const fake = fakeApi(many, { old: { Name: 'Olga' } });
    render(<Subscribers api={fake.api} />);
    expect(screen.queryByTestId('subscriber-sub_old')).toBeNull();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'unpaid' } });
    expect(fake.pages.at(-1)).toEqual({
      query: {
        path: 'StripeSubscriptions',
        orderByChild: 'status',
        equalTo: 'unpaid',
        from: 'last',
      },
      limit: SUBSCRIBER_PAGE_SIZE,
    });
    expect(screen.getByTestId('subscriber-sub_old')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paused' } });
    expect(screen.getByText('No subscription has this status.')).toBeTruthy();
  });

  it('offers Cancel plan only on the plans a member holds, and follows the flags live', () => {
    const fake = fakeApi(
      { ...SUBSCRIPTIONS, sub_1: subscription('m1', 'active', 20 * DAY) },
      USERS,
    );
    const cancelMemberSubscription = vi.fn(() =>
      Promise.resolve({ subscriptionId: 'sub_1', cancelAt: null }),
    );
    render(<Subscribers api={fake.api} planActions={{ cancelMemberSubscription }} />);
    const mariana = screen.getByTestId('subscriber-sub_1');
    expect(within(mariana).getByRole('button', { name: /^Cancel plan of / })).toBeTruthy();
    expect(within(screen.getByTestId('subscriber-sub_2')).queryByRole('button')).toBeNull();

    // The member's flag goes off while Stripe still says active: the row flags it at once.
    fake.setFlags('m1', { activeSuscription: false });
    expect(within(mariana).getByText('member flag does not match')).toBeTruthy();
    expect(within(mariana).queryByRole('button')).toBeNull();
  });

  it('says so when there is no subscriber', () => {
    render(<Subscribers api={fakeApi({}, {}).api} />);
    expect(screen.getByText('No subscribers yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
