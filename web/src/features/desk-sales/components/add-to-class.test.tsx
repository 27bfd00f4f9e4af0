import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AddToClassInput, Package, StudioClass, WaiverVersion } from '@studio/core';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { DeskSalesApi } from '../api/desk-sales-api';
import { AddToClass } from './add-to-class';
import type { SignatureSlot } from './add-to-class';

const stop = () => undefined;

const cls: StudioClass = {
  branch: 'centro',
  date: '2026-11-25',
  hour: '07:00',
  startsAt: Date.UTC(2026, 10, 25, 13, 0),
  duration: 45,
  exercise: 'cycling',
  coach: 'ana',
  capacity: 20,
  creditKind: 'regular',
  status: 'scheduled',
  bookedCount: 3,
  waitlistCount: 0,
};

const packages: Record<string, Package> = {
  single: {
    kind: 'single',
    name: 'Single class',
    credits: 1,
    price: 1500,
    currency: 'USD',
    validityDays: 30,
    active: true,
  },
};

const waiver: WaiverVersion = {
  version: 2,
  text: { en: 'I take part at my own risk, fully.', es: 'Participo bajo mi propio riesgo.' },
  hash: 'a'.repeat(64),
  publishedAt: 0,
  publishedBy: 'admin',
};

const signature = {
  version: 2,
  fullName: 'Lucía Walk',
  lang: 'en' as const,
  signature: 'data:image/png;base64,AAAA',
};

function fakeApi(addToClass: DeskSalesApi['addToClass']): DeskSalesApi {
  return {
    watchDirectorySearch: (_query, _limit, onChange) => (
      onChange({
        m1: {
          name: 'Mariana López',
          email: 'member@demo.studio',
          phone: '',
          role: 'member',
          credits: 2,
          nameKey: 'mariana lopez',
          emailKey: 'member@demo.studio',
          phoneKey: '',
        },
      }),
      stop
    ),
    watchDirectoryEntry: (_uid, onChange) => (onChange(null), stop),
    watchPackages: (onChange) => (onChange(packages), stop),
    watchPlans: (onChange) => (onChange({}), stop),
    watchPayments: (_uid, onChange) => (onChange({}), stop),
    watchWaiver: (onChange) => (onChange(waiver), stop),
    recordCashSale: vi.fn(),
    refundCashSale: vi.fn(),
    createDeskCheckout: vi.fn(),
    addToClass,
  };
}

/** A stand-in for the waiver's signature form: one button that signs. */
function renderSignature({ waiver: shown, defaultName, titleId, onSign }: SignatureSlot) {
  return (
    <div>
      <h2 id={titleId}>
        Waiver v{shown.version} for {defaultName}
      </h2>
      <button type="button" onClick={() => void onSign(signature).catch(() => undefined)}>
        Sign
      </button>
    </div>
  );
}

function renderAdd(api: DeskSalesApi) {
  render(
    <AddToClass
      api={api}
      classId="c1"
      cls={cls}
      renderSignature={renderSignature}
      newId={() => 'req1'}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add to class' }));
}

const booked = (input: AddToClassInput) =>
  Promise.resolve({
    classId: input.classId,
    uid: input.uid ?? 'walkin-req1',
    spot: '7',
    bookingId: 'b1',
  });

describe('AddToClass', () => {
  it('books a member found by name with one of their credits', async () => {
    const addToClass = vi.fn(booked);
    renderAdd(fakeApi(addToClass));
    fireEvent.change(await screen.findByLabelText('Find a member'), {
      target: { value: 'Mari' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Mariana López' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to the class' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Mariana López is booked in this class.',
    );
    expect(addToClass).toHaveBeenCalledWith({
      classId: 'c1',
      requestId: 'req1',
      payWith: 'credit',
      uid: 'm1',
    });
  });

  it('has a member sign the waiver when the server asks, then books with the signature', async () => {
    const addToClass = vi.fn((input: AddToClassInput) =>
      input.waiver
        ? booked(input)
        : Promise.reject(new CallableRefusal('failed-precondition', 'waiverNotAccepted')),
    );
    renderAdd(fakeApi(addToClass));
    fireEvent.change(await screen.findByLabelText('Find a member'), {
      target: { value: 'Mari' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Mariana López' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to the class' }));
    await screen.findByRole('heading', { name: 'Waiver v2 for Mariana López' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await screen.findByRole('status');
    expect(addToClass).toHaveBeenLastCalledWith(
      expect.objectContaining({ uid: 'm1', waiver: signature, requestId: 'req1' }),
    );
  });

  it('makes an account for someone new, who signs, paying a drop-in in cash', async () => {
    const addToClass = vi.fn(booked);
    renderAdd(fakeApi(addToClass));
    fireEvent.click(await screen.findByRole('radio', { name: 'Someone new' }));
    // Only a drop-in or a comp for someone who has no credit yet.
    expect(screen.queryByRole('radio', { name: 'A credit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to the class' }));
    expect(screen.getAllByText('Required.')).toHaveLength(3);
    expect(addToClass).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: 'Lucía Walk' } });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'lucia@walk.in' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '81 5555 0101' } });
    expect(screen.getByText('Cash received: $15')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to the class' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Lucía Walk is booked in this class · $15 in cash.',
    );
    expect(addToClass).toHaveBeenCalledWith({
      classId: 'c1',
      requestId: 'req1',
      payWith: 'drop-in',
      amount: 1500,
      walkIn: { name: 'Lucía Walk', email: 'lucia@walk.in', phone: '81 5555 0101' },
      waiver: signature,
    });
  });

  it('asks the reason of a comp and shows a refusal in words', async () => {
    const addToClass = vi.fn(() =>
      Promise.reject(new CallableRefusal('failed-precondition', 'classEnded')),
    );
    renderAdd(fakeApi(addToClass));
    fireEvent.change(await screen.findByLabelText('Find a member'), {
      target: { value: 'Mari' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Mariana López' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Comp' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to the class' }));
    expect(screen.getByText('Required.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Why it is free/), {
      target: { value: 'Birthday' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the class' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This class has already ended.');
    expect(addToClass).toHaveBeenCalledWith(
      expect.objectContaining({ payWith: 'comp', reason: 'Birthday', uid: 'm1' }),
    );
  });
});
