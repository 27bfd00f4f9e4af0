import { noSuch } from '../http/errors';
import type { InvoiceLineFields } from '../objects/invoice';
import type {
  ChargeObject,
  CustomerObject,
  DeletedCustomerObject,
  EventObject,
  InvoiceObject,
  InvoicePaymentObject,
  LineItemObject,
  PaymentIntentObject,
  PortalConfigurationObject,
  PortalSessionObject,
  PriceObject,
  ProductObject,
  RefundObject,
  ScheduleObject,
  DisputeObject,
  SessionObject,
  SubscriptionObject,
} from '../objects/types';

/** One collection of objects in creation order (Map keeps insertion order). */
export class Collection<T extends { id: string }> {
  private readonly items = new Map<string, T>();

  add<U extends T>(item: U): U {
    this.items.set(item.id, item);
    return item;
  }

  find(id: string): T | undefined {
    return this.items.get(id);
  }

  /** The object, or Stripe's 404 `resource_missing` (400 when it was named in a parameter). */
  get(id: string, param = 'id', status = 404): T {
    const item = this.items.get(id);
    if (item === undefined) throw noSuch(id, param, status);
    return item;
  }

  /** Newest first, the order of Stripe's list endpoints. */
  newestFirst(): T[] {
    return [...this.items.values()].reverse();
  }

  all(): T[] {
    return [...this.items.values()];
  }

  clear(): void {
    this.items.clear();
  }
}

/** What a checkout session needs at completion that its JSON does not show. */
export interface SessionSetup {
  lineItems: LineItemObject[];
  paymentIntentData: {
    metadata: Record<string, string>;
    description: string | null;
    receiptEmail: string | null;
  };
  subscriptionData: {
    metadata: Record<string, string>;
    description: string | null;
    /** A free (or intro-priced) first period until then (Unix seconds). */
    trialEnd: number | null;
    billingMode: 'classic' | 'flexible';
  };
}

/**
 * The card a customer saved through the portal. `failing`: it was accepted but every charge on
 * it is declined (Stripe's test card 4000 0000 0000 0341).
 */
export interface SavedCard {
  paymentMethod: string;
  brand: string;
  last4: string;
  failing: boolean;
}

/** The sandbox's whole state, in memory. */
export class Store {
  /** `http://host:port`, set once the server listens; checkout URLs and receipts use it. */
  baseUrl = '';
  readonly sessionSetups = new Map<string, SessionSetup>();
  /** Billing periods completed per subscription since its start (0 in the first period). */
  readonly cycles = new Map<string, number>();
  /** customer id → the card saved in the customer portal (none: the checkout card, which works). */
  readonly cards = new Map<string, SavedCard>();
  readonly customers = new Collection<CustomerObject | DeletedCustomerObject>();
  readonly products = new Collection<ProductObject>();
  readonly prices = new Collection<PriceObject>();
  readonly sessions = new Collection<SessionObject>();
  readonly subscriptions = new Collection<SubscriptionObject>();
  readonly invoices = new Collection<InvoiceObject>();
  readonly invoicePayments = new Collection<InvoicePaymentObject>();
  readonly paymentIntents = new Collection<PaymentIntentObject>();
  readonly charges = new Collection<ChargeObject>();
  readonly refunds = new Collection<RefundObject>();
  readonly disputes = new Collection<DisputeObject>();
  readonly events = new Collection<EventObject>();
  readonly portalSessions = new Collection<PortalSessionObject>();
  readonly portalConfigurations = new Collection<PortalConfigurationObject>();
  readonly schedules = new Collection<ScheduleObject>();
  /**
   * Invoice lines waiting for a subscription's next invoice: prorations made with
   * `create_prorations`, and the credit for unused time when it was paused (Stripe's pending
   * invoice items).
   */
  readonly pendingLines = new Map<string, InvoiceLineFields[]>();

  /** A live (not deleted) customer, or Stripe's `resource_missing`. */
  customer(id: string, param = 'id', status = 404): CustomerObject {
    const customer = this.customers.get(id, param, status);
    if ('deleted' in customer) throw noSuch(id, param, status);
    return customer;
  }

  reset(): void {
    for (const collection of [
      this.customers,
      this.products,
      this.prices,
      this.sessions,
      this.subscriptions,
      this.invoices,
      this.invoicePayments,
      this.paymentIntents,
      this.charges,
      this.refunds,
      this.disputes,
      this.events,
      this.portalSessions,
      this.portalConfigurations,
      this.schedules,
    ]) {
      collection.clear();
    }
    this.sessionSetups.clear();
    this.cycles.clear();
    this.cards.clear();
    this.pendingLines.clear();
  }
}
