// The customer portal's hosted page: the customer's plans with cancel at period end,
// resume and cancel now, the switch to another plan the configuration offers (or the switch
// already booked), the card on file with a test card form, and the invoice history.
import { escapeHtml, formatMoney, layout } from '../checkout/page';
import type { InvoiceObject, PortalSessionObject, SubscriptionObject } from '../objects/types';
import type { PlanOption } from '../flows/portal-configurations';
import type { SavedCard } from '../state/store';

function day(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  return new Date(seconds * 1000).toLocaleDateString('en-US', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
}

function periodEnd(subscription: SubscriptionObject): number | null {
  return subscription.items.data[0]?.current_period_end ?? null;
}

function statusText(subscription: SubscriptionObject): string {
  if (subscription.status === 'canceled') return `Canceled on ${day(subscription.ended_at)}`;
  if (subscription.status === 'past_due') return 'Past due: the last payment failed';
  if (subscription.cancel_at_period_end) return `Cancels on ${day(periodEnd(subscription))}`;
  return `Active · renews on ${day(periodEnd(subscription))}`;
}

function button(action: string, label: string, secondary = false): string {
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;
}

function recurrenceText(option: PlanOption): string {
  const recurring = option.price.recurring;
  if (recurring === null) return '';
  return recurring.interval_count === 1
    ? `/${recurring.interval}`
    : ` every ${recurring.interval_count} ${recurring.interval}s`;
}

/** "Update plan": one form per price the configuration offers, saying when the switch applies. */
function optionsSection(action: string, options: PlanOption[]): string {
  if (options.length === 0) return '';
  const items = options
    .map((option) => {
      const amount =
        option.price.unit_amount === null
          ? ''
          : ` · ${formatMoney(option.price.unit_amount, option.price.currency)}${recurrenceText(option)}`;
      const when =
        option.at === 'now'
          ? 'Starts now; the rest of this period is prorated.'
          : `Starts on ${day(option.at)}, when this period ends.`;
      return `<li><form method="post" action="${escapeHtml(action)}/update">
<input type="hidden" name="price" value="${escapeHtml(option.price.id)}">
<p><strong>${escapeHtml(option.productName)}</strong>${escapeHtml(amount)}</p>
<p>${escapeHtml(when)}</p>
<button type="submit">${escapeHtml(`Switch to ${option.productName}`)}</button>
</form></li>`;
    })
    .join('\n');
  return `<h3>Update plan</h3>\n<ul class="plan-options">\n${items}\n</ul>`;
}

function planSection(base: string, { subscription, name, options, scheduled }: PortalPlan): string {
  const action = `${base}/subscriptions/${encodeURIComponent(subscription.id)}`;
  const amount = subscription.items.data[0]?.price;
  const price =
    amount?.unit_amount != null ? ` · ${formatMoney(amount.unit_amount, amount.currency)}` : '';
  let buttons = '';
  if (subscription.status !== 'canceled') {
    buttons = subscription.cancel_at_period_end
      ? button(`${action}/resume`, 'Resume plan')
      : button(`${action}/cancel`, 'Cancel plan at period end');
    buttons += button(`${action}/cancel_now`, 'Cancel now', true);
  }
  return `<section aria-label="${escapeHtml(name)}">
<h2>${escapeHtml(name)}${escapeHtml(price)}</h2>
<p data-testid="plan-status">${escapeHtml(statusText(subscription))}</p>
${scheduled === null ? '' : `<p data-testid="plan-scheduled">${escapeHtml(`Changes to ${scheduled.productName} on ${day(scheduled.at)}`)}</p>\n`}${buttons}
${subscription.status === 'canceled' ? '' : optionsSection(action, options)}
</section>`;
}

function invoiceRows(invoices: InvoiceObject[]): string {
  if (invoices.length === 0) return '<tr><td colspan="4">No invoices yet.</td></tr>';
  return invoices
    .map(
      (invoice) =>
        `<tr><td>${escapeHtml(invoice.number ?? invoice.id)}</td><td>${day(invoice.created)}</td>` +
        `<td class="amount">${formatMoney(invoice.amount_due, invoice.currency)}</td><td>${escapeHtml(invoice.status ?? '')}</td></tr>`,
    )
    .join('\n');
}

export interface PortalPlan {
  subscription: SubscriptionObject;
  name: string;
  /** The plans it may switch to (none when the configuration offers no switch). */
  options: PlanOption[];
  /** A switch already booked for the period's end. */
  scheduled: { productName: string; at: number } | null;
}

export interface PortalView {
  session: PortalSessionObject;
  subscriptions: PortalPlan[];
  invoices: InvoiceObject[];
  card: SavedCard | undefined;
  /** An error to show (a declined card, a refused action). */
  alert?: string;
}

export function portalPage({ session, subscriptions, invoices, card, alert }: PortalView): string {
  const base = `/portal/${encodeURIComponent(session.id)}`;
  const plans =
    subscriptions.length === 0
      ? '<p>No subscriptions.</p>'
      : subscriptions.map((plan) => planSection(base, plan)).join('\n');
  const cardText =
    card === undefined
      ? 'The card used at checkout'
      : `${card.brand.toUpperCase()} •••• ${card.last4}`;
  const back =
    session.return_url === null
      ? ''
      : `<p><a href="${escapeHtml(session.return_url)}">Return to the app</a></p>`;
  return layout(
    'Customer portal',
    `<h1>Manage your subscription</h1>
${alert === undefined ? '' : `<p role="alert" class="note">${escapeHtml(alert)}</p>`}
${plans}
<section aria-labelledby="card-title">
<h2 id="card-title">Payment method</h2>
<p data-testid="card">${escapeHtml(cardText)}</p>
<form method="post" action="${base}/card">
<label for="number">Card number</label>
<input id="number" name="number" type="text" inputmode="numeric" autocomplete="cc-number" required>
<p>Test cards: 4242 4242 4242 4242 (works), 4000 0000 0000 0341 (saved, then every charge fails), 4000 0000 0000 0002 (declined).</p>
<button type="submit">Update card</button>
</form>
</section>
<table>
<caption>Invoice history</caption>
<thead><tr><th scope="col">Invoice</th><th scope="col">Date</th><th scope="col" class="amount">Amount</th><th scope="col">Status</th></tr></thead>
<tbody>
${invoiceRows(invoices)}
</tbody>
</table>
${back}`,
  );
}
