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

function renderCart(signedIn: boolean, step: { confirmHref?: string; continueHref?: string } = {}) {
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
        {...step}
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
    renderCart(false, { confirmHref: '/tabs/confirmar-compra' });
    expect(screen.getByText('Gorra')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Quantity').value).toBe('2');
    expect(screen.getByText('$40')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to pay' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('sends a product with its category to the checkout', async () => {
    useCheckoutStore.getState().addToCart(gorra);
    const calls = renderCart(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(calls.checkouts[0]).toMatchObject({
      kind: 'cart',
      items: [{ type: 'product', category: 'Ropa', id: 'gorra', quantity: 1 }],
    });
  });

  it('sends a signed-in member from the cart to confirmar-compra, not straight to paying', () => {
    useCheckoutStore.getState().addToCart(gorra);
    renderCart(true, { confirmHref: '/tabs/confirmar-compra/stripe/localhost/centro' });
    expect(screen.getByRole('link', { name: 'Confirm purchase' }).getAttribute('href')).toBe(
      '/tabs/confirmar-compra/stripe/localhost/centro',
    );
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('keeps asking a guest to sign in at the cart step', () => {
    useCheckoutStore.getState().addToCart(gorra);
    renderCart(false, { confirmHref: '/tabs/confirmar-compra/stripe/localhost/centro' });
    expect(screen.getByRole('link', { name: 'Sign in to pay' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Confirm purchase' })).toBeNull();
  });

  it('leads from confirmar-compra to realizar-compra with the applied coupon kept', async () => {
    useCheckoutStore.getState().addToCart(gorra);
    renderCart(true, { continueHref: '/tabs/realizar-compra' });
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'welcome10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe(
      '/tabs/realizar-compra',
    );
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(useCheckoutStore.getState().promocode).toBe('WELCOME10');
  });
});
