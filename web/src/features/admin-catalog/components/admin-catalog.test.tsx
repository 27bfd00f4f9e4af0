import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { toEpoch } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { createFakeAdminCatalogApi } from '../../../../test/fakes/fake-admin-catalog-api';
import { CallableRefusal } from '../../../lib/callable-errors';
import { useLangStore } from '../../../lib/i18n';
import {
  couponsConfig,
  creditPackagesConfig,
  eventsConfig,
  trainPackagesConfig,
} from '../catalog-configs';
import { TrainPackagesLink } from './admin-links';
import { AuditLog } from './audit-log';
import { CatalogEditor } from './catalog-editor';
import { ShopProductForm } from './shop-product-form';
import { SuscriptionPriceForm } from './suscription-price-form';

const tenClasses = {
  kind: 'credits',
  name: '10 classes',
  credits: 10,
  price: 150_00,
  currency: 'USD',
  validityDays: 60,
  active: true,
};

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function submit(formName: string) {
  await act(async () => {
    fireEvent.submit(screen.getByRole('form', { name: formName }));
    await Promise.resolve();
  });
}

describe('credit packages editor', () => {
  it('lists only credit packages, live', () => {
    const fake = createFakeAdminCatalogApi({
      packages: { p1: tenClasses, s1: { ...tenClasses, kind: 'single', name: 'Drop-in' } },
    });
    render(<CatalogEditor api={fake.api} config={creditPackagesConfig} />);

    expect(screen.getByText('10 classes · 10 credits · $150.00 · valid 60 days')).toBeTruthy();
    expect(screen.queryByText(/Drop-in/)).toBeNull();
    expect(
      screen.getByRole('button', {
        name: 'Edit 10 classes · 10 credits · $150.00 · valid 60 days',
      }),
    ).toBeTruthy();

    act(() => fake.set('packages', { p2: { ...tenClasses, name: '20 classes' } }));
    expect(screen.getByText('20 classes · 10 credits · $150.00 · valid 60 days')).toBeTruthy();
    expect(screen.queryByText('10 classes · 10 credits · $150.00 · valid 60 days')).toBeNull();
  });

  it('reads one credit and one day in the singular, and the whole summary in Spanish', () => {
    const fake = createFakeAdminCatalogApi({
      packages: { p1: { ...tenClasses, name: 'Trial', credits: 1, validityDays: 1 } },
    });
    render(<CatalogEditor api={fake.api} config={creditPackagesConfig} />);
    expect(screen.getByText('Trial · 1 credit · $150.00 · valid 1 day')).toBeTruthy();

    act(() => fake.set('packages', { p1: tenClasses }));
    act(() => useLangStore.setState({ lang: 'es' }));
    expect(screen.getByText('10 classes · 10 créditos · $150.00 · vigencia 60 días')).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'Editar 10 classes · 10 créditos · $150.00 · vigencia 60 días',
      }),
    ).toBeTruthy();
  });

  it('flags a stored package the schema refuses, still listed so it can be fixed, and only that one', () => {
    const fake = createFakeAdminCatalogApi({
      packages: { p1: tenClasses, p2: { ...tenClasses, name: 'Broken', credits: -3 } },
    });
    render(<CatalogEditor api={fake.api} config={creditPackagesConfig} />);

    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const broken = items.find((item) => item.textContent?.includes('Broken'));
    const fine = items.find((item) => item.textContent?.includes('10 classes'));
    expect(broken?.textContent).toContain('needs fixing');
    expect(fine?.textContent).not.toContain('needs fixing');
    expect(screen.getByRole('button', { name: /^Edit Broken/ })).toBeTruthy();
  });

  it('moves focus to the first field when the form opens, and back to its opener on Cancel', () => {
    const fake = createFakeAdminCatalogApi({ packages: { p1: tenClasses } });
    render(<CatalogEditor api={fake.api} config={creditPackagesConfig} />);
    const newButton = screen.getByRole('button', { name: 'New' });
    newButton.focus();
    fireEvent.click(newButton);
    const form = screen.getByRole('form', { name: 'Admin packages' });
    expect(document.activeElement).toBe(form.querySelector('input, select, textarea'));
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(newButton);

    const edit = screen.getByRole('button', { name: /^Edit 10 classes/ });
    edit.focus();
    fireEvent.click(edit);
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it('shows field errors from the core schema and does not save', async () => {
    const fake = createFakeAdminCatalogApi();
    render(<CatalogEditor api={fake.api} config={creditPackagesConfig} />);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    type('Credits', '0');
    type('Price (USD)', '-5');

    await submit('Admin packages');

    const form = screen.getByRole('form', { name: 'Admin packages' });
    // Name and validity are missing.
    expect(within(form).getAllByText('Required.')).toHaveLength(2);
    expect(within(form).getByText('Must be at least 1.')).toBeTruthy();
    expect(within(form).getByText('Must be at least 0.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(fake.saves).toEqual([]);
  });

  it('shows the field errors in Spanish when the app speaks Spanish', async () => {
    useLangStore.setState({ lang: 'es' });
    const fake = createFakeAdminCatalogApi();
    render(<CatalogEditor api={fake.api} config={creditPackagesConfig} />);
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo' }));

    await submit('Paquetes');

    expect(screen.getAllByText('Obligatorio.').length).toBeGreaterThan(0);
    expect(fake.saves).toEqual([]);
  });

  it('saves a new package with the parsed values: cents, kind, currency', async () => {
    const fake = createFakeAdminCatalogApi();
    render(<CatalogEditor api={fake.api} config={creditPackagesConfig} />);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    type('Name', ' 10 classes ');
    type('Credits', '10');
    type('Price (USD)', '150');
    type('Valid for (days)', '60');

    await submit('Admin packages');

    expect(fake.saves).toEqual([{ collection: 'packages', value: tenClasses }]);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });

  it('edits an existing package under its id and deletes it with null', async () => {
    const fake = createFakeAdminCatalogApi({ packages: { p1: tenClasses } });
    render(<CatalogEditor api={fake.api} config={creditPackagesConfig} />);
    fireEvent.click(screen.getByRole('button', { name: /Edit 10 classes/ }));
    expect(screen.getByLabelText<HTMLInputElement>('Price (USD)').value).toBe('150');
    type('Price (USD)', '120.50');

    await submit('Admin packages');
    expect(fake.saves[0]).toEqual({
      collection: 'packages',
      id: 'p1',
      value: { ...tenClasses, price: 120_50 },
    });

    fireEvent.click(screen.getByRole('button', { name: /Edit 10 classes/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('alertdialog', { name: /^Delete 10 classes/ });
    expect(fake.saves).toHaveLength(1);
    await act(async () => {
      fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
      await Promise.resolve();
    });
    expect(fake.saves[1]).toEqual({ collection: 'packages', id: 'p1', value: null });
  });

  it('shows the message the function sent when the save is refused', async () => {
    const fake = createFakeAdminCatalogApi();
    fake.answerWith(() =>
      Promise.reject(new CallableRefusal('permission-denied', 'permissionDenied')),
    );
    render(<CatalogEditor api={fake.api} config={creditPackagesConfig} />);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    type('Name', 'Pack');
    type('Credits', '5');
    type('Price (USD)', '70');
    type('Valid for (days)', '30');

    await submit('Admin packages');

    expect(screen.getByRole('alert').textContent).toBe('You do not have permission to do this.');
  });
});

describe('training packages editor', () => {
  const training = { ...tenClasses, kind: 'train-credits', name: 'Personal training (4)' };

  it('lists only training packages and saves one with the train-credits kind', async () => {
    const fake = createFakeAdminCatalogApi({ packages: { p1: tenClasses, t1: training } });
    render(<CatalogEditor api={fake.api} config={trainPackagesConfig} />);
    expect(screen.getByRole('heading', { name: 'Admin training packages' })).toBeTruthy();
    expect(
      screen.getByText('Personal training (4) · 10 credits · $150.00 · valid 60 days'),
    ).toBeTruthy();
    expect(screen.queryByText(/^10 classes/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Edit Personal training/ }));
    type('Price (USD)', '180');
    await submit('Admin training packages');

    expect(fake.saves).toEqual([
      { collection: 'packages', id: 't1', value: { ...training, price: 180_00 } },
    ]);
  });

  it('is linked from the other package screens, in English and Spanish', () => {
    render(<TrainPackagesLink />);
    const link = screen.getByRole('link', {
      name: 'Training packages (personal training credits)',
    });
    expect(link.getAttribute('href')).toBe('/admin-precios-train');
    act(() => useLangStore.setState({ lang: 'es' }));
    expect(
      screen.getByRole('link', {
        name: 'Paquetes de entrenamiento (créditos de entrenamiento personal)',
      }),
    ).toBeTruthy();
  });
});

describe('events editor', () => {
  it("lists each event with its weekday beside the spec's date and hour", () => {
    const fake = createFakeAdminCatalogApi({
      events: { e1: { name: 'Ride night', date: '2026-12-05', hour: '19:00', active: true } },
    });
    render(<CatalogEditor api={fake.api} config={eventsConfig} />);
    expect(screen.getByText('Ride night · Sat 2026-12-05 19:00')).toBeTruthy();
    act(() => useLangStore.setState({ lang: 'es' }));
    expect(screen.getByText('Ride night · Sáb 2026-12-05 19:00')).toBeTruthy();
  });

  it('derives the start instant from the studio date and hour', async () => {
    const fake = createFakeAdminCatalogApi();
    render(<CatalogEditor api={fake.api} config={eventsConfig} />);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    type('Name', 'Ride night');
    type('Date', '2026-12-05');
    type('Hour', '19:00');

    await submit('Special events');

    expect(fake.saves).toEqual([
      {
        collection: 'events',
        value: {
          name: 'Ride night',
          date: '2026-12-05',
          hour: '19:00',
          startsAt: toEpoch('2026-12-05', '19:00'),
          active: true,
        },
      },
    ]);
  });
});

describe('coupons editor', () => {
  it('says what each coupon takes off, a percent or an amount, in English and Spanish', () => {
    const fake = createFakeAdminCatalogApi({
      coupons: {
        SUMMER: { code: 'SUMMER', percentOff: 10, active: true },
        FIVE: { code: 'FIVE', amountOff: 5_00, active: true },
      },
    });
    render(<CatalogEditor api={fake.api} config={couponsConfig} />);
    expect(screen.getByText('SUMMER · 10% off')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit FIVE · $5.00 off' })).toBeTruthy();
    act(() => useLangStore.setState({ lang: 'es' }));
    expect(screen.getByText('SUMMER · 10% de descuento')).toBeTruthy();
    expect(screen.getByText('FIVE · $5.00 de descuento')).toBeTruthy();
  });

  it('asks for one kind of discount, not both', async () => {
    const fake = createFakeAdminCatalogApi();
    render(<CatalogEditor api={fake.api} config={couponsConfig} />);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    type('Code', 'SUMMER');
    type('Percent off', '10');
    type('Amount off (USD)', '5');

    await submit('Add coupons');

    expect(screen.getByText('Set a percent or an amount off, not both.')).toBeTruthy();
    expect(fake.saves).toEqual([]);
  });

  it('saves code, discount, kinds, validity days and limits as the schema parses them', async () => {
    const fake = createFakeAdminCatalogApi();
    render(<CatalogEditor api={fake.api} config={couponsConfig} />);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    type('Code', 'summer-10');
    type('Percent off', '10');
    type('Applies to (empty: everything)', 'credits, subscription');
    type('Valid from', '2026-06-01');
    type('Valid until', '2026-08-31');
    type('Total limit', '100');
    type('Limit per member', '1');
    fireEvent.click(screen.getByLabelText('Active'));

    await submit('Add coupons');

    expect(fake.saves).toEqual([
      {
        collection: 'coupons',
        value: {
          code: 'SUMMER-10',
          percentOff: 10,
          appliesTo: ['credits', 'subscription'],
          validFrom: toEpoch('2026-06-01', '00:00'),
          validUntil: toEpoch('2026-08-31', '00:00'),
          maxRedemptions: 100,
          maxPerMember: 1,
          active: false,
          redeemed: 0,
        },
      },
    ]);
  });
});

describe('shop product form', () => {
  it('shows the spec texts: adding, then the success alert', async () => {
    const fake = createFakeAdminCatalogApi({ shop: { Categorias: ['Ropa'], TagsProducts: {} } });
    let finish: (value: { id: string }) => void = () => undefined;
    fake.answerWith(() => new Promise((resolve) => (finish = resolve)));
    render(<ShopProductForm api={fake.api} />);
    type('Category', 'Ropa');
    type('Product name', 'Tee');
    type('Price (USD)', '25');
    type('Tags (comma-separated)', 'cotton, black');

    await submit('Shop products');

    expect(screen.getByRole('status').textContent).toBe('Agregando producto a la base de datos');
    expect(fake.saves).toEqual([
      {
        collection: 'shopProduct',
        category: 'Ropa',
        value: { Name: 'Tee', Precio: 25, tags: ['cotton', 'black'] },
      },
    ]);
    await act(async () => {
      finish({ id: 'p1' });
      await Promise.resolve();
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Se agregó el producto');
    expect(alert.textContent).toContain('Se agregó el producto exitosamente a la base de datos');
  });

  it('requires a category and a name before saving', async () => {
    const fake = createFakeAdminCatalogApi();
    render(<ShopProductForm api={fake.api} />);

    await submit('Shop products');

    expect(screen.getAllByText('Required.')).toHaveLength(2);
    expect(fake.saves).toEqual([]);
  });
});

describe('subscription price form', () => {
  it('starts from the stored pair and saves discounted first, regular second', async () => {
    const fake = createFakeAdminCatalogApi({
      suscriptionPrices: [
        { key: 'promo', Precio: 39 },
        { key: 'normal', Precio: 59 },
      ],
    });
    render(<SuscriptionPriceForm api={fake.api} />);
    expect(screen.getByLabelText<HTMLInputElement>('Regular price (USD)').value).toBe('59');
    type('Discounted price (USD)', '45');

    await submit('Admin Suscription Price');

    expect(fake.saves).toEqual([
      {
        collection: 'suscriptionPrices',
        value: [
          { key: 'promo', Precio: 45 },
          { key: 'normal', Precio: 59 },
        ],
      },
    ]);
  });

  it('refuses an empty or negative price', async () => {
    const fake = createFakeAdminCatalogApi({ suscriptionPrices: null });
    render(<SuscriptionPriceForm api={fake.api} />);
    type('Regular price (USD)', '-1');

    await submit('Admin Suscription Price');

    expect(screen.getByText('Required.')).toBeTruthy();
    expect(screen.getByText('Must be at least 0.')).toBeTruthy();
    expect(fake.saves).toEqual([]);
  });
});

describe('audit log', () => {
  it('lists who changed what, newest first, with the values before and after', () => {
    const fake = createFakeAdminCatalogApi(
      {},
      {
        a1: { at: 1_000, by: 'admin-1', action: 'save', target: 'Packages/p1', details: {} },
        a2: {
          at: 2_000,
          by: 'admin-2',
          action: 'delete',
          target: 'Coaches/c1',
          details: { before: { name: 'Laura' } },
        },
      },
    );
    render(<AuditLog api={fake.api} />);

    const items = screen.getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('admin-2 — delete Coaches/c1');
    expect(items[0]?.textContent).toContain('"name": "Laura"');
    expect(items[1]?.textContent).toContain('admin-1 — save Packages/p1');
  });
});
