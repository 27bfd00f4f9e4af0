// What the simulation remembers between steps to choose its next moves (who the members are,
// which classes exist, what was bought), and the few reads an actor makes before it acts. The
// database stays the truth: actors read the member and the roster before they choose, and every
// check reads the database alone.
import type { Database } from 'firebase-admin/database';
import { paths, readWallet, rosterSchema, type Roster } from '@studio/core';
import type { PackageId } from './studio.ts';

export interface SimMember {
  uid: string;
  name: string;
  email: string;
  /** How eager this member is: actions per simulated day, on average. */
  activity: number;
}

export interface SimClass {
  id: string;
  startsAt: number;
  durationMin: number;
  capacity: number;
  creditKind: 'regular' | 'special' | 'train';
  layout: 'bikes' | 'mats';
  coachUid: string;
}

export interface SimPurchase {
  uid: string;
  sessionId: string;
  packageId: PackageId | 'subscription';
  coupon: boolean;
  /** Paid on the sandbox (Pay pressed); false: abandoned. */
  completed: boolean;
  /** What the bank did after: refunds (cents) or a dispute's end. */
  refunded?: number;
  dispute?: 'won' | 'lost' | 'open';
  subscriptionId?: string;
}

/** A membership plan's checkout (plans.ts). */
export interface SimPlanPurchase {
  uid: string;
  sessionId: string;
  planId: string;
  completed: boolean;
}

/** A pack sold for cash at the front desk (desk.ts). */
export interface SimCashSale {
  uid: string;
  paymentId: string;
  packageId: PackageId;
  /** The sale's call answered; false: it failed after its retries. */
  completed: boolean;
  refunded?: boolean;
}

export interface Model {
  members: SimMember[];
  classes: Map<string, SimClass>;
  purchases: SimPurchase[];
  /** The plans on sale (their generated ids) and their checkouts. */
  planIds: string[];
  planPurchases: SimPlanPurchase[];
  cashSales: SimCashSale[];
  /** How many of the sandbox's events were handed to the delivery queue. */
  eventsSeen: number;
}

export function emptyModel(): Model {
  return {
    members: [],
    classes: new Map(),
    purchases: [],
    planIds: [],
    planPurchases: [],
    cashSales: [],
    eventsSeen: 0,
  };
}

export async function readValue(db: Database, path: string): Promise<unknown> {
  return (await db.ref(path).get()).val() as unknown;
}

export async function readRoster(db: Database, classId: string): Promise<Roster> {
  return rosterSchema.parse(await readValue(db, paths.classRoster(classId)));
}

/** Credits the member can use now, per kind. */
export async function usableCredits(
  db: Database,
  uid: string,
  nowMs: number,
): Promise<Record<string, number>> {
  const wallet = readWallet(await readValue(db, paths.user(uid)), paths.user(uid));
  const counts: Record<string, number> = { regular: 0, special: 0, train: 0 };
  for (const credit of Object.values(wallet.credits)) {
    if (credit.expiresAt > nowMs && credit.hold === undefined)
      counts[credit.kind] = (counts[credit.kind] ?? 0) + 1;
  }
  return counts;
}

/** Class ids the member holds a seat in (their own booking), from the rosters they appear in. */
export function bookedClasses(model: Model, rosters: Map<string, Roster>, uid: string): string[] {
  return [...rosters.entries()]
    .filter(([id, roster]) => model.classes.has(id) && roster.bookings[uid] !== undefined)
    .map(([id]) => id);
}
