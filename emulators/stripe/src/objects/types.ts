import type Stripe from 'stripe';

/**
 * The pinned API version of the `stripe` package this sandbox answers for (23.1.0).
 * A test checks it against `Stripe.API_VERSION`, so an SDK upgrade cannot drift silently.
 */
export const API_VERSION = '2026-10-28.endive';

/**
 * The JSON of an SDK type as it travels on the wire: the SDK turns decimal strings into
 * `Decimal` objects after parsing, so on the wire they are strings.
 */
export type Wire<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/**
 * Stored objects keep expandable references as ids (`expand[]` swaps them for objects on the way
 * out), so those fields are narrowed to `string | null` here.
 */
export type CustomerObject = Wire<Stripe.Customer>;
export interface DeletedCustomerObject {
  id: string;
  object: 'customer';
  deleted: true;
}
export type ProductObject = Wire<Stripe.Product>;
export type PriceObject = Wire<Stripe.Price> & { product: string };
export type LineItemObject = Omit<Wire<Stripe.LineItem>, 'price'> & { price: PriceObject };
export type SessionObject = Omit<
  Wire<Stripe.Checkout.Session>,
  'customer' | 'payment_intent' | 'subscription' | 'invoice' | 'line_items'
> & {
  customer: string | null;
  payment_intent: string | null;
  subscription: string | null;
  invoice: string | null;
};
export type SubscriptionItemObject = Omit<Wire<Stripe.SubscriptionItem>, 'price'> & {
  price: PriceObject;
};
export type SubscriptionObject = Omit<
  Wire<Stripe.Subscription>,
  'customer' | 'latest_invoice' | 'items' | 'schedule'
> & {
  customer: string;
  latest_invoice: string | null;
  items: ListObject<SubscriptionItemObject>;
  schedule: string | null;
};
export type InvoiceLineObject = Wire<Stripe.InvoiceLineItem>;
export type InvoiceObject = Omit<Wire<Stripe.Invoice>, 'customer' | 'lines' | 'payments'> & {
  customer: string;
  lines: ListObject<InvoiceLineObject>;
};
export type InvoicePaymentObject = Wire<Stripe.InvoicePayment> & {
  invoice: string;
  payment: { type: 'payment_intent'; payment_intent: string; charge?: string };
};
export type PaymentIntentObject = Omit<Wire<Stripe.PaymentIntent>, 'customer' | 'latest_charge'> & {
  customer: string | null;
  latest_charge: string | null;
};
export type ChargeObject = Omit<Wire<Stripe.Charge>, 'customer' | 'payment_intent' | 'refunds'> & {
  customer: string | null;
  payment_intent: string | null;
};
export type RefundObject = Omit<Wire<Stripe.Refund>, 'charge' | 'payment_intent'> & {
  charge: string;
  payment_intent: string | null;
};
/** `billing_portal.session`: its `configuration` is the sandbox's one default configuration id. */
export type PortalSessionObject = Omit<Wire<Stripe.BillingPortal.Session>, 'configuration'> & {
  configuration: string;
};
/** `billing_portal.configuration`: the features a portal session offers. */
export type PortalConfigurationObject = Omit<
  Wire<Stripe.BillingPortal.Configuration>,
  'application'
> & { application: null };
export type DisputeObject = Omit<Wire<Stripe.Dispute>, 'charge' | 'payment_intent'> & {
  charge: string;
  payment_intent: string | null;
};

export type SchedulePhaseItemObject = Omit<
  Wire<Stripe.SubscriptionSchedule.Phase.Item>,
  'price' | 'plan'
> & { price: string; plan: string };
export type SchedulePhaseObject = Omit<Wire<Stripe.SubscriptionSchedule.Phase>, 'items'> & {
  items: SchedulePhaseItemObject[];
};
/** `subscription_schedule`: phases name their prices by id. */
export type ScheduleObject = Omit<
  Wire<Stripe.SubscriptionSchedule>,
  'customer' | 'subscription' | 'phases'
> & { customer: string; subscription: string | null; phases: SchedulePhaseObject[] };

/** Every object kind the sandbox stores, by its `object` field. */
export type ApiObject =
  | CustomerObject
  | DeletedCustomerObject
  | SessionObject
  | SubscriptionObject
  | InvoiceObject
  | InvoicePaymentObject
  | PaymentIntentObject
  | ChargeObject
  | RefundObject
  | DisputeObject
  | PriceObject
  | ProductObject
  | ScheduleObject
  | PortalConfigurationObject;

export interface EventObject {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: ApiObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}
