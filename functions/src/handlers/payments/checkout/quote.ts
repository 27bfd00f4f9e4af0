// The price of a purchase, computed on the server from the catalogue and the coupon:
// the client names what it buys, never what it pays.
import {
  DomainError,
  PACKAGE_KINDS_FOR_PURCHASE,
  applyCoupon,
  couponSchema,
  creditKindForPackage,
  isDomainError,
  lineTotal,
  majorToCents,
  packageSchema,
  parseStored,
  paths,
  settingsFromStored,
  shopProductSchema,
  subscriptionPricePair,
  suscriptionPricesSchema,
} from '@studio/core';
import type {
  CartItem,
  Coupon,
  CreditKind,
  PaymentItem,
  PreviewPriceInput,
  PurchaseKind,
  Settings,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';

/** Credits one line of the purchase grants when it is paid. */
export interface CreditGrantPlan {
  /** Index of the line; the grant key is `{sessionId}-{line}` so each line's ids differ. */
  line: number;
  packageId: string;
  kind: CreditKind;
  count: number;
  validityDays: number;
}

export interface Quote {
  kind: PurchaseKind;
  currency: string;
  items: PaymentItem[];
  subtotal: number;
  discount: number;
  amount: number;
  coupon?: string;
  grants: CreditGrantPlan[];
  /** The subscription is charged the discounted price (decision recorded in the README). */
  subscriptionPrice?: 'discounted';
}

export type QuoteRequest = Pick<PreviewPriceInput, 'kind' | 'packageId' | 'items' | 'promocode'>;

async function read(db: Database, path: string): Promise<unknown> {
  return (await db.ref(path).get()).val();
}

async function loadSettings(db: Database): Promise<Settings> {
  return settingsFromStored(await read(db, paths.settings()));
}

interface PricedLine {
  item: PaymentItem;
  currency: string;
  grant?: Omit<CreditGrantPlan, 'line'>;
}

async function packageLine(
  db: Database,
  kind: PurchaseKind,
  packageId: string,
  quantity: number,
): Promise<PricedLine> {
  const path = paths.package(packageId);
  const raw = await read(db, path);
  if (raw === null) throw new DomainError('not-found', 'packageNotFound', { packageId });
  const pack = parseStored(packageSchema, raw, path);
  if (!PACKAGE_KINDS_FOR_PURCHASE[kind].includes(pack.kind))
    throw new DomainError('not-found', 'packageNotFound', { packageId });
  if (!pack.active) throw new DomainError('failed-precondition', 'packageInactive', { packageId });
  return {
    item: { type: 'package', id: packageId, name: pack.name, quantity, unitAmount: pack.price },
    currency: pack.currency,
    grant: {
      packageId,
      kind: creditKindForPackage(pack.kind),
      count: pack.credits * quantity,
      validityDays: pack.validityDays,
    },
  };
}

async function productLine(
  db: Database,
  item: Extract<CartItem, { type: 'product' }>,
  settings: Settings,
): Promise<PricedLine> {
  const path = paths.shopProduct(item.category, item.id);
  const raw = await read(db, path);
  const parsed = shopProductSchema.safeParse(raw);
  if (raw === null || !parsed.success || parsed.data.Precio === undefined)
    throw new DomainError('not-found', 'productNotFound', { productId: item.id });
  return {
    item: {
      type: 'product',
      id: item.id,
      category: item.category,
      name: parsed.data.Name ?? item.id,
      quantity: item.quantity,
      unitAmount: majorToCents(parsed.data.Precio),
    },
    currency: settings.currency,
  };
}

async function subscriptionLine(db: Database, settings: Settings): Promise<PricedLine> {
  const path = paths.suscriptionPrices();
  const raw = await read(db, path);
  const pair =
    raw === null
      ? undefined
      : subscriptionPricePair(parseStored(suscriptionPricesSchema, raw, path));
  if (pair === undefined) throw new DomainError('failed-precondition', 'paymentsUnavailable');
  return {
    item: {
      type: 'subscription',
      id: 'discounted',
      name: 'Monthly plan',
      quantity: 1,
      unitAmount: majorToCents(pair.discounted),
    },
    currency: settings.currency,
  };
}

async function pricedLines(db: Database, request: QuoteRequest): Promise<PricedLine[]> {
  const settings = await loadSettings(db);
  switch (request.kind) {
    case 'subscription':
      return [await subscriptionLine(db, settings)];
    case 'cart': {
      const items = request.items ?? [];
      if (items.length === 0) throw new DomainError('invalid-argument', 'cartEmpty');
      return Promise.all(
        items.map((item) =>
          item.type === 'package'
            ? packageLine(db, 'cart', item.id, item.quantity)
            : productLine(db, item, settings),
        ),
      );
    }
    default: {
      if (request.packageId === undefined)
        throw new DomainError('invalid-argument', 'invalidInput');
      return [await packageLine(db, request.kind, request.packageId, 1)];
    }
  }
}

/** Stripe's smallest charge per currency, in cents (Stripe's table; others: 50). */
const MINIMUM_CHARGE: Readonly<Record<string, number>> = {
  USD: 50,
  EUR: 50,
  CAD: 50,
  MXN: 1000,
};

export function minimumCharge(currency: string): number {
  return MINIMUM_CHARGE[currency.toUpperCase()] ?? 50;
}

function formatCents(cents: number, currency: string): string {
  return `$${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** Redemptions so far by this member: entries of `CodeCloudStore/{code}/{uid}`. */
async function memberRedemptionCount(db: Database, code: string, uid: string): Promise<number> {
  const snapshot = await db.ref(paths.memberRedemptions(code, uid)).get();
  return snapshot.numChildren();
}

export async function loadCoupon(db: Database, code: string): Promise<Coupon> {
  const path = paths.coupon(code);
  const raw = await read(db, path);
  if (raw === null) throw new DomainError('not-found', 'couponUnknown', { code });
  return parseStored(couponSchema, raw, path);
}

/** The server-side price of a purchase for `uid`, coupon applied, or the reason it cannot be. */
export async function quotePurchase(
  db: Database,
  uid: string,
  request: QuoteRequest,
  now: number,
): Promise<Quote> {
  const lines = await pricedLines(db, request);
  const currencies = new Set(lines.map((line) => line.currency));
  const [currency] = currencies;
  if (currency === undefined || currencies.size > 1)
    throw new DomainError('invalid-argument', 'invalidInput', { issues: 'mixed currencies' });
  const items = lines.map((line) => line.item);
  const subtotal = lineTotal(items);
  const grants = lines.flatMap((line, index) =>
    line.grant ? [{ ...line.grant, line: index }] : [],
  );
  const quote: Quote = {
    kind: request.kind,
    currency,
    items,
    subtotal,
    discount: 0,
    amount: subtotal,
    grants,
  };
  if (request.kind === 'subscription') quote.subscriptionPrice = 'discounted';
  // A catalogue price under the minimum is a catalogue mistake Stripe would refuse.
  if (subtotal < minimumCharge(currency))
    throw new DomainError('failed-precondition', 'paymentsUnavailable');
  if (request.promocode === undefined) return quote;

  const coupon = await loadCoupon(db, request.promocode);
  const price = applyCoupon(
    subtotal,
    coupon,
    now,
    coupon.redeemed,
    await memberRedemptionCount(db, request.promocode, uid),
    request.kind,
  );
  if (isDomainError(price)) throw price;
  const minimum = minimumCharge(currency);
  // docs/decisions/050-coupon-under-minimum-charge.md: a coupon may not take a purchase under what
  // a card can be charged (a 100 %
  // coupon included); the member is told before paying, and credits only ever come from a payment.
  if (price.amount < minimum)
    throw new DomainError('failed-precondition', 'amountBelowMinimum', {
      amount: formatCents(price.amount, currency),
      minimum: formatCents(minimum, currency),
    });
  return { ...quote, coupon: request.promocode, discount: price.discount, amount: price.amount };
}
