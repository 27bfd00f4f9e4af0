import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSessionApi } from '../../../../test/fakes/fake-session-api';
import { useToastStore } from '../../../components/ui/toast';
import { useLangStore } from '../../../lib/i18n';
import { useSessionStore } from '../stores/session-store';
import { useLogout } from './use-logout';
import { useSessionBootstrap } from './use-session-bootstrap';

// 09:00:00 in Monterrey (UTC-6).
const START = new Date('2025-06-02T15:00:00.000Z');

function start(fake: ReturnType<typeof createFakeSessionApi>) {
  return renderHook(() => useSessionBootstrap(fake.api));
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('session', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  describe('as a guest', () => {
    it('creates a KeyTemporal and stores the text null as UID', async () => {
      const fake = createFakeSessionApi();
      start(fake);
      act(() => fake.emit(null));
      const key = localStorage.getItem('KeyTemporal');
      expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
      expect(localStorage.getItem('UID')).toBe('null');
      expect(useSessionStore.getState()).toMatchObject({
        status: 'guest',
        uid: null,
        guestKey: key,
      });
      await advance(3000);
      expect(fake.state.userReads).toEqual([]);
      expect(fake.state.keptCopies).toEqual([]);
    });

    it('creates the KeyTemporal once and keeps it across visits', () => {
      localStorage.setItem('KeyTemporal', 'earlier-key');
      const fake = createFakeSessionApi();
      start(fake);
      act(() => fake.emit(null));
      act(() => fake.emit(null));
      expect(localStorage.getItem('KeyTemporal')).toBe('earlier-key');
      expect(useSessionStore.getState().guestKey).toBe('earlier-key');
    });
  });

  describe('on sign-in', () => {
    it('stores the UID at once and loads the details 3 s later', async () => {
      const fake = createFakeSessionApi({
        u1: {
          Name: 'Ana',
          Email: 'ana@demo.studio',
          Img: 'https://img/ana.png',
          Admin: false,
          Conditions: true,
        },
      });
      start(fake);
      act(() => fake.emit({ uid: 'u1', email: 'ana@demo.studio' }));
      expect(localStorage.getItem('UID')).toBe('u1');
      expect(localStorage.getItem('LoginCacheUID')).toBe('u1');
      expect(useSessionStore.getState()).toMatchObject({
        status: 'signed-in',
        uid: 'u1',
        profile: null,
      });

      await advance(2999);
      expect(fake.state.userReads).toEqual([]);
      expect(fake.state.keptCopies).toEqual([]);
      await advance(1);
      expect(fake.state.userReads).toEqual(['u1']);
      // The member's own nodes are kept on the device with the details, once.
      expect(fake.state.keptCopies).toEqual(['u1']);
      expect(localStorage.getItem('NameUser')).toBe('Ana');
      expect(localStorage.getItem('Admin')).toBe('false');
      expect(localStorage.getItem('Email')).toBe('ana@demo.studio');
      expect(localStorage.getItem('Img')).toBe('https://img/ana.png');
      expect(useSessionStore.getState()).toMatchObject({
        role: 'member',
        profile: { name: 'Ana', conditions: true, activeSubscription: false },
      });
    });

    it('writes LastSeen as the server-hour string in studio time', async () => {
      vi.spyOn(console, 'log').mockImplementation(() => undefined);
      const fake = createFakeSessionApi({ u1: { Name: 'Ana' } });
      // The server clock runs 90 s ahead of this device.
      fake.state.stamp = { Ts: START.getTime() + 90_000, IP: '10.1.2.3' };
      start(fake);
      act(() => fake.emit({ uid: 'u1', email: null }));
      await advance(3000);
      expect(fake.state.lastSeen).toEqual([{ uid: 'u1', lastSeen: '2025-06-02 09:01:33' }]);
    });

    it('logs that the time is normal when the server agrees to the minute', async () => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      const fake = createFakeSessionApi();
      fake.state.stamp = { Ts: START.getTime() + 20_000, IP: '10.1.2.3' };
      start(fake);
      act(() => fake.emit({ uid: 'u1', email: null }));
      await advance(0);
      expect(fake.state.stamps).toEqual(['u1']);
      expect(log).toHaveBeenCalledWith('The time is normal');
      expect(log).not.toHaveBeenCalledWith('Problems with the time');
      expect(localStorage.getItem('TIMESTAMP')).toBe(String(START.getTime() + 20_000));
      expect(localStorage.getItem('IP')).toBe('10.1.2.3');
    });

    it("logs 'Problems with the time' when the minutes differ", async () => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      const fake = createFakeSessionApi();
      fake.state.stamp = { Ts: START.getTime() - 5 * 60_000, IP: '10.1.2.3' };
      start(fake);
      act(() => fake.emit({ uid: 'u1', email: null }));
      await advance(0);
      expect(log).toHaveBeenCalledWith('Problems with the time');
    });

    it('still loads the details when the time check fails', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const fake = createFakeSessionApi({ u1: { Name: 'Ana', Conditions: true } });
      fake.state.stamp = new Error('functions unavailable');
      start(fake);
      act(() => fake.emit({ uid: 'u1', email: null }));
      await advance(3000);
      expect(useSessionStore.getState().profile?.name).toBe('Ana');
      expect(fake.state.lastSeen).toEqual([{ uid: 'u1', lastSeen: '2025-06-02 09:00:03' }]);
    });

    it('reports a user without a Name', async () => {
      const fake = createFakeSessionApi({ u1: { Email: 'x@demo.studio' } });
      start(fake);
      act(() => fake.emit({ uid: 'u1', email: null }));
      await advance(3000);
      expect(fake.state.reports).toEqual(['u1']);
      expect(localStorage.getItem('NameUser')).toBeNull();
    });

    it('does not report a user who has a Name', async () => {
      const fake = createFakeSessionApi({ u1: { Name: 'Ana' } });
      start(fake);
      act(() => fake.emit({ uid: 'u1', email: null }));
      await advance(3000);
      expect(fake.state.reports).toEqual([]);
    });

    it('takes the language saved on the profile', async () => {
      const fake = createFakeSessionApi({ u1: { Name: 'Ana', Lang: 'es' } });
      start(fake);
      act(() => fake.emit({ uid: 'u1', email: null }));
      await advance(3000);
      expect(useLangStore.getState().lang).toBe('es');
    });

    it('drops details that arrive after the member signed out', async () => {
      const fake = createFakeSessionApi({ u1: { Name: 'Ana' } });
      start(fake);
      act(() => fake.emit({ uid: 'u1', email: null }));
      act(() => fake.emit(null));
      await advance(3000);
      expect(fake.state.userReads).toEqual([]);
      expect(useSessionStore.getState()).toMatchObject({ status: 'guest', profile: null });
    });
  });

  describe('role from Admin', () => {
    it.each([
      [true, 'admin', 'true'],
      [false, 'member', 'false'],
      ['Coach', 'coach', 'Coach'],
      ['fs', 'coach', 'fs'],
    ] as const)('Admin %s is %s', async (flag, role, cached) => {
      const fake = createFakeSessionApi({ u1: { Name: 'Ana', Admin: flag } });
      start(fake);
      act(() => fake.emit({ uid: 'u1', email: null }));
      await advance(3000);
      expect(useSessionStore.getState().role).toBe(role);
      expect(localStorage.getItem('Admin')).toBe(cached);
    });

    it("welcomes a coach with 'Welcome to coach module' for 1 s", async () => {
      const fake = createFakeSessionApi({ c1: { Name: 'Coach Carla', Admin: 'Coach' } });
      start(fake);
      act(() => fake.emit({ uid: 'c1', email: null }));
      await advance(3000);
      expect(useToastStore.getState().toasts).toEqual([
        { id: 1, message: 'Welcome to coach module', durationMs: 1000 },
      ]);
    });

    it('does not welcome an admin or a member as a coach', async () => {
      const fake = createFakeSessionApi({ a1: { Name: 'Admin', Admin: true } });
      start(fake);
      act(() => fake.emit({ uid: 'a1', email: null }));
      await advance(3000);
      expect(useToastStore.getState().toasts).toEqual([]);
    });

    it('uses the cached role of the same account until the details load', () => {
      localStorage.setItem('LoginCacheUID', 'a1');
      localStorage.setItem('Admin', 'true');
      const fake = createFakeSessionApi();
      start(fake);
      act(() => fake.emit({ uid: 'a1', email: null }));
      expect(useSessionStore.getState().role).toBe('admin');
    });

    it("ignores another account's cached role", () => {
      localStorage.setItem('LoginCacheUID', 'a1');
      localStorage.setItem('Admin', 'true');
      const fake = createFakeSessionApi();
      start(fake);
      act(() => fake.emit({ uid: 'u2', email: null }));
      expect(useSessionStore.getState().role).toBeNull();
    });
  });

  describe('logout', () => {
    it('signs out, stores null as UID, clears the cached profile and reloads', async () => {
      const fake = createFakeSessionApi({ u1: { Name: 'Ana', Admin: true } });
      start(fake);
      act(() => fake.emit({ uid: 'u1', email: null }));
      await advance(3000);
      expect(localStorage.getItem('Admin')).toBe('true');

      const reload = vi.fn();
      const { result } = renderHook(() => useLogout(fake.api, reload));
      act(() => result.current());
      await advance(0);
      expect(fake.state.signOuts).toBe(1);
      expect(localStorage.getItem('UID')).toBe('null');
      expect(localStorage.getItem('NameUser')).toBeNull();
      expect(localStorage.getItem('Admin')).toBeNull();
      expect(reload).toHaveBeenCalledOnce();
    });

    it('stays signed in and does not reload when signing out fails', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const fake = createFakeSessionApi();
      fake.api.signOut = () => Promise.reject(new Error('offline'));
      localStorage.setItem('UID', 'u1');
      const reload = vi.fn();
      const { result } = renderHook(() => useLogout(fake.api, reload));
      act(() => result.current());
      await advance(0);
      expect(localStorage.getItem('UID')).toBe('u1');
      expect(reload).not.toHaveBeenCalled();
    });
  });
});
