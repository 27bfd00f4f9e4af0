import type { DeskCheckIn, StudioClass } from '@studio/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { KioskApi } from '../api/kiosk-api';
import type { KioskSigning } from './kiosk-screen';
import { KioskScreen } from './kiosk-screen';

const NOW = Date.UTC(2026, 10, 25, 13, 10); // 07:10 in Monterrey
const now = () => NOW;

const cycling: StudioClass = {
  branch: 'centro',
  date: '2026-11-25',
  hour: '07:30',
  startsAt: NOW + 20 * 60_000,
  duration: 45,
  exercise: 'cycling',
  coach: 'ana',
  capacity: 20,
  creditKind: 'regular',
  status: 'scheduled',
  bookedCount: 16,
  waitlistCount: 0,
};

const CHECKED_IN: DeskCheckIn = {
  uid: 'u1',
  name: 'Zoe Kiosk',
  classId: 'c1',
  title: 'Cycling',
  hour: '07:30',
  spotLabel: 'Bike 4',
};

function fakeApi(overrides: Partial<KioskApi> = {}) {
  const stop = () => undefined;
  const calls: string[] = [];
  const api: KioskApi = {
    watchClasses: (_from, _to, onChange) => (onChange({ c1: cycling }), stop),
    watchCoaches: (onChange) => (onChange({ ana: { name: 'Ana Garza' } as never }), stop),
    watchExercises: (onChange) => (onChange({ cycling: { name: 'Cycling' } as never }), stop),
    checkInByPass: (pass) => (calls.push(`pass ${pass}`), Promise.resolve(CHECKED_IN)),
    checkInByName: (name, last4) => (
      calls.push(`name ${name} ${last4}`),
      Promise.resolve(CHECKED_IN)
    ),
    confirmStaff: (password) =>
      password === 'studio123' ? Promise.resolve() : Promise.reject(new Error('wrong-password')),
    ...overrides,
  };
  return { api, calls };
}

function renderKiosk(api: KioskApi, onLeave = vi.fn()) {
  const signings: KioskSigning[] = [];
  let scan: ((pass: string) => Promise<DeskCheckIn>) | undefined;
  render(
    <KioskScreen
      api={api}
      now={now}
      staffEmail="desk@demo.studio"
      scanner={(checkIn) => {
        scan = checkIn;
        return <p>camera</p>;
      }}
      signing={(signing) => {
        signings.push(signing);
        return <p>waiver form for {signing.member.name}</p>;
      }}
      onLeave={onLeave}
    />,
  );
  return { signings, scan: () => scan, onLeave };
}

async function checkInByName(name: string, digits: string) {
  fireEvent.click(screen.getByRole('button', { name: /Check in with my name/ }));
  fireEvent.change(screen.getByLabelText('Your name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText(/Last 4 digits/), { target: { value: digits } });
  fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
  await act(() => Promise.resolve());
}

describe('the kiosk', () => {
  it('shows the next classes with their coach and the spots left', () => {
    renderKiosk(fakeApi().api);
    const list = screen.getByRole('complementary', { name: 'Next classes' });
    expect(within(list).getByText('07:30')).toBeTruthy();
    expect(within(list).getByText(/Cycling/).textContent).toBe('Cycling with Ana Garza');
    expect(within(list).getByText('4 spots left')).toBeTruthy();
  });

  it('names the day of a class that is not today', () => {
    const tomorrow = { ...cycling, date: '2026-11-26', startsAt: NOW + 24 * 60 * 60_000 };
    renderKiosk(
      fakeApi({
        watchClasses: (_from, _to, onChange) => (
          onChange({ c1: cycling, c2: tomorrow }),
          () => undefined
        ),
      }).api,
    );
    const hours = screen.getAllByRole('listitem').map((item) => item.firstChild?.textContent);
    expect(hours).toEqual(['07:30', 'Tomorrow 07:30']);
  });

  it('checks a member in by name and the last four digits, and welcomes them', async () => {
    const { api, calls } = fakeApi();
    renderKiosk(api);
    await checkInByName('  Zoe ', '01a99');
    expect(calls).toEqual(['name Zoe 0199']);
    const welcome = screen.getByRole('status');
    expect(within(welcome).getByRole('heading').textContent).toBe('Welcome, Zoe Kiosk!');
    expect(welcome.textContent).toContain('You are checked in · Cycling at 07:30');
    expect(welcome.textContent).toContain('Spot Bike 4');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: /Scan my pass/ })).toBeTruthy();
  });

  it('asks for four digits before calling', async () => {
    const { api, calls } = fakeApi();
    renderKiosk(api);
    await checkInByName('Zoe', '12');
    expect(screen.getByText('Type four digits.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says why not when the server finds nobody', async () => {
    const { api } = fakeApi({
      checkInByName: () => Promise.reject(new CallableRefusal('not-found', 'kioskNoMatch')),
    });
    renderKiosk(api);
    await checkInByName('Nobody', '0000');
    expect(screen.getByRole('alert').textContent).toBe(
      'No member has that name and those phone digits. Please ask at the desk.',
    );
    expect(screen.getByLabelText('Your name')).toBeTruthy();
  });

  it('has a member who has not signed sign the waiver, then checks them in', async () => {
    let signed = false;
    const { api, calls } = fakeApi({
      checkInByName: (name, last4) => {
        calls.push(`name ${name} ${last4}`);
        return signed
          ? Promise.resolve(CHECKED_IN)
          : Promise.reject(
              new CallableRefusal('failed-precondition', 'waiverNotSigned', {
                name: 'Zoe Kiosk',
                uid: 'u1',
              }),
            );
      },
    });
    const { signings } = renderKiosk(api);
    await checkInByName('Zoe', '0199');
    expect(screen.getByText('waiver form for Zoe Kiosk')).toBeTruthy();
    expect(
      screen.getByText('Zoe Kiosk, please sign the studio’s waiver before your first class.'),
    ).toBeTruthy();
    expect(signings.at(-1)?.member).toEqual({ uid: 'u1', name: 'Zoe Kiosk' });
    signed = true;
    act(() => signings.at(-1)?.onSigned());
    await act(() => Promise.resolve());
    expect(calls).toEqual(['name Zoe 0199', 'name Zoe 0199']);
    expect(within(screen.getByRole('status')).getByRole('heading').textContent).toBe(
      'Welcome, Zoe Kiosk!',
    );
  });

  it('checks in a scanned pass through the scanner it is given', async () => {
    const { api, calls } = fakeApi();
    const { scan } = renderKiosk(api);
    fireEvent.click(screen.getByRole('button', { name: /Scan my pass/ }));
    expect(screen.getByText('camera')).toBeTruthy();
    await act(() => scan()?.('SP1.u1.p1.sig'));
    expect(calls).toEqual(['pass SP1.u1.p1.sig']);
    expect(screen.getByRole('status').textContent).toContain('Welcome, Zoe Kiosk!');
  });

  it("leaves only with the front desk's password", async () => {
    const { api } = fakeApi();
    const { onLeave } = renderKiosk(api);
    fireEvent.click(screen.getByRole('button', { name: 'Leave kiosk' }));
    expect(screen.getByText('Front desk only: the password of desk@demo.studio.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await act(() => Promise.resolve());
    expect(screen.getByText('That password is not right.')).toBeTruthy();
    expect(onLeave).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'studio123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await act(() => Promise.resolve());
    expect(onLeave).toHaveBeenCalledOnce();
  });
});
