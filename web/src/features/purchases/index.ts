export type { CartItem } from './stores/checkout-store';
export { initialCheckoutState, useCheckoutStore } from './stores/checkout-store';
