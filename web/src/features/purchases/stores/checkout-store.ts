/**
 * What a visitor is about to buy, kept in memory for the visit (no new local-storage key: the
 * spec lists them exactly). Guests may fill the cart; paying asks them to sign in first.
 */
import { create } from 'zustand';

export interface CartItem {
  type: 'package' | 'product';
  id: string;
  /** Shop products live under a category. */
  category?: string;
  name: string;
  /** Cents. */
  unitAmount: number;
  currency: string;
  quantity: number;
}

interface CheckoutState {
  /** The coupon carried from `login/{promocode}` or typed at checkout. */
  promocode: string | null;
  cart: readonly CartItem[];
  setPromocode: (code: string | null) => void;
  addToCart: (item: Omit<CartItem, 'quantity'>) => void;
  setQuantity: (type: CartItem['type'], id: string, quantity: number) => void;
  removeFromCart: (type: CartItem['type'], id: string) => void;
  clearCart: () => void;
}

const MAX_QUANTITY = 99;
const same = (item: CartItem, type: CartItem['type'], id: string) =>
  item.type === type && item.id === id;

export const useCheckoutStore = create<CheckoutState>()((set) => ({
  promocode: null,
  cart: [],
  setPromocode: (code) => set({ promocode: code?.trim() ? code.trim().toUpperCase() : null }),
  addToCart: (item) =>
    set((state) =>
      state.cart.some((entry) => same(entry, item.type, item.id))
        ? {
            cart: state.cart.map((entry) =>
              same(entry, item.type, item.id)
                ? { ...entry, quantity: Math.min(MAX_QUANTITY, entry.quantity + 1) }
                : entry,
            ),
          }
        : { cart: [...state.cart, { ...item, quantity: 1 }] },
    ),
  setQuantity: (type, id, quantity) =>
    set((state) => ({
      cart: state.cart.map((entry) =>
        same(entry, type, id)
          ? { ...entry, quantity: Math.max(1, Math.min(MAX_QUANTITY, Math.floor(quantity))) }
          : entry,
      ),
    })),
  removeFromCart: (type, id) =>
    set((state) => ({ cart: state.cart.filter((entry) => !same(entry, type, id)) })),
  clearCart: () => set({ cart: [] }),
}));

export const initialCheckoutState = { promocode: null, cart: [] };
