// Every deployed function, by the name the app calls it (design §8). Exports only.
export { bootstrapUser } from './triggers/bootstrap-user';
export { setUserRole } from './triggers/set-user-role';
export { stampServerTime } from './triggers/stamp-server-time';
export { previewPrice } from './triggers/payments/preview-price';
export { createCheckoutSession } from './triggers/payments/create-checkout-session';
export { stripeWebhook } from './triggers/payments/stripe-webhook';
export { monthlyCredits } from './triggers/payments/monthly-credits';
