import type { Package, Payment } from '@studio/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createFakePurchasesApi } from '../../../../test/fakes/fake-purchases-api';
import { useLangStore } from '../../../lib/i18n';
import type { PurchasesApi } from '../api/purchases-api';
import { initialCheckoutState, useCheckoutStore } from '../stores/checkout-store';
import { BuyPackage } from './buy-package';
import { CartView } from './cart-view';
import { PackageList } from './package-list';
import { PaymentList, PaymentOutcome } from './payment-list';

const pack = (kind: Package['kind'], credits: number, price: number, name: string): Package => ({
  kind,
  name,
  credits,
  price,
  currency: 'USD',
  validityDays: 30,
  active: true,
});

const packages = {
  p5: pack('credits', 5, 5000, '5 classes'),
  p10: pack('credits', 10, 9000, '10 classes'),
  p30: pack('credits', 30, 24000, '30 classes'),
  sp1: pack('spcredits', 1, 2500, 'One event'),
};

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function inRouter(node: React.ReactNode) {
  const { hook } = memoryLocation({ path: '/' });
  render(<Router hook={hook}>{node}</Router>);
}

const checkoutProps = (api: ReturnType<typeof createFakePurchasesApi>['api']) => ({
  api,
  signedIn: true,
  loginHref: '/login',
  branch: 'centro',
  successUrl: 'http://localhost:5000/tabs/gracias-compra',
  cancelUrl: 'http://localhost:5000/tabs/paquetes/0',
  assign: vi.fn(),
});

beforeEach(() => {
  useCheckoutStore.setState(initialCheckoutState);
});

describe('packages', () => {
  it('lists the packs of the chosen kind with their price and buy links', () => {
    const { api } = createFakePurchasesApi(packages);
    inRouter(
      <PackageList
        api={api}
        tab="credits"
        tabHref={(index) => `/tabs/paquetes/${index}`}
        buyHref={(pkg, id) => `/tabs/buy-credits/stripe/x/centro/${pkg.credits}?package=${id}`}
      />,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Monthly plan',
      '5 classes',
      '10 classes',
      '30 classes',
    ]);
    expect(screen.getByText('$90')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy: 10 classes' }).getAttribute('href')).toBe(
      '/tabs/buy-credits/stripe/x/centro/10?package=p10',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: 5 classes' }));
    expect(useCheckoutStore.getState().cart).toEqual([
      {
        type: 'package',
        id: 'p5',
        name: '5 classes',
        unitAmount: 5000,
        currency: 'USD',
        quantity: 1,
      },
    ]);
  });

  it("says each pack's credits and validity as words, one credit and one day in the singular", () => {
    const { api } = createFakePurchasesApi({
      ...packages,
      sp1: { ...packages.sp1, validityDays: 1 },
    });
    const tabHref = (index: number) => `/tabs/paquetes/${index}`;
    const buyHref = () => '/buy';
    inRouter(<PackageList api={api} tab="credits" tabHref={tabHref} buyHref={buyHref} />);
    const facts = () =>
      [...document.querySelectorAll('.pack-facts')].map((line) =>
        [...line.children].map((badge) => badge.textContent),
      );
    expect(facts()[0]).toEqual(['5 credits', 'Valid 30 days']);
    cleanup();
    act(() => useLangStore.setState({ lang: 'es' }));
    inRouter(<PackageList api={api} tab="spcredits" tabHref={tabHref} buyHref={buyHref} />);
    expect(facts()).toEqual([['1 crédito', 'Válido 1 día']]);
  });
});

describe('buying a pack', () => {
  it('shows placeholder cards until the catalogue answers, then says when a kind has none', () => {
    let answer: (value: Record<string, Package>) => void = () => undefined;
    const api: PurchasesApi = {
      ...createFakePurchasesApi().api,
      watchPackages: (onChange) => {
        answer = onChange;
        return () => undefined;
      },
    };
    inRouter(
      <PackageList
        api={api}
        tab="train-credits"
        tabHref={(index) => `/tabs/paquetes/${index}`}
        buyHref={() => '/buy'}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(document.querySelectorAll('.pack-card')).toHaveLength(3);
    act(() => answer(packages));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('No packs of this kind on sale right now.')).toBeTruthy();
  });

  it('on class credits keeps the placeholders until the prices and the plans answer, then draws them in place', () => {
    let answerPrices: (value: { discounted: number; regular: number } | null) => void = () =>
      undefined;
    const api: PurchasesApi = {
      ...createFakePurchasesApi(packages).api,
      watchSubscriptionPrices: (onChange) => {
        answerPrices = onChange;
        return () => undefined;
      },
    };
    const page = (plansPending: boolean) => (
      <PackageList
        api={api}
        tab="credits"
        tabHref={(index) => `/tabs/paquetes/${index}`}
        buyHref={() => '/buy'}
        plans={<p>Memberships</p>}
        plansPending={plansPending}
      />
    );
    const { hook } = memoryLocation({ path: '/' });
    const { rerender } = render(<Router hook={hook}>{page(true)}</Router>);
    const drawn = () => [...document.querySelectorAll('.pack-card h2')].map((h) => h.textContent);
    // The packs have answered, but nothing above them has: only placeholders.
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(drawn()).toEqual([]);
    act(() => answerPrices(null));
    expect(drawn()).toEqual([]);
    expect(screen.queryByText('Memberships')).toBeNull();
    rerender(<Router hook={hook}>{page(false)}</Router>);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Memberships')).toBeTruthy();
    expect(drawn()).toEqual(['5 classes', '10 classes', '30 classes']);
    // No monthly plan on sale: no offer card.
    expect(screen.queryByText('Monthly plan')).toBeNull();
  });

  it('applies the kept coupon, then opens Stripe Checkout for that pack', async () => {
    const { api, calls } = createFakePurchasesApi(packages);
    const props = checkoutProps(api);
    inRouter(<BuyPackage {...props} tab="credits" credits={10} initialPromocode="WELCOME10" />);
    await settle();
    expect(calls.previews).toEqual([{ kind: 'credits', packageId: 'p10', promocode: 'WELCOME10' }]);
    expect(screen.getByText('−$9')).toBeTruthy();
    expect(screen.getByText('$81')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $81' }));
    await settle();
    expect(calls.checkouts).toEqual([
      {
        kind: 'credits',
        packageId: 'p10',
        promocode: 'WELCOME10',
        branch: 'centro',
        successUrl: props.successUrl,
        cancelUrl: props.cancelUrl,
      },
    ]);
    expect(props.assign).toHaveBeenCalledWith('http://localhost:12111/checkout/cs_1');
  });

  it('says why a coupon is refused and keeps the price without it', async () => {
    const { api, calls } = createFakePurchasesApi(packages);
    inRouter(<BuyPackage {...checkoutProps(api)} tab="spcredits" credits={1} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('This coupon code does not exist.');
    // The error sits under the field and describes it.
    const field = screen.getByLabelText('Coupon code');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'This coupon code does not exist.',
    );
    expect(calls.previews.at(-1)).toEqual({ kind: 'spcredits', packageId: 'sp1' });
    expect(screen.getByText('$25', { selector: 'strong' })).toBeTruthy();
  });

  it('offers the monthly subscription for 30 credits from the BEST CHOICE link', async () => {
    const { api, calls } = createFakePurchasesApi(packages);
    const props = checkoutProps(api);
    inRouter(<BuyPackage {...props} tab="credits" credits={30} />);
    await settle();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await settle();
    expect(calls.checkouts[0]).toMatchObject({ kind: 'subscription' });
    expect(calls.checkouts[0]).not.toHaveProperty('packageId');
  });

  it('buys the pack the packages screen linked when 30 credits has two choices', async () => {
    const { api, calls } = createFakePurchasesApi(packages);
    inRouter(<BuyPackage {...checkoutProps(api)} tab="credits" credits={30} packageId="p30" />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await settle();
    expect(calls.checkouts[0]).toMatchObject({ kind: 'credits', packageId: 'p30' });
  });
});

describe('package → summary sheet → Stripe', () => {
  it('marks the best value and prices each pack per class', () => {
    const { api } = createFakePurchasesApi(packages);
    inRouter(<PackageList api={api} tab="credits" tabHref={() => '/'} buyHref={() => '/buy'} />);
    const best = document.querySelector('.pack-card.is-best');
    expect(best?.querySelector('h2')?.textContent).toBe('30 classes');
    expect(within(best as HTMLElement).getByText('Best value')).toBeTruthy();
    expect(screen.getByText('$9 per class')).toBeTruthy();
    // The monthly plan first, with its price per class.
    expect(screen.getByText('$39 a month')).toBeTruthy();
    expect(screen.getByText('$1.30 per class')).toBeTruthy();
  });

  it('opens one summary sheet from Buy: what you get, the total on the pay button, secure', async () => {
    const { api, calls } = createFakePurchasesApi(packages);
    const props = checkoutProps(api);
    inRouter(
      <PackageList
        api={api}
        tab="credits"
        tabHref={() => '/'}
        buyHref={() => '/buy'}
        checkout={props}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Buy: 10 classes' }));
    const sheet = await screen.findByRole('dialog', { name: 'Review and pay' });
    expect(within(sheet).getByText('10 class credits')).toBeTruthy();
    expect(within(sheet).getByText(/^Use them by /)).toBeTruthy();
    expect(within(sheet).getByText(/Secure payment by Stripe/)).toBeTruthy();
    expect(
      within(within(sheet).getByRole('list', { name: 'Accepted' })).getByText('Visa'),
    ).toBeTruthy();
    await settle();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Pay $90' }));
    await settle();
    expect(calls.checkouts[0]).toMatchObject({ kind: 'credits', packageId: 'p10' });
    expect(props.assign).toHaveBeenCalledWith('http://localhost:12111/checkout/cs_1');
  });

  it('offers the monthly plan from Buy Credits, or says it is active', async () => {
    const { api, calls } = createFakePurchasesApi(packages);
    const props = checkoutProps(api);
    inRouter(
      <PackageList
        api={api}
        tab="credits"
        tabHref={() => '/'}
        buyHref={() => '/buy'}
        checkout={props}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const sheet = await screen.findByRole('dialog', { name: 'Review and pay' });
    await settle();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Pay $39' }));
    await settle();
    expect(calls.checkouts[0]).toMatchObject({ kind: 'subscription' });
    cleanup();
    inRouter(
      <PackageList
        api={api}
        tab="credits"
        tabHref={() => '/'}
        buyHref={() => '/buy'}
        checkout={props}
        activeSubscription
      />,
    );
    expect(screen.getByText('Your monthly plan is active.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });
});

describe('cart', () => {
  it('lets a guest fill the cart and asks them to sign in to pay', () => {
    const { api, calls } = createFakePurchasesApi(packages);
    useCheckoutStore.getState().addToCart({
      type: 'package',
      id: 'p5',
      name: '5 classes',
      unitAmount: 5000,
      currency: 'USD',
    });
    inRouter(<CartView {...checkoutProps(api)} signedIn={false} title="Cart" />);
    expect(screen.getByText('5 classes')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to pay' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(calls.previews).toEqual([]);
  });

  it('pays for everything in the cart in one checkout', async () => {
    const { api, calls } = createFakePurchasesApi(packages);
    const store = useCheckoutStore.getState();
    store.addToCart({
      type: 'package',
      id: 'p5',
      name: '5 classes',
      unitAmount: 5000,
      currency: 'USD',
    });
    store.addToCart({
      type: 'package',
      id: 'sp1',
      name: 'One event',
      unitAmount: 2500,
      currency: 'USD',
    });
    // A pack added twice is bought twice (a pack has no quantity field: it is bought whole).
    store.addToCart({
      type: 'package',
      id: 'p5',
      name: '5 classes',
      unitAmount: 5000,
      currency: 'USD',
    });
    inRouter(<CartView {...checkoutProps(api)} title="Payment" />);
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(screen.getByText('$50 × 2')).toBeTruthy();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await settle();
    expect(calls.checkouts[0]).toMatchObject({
      kind: 'cart',
      items: [
        { type: 'package', id: 'p5', quantity: 2 },
        { type: 'package', id: 'sp1', quantity: 1 },
      ],
    });
  });
});

describe('after checkout', () => {
  const payment = (status: Payment['status']): Payment => ({
    uid: 'm',
    kind: 'credits',
    items: [{ type: 'package', id: 'p10', name: '10 classes', quantity: 1, unitAmount: 9000 }],
    subtotal: 9000,
    discount: 0,
    amount: 9000,
    currency: 'USD',
    status,
    createdAt: Date.parse('2025-06-10T16:00:00.000Z'),
  });

  it('shows the payment status live until the webhook marks it paid', () => {
    const fake = createFakePurchasesApi(packages);
    inRouter(
      <PaymentOutcome
        api={fake.api}
        uid="m"
        sessionId="cs_1"
        bookHref="/book"
        packagesHref="/packs"
        purchasesHref="/mine"
        paid={<p>New balance</p>}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Waiting for the payment to be confirmed…');
    expect(screen.queryByText('New balance')).toBeNull();
    act(() => fake.setPayments({ cs_1: payment('pending') }));
    expect(screen.getByRole('status').textContent).toBe('Waiting for the payment to be confirmed…');
    act(() => fake.setPayments({ cs_1: payment('paid') }));
    expect(screen.getByRole('status').textContent).toBe('Payment received.');
    // It ends on the new balance and the way to book.
    expect(screen.getByText('New balance')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a class' }).getAttribute('href')).toBe('/book');
  });

  it('reached without a checkout session, it points to the purchases instead of waiting', () => {
    const fake = createFakePurchasesApi(packages);
    inRouter(
      <PaymentOutcome
        api={fake.api}
        uid="m"
        sessionId={null}
        bookHref="/book"
        packagesHref="/packs"
        purchasesHref="/mine"
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('.spinner')).toBeNull();
    expect(screen.getByRole('link', { name: 'My purchases' }).getAttribute('href')).toBe('/mine');
    expect(screen.getByRole('link', { name: 'Book a class' }).getAttribute('href')).toBe('/book');
  });

  it('lists the member purchases with amount and status', () => {
    const fake = createFakePurchasesApi(packages);
    fake.setPayments({ cs_1: payment('paid') });
    render(<PaymentList api={fake.api} uid="m" />);
    expect(screen.getByRole('listitem').textContent).toBe(
      '10 classesTue 10 Jun$90Payment received.',
    );
  });

  const OFFLINE_EN =
    'Your purchases cannot be loaded offline. Connect to the internet to see them.';

  function setNetwork(online: boolean) {
    Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
    act(() => {
      window.dispatchEvent(new Event(online ? 'online' : 'offline'));
    });
  }

  /** Like the Database SDK without a connection: the query is open but nothing has answered. */
  function unansweredApi() {
    const listeners: Array<(payments: Record<string, Payment>) => void> = [];
    const api: PurchasesApi = {
      ...createFakePurchasesApi().api,
      watchMyPayments: (_uid, onChange) => {
        listeners.push(onChange);
        return () => undefined;
      },
    };
    const answer = (payments: Record<string, Payment>) => {
      act(() => listeners.forEach((listener) => listener(payments)));
    };
    return { api, answer };
  }

  describe('My purchases without a connection', () => {
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'onLine');
    });

    it('says the purchases cannot be loaded offline instead of "No purchases yet."', () => {
      setNetwork(false);
      render(<PaymentList api={unansweredApi().api} uid="m" />);

      expect(screen.getByRole('status').textContent).toBe(OFFLINE_EN);
      expect(screen.queryByText('No purchases yet.')).toBeNull();
    });

    it('says it in Spanish too', () => {
      useLangStore.setState({ lang: 'es' });
      setNetwork(false);
      render(<PaymentList api={unansweredApi().api} uid="m" />);

      expect(screen.getByRole('status').textContent).toBe(
        'Tus compras no se pueden cargar sin conexión. Conéctate a internet para verlas.',
      );
    });

    it('shows the real list once the device is back online and the database answers', () => {
      setNetwork(false);
      const { api, answer } = unansweredApi();
      render(<PaymentList api={api} uid="m" />);

      setNetwork(true);
      expect(screen.getByRole('status').textContent).toBe('Loading…');
      answer({ cs_1: payment('paid') });

      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.getByRole('listitem').textContent).toBe(
        '10 classesTue 10 Jun$90Payment received.',
      );
    });

    it('keeps "No purchases yet." for a member whose answer is an empty list', () => {
      const { api, answer } = unansweredApi();
      render(<PaymentList api={api} uid="m" />);
      answer({});

      expect(screen.getByText('No purchases yet.')).toBeTruthy();
    });
  });
});
