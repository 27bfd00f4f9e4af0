import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useToastStore } from '../../../components/ui/toast';
import type { ShopApi } from '../api/shop-api';
import type { ShopPick } from './shop-products';
import { ShopProducts } from './shop-products';
import { studioPictureUrl } from '../../../../test/support/studio-pictures';

const GORRA = studioPictureUrl('studio/shop/abcdef/640.webp');

function fakeShopApi() {
  let push: ((shop: unknown) => void) | undefined;
  const api: ShopApi = {
    watchShop: (onChange) => {
      push = onChange;
      return () => {
        push = undefined;
      };
    },
    getCurrency: () => Promise.resolve('USD'),
  };
  return { api, push: (shop: unknown) => act(() => push?.(shop)) };
}

const shop = {
  Categorias: ['Ropa'],
  Ropa: {
    gorra: {
      Name: 'Gorra',
      Description: 'Gorra del estudio',
      Precio: 20,
      Img: GORRA,
      Url: 'https://studio.example.com/gorra',
      Reference: 'GOR-01',
    },
    toalla: { Name: 'Toalla', Precio: 12.5, Img: 'javascript:alert(1)' },
    tenis: { Name: 'Tenis', Precio: 80, Img: 'https://cdn.example.com/tenis.png' },
  },
};

async function renderShop() {
  const fake = fakeShopApi();
  const picks: ShopPick[] = [];
  render(<ShopProducts api={fake.api} onAdd={(pick) => picks.push(pick)} />);
  await act(() => Promise.resolve());
  return { fake, picks };
}

describe('shop products', () => {
  it('shows each product with its picture, reference, price and link', async () => {
    const { fake } = await renderShop();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    fake.push(shop);
    expect(screen.getByRole('heading', { name: 'Ropa' })).toBeTruthy();
    expect(screen.getByText('Reference: GOR-01')).toBeTruthy();
    expect(screen.getByText('$20.00')).toBeTruthy();
    expect(screen.getByText('$12.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^More info\W+Gorra$/ }).getAttribute('href')).toBe(
      'https://studio.example.com/gorra',
    );
    const images = document.querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('src'))).toEqual([GORRA]);
  });

  it('hands the product to the cart in cents and says so', async () => {
    const { fake, picks } = await renderShop();
    fake.push(shop);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Toalla' }));
    expect(picks).toEqual([
      { category: 'Ropa', id: 'toalla', name: 'Toalla', unitAmount: 1250, currency: 'USD' },
    ]);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'Toalla added to the cart.',
    ]);
  });

  it('says when nothing is on sale', async () => {
    const { fake } = await renderShop();
    fake.push(null);
    expect(screen.getByText('No products on sale yet.')).toBeTruthy();
  });
});
