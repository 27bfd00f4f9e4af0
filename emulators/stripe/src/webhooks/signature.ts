import { createHmac } from 'node:crypto';

/**
 * `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`, exactly what
 * `stripe.webhooks.constructEvent(payload, header, secret)` verifies.
 */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestamp}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
