// Every deployed function, by the name the app calls it (design §8), grouped by domain as
// triggers/ is. Exports only.
export { bootstrapUser } from './triggers/users/bootstrap-user';
export { setUserRole } from './triggers/users/set-user-role';
export { stampServerTime } from './triggers/users/stamp-server-time';
export { saveCatalogItem } from './triggers/catalogue/save-catalog-item';
export { createClasses } from './triggers/classes/create-classes';
export { updateClass } from './triggers/classes/update-class';
export { cancelClass } from './triggers/classes/cancel-class';
export { saveClassTemplate } from './triggers/classes/save-class-template';
export { bookClass } from './triggers/booking/book-class';
export { cancelBooking } from './triggers/booking/cancel-booking';
export { joinWaitlist } from './triggers/booking/join-waitlist';
export { leaveWaitlist } from './triggers/booking/leave-waitlist';
export { checkIn } from './triggers/booking/check-in';
export { reconcileBookings } from './triggers/booking/reconcile-bookings';
export { adjustCredits } from './triggers/credits/adjust-credits';
export { previewPrice } from './triggers/payments/preview-price';
export { createCheckoutSession } from './triggers/payments/create-checkout-session';
export { stripeWebhook } from './triggers/payments/stripe-webhook';
export { monthlyCredits } from './triggers/payments/monthly-credits';
