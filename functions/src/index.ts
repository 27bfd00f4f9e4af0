// Every deployed function, by the name the app calls it, grouped by domain as
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
export { bookGuest } from './triggers/booking/book-guest';
export { cancelBooking } from './triggers/booking/cancel-booking';
export { changeSpot } from './triggers/booking/change-spot';
export { joinWaitlist } from './triggers/booking/join-waitlist';
export { leaveWaitlist } from './triggers/booking/leave-waitlist';
export { checkIn } from './triggers/booking/check-in';
export { reconcileBookings } from './triggers/booking/reconcile-bookings';
export { adjustCredits } from './triggers/credits/adjust-credits';
export { previewPrice } from './triggers/payments/checkout/preview-price';
export { createCheckoutSession } from './triggers/payments/checkout/create-checkout-session';
export { createPortalSession } from './triggers/payments/subscriptions/create-portal-session';
export { cancelMemberSubscription } from './triggers/payments/subscriptions/cancel-member-subscription';
export { sumPayments } from './triggers/payments/reports/sum-payments';
export { stripeWebhook } from './triggers/payments/webhook/stripe-webhook';
export { monthlyCredits } from './triggers/payments/subscriptions/monthly-credits';
export { rollUpInsights } from './triggers/insights/roll-up-insights';
export { sendOutboxMail } from './triggers/mail/send-outbox-mail';
export { sweepMail } from './triggers/mail/sweep-mail';
export { mailUnsubscribe } from './triggers/mail/mail-unsubscribe';
export { resendMail } from './triggers/mail/resend-mail';
export { finishImport, importRows, startImport } from './triggers/import/import-studio';
export { rotateCalendarFeed } from './triggers/calendar/rotate-calendar-feed';
export { calendarFeed } from './triggers/calendar/calendar-feed';
export { classReminders } from './triggers/mail/class-reminders';
export { expiringCredits } from './triggers/mail/expiring-credits';
export { coachClassLists } from './triggers/mail/coach-class-lists';
export { sendPush } from './triggers/push/send-push';
export { sweepPush } from './triggers/push/sweep-push';
export { savePushSubscription } from './triggers/push/save-push-subscription';
export { removePushSubscription } from './triggers/push/remove-push-subscription';
export { watchClass, unwatchClass } from './triggers/push/watch-class';
export { memberPass, revokeMemberPass } from './triggers/desk/member-pass';
export { checkInByPass, checkInByName } from './triggers/desk/check-in';
export { saveWaiver, signWaiver } from './triggers/desk/waivers';
export {
  addToClass,
  createDeskCheckout,
  recordCashSale,
  refundCashSale,
} from './triggers/desk/sales';
export { assignSubstitute, coachPayReport, saveCoachPayRate } from './triggers/desk/classes';
export { savePlan } from './triggers/plans/save-plan';
export { freezeMembership } from './triggers/plans/freeze-membership';
export { endFreeze } from './triggers/plans/end-freeze';
export { changePlan } from './triggers/plans/change-plan';
export { cancelMembership } from './triggers/plans/cancel-membership';
export { freezeMemberPlan } from './triggers/plans/freeze-member-plan';
export { endMemberFreeze } from './triggers/plans/end-member-freeze';
export { bulkFreeze } from './triggers/plans/bulk-freeze';
export { changeMemberPlan } from './triggers/plans/change-member-plan';
export { compMembership } from './triggers/plans/comp-membership';
export { runPlanJobs } from './triggers/plans/run-plan-jobs';
