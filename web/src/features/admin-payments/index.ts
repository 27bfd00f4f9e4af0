export type { AdminPaymentsApi } from './api/admin-payments-api';
export { firebaseAdminPaymentsApi } from './api/firebase-admin-payments-api';
export { PaymentList } from './components/payment-list';
export { Subscribers } from './components/subscribers';
export type { PlanAdminApi } from './api/plan-admin-api';
export { firebasePlanAdminApi } from './api/firebase-plan-admin-api';
export { CancelPlan } from './components/cancel-plan';
