// Stripe's migration mapping → each imported client's Stripe customer and card. Stripe copies the
// cards from the old processor and hands back a file naming, for each old customer id, the new
// Stripe customer (and card); this step makes that customer the member's one Stripe customer
// (`StripeCustomers/{uid}` and its `cus → uid` index, as a first checkout would) and keeps the card
// on the client's marker, where the memberships step reads it with the account
// (docs/architecture/import.md#what-comes-in). A member who already pays here as another
// Stripe customer keeps that one: the row is explained, nothing written.
import { parseStored, paths, stripeCustomerSchema, type StripeCustomer } from '@studio/core';
import { sourceKey, type CardRecord, type ImportedMember } from '@studio/core/import';
import { clientAccounts } from './clients';
import {
  IN_FLIGHT,
  mapPool,
  runAccounts,
  type ImportDeps,
  type RowResult,
  type RunContext,
} from './run';

interface CardRow {
  line: number;
  record: CardRecord;
}

type Card = NonNullable<ImportedMember['card']>;

function cardOf(record: CardRecord): Card {
  return record.paymentMethod === undefined
    ? { customer: record.customer }
    : { customer: record.customer, paymentMethod: record.paymentMethod };
}

const detailOf = (card: Card) =>
  `Stripe customer ${card.customer}${card.paymentMethod === undefined ? '' : `, card ${card.paymentMethod}`}`;

/** The member's Stripe customer made this one, unless they have another (then that one, unchanged). */
async function claimCustomer(
  deps: ImportDeps,
  uid: string,
  customer: string,
): Promise<string | undefined> {
  const path = paths.stripeCustomer(uid);
  const { snapshot } = await deps.db.ref(path).transaction(
    (current: unknown) => {
      const stored = stripeCustomerSchema.safeParse(current);
      if (stored.success && stored.data.customerId !== undefined) return undefined;
      return {
        claimedAt: stored.success ? stored.data.claimedAt : deps.now(),
        customerId: customer,
      } satisfies StripeCustomer;
    },
    undefined,
    false,
  );
  const claimed = parseStored(stripeCustomerSchema, snapshot.val(), path).customerId;
  return claimed === customer ? undefined : claimed;
}

export async function importCardRows(
  deps: ImportDeps,
  ctx: RunContext,
  rows: readonly CardRow[],
): Promise<RowResult[]> {
  const { db } = deps;
  const accounts = await clientAccounts(
    deps,
    ctx,
    rows.map((row) => row.record.clientId),
  );
  const known = runAccounts(ctx.runId);
  return mapPool(rows, IN_FLIGHT, async ({ line, record }): Promise<RowResult> => {
    const base = { line, id: record.id };
    const account = accounts.get(record.clientId);
    const key = sourceKey(record.clientId);
    if (account === undefined || key === undefined)
      return {
        ...base,
        outcome: 'skipped',
        problems: [{ reason: 'unknownMember', field: 'clientId' }],
      };
    const card = cardOf(record);
    const detail = detailOf(card);
    // A dry run's later files read the card as the run would leave it (this process's memory).
    if (account.planned) {
      known.set(key, { ...account, card });
      return { ...base, outcome: 'created', detail };
    }
    const { uid } = account;
    const [held, owner] = await Promise.all([
      db.ref(paths.stripeCustomer(uid)).get(),
      db.ref(paths.stripeCustomerUid(card.customer)).get(),
    ]);
    const stored = stripeCustomerSchema.safeParse(held.val());
    const other = stored.success ? stored.data.customerId : undefined;
    const ownerUid: unknown = owner.val();
    if ((other !== undefined && other !== card.customer) || (ownerUid !== null && ownerUid !== uid))
      return {
        ...base,
        outcome: 'skipped',
        problems: [
          {
            reason: 'cardCustomerDiffers',
            field: 'stripeCustomer',
            params: { customer: other ?? card.customer },
          },
        ],
      };
    const same =
      account.card?.customer === card.customer &&
      account.card.paymentMethod === card.paymentMethod &&
      other === card.customer;
    const outcome = same ? 'unchanged' : account.card === undefined ? 'created' : 'updated';
    if (ctx.dryRun) known.set(key, { ...account, card });
    if (ctx.dryRun || same) return { ...base, outcome, detail };
    // The index first, as a checkout's customer: a claim naming a customer has its way back.
    await db.ref(paths.stripeCustomerUid(card.customer)).set(uid);
    const taken = await claimCustomer(deps, uid, card.customer);
    if (taken !== undefined) {
      await db.ref(paths.stripeCustomerUid(card.customer)).remove();
      return {
        ...base,
        outcome: 'skipped',
        problems: [
          { reason: 'cardCustomerDiffers', field: 'stripeCustomer', params: { customer: taken } },
        ],
      };
    }
    await db.ref(`${paths.importedMember(ctx.source, key)}/card`).set(card);
    known.set(key, { ...account, card });
    return { ...base, outcome, detail };
  });
}
