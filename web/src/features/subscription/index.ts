export type { SubscriptionApi, SubscriptionOffer } from './api/subscription-api';
export { SubscriptionModal } from './components/subscription-modal';
export type { SubscriptionModalProps } from './components/subscription-modal';
