import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Package, Payment, RecordCashSaleInput } from '@studio/core';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { DeskSalesApi } from '../api/desk-sales-api';
import { DeskSale } from './desk-sale';

const NOW = Date.UTC(2026, 10, 25, 18, 0);
const stop = () => undefined;

const packages: Record<string, Package> = {
  ten: {
    kind: 'credits',
    name: '10 classes',
    credits: 10,
    price: 120000,
    currency: 'MXN',
    validityDays: 60,
    active: true,
  },
};

const mariana = {
  name: 'Mariana López',
  email: 'member@demo.studio',
  phone: '81 1234 5678',
  role: 'member',
  credits: 2,
  nameKey: 'mariana lopez',
  emailKey: 'member@demo.studio',
  phoneKey: '8112345678',
};

function fakeApi(overrides: Partial<DeskSalesApi> = {}) {
  let payments: Record<string, Payment> = {};
  const listeners = new Set<(value: Record<string, Payment>) => void>();
  const api: DeskSalesApi = {
    watchDirectorySearch: (query, _limit, onChange) => (
      onChange(
        query.index === 'nameKey' && 'mariana'.startsWith(query.start) ? { m1: mariana } : null,
      ),
      stop
    ),
    watchDirectoryEntry: (_uid, onChange) => (onChange(mariana), stop),
    watchPackages: (onChange) => (onChange(packages), stop),
    watchPlans: (onChange) => (onChange({}), stop),
    watchPayments: (_uid, onChange) => {
      listeners.add(onChange);
      onChange(payments);
      return () => listeners.delete(onChange);
    },
    watchWaiver: (onChange) => (onChange(null), stop),
    recordCashSale: vi.fn((input: RecordCashSaleInput) => {
      payments = {
        ...payments,
        [`cash-${input.requestId ?? ''}`]: {
          uid: input.uid,
          kind: 'credits',
          items: [
            { type: 'package', id: 'ten', name: '10 classes', quantity: 1, unitAmount: 120000 },
          ],
          subtotal: 120000,
          discount: 0,
          amount: 120000,
          currency: 'MXN',
          status: 'paid',
          createdAt: NOW,
          method: 'cash',
        },
      };
      for (const listener of listeners) listener(payments);
      return Promise.resolve({ paymentId: `cash-${input.requestId ?? ''}`, credits: 10 });
    }),
    refundCashSale: vi.fn(() => Promise.resolve({ taken: 10 })),
    createDeskCheckout: vi.fn(() =>
      Promise.resolve({ sessionId: 'cs_1', url: 'https://checkout.test/cs_1' }),
    ),
    addToClass: vi.fn(),
    ...overrides,
  };
  return api;
}

function renderSale(api: DeskSalesApi, openUrl = vi.fn(), branch?: string) {
  let id = 0;
  render(
    <DeskSale
      api={api}
      {...(branch === undefined ? {} : { branch })}
      renderQr={(text, label) => <img alt={label} data-text={text} />}
      origin="https://studio.test"
      screenPath="/desk-sale"
      thanksPath="/tabs/gracias-compra"
      openUrl={openUrl}
      now={() => NOW}
      newId={() => `req${(id += 1)}`}
    />,
  );
  return openUrl;
}

async function chooseMarianaAndPack() {
  fireEvent.change(screen.getByLabelText('Find a member'), { target: { value: 'mari' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Choose Mariana López' }));
  fireEvent.click(screen.getByRole('radio', { name: /10 classes/ }));
}

describe('DeskSale', () => {
  it('sells a pack for cash and says so with the amount', async () => {
    const api = fakeApi();
    renderSale(api);
    await chooseMarianaAndPack();
    fireEvent.click(screen.getByRole('button', { name: 'Record $1,200 in cash' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Sold 10 classes to Mariana López for $1,200 in cash.');
    expect(status.textContent).toContain('10 credits added to their account.');
    expect(api.recordCashSale).toHaveBeenCalledWith({
      uid: 'm1',
      kind: 'credits',
      packageId: 'ten',
      amount: 120000,
      requestId: 'req2',
    });
    const recent = screen.getByRole('region', { name: 'Their desk sales' });
    expect(within(recent).getByText(/10 classes · \$1,200/)).toBeTruthy();
  });

  it('records the branch it sells for on a cash sale and on a card checkout', async () => {
    const api = fakeApi();
    renderSale(api, vi.fn(), 'norte');
    await chooseMarianaAndPack();
    fireEvent.click(screen.getByRole('button', { name: 'Record $1,200 in cash' }));
    await screen.findByRole('status');
    expect(api.recordCashSale).toHaveBeenCalledWith(
      expect.objectContaining({ uid: 'm1', packageId: 'ten', branch: 'norte' }),
    );
    fireEvent.click(screen.getByRole('radio', { name: /10 classes/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Card here/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Open the card payment' }));
    await vi.waitFor(() =>
      expect(api.createDeskCheckout).toHaveBeenCalledWith(
        expect.objectContaining({ uid: 'm1', branch: 'norte', delivery: 'here' }),
      ),
    );
  });

  it('shows a refusal in words and keeps the choice', async () => {
    const api = fakeApi({
      recordCashSale: vi.fn(() =>
        Promise.reject(new CallableRefusal('failed-precondition', 'alreadySubscribed')),
      ),
    });
    renderSale(api);
    await chooseMarianaAndPack();
    fireEvent.click(screen.getByRole('button', { name: 'Record $1,200 in cash' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You already have an active subscription.',
    );
    expect(screen.getByRole('radio', { name: /10 classes/ })).toHaveProperty('checked', true);
  });

  it('shows the card link as a QR code for the member’s phone', async () => {
    const api = fakeApi();
    renderSale(api);
    await chooseMarianaAndPack();
    fireEvent.click(screen.getByRole('radio', { name: /Card on their phone/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Show the payment code' }));
    const qr = await screen.findByAltText('QR code of the card payment link');
    expect(qr.getAttribute('data-text')).toBe('https://checkout.test/cs_1');
    expect(api.createDeskCheckout).toHaveBeenCalledWith({
      uid: 'm1',
      kind: 'credits',
      packageId: 'ten',
      delivery: 'link',
      successUrl: 'https://studio.test/tabs/gracias-compra?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://studio.test/desk-sale',
    });
    expect(screen.getByRole('status').textContent).toBe('Waiting for the payment…');
  });

  it('opens Stripe on this device for a card paid here, coming back to this screen', async () => {
    const api = fakeApi();
    const openUrl = renderSale(api);
    await chooseMarianaAndPack();
    fireEvent.click(screen.getByRole('radio', { name: /Card here/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Open the card payment' }));
    await vi.waitFor(() => expect(openUrl).toHaveBeenCalledWith('https://checkout.test/cs_1'));
    expect(vi.mocked(api.createDeskCheckout).mock.calls[0]?.[0].successUrl).toBe(
      'https://studio.test/desk-sale?member=m1&session={CHECKOUT_SESSION_ID}',
    );
  });

  it('refunds a cash sale with a reason', async () => {
    const api = fakeApi();
    renderSale(api);
    await chooseMarianaAndPack();
    fireEvent.click(screen.getByRole('button', { name: 'Record $1,200 in cash' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Refund 10 classes' }));
    fireEvent.change(await screen.findByLabelText(/Reason/), {
      target: { value: 'Changed their mind' },
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Refund $1,200' }));
    });
    expect(api.refundCashSale).toHaveBeenCalledWith({
      paymentId: 'cash-req2',
      reason: 'Changed their mind',
    });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Refunded $1,200 to Mariana López. 10 credits taken back.',
    );
  });
});
