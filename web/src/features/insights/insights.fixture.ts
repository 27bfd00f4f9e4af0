// Stored days as the nightly job writes them (one with a cancelled class, one broken), shared by
// the arithmetic and the dashboard tests.
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
  },
  '2026-03-01': {
    date: '2026-03-01',
    classes: { c0: row({ held: 0, cancelled: 1, capacity: 0, booked: 0, attended: 0, noShow: 0 }) },
    revenue: { byKind: { subscription: { payments: 1, gross: 3900, discount: 0, refunded: 0 } } },
    members: { active: 12, firstVisits: 1, secondVisits: 0, lapsed: 2 },
    subscriptions: { active: 4, started: 0, churned: 1 },
  },
  broken: { date: 'soon' },
};
