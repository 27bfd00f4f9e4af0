// Every deployed function, by the name the app calls it (design §8). Exports only.
export { bootstrapUser } from './triggers/bootstrap-user';
export { setUserRole } from './triggers/set-user-role';
export { stampServerTime } from './triggers/stamp-server-time';
export { previewPrice } from './triggers/payments/preview-price';
export { createCheckoutSession } from './triggers/payments/create-checkout-session';
export { stripeWebhook } from './triggers/payments/stripe-webhook';
export { monthlyCredits } from './triggers/payments/monthly-credits';
export { bookClass } from './triggers/booking/book-class';
export { cancelBooking } from './triggers/booking/cancel-booking';
export { joinWaitlist } from './triggers/booking/join-waitlist';
export { leaveWaitlist } from './triggers/booking/leave-waitlist';
export { checkIn } from './triggers/booking/check-in';
export { adjustCredits } from './triggers/booking/adjust-credits';
export { createClasses } from './triggers/booking/create-classes';
export { cancelClass } from './triggers/booking/cancel-class';
export { reconcileBookings } from './triggers/booking/reconcile-bookings';
export { saveCatalogItem } from './triggers/catalog/save-catalog-item';
