import { virtualLayout } from '@studio/core';
import type { UserClass } from '@studio/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeScheduleApi } from '../../../../test/fakes/fake-schedule-api';
import { CallableRefusal } from '../../../lib/callable-errors';
import { BringFriend, GuestSeatList } from './guest-seats';

const room = virtualLayout(4);
const HOUR = 3_600_000;

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function bringFriend(fake = createFakeScheduleApi(), seatsAllowed = 1, hasSpotMap = true) {
  const bookGuest = fake.api.bookGuest;
  if (!bookGuest) throw new Error('the fake books guests');
  render(
    <BringFriend
      api={{ bookGuest }}
      classId="c1"
      room={room}
      hasSpotMap={hasSpotMap}
      taken={new Set(['1'])}
      mine="1"
      seatsAllowed={seatsAllowed}
    />,
  );
  return fake;
}

describe('bring a friend', () => {
  it('books the named guest on the spot picked, stating the credit it uses', async () => {
    const fake = bringFriend();
    fireEvent.click(screen.getByRole('button', { name: 'Bring a friend' }));
    expect(screen.getByText(/Uses 1 credit of yours/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Your guest’s name/), {
      target: { value: '  Ana López ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Spot 3, free' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book spot 3 for them' }));
    expect(screen.getByRole('status').textContent).toBe('Booking a seat for Ana López…');
    await settle();

    expect(fake.calls.bookGuest).toHaveLength(1);
    expect(fake.calls.bookGuest[0]).toMatchObject({
      classId: 'c1',
      guestName: 'Ana López',
      spot: '3',
    });
    expect(fake.calls.bookGuest[0]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('status').textContent).toBe('Done: Ana López has spot 3.');
  });

  it('asks for a name before calling, and retries a guest with the same request id', async () => {
    const fake = createFakeScheduleApi();
    fake.refusals.bookGuest = new CallableRefusal('resource-exhausted', 'classFull');
    bringFriend(fake, 1, false);
    fireEvent.click(screen.getByRole('button', { name: 'Bring a friend' }));
    expect(screen.queryByRole('button', { name: /Spot/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Book their seat' }));
    expect(fake.calls.bookGuest).toEqual([]);
    expect(screen.getByText('Please enter your guest’s name (1 to 60 characters).')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Your guest’s name/), { target: { value: 'Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book their seat' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'This class is full. You can join the waiting list.',
    );
    // A retry is the same attempt: had the first gone through, the server returns that seat.
    fireEvent.click(screen.getByRole('button', { name: 'Book their seat' }));
    await settle();
    // Another name is another guest, so another key.
    fireEvent.change(screen.getByLabelText(/Your guest’s name/), { target: { value: 'Luis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book their seat' }));
    await settle();
    const [first, second, third] = fake.calls.bookGuest;
    expect(second?.requestId).toBe(first?.requestId);
    expect(third?.requestId).not.toBe(first?.requestId);
    expect(third?.guestName).toBe('Luis');
  });

  it('is not offered once the member has as many guests as the class allows', () => {
    bringFriend(createFakeScheduleApi(), 0);
    expect(screen.queryByRole('button', { name: 'Bring a friend' })).toBeNull();
  });
});

describe('guest seats listed', () => {
  const guests: NonNullable<UserClass['guests']> = {
    g1: { name: 'Ana', spot: 's3', spotLabel: '3', status: 'booked', bookedAt: 2 },
    g0: { name: 'Luis', spot: 's2', status: 'cancelled', bookedAt: 1 },
  };

  it('shows each guest and cancels one after the member confirms the refund rule', async () => {
    const fake = createFakeScheduleApi();
    const now = Date.now();
    render(
      <GuestSeatList
        api={fake.api}
        classId="c1"
        guests={guests}
        cancellable
        startsAt={now + 48 * HOUR}
        rules={{ cancellationWindowHours: 12, waitlistCutoffMinutes: 60 }}
        now={() => now}
      />,
    );
    expect(screen.getByText('Guest: Ana · spot 3 · booked')).toBeTruthy();
    expect(screen.getByText('Guest: Luis · spot s2 · cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Luis’s seat' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Ana’s seat' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('It is still in time: your credit comes back.')).toBeTruthy();
    expect(fake.calls.cancelGuest).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Ana’s seat' }));
    await settle();

    expect(fake.calls.cancelGuest).toEqual([{ classId: 'c1', guestBookingId: 'g1' }]);
    expect(fake.calls.cancel).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe(
      'Ana’s seat is cancelled and your credit is back.',
    );
  });

  it('warns that a late cancel forfeits the guest’s credit', async () => {
    const now = Date.now();
    render(
      <GuestSeatList
        api={createFakeScheduleApi().api}
        classId="c1"
        guests={guests}
        cancellable
        startsAt={now + 2 * HOUR}
        rules={{ cancellationWindowHours: 12, waitlistCutoffMinutes: 60 }}
        now={() => now}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Ana’s seat' }));
    expect(
      within(await screen.findByRole('alertdialog')).getByText(
        'It is less than 12 hours before the class: the credit for this seat is forfeited.',
      ),
    ).toBeTruthy();
  });
});
