import { hash, oneOf, pagination, params, str } from '../http/params';
import { paginate, render, renderList } from '../state/render';
import type { Route } from './route';

const retrieveParams = params({});
const listParams = params({
  ...pagination,
  customer: str(),
  subscription: str(),
  status: oneOf(['draft', 'open', 'paid', 'uncollectible', 'void']),
});
const linesParams = params({ ...pagination });
const paymentListParams = params({
  ...pagination,
  invoice: str(),
  status: oneOf(['canceled', 'open', 'paid']),
  payment: hash({
    type: oneOf(['payment_intent', 'payment_record']),
    payment_intent: str(),
    payment_record: str(),
  }),
});

// Routes alike in form, one per endpoint as Stripe lists them: each has its own params and filters.
export const invoiceRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    handle: ({ store, form, ids }) => {
      const input = retrieveParams(form);
      return render(store, store.invoices.get(ids.id ?? ''), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id/lines',
    handle: ({ store, form, ids }) => {
      const input = linesParams(form);
      const invoice = store.invoices.get(ids.id ?? '');
      const page = paginate(invoice.lines.data, input, `/v1/invoices/${invoice.id}/lines`);
      return renderList(store, page, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices',
    handle: ({ store, form }) => {
      const input = listParams(form);
      const invoices = store.invoices
        .newestFirst()
        .filter((invoice) => input.customer == null || invoice.customer === input.customer)
        .filter(
          (invoice) =>
            input.subscription == null ||
            invoice.parent?.subscription_details?.subscription === input.subscription,
        )
        .filter((invoice) => input.status == null || invoice.status === input.status);
      return renderList(store, paginate(invoices, input, '/v1/invoices'), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/invoice_payments/:id',
    handle: ({ store, form, ids }) => {
      const input = retrieveParams(form);
      return render(store, store.invoicePayments.get(ids.id ?? ''), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/invoice_payments',
    handle: ({ store, form }) => {
      const input = paymentListParams(form);
      const paymentIntent = input.payment?.payment_intent ?? null;
      const payments = store.invoicePayments
        .newestFirst()
        .filter((entry) => input.invoice == null || entry.invoice === input.invoice)
        .filter((entry) => input.status == null || entry.status === input.status)
        .filter(
          (entry) => paymentIntent === null || entry.payment.payment_intent === paymentIntent,
        );
      return renderList(store, paginate(payments, input, '/v1/invoice_payments'), input.expand);
    },
  },
];
