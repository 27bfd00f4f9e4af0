export type { SubscriptionApi, SubscriptionOffer } from './api/subscription-api';
export type { PlanApi } from './api/plan-api';
export { firebasePlanApi } from './api/firebase-plan-api';
export { PlanPanel } from './components/plan-panel';
export type { PlanPanelProps } from './components/plan-panel';
export { SubscriptionModal } from './components/subscription-modal';
export type { SubscriptionModalProps } from './components/subscription-modal';
