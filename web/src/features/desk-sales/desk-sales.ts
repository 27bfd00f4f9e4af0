// What the desk's sale screen offers and sends, computed from the catalogue and the member's
// payments. Pure, so the choices, their order and the callables' inputs are unit-tested.
import { isRecord, userDirectoryEntrySchema } from '@studio/core';
import type {
  BillingInterval,
  CreateDeskCheckoutInput,
  Package,
  Payment,
  Plan,
  RecordCashSaleInput,
} from '@studio/core';

export type SaleGroup = 'packs' | 'events' | 'train' | 'plans';
export type SaleKind = RecordCashSaleInput['kind'];

/** One thing the desk can sell, at the catalogue's price. */
export interface SaleOption {
  /** `package:{id}` or `plan:{id}`: unique across both catalogues. */
  key: string;
  group: SaleGroup;
  kind: SaleKind;
  id: string;
  name: string;
  price: number;
  currency: string;
  /** The credits a pack gives; a credits plan's per period. */
  credits?: number;
  /** How long a pack's credits last, in days. */
  validityDays?: number;
  /** A plan's billing period. */
  interval?: BillingInterval;
}

const PACK_GROUP: Readonly<Record<Package['kind'], { group: SaleGroup; kind: SaleKind }>> = {
  single: { group: 'packs', kind: 'credits' },
  credits: { group: 'packs', kind: 'credits' },
  spcredits: { group: 'events', kind: 'spcredits' },
  'train-credits': { group: 'train', kind: 'train-credits' },
};

const GROUP_ORDER: readonly SaleGroup[] = ['packs', 'events', 'train', 'plans'];

function byOrder(
  a: { order?: number | undefined; price: number; id: string },
  b: { order?: number | undefined; price: number; id: string },
): number {
  const order = (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER);
  return order || a.price - b.price || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Everything on sale: active packs (the single class with the packs) and active plans, grouped
 * packs, special events, training, plans, each group in the catalogue's order then by price.
 */
export function saleOptions(
  packages: Readonly<Record<string, Package>>,
  plans: Readonly<Record<string, Plan>>,
): SaleOption[] {
  const packs = Object.entries(packages)
    .filter(([, pack]) => pack.active)
    .map(([id, pack]) => ({ id, pack, order: pack.order, price: pack.price }))
    .sort(byOrder)
    .map(({ id, pack }): SaleOption => {
      const { group, kind } = PACK_GROUP[pack.kind];
      return {
        key: `package:${id}`,
        group,
        kind,
        id,
        name: pack.name,
        price: pack.price,
        currency: pack.currency,
        credits: pack.credits,
        validityDays: pack.validityDays,
      };
    });
  const planOptions = Object.entries(plans)
    .filter(([, plan]) => plan.active)
    .map(([id, plan]) => ({ id, plan, order: plan.order, price: plan.price }))
    .sort(byOrder)
    .map(({ id, plan }): SaleOption => {
      const option: SaleOption = {
        key: `plan:${id}`,
        group: 'plans',
        kind: 'plan',
        id,
        name: plan.name,
        price: plan.price,
        currency: plan.currency,
        interval: plan.interval,
      };
      if (plan.credits !== undefined) option.credits = plan.credits;
      return option;
    });
  const all = [...packs, ...planOptions];
  return GROUP_ORDER.flatMap((group) => all.filter((option) => option.group === group));
}

/** The item part of `recordCashSale` and `createDeskCheckout`: a pack's id or a plan's. */
export function saleItem(
  option: SaleOption,
): Pick<RecordCashSaleInput, 'kind' | 'packageId' | 'planId'> {
  return option.kind === 'plan'
    ? { kind: 'plan', planId: option.id }
    : { kind: option.kind, packageId: option.id };
}

/** `recordCashSale`'s input: the cash received is the price; one request id per sale. */
export function cashSaleInput(
  uid: string,
  option: SaleOption,
  requestId: string,
): RecordCashSaleInput {
  return { uid, ...saleItem(option), amount: option.price, requestId };
}

/** `createDeskCheckout`'s input: back to this screen when paid here, to the member's own page else. */
export function deskCheckoutInput(
  uid: string,
  option: SaleOption,
  delivery: CreateDeskCheckoutInput['delivery'],
  urls: { successUrl: string; cancelUrl: string },
): CreateDeskCheckoutInput {
  return { uid, ...saleItem(option), delivery, ...urls };
}

/** A member found at the desk, from their `UserDirectory` entry. */
export interface FoundMember {
  uid: string;
  name: string;
  email: string;
  phone: string;
  nameKey: string;
}

const entryFields = userDirectoryEntrySchema.pick({
  name: true,
  email: true,
  phone: true,
  nameKey: true,
});

/** Directory entries (the merged answers of the look-up) as members, in name order. */
export function foundMembers(entries: unknown): FoundMember[] {
  if (!isRecord(entries)) return [];
  return Object.entries(entries)
    .flatMap(([uid, value]) => {
      const parsed = entryFields.safeParse(value);
      return parsed.success ? [{ uid, ...parsed.data }] : [];
    })
    .sort((a, b) =>
      a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.uid < b.uid ? -1 : 1,
    );
}

/** One of the member's payments taken at the desk (cash, or a card checkout opened there). */
export interface DeskPayment {
  id: string;
  payment: Payment;
}

/** The member's cash payments, newest first, at most `limit`. */
export function cashPayments(
  payments: Readonly<Record<string, Payment>>,
  limit = 5,
): DeskPayment[] {
  return Object.entries(payments)
    .filter(([, payment]) => payment.method === 'cash')
    .sort(([, a], [, b]) => b.createdAt - a.createdAt)
    .slice(0, limit)
    .map(([id, payment]) => ({ id, payment }));
}

/** A name for what a payment bought: its lines' names. */
export function paymentName(payment: Payment): string {
  return payment.items.map((item) => item.name).join(', ');
}

/** A fresh id for one sale or one booking, so a repeated tap finds the first. */
export function newRequestId(random: () => string = () => crypto.randomUUID()): string {
  return `desk${random()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 24)}`;
}
