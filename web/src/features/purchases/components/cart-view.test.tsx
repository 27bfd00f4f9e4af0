import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createFakePurchasesApi } from '../../../../test/fakes/fake-purchases-api';
import { initialCheckoutState, useCheckoutStore } from '../stores/checkout-store';
import { CartView } from './cart-view';

const gorra = {
  type: 'product' as const,
  category: 'Ropa',
  id: 'gorra',
  name: 'Gorra',
  unitAmount: 2000,
  currency: 'USD',
};

function renderCart(signedIn: boolean) {
  const { api, calls } = createFakePurchasesApi();
  const { hook } = memoryLocation({ path: '/tabs/cart' });
  render(
    <Router hook={hook}>
      <CartView
        api={api}
        signedIn={signedIn}
        loginHref="/login"
        branch="centro"
        successUrl="http://localhost:5000/tabs/gracias-compra"
        cancelUrl="http://localhost:5000/tabs/cart"
        assign={vi.fn()}
        title="Cart"
      />
    </Router>,
  );
  return calls;
}

describe('cart with shop products', () => {
  beforeEach(() => {
    useCheckoutStore.setState(initialCheckoutState);
  });

  it('keeps a guest’s shop products and asks them to sign in to pay', () => {
    useCheckoutStore.getState().addToCart(gorra);
    useCheckoutStore.getState().addToCart(gorra);
    renderCart(false);
    expect(screen.getByText('Gorra')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Quantity').value).toBe('2');
    expect(screen.getByText('$40.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to pay' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('sends a product with its category to the checkout', async () => {
    useCheckoutStore.getState().addToCart(gorra);
    const calls = renderCart(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(calls.checkouts[0]).toMatchObject({
      kind: 'cart',
      items: [{ type: 'product', category: 'Ropa', id: 'gorra', quantity: 1 }],
    });
  });
});
