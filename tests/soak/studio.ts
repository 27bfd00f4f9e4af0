// The soak's studio: the catalogue an owner sets up on day one (settings, a branch, two rooms,
// three class types, two coaches, packages of every credit kind, a coupon with limits, the plan's
// prices), written once as records that parse with their core schemas. Members, classes and
// everything after come through the server's own handlers.
import type { Database } from 'firebase-admin/database';
import {
  DEFAULT_SETTINGS,
  branchSchema,
  coachSchema,
  couponSchema,
  exerciseSchema,
  packageSchema,
  paths,
  seatLayoutSchema,
  studioSchema,
  suscriptionPriceSchema,
  type SeatSpot,
} from '@studio/core';

export const BRANCH = 'centro';
export const ADMIN_UID = 'soak-admin';
export const COACHES = [
  { id: 'valeria', uid: 'soak-coach-valeria', name: 'Valeria Garza' },
  { id: 'diego', uid: 'soak-coach-diego', name: 'Diego Treviño' },
] as const;

/** Small rooms, so classes fill, waiting lists form and spots are contested. */
export const ROOMS = { bikes: 8, mats: 6 } as const;

export const CLASS_TYPES = [
  { id: 'cycling', layout: 'bikes', creditKind: 'regular', duration: 45 },
  { id: 'yoga', layout: 'mats', creditKind: 'regular', duration: 60 },
  { id: 'workshop', layout: 'mats', creditKind: 'special', duration: 90 },
] as const;

/** What members buy, with what it grants: the figures the payment checks count against. */
export const PACKAGES = {
  'credits-5': {
    kind: 'credits',
    purchase: 'credits',
    creditKind: 'regular',
    credits: 5,
    price: 6500,
  },
  'credits-10': {
    kind: 'credits',
    purchase: 'credits',
    creditKind: 'regular',
    credits: 10,
    price: 12000,
  },
  'special-2': {
    kind: 'spcredits',
    purchase: 'spcredits',
    creditKind: 'special',
    credits: 2,
    price: 4000,
  },
  single: { kind: 'single', purchase: 'credits', creditKind: 'regular', credits: 1, price: 1500 },
} as const;
export type PackageId = keyof typeof PACKAGES;

/** A coupon whose limits racing checkouts must never exceed. */
export const COUPON = { code: 'SOAK20', percentOff: 20, maxRedemptions: 15, maxPerMember: 1 };

function spots(count: number): Record<string, SeatSpot> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => {
      const id = `s${i + 1}`;
      return [id, { id, label: String(i + 1), row: Math.floor(i / 4), col: i % 4 }];
    }),
  );
}

export async function setUpStudio(db: Database): Promise<void> {
  const layout = (name: string, count: number) =>
    seatLayoutSchema.parse({
      name,
      rows: Math.ceil(count / 4),
      cols: 4,
      spots: spots(count),
    });
  const records: Record<string, unknown> = {
    [paths.settings()]: DEFAULT_SETTINGS,
    [paths.studio()]: studioSchema.parse({ name: 'Soak Studio', primaryColor: '#5b2a86' }),
    [paths.branch(BRANCH)]: branchSchema.parse({ name: 'Centro', active: true }),
    [paths.seatLayout('bikes')]: layout('Bikes', ROOMS.bikes),
    [paths.seatLayout('mats')]: layout('Mats', ROOMS.mats),
    [paths.suscriptionPrices()]: [
      suscriptionPriceSchema.parse({ key: 'discounted', Precio: 39 }),
      suscriptionPriceSchema.parse({ key: 'regular', Precio: 59 }),
    ],
    [paths.coupon(COUPON.code)]: couponSchema.parse({ ...COUPON, active: true, redeemed: 0 }),
  };
  for (const type of CLASS_TYPES) {
    records[paths.exercise(type.id)] = exerciseSchema.parse({
      name: type.id,
      duration: type.duration,
      creditKind: type.creditKind,
    });
  }
  for (const coach of COACHES) {
    records[paths.coach(coach.id)] = coachSchema.parse({ name: coach.name, uid: coach.uid });
  }
  for (const [id, pack] of Object.entries(PACKAGES)) {
    records[paths.package(id)] = packageSchema.parse({
      kind: pack.kind,
      name: id,
      credits: pack.credits,
      price: pack.price,
      currency: 'USD',
      validityDays: 30,
    });
  }
  await db.ref().update(JSON.parse(JSON.stringify(records)) as Record<string, unknown>);
}
