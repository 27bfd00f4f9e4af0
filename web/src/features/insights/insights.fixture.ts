// Stored days as the nightly job writes them (one with a cancelled class, one broken), shared by
// the arithmetic and the dashboard tests; and the plan catalogue the plans rollup prices.
const row = (over: Record<string, unknown>) => ({
  held: 1,
  cancelled: 0,
  capacity: 10,
  booked: 8,
  attended: 6,
  noShow: 2,
  lateCancels: 1,
  cancels: 1,
  waitlisted: 0,
  turnedAway: 0,
  branch: 'centro',
  coach: 'ana',
  exercise: 'yoga',
  hour: '07:00',
  ...over,
});

export const DAYS = {
  '2026-03-02': {
    date: '2026-03-02',
    classes: {
      c1: row({}),
      c2: row({ coach: 'bruno', exercise: 'ride', capacity: 20, booked: 20, turnedAway: 3 }),
    },
    revenue: {
      byKind: { credits: { payments: 2, gross: 10000, discount: 1000, refunded: 2500 } },
      byCoupon: { WELCOME10: { payments: 1, gross: 4500, discount: 500, refunded: 0 } },
    },
    members: { active: 20, firstVisits: 3, secondVisits: 2, lapsed: 1 },
    subscriptions: { active: 5, started: 1, churned: 0 },
    plans: {
      daily: { members: 4, frozen: 1, comped: 1, started: 2, churned: 1 },
      weekly: { members: 2, frozen: 1, comped: 0, started: 0, churned: 1 },
      retired: { members: 0, frozen: 0, comped: 0, started: 0, churned: 1 },
    },
  },
  '2026-03-01': {
    date: '2026-03-01',
    classes: { c0: row({ held: 0, cancelled: 1, capacity: 0, booked: 0, attended: 0, noShow: 0 }) },
    revenue: { byKind: { subscription: { payments: 1, gross: 3900, discount: 0, refunded: 0 } } },
    members: { active: 12, firstVisits: 1, secondVisits: 0, lapsed: 2 },
    subscriptions: { active: 4, started: 0, churned: 1 },
    plans: { daily: { members: 3, frozen: 0, comped: 0, started: 1, churned: 0 } },
  },
  broken: { date: 'soon' },
};

const plan = (name: string, price: number, interval: 'week' | 'month' | 'year', order: number) => ({
  kind: 'unlimited' as const,
  name,
  price,
  interval,
  currency: 'USD',
  active: true,
  order,
});

/** `Plans`, parsed: a monthly, a weekly and a yearly plan (none of its members in the range). */
export const PLANS = {
  daily: plan('Unlimited, one class a day', 12_000, 'month', 1),
  weekly: plan('Two classes a week', 3_500, 'week', 2),
  yearly: plan('Annual unlimited', 120_000, 'year', 3),
};
