// The database the attack matrix runs against: two members (alice, bob), a coach and the front
// desk, each with
// everything a member can own (profile, credits, ledger, payment, notification, bookings), a class
// whose roster names who holds which spot, and the functions-only nodes.
const MEMBERS = { alice: false, bob: false, coach1: 'Coach', desk1: 'Staff' } as const;

function memberNodes(uid: string, admin: boolean | string) {
  return {
    user: {
      // The coach has no Name: the one actor who may report that (`Reports/{uid}`).
      ...(admin === 'Coach' ? {} : { Name: uid }),
      Email: `${uid}@demo.studio`,
      Admin: admin,
      Conditions: true,
      // They signed the current waiver (`Waivers/current`), so their ACCEPT stands.
      waiver: { version: 1, signedAt: 1, signatureId: 's1' },
      Credits: 3,
      'credits-list': {
        c1: { kind: 'regular', source: 'seed', grantedAt: 1, expiresAt: 4_102_444_800_000 },
      },
      activeSuscription: false,
      activeSuscriptionId: '',
      'booking-credits': { b1: { state: 'used' } },
    },
    // The admins' directory mirrors the profile (the coach's name is '': they have none).
    directory: {
      name: admin === 'Coach' ? '' : uid,
      email: `${uid}@demo.studio`,
      phone: '',
      role: 'member',
      credits: 3,
      nameKey: admin === 'Coach' ? `\uf8ff${uid}@demo.studio` : uid,
      emailKey: `${uid}@demo.studio`,
      phoneKey: '',
    },
    ledger: { g1: { type: 'grant', kind: 'regular', delta: 3, reason: 'seed', at: 1 } },
    payment: { uid, kind: 'credits', amount: 6500, status: 'paid', items: { p5: 1 } },
    notification: { type: 'general', messageKey: 'ok', at: 1, read: false },
  };
}

type MemberNodes = ReturnType<typeof memberNodes>;

export function attackFixture(): Record<string, unknown> {
  const members = Object.entries(MEMBERS).map(([uid, admin]) => ({
    uid,
    nodes: memberNodes(uid, admin),
  }));
  const each = <T>(pick: (nodes: MemberNodes, uid: string) => T) =>
    Object.fromEntries(members.map(({ uid, nodes }) => [uid, pick(nodes, uid)]));
  return {
    Users: each((n) => n.user),
    UserDirectory: each((n) => n.directory),
    CreditLedger: each((n) => n.ledger),
    Payments: Object.fromEntries(members.map(({ uid, nodes }) => [`cs_${uid}`, nodes.payment])),
    Notifications: each((n, uid) => ({ [`n_${uid}`]: n.notification })),
    UserClasses: each(() => ({ c1: { classId: 'c1', status: 'booked' } })),
    UserWaitlist: each(() => ({ c2: { classId: 'c2', status: 'waiting', position: 1 } })),
    Attendance: each(() => ({ attended: 4, noShow: 1 })),
    DateService: each((_n, uid) => ({ User: uid, Ts: 1, IP: '10.0.0.1' })),
    CodeCloudStore: { WELCOME10: each(() => ({ '0': 1 })) },
    StripeCustomers: each((_n, uid) => ({ customerId: `cus_${uid}`, claimedAt: 1 })),
    StripeCustomerUids: { cus_alice: 'alice' },
    StripeSubscriptions: { sub_1: { uid: 'alice', status: 'active' } },
    StripeEvents: { evt_1: { type: 'invoice.paid', outcome: 'processed' } },
    SubscriptionGrants: { sub_1: { '1700000000': { uid: 'alice', credits: 30 } } },
    Reports: { ghost: { Uid: 'ghost' } },
    CouponHolds: { HALF: { h1: { uid: 'alice', expiresAt: 4_102_444_800_000 } } },
    WaiverSignatures: each((_n, uid) => ({
      s1: { version: 1, fullName: uid, signedAt: 1, imagePath: `waivers/${uid}/s1.png` },
    })),
    Waivers: { current: 1, versions: { '1': { version: 1, text: { en: 'Risk', es: 'Riesgo' } } } },
    CoachPayRates: { carlos: { r1: { exercise: '*', effectiveFrom: '2026-11-01' } } },
    AuditLog: { a1: { at: 1, by: 'admin1', action: 'save', target: 'Packages/p5' } },
    Insights: { days: { '2026-11-23': { date: '2026-11-23', members: { active: 3 } } } },
    MailOutbox: {
      'booked-b1': { kind: 'booking-confirmed', uid: 'admin1', status: 'sent', createdAt: 1 },
    },
    Settings: { timeZone: 'America/Monterrey', bookingWindowDays: 7 },
    Studio: { name: 'Demo Studio', primaryColor: '#0f5e59' },
    SuscriptionPrices: [
      { key: 'discounted', Precio: 39 },
      { key: 'regular', Precio: 59 },
    ],
    Shop: { Categorias: ['Ropa'], Ropa: { p1: { Name: 'Shirt', Precio: 20, Reference: 'r1' } } },
    Branches: { centro: { name: 'Centro' } },
    // coach1 teaches c1; c2 is another coach's class.
    Coaches: { carlos: { name: 'Carlos', uid: 'coach1' }, lucia: { name: 'Lucía', uid: 'coach2' } },
    Exercises: { yoga: { name: 'Yoga' } },
    SeatLayouts: { mats: { name: 'Mats', spots: { A1: { row: 1, col: 1 } } } },
    Packages: { p5: { kind: 'credits', name: '5 classes', credits: 5, price: 6500 } },
    Events: { e1: { name: 'Ride', price: 3000 } },
    Coupons: { WELCOME10: { code: 'WELCOME10', percentOff: 10, active: true, redeemed: 2 } },
    CouponRedemptions: {
      WELCOME10: { cs_1: { uid: 'alice', discount: 650, at: 1, counted: true } },
    },
    Classes: {
      c1: { date: '2026-11-23', hour: '07:00', capacity: 2, status: 'scheduled', coach: 'carlos' },
      c2: { date: '2026-11-23', hour: '09:00', capacity: 2, status: 'scheduled', coach: 'lucia' },
    },
    ClassRoster: {
      c1: {
        spots: { A1: true, A2: true },
        bookings: {
          alice: { bookingId: 'b1', uid: 'alice', spot: 'A1', bookedAt: 1, name: 'alice' },
          bob: {
            bookingId: 'b2',
            uid: 'bob',
            spot: 'A2',
            bookedAt: 2,
            name: 'bob',
            attendance: 'attended',
          },
        },
        waitlist: { coach1: { uid: 'coach1', joinedAt: 3, seq: 0 } },
        waitlistSeq: 1,
        version: 3,
      },
      c2: {
        spots: { A1: true },
        bookings: { bob: { bookingId: 'b4', uid: 'bob', spot: 'A1', bookedAt: 4, name: 'bob' } },
        version: 1,
      },
    },
  };
}
