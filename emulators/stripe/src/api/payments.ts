import { paramError } from '../http/errors';
import {
  bool,
  int,
  list,
  metadata,
  oneOf,
  pagination,
  params,
  required,
  str,
  applyMetadata,
} from '../http/params';
import { chargeOffSession, refundCharge } from '../flows/payments';
import { paginate, render, renderList } from '../state/render';
import type { Route } from './route';

const retrieveParams = params({});
const paymentIntentCreateParams = params({
  amount: required(int({ min: 1, max: 99_999_999 })),
  currency: required(str()),
  customer: str(),
  payment_method: str(),
  payment_method_types: list(required(str())),
  confirm: bool(),
  off_session: bool(),
  description: str({ max: 1000 }),
  metadata: metadata(),
  receipt_email: str(),
  statement_descriptor_suffix: str({ max: 22 }),
});
const paymentIntentListParams = params({ ...pagination, customer: str() });
const chargeListParams = params({ ...pagination, customer: str(), payment_intent: str() });
const refundCreateParams = params({
  charge: str(),
  payment_intent: str(),
  amount: int({ min: 1 }),
  reason: oneOf(['duplicate', 'fraudulent', 'requested_by_customer']),
  metadata: metadata(),
});
const refundListParams = params({ ...pagination, charge: str(), payment_intent: str() });
const disputeListParams = params({ ...pagination, charge: str(), payment_intent: str() });

// Routes alike in form, one per endpoint as Stripe lists them: each has its own params and filters.
export const paymentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_intents',
    handle: ({ store, form, batch }) => {
      const input = paymentIntentCreateParams(form);
      if (input.confirm !== true || input.off_session !== true) {
        throw paramError(
          'confirm',
          'The sandbox creates PaymentIntents confirmed off-session only (`confirm=true`, `off_session=true`).',
        );
      }
      if (input.customer == null) {
        throw paramError('customer', 'Missing required param: customer.', 'parameter_missing');
      }
      if (input.payment_method == null) {
        throw paramError(
          'payment_method',
          'Missing required param: payment_method.',
          'parameter_missing',
        );
      }
      const currency = input.currency.toLowerCase();
      if (!/^[a-z]{3}$/.test(currency))
        throw paramError('currency', `Invalid currency: ${input.currency}`);
      const intent = chargeOffSession(store, batch, {
        amount: input.amount,
        currency,
        customer: input.customer,
        paymentMethod: input.payment_method,
        description: input.description ?? null,
        metadata: applyMetadata({}, input.metadata),
        receiptEmail: input.receipt_email ?? null,
      });
      return render(store, intent, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/disputes/:id',
    handle: ({ store, form, ids }) => {
      const input = retrieveParams(form);
      return render(store, store.disputes.get(ids.id ?? ''), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/disputes',
    handle: ({ store, form }) => {
      const input = disputeListParams(form);
      const disputes = store.disputes
        .newestFirst()
        .filter((dispute) => input.charge == null || dispute.charge === input.charge)
        .filter(
          (dispute) =>
            input.payment_intent == null || dispute.payment_intent === input.payment_intent,
        );
      return renderList(store, paginate(disputes, input, '/v1/disputes'), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    handle: ({ store, form, ids }) => {
      const input = retrieveParams(form);
      return render(store, store.paymentIntents.get(ids.id ?? ''), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents',
    handle: ({ store, form }) => {
      const input = paymentIntentListParams(form);
      const intents = store.paymentIntents
        .newestFirst()
        .filter((intent) => input.customer == null || intent.customer === input.customer);
      return renderList(store, paginate(intents, input, '/v1/payment_intents'), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/charges/:id',
    handle: ({ store, form, ids }) => {
      const input = retrieveParams(form);
      return render(store, store.charges.get(ids.id ?? ''), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/charges',
    handle: ({ store, form }) => {
      const input = chargeListParams(form);
      const charges = store.charges
        .newestFirst()
        .filter((charge) => input.customer == null || charge.customer === input.customer)
        .filter(
          (charge) =>
            input.payment_intent == null || charge.payment_intent === input.payment_intent,
        );
      return renderList(store, paginate(charges, input, '/v1/charges'), input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/refunds',
    handle: ({ store, form, batch }) => {
      const input = refundCreateParams(form);
      if (input.charge == null && input.payment_intent == null) {
        throw paramError(
          'charge',
          'One of the following params should be provided for this request: payment_intent or charge.',
          'parameter_missing',
        );
      }
      let charge =
        input.charge == null ? undefined : store.charges.get(input.charge, 'charge', 400);
      if (input.payment_intent != null) {
        const intent = store.paymentIntents.get(input.payment_intent, 'payment_intent', 400);
        if (charge !== undefined && charge.payment_intent !== intent.id) {
          throw paramError(
            'payment_intent',
            `Charge ${charge.id} does not belong to PaymentIntent ${intent.id}.`,
          );
        }
        if (intent.status !== 'succeeded' || intent.latest_charge === null) {
          throw paramError(
            'payment_intent',
            `PaymentIntent ${intent.id} does not have a successful charge to refund.`,
            'charge_not_refundable',
          );
        }
        charge = store.charges.get(intent.latest_charge, 'payment_intent', 400);
      }
      if (charge === undefined)
        throw paramError('charge', 'Missing required param: charge.', 'parameter_missing');
      const refund = refundCharge(store, batch, charge, {
        amount: input.amount ?? null,
        reason: input.reason ?? null,
        metadata: applyMetadata({}, input.metadata),
      });
      return render(store, refund, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds/:id',
    handle: ({ store, form, ids }) => {
      const input = retrieveParams(form);
      return render(store, store.refunds.get(ids.id ?? ''), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds',
    handle: ({ store, form }) => {
      const input = refundListParams(form);
      const refunds = store.refunds
        .newestFirst()
        .filter((refund) => input.charge == null || refund.charge === input.charge)
        .filter(
          (refund) =>
            input.payment_intent == null || refund.payment_intent === input.payment_intent,
        );
      return renderList(store, paginate(refunds, input, '/v1/refunds'), input.expand);
    },
  },
];
