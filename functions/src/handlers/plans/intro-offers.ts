// Intro offers (docs/architecture/plans.md): a plan or pack sold only to people who
// never bought before, once per person. Checked on the server: the member's paid payments, and
// claims under the member (`IntroClaims/u-{uid}`) and under their e-mail as one person
// (`IntroClaims/e-{sha256}`), so a second account with the same address is refused too. A
// checkout claims the offer while its page is open (like the subscription claim); a paid checkout
// makes the claim permanent, an expired one gives it back.
import { createHash } from 'node:crypto';
import {
  DomainError,
  introClaimSchema,
  packageSchema,
  parseStored,
  paths,
  paymentSchema,
  personEmail,
} from '@studio/core';
import type { IntroClaim } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import type { PaymentDeps } from '../payments/deps';

const PAID_STATUSES: ReadonlySet<string> = new Set(['paid', 'refunded', 'partially-refunded']);

/** The claim keys of a person: their account, and their e-mail (hashed: no address in a key). */
export function introClaimKeys(uid: string, email: string | undefined): string[] {
  const keys = [`u-${uid}`];
  if (email !== undefined && email.trim() !== '')
    keys.push(`e-${createHash('sha256').update(personEmail(email)).digest('hex')}`);
  return keys;
}

/** Whether the member has a paid purchase (a package, a cart, a plan, the subscription). */
async function boughtBefore(db: Database, uid: string): Promise<boolean> {
  const snapshot = await db.ref(paths.payments()).orderByChild('uid').equalTo(uid).get();
  let paid = false;
  snapshot.forEach((child) => {
    const parsed = paymentSchema.safeParse(child.val());
    if (parsed.success && PAID_STATUSES.has(parsed.data.status)) paid = true;
  });
  return paid;
}

/** A claim that still counts: paid, or held by a checkout whose page is open. */
function holds(claim: IntroClaim | undefined, now: number): boolean {
  return claim !== undefined && (claim.paidAt !== undefined || (claim.expiresAt ?? 0) > now);
}

/** The intro offer a checkout would use: a plan's or a package's, or none. */
export async function introOfferOf(
  db: Database,
  purchase: {
    kind: string;
    planId?: string | undefined;
    packageId?: string | undefined;
    items?: readonly { type: string; id: string }[] | undefined;
  },
  planIntro: boolean,
): Promise<string | undefined> {
  if (purchase.kind === 'plan') return planIntro ? `plan:${purchase.planId ?? ''}` : undefined;
  const packageIds = [
    ...(purchase.packageId === undefined ? [] : [purchase.packageId]),
    ...(purchase.items ?? []).filter((item) => item.type === 'package').map((item) => item.id),
  ];
  for (const packageId of packageIds) {
    const raw: unknown = (await db.ref(paths.package(packageId)).get()).val();
    const pack = packageSchema.safeParse(raw);
    if (pack.success && pack.data.introOffer === true) return `package:${packageId}`;
  }
  return undefined;
}

/**
 * Refuses `introAlreadyUsed` (reading only) when the member bought before, or the offer is taken
 * under their account or e-mail.
 */
export async function checkIntroOffer(
  deps: Pick<PaymentDeps, 'db' | 'now'>,
  request: { uid: string; email: string | undefined },
): Promise<void> {
  const { db, now } = deps;
  if (await boughtBefore(db, request.uid))
    throw new DomainError('failed-precondition', 'introAlreadyUsed');
  for (const key of introClaimKeys(request.uid, request.email)) {
    const path = paths.introClaim(key);
    const raw: unknown = (await db.ref(path).get()).val();
    if (raw !== null && holds(parseStored(introClaimSchema, raw, path), now()))
      throw new DomainError('failed-precondition', 'introAlreadyUsed');
  }
}

/**
 * Claims the intro offer for a checkout about to open, or refuses `introAlreadyUsed` (nothing
 * written): the member bought before, or the offer is taken under their account or e-mail.
 * Returns the keys claimed, to attach the session or give them back.
 */
export async function claimIntroOffer(
  deps: Pick<PaymentDeps, 'db' | 'now'>,
  request: { uid: string; email: string | undefined; offer: string; expiresAt: number },
): Promise<string[]> {
  const { db, now } = deps;
  const at = now();
  const keys = introClaimKeys(request.uid, request.email);
  await checkIntroOffer(deps, request);
  const claim: IntroClaim = {
    uid: request.uid,
    offer: request.offer,
    claimedAt: at,
    expiresAt: request.expiresAt,
  };
  const claimed: string[] = [];
  try {
    for (const key of keys) {
      const { committed } = await db.ref(paths.introClaim(key)).transaction(
        (current: unknown) => {
          if (current === null) return claim;
          const stored = introClaimSchema.safeParse(current);
          return stored.success && holds(stored.data, at) ? undefined : claim;
        },
        undefined,
        false,
      );
      if (!committed) throw new DomainError('failed-precondition', 'introAlreadyUsed');
      claimed.push(key);
    }
  } catch (error) {
    await releaseIntroClaims(db, claimed, undefined);
    throw error;
  }
  return claimed;
}

/** Names the checkout holding the claims, so its payment or expiry settles them. */
export async function attachIntroSession(db: Database, keys: readonly string[], sessionId: string) {
  await Promise.all(keys.map((key) => db.ref(paths.introClaim(key)).update({ sessionId })));
}

/** The person's claims of a checkout: `paid` keeps them for good; otherwise they are given back. */
export async function settleIntroClaims(
  deps: Pick<PaymentDeps, 'db' | 'now'>,
  uid: string,
  email: string | undefined,
  sessionId: string,
  outcome: 'paid' | 'unpaid',
): Promise<void> {
  const keys = introClaimKeys(uid, email);
  if (outcome === 'unpaid') {
    await releaseIntroClaims(deps.db, keys, sessionId);
    return;
  }
  const at = deps.now();
  await Promise.all(
    keys.map((key) =>
      deps.db.ref(paths.introClaim(key)).transaction(
        (current: unknown) => {
          const stored = introClaimSchema.safeParse(current);
          if (!stored.success || stored.data.sessionId !== sessionId) return current;
          const paid: IntroClaim = { ...stored.data, paidAt: stored.data.paidAt ?? at };
          delete paid.expiresAt;
          return paid;
        },
        undefined,
        false,
      ),
    ),
  );
}

/** Removes claims that this session (or, with `undefined`, this call) made and were not paid. */
export async function releaseIntroClaims(
  db: Database,
  keys: readonly string[],
  sessionId: string | undefined,
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      db.ref(paths.introClaim(key)).transaction(
        (current: unknown) => {
          const stored = introClaimSchema.safeParse(current);
          if (!stored.success || stored.data.paidAt !== undefined) return current;
          if (sessionId !== undefined && stored.data.sessionId !== sessionId) return current;
          return null;
        },
        undefined,
        false,
      ),
    ),
  );
}
