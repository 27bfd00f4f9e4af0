import type { ChargeObject, LineItemObject, SessionObject } from '../objects/types';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Formats minor units for people: 150000 mxn → "MX$1,500.00", 500 jpy → "¥500". */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${(amount / 100).toFixed(2)} ${code}`;
  }
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px;
         box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  .note { background: #fff4d6; color: #5c3b00; padding: .5rem .75rem; border-radius: 4px; font-size: .9rem; }
  .plan-options { list-style: none; padding: 0; margin: 0 0 1rem; }
  .plan-options li { border-top: 1px solid #e3e3ea; padding-top: .5rem; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  caption { text-align: left; font-weight: 600; margin-bottom: .5rem; }
  th, td { text-align: left; padding: .4rem 0; border-bottom: 1px solid #e3e8ee; }
  td.amount, th.amount { text-align: right; }
  tfoot th, tfoot td { font-weight: 700; border-bottom: 0; }
  label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; border: 1px solid #8792a2; border-radius: 4px; }
  button { width: 100%; margin-top: 1rem; padding: .75rem; font-size: 1rem; font-weight: 600; border-radius: 4px;
           border: 2px solid #3d2fc4; background: #3d2fc4; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #3d2fc4; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #0a66c2; outline-offset: 2px; }
  a { color: #3d2fc4; }
`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="note" role="note">Test mode: this is the local Stripe sandbox. No real payment is made.</p>
${body}
</main>
</body>
</html>
`;
}

function intervalText(item: LineItemObject): string {
  const recurring = item.price.recurring;
  if (recurring === null) return '';
  const unit =
    recurring.interval_count === 1
      ? recurring.interval
      : `${recurring.interval_count} ${recurring.interval}s`;
  return ` / ${unit}`;
}

/** The hosted checkout page: items, total, a Pay and a Cancel button. */
export function checkoutPage(
  session: SessionObject,
  items: LineItemObject[],
  email: string | null,
): string {
  const currency = session.currency ?? 'usd';
  const total = formatMoney(session.amount_total ?? 0, currency);
  const rows = items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.description ?? 'Item')}</td><td>${item.quantity ?? 1}</td>` +
        `<td class="amount">${formatMoney(item.amount_total, item.currency)}${intervalText(item)}</td></tr>`,
    )
    .join('\n');
  const action = `/checkout/${encodeURIComponent(session.id)}`;
  const payLabel = `Pay ${total}`;
  return layout(
    'Checkout',
    `<h1>Checkout</h1>
<table>
<caption>Your order</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total due today</th><td class="amount" data-testid="total">${total}</td></tr></tfoot>
</table>
<form method="post" action="${action}/pay">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email ?? '')}" placeholder="you@example.com">
<label for="name">Name on card</label>
<input id="name" name="name" type="text" autocomplete="cc-name">
<p>Card: 4242 4242 4242 4242 (the sandbox always approves).</p>
<button type="submit">${escapeHtml(payLabel)}</button>
</form>
<form method="post" action="${action}/cancel">
<button type="submit" class="secondary">Cancel and go back</button>
</form>`,
  );
}

/** A page for a session that cannot be paid any more, or a finished flow without a redirect. */
export function messagePage(
  title: string,
  message: string,
  link?: { href: string; text: string },
): string {
  const anchor =
    link === undefined
      ? ''
      : `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`;
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n${anchor}`);
}

export function receiptPage(charge: ChargeObject): string {
  return layout(
    'Receipt',
    `<h1>Receipt</h1>
<dl>
<dt>Amount paid</dt><dd>${formatMoney(charge.amount, charge.currency)}</dd>
<dt>Refunded</dt><dd>${formatMoney(charge.amount_refunded, charge.currency)}</dd>
<dt>Date</dt><dd>${new Date(charge.created * 1000).toISOString()}</dd>
<dt>Charge</dt><dd>${escapeHtml(charge.id)}</dd>
</dl>`,
  );
}
