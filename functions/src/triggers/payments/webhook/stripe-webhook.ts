import { onRequest } from 'firebase-functions/v2/https';
import { adminDatabase } from '../../../admin';
import { handleStripeWebhook } from '../../../handlers/payments/webhook/webhook';
import { WEBHOOK_OPTIONS } from '../../callable';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, stripeClient } from '../config';

/**
 * `stripeWebhook`: Stripe's signed POST. The signature is checked on `req.rawBody`,
 * the exact bytes Stripe signed; the work is `processStripeEvent`, apart from HTTP.
 */
export const stripeWebhook = onRequest(
  { ...WEBHOOK_OPTIONS, secrets: [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET] },
  async (req, res) => {
    if (req.method !== 'POST') {
      res.status(405).set('Allow', 'POST').json({ error: 'POST only' });
      return;
    }
    const signature = req.get('stripe-signature');
    const response = await handleStripeWebhook(
      { db: adminDatabase(), stripe: stripeClient(), now: Date.now },
      STRIPE_WEBHOOK_SECRET.value(),
      { rawBody: req.rawBody, signature },
    );
    res.status(response.status).json(response.body);
  },
);
