import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionMonitor } from './connection';
import { createConnectionMonitor, requestOutcome } from './connection';

const GRACE = 5000;

let browserOnline: boolean;
let events: EventTarget;
let monitor: ConnectionMonitor;
let changes: number;

beforeEach(() => {
  vi.useFakeTimers();
  browserOnline = true;
  events = new EventTarget();
  monitor = createConnectionMonitor({ browserOnline: () => browserOnline, events, graceMs: GRACE });
  changes = 0;
  monitor.subscribe(() => changes++);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the database connection', () => {
  it('is online before the database is opened', () => {
    expect(monitor.isOnline()).toBe(true);
  });

  it('does not say offline while the database connects within the grace period', () => {
    monitor.databaseConnected(false);
    vi.advanceTimersByTime(GRACE - 1);
    expect(monitor.isOnline()).toBe(true);
    monitor.databaseConnected(true);
    vi.advanceTimersByTime(GRACE);
    expect(monitor.isOnline()).toBe(true);
  });

  it('says offline when the database has not connected once the grace period is over', () => {
    monitor.databaseConnected(false);
    vi.advanceTimersByTime(GRACE);
    expect(monitor.isOnline()).toBe(false);
    expect(changes).toBe(1);
  });

  it('does not restart the grace period on repeated "not connected" reports', () => {
    monitor.databaseConnected(false);
    vi.advanceTimersByTime(GRACE - 1000);
    monitor.databaseConnected(false);
    vi.advanceTimersByTime(1000);
    expect(monitor.isOnline()).toBe(false);
  });

  it('says offline when a connection drops for longer than the grace period, online when it returns', () => {
    monitor.databaseConnected(false);
    monitor.databaseConnected(true);
    monitor.databaseConnected(false);
    vi.advanceTimersByTime(GRACE - 1);
    expect(monitor.isOnline()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(monitor.isOnline()).toBe(false);

    monitor.databaseConnected(true);
    expect(monitor.isOnline()).toBe(true);
  });

  it('a short drop that reconnects within the grace period never says offline', () => {
    monitor.databaseConnected(true);
    monitor.databaseConnected(false);
    vi.advanceTimersByTime(GRACE / 2);
    monitor.databaseConnected(true);
    vi.advanceTimersByTime(GRACE * 2);
    expect(monitor.isOnline()).toBe(true);
  });
});

describe('the browser', () => {
  it('says offline whenever navigator.onLine is false, and tells subscribers on its events', () => {
    monitor.databaseConnected(true);
    browserOnline = false;
    events.dispatchEvent(new Event('offline'));
    expect(monitor.isOnline()).toBe(false);
    expect(changes).toBe(2);

    browserOnline = true;
    events.dispatchEvent(new Event('online'));
    expect(monitor.isOnline()).toBe(true);
  });

  it('is not believed when it claims a network while the database cannot connect', () => {
    monitor.databaseConnected(false);
    vi.advanceTimersByTime(GRACE);
    events.dispatchEvent(new Event('online'));
    expect(monitor.isOnline()).toBe(false);
  });
});

describe('requests', () => {
  it('says offline after a request got no answer, until one is answered', () => {
    monitor.databaseConnected(true);
    monitor.requestUnanswered();
    expect(monitor.isOnline()).toBe(false);
    monitor.requestAnswered();
    expect(monitor.isOnline()).toBe(true);
    expect(changes).toBe(3);
  });

  it('is online again when the database connects after an unanswered request', () => {
    monitor.requestUnanswered();
    monitor.databaseConnected(true);
    expect(monitor.isOnline()).toBe(true);
  });

  it('is online again when the browser reports a new network after an unanswered request', () => {
    monitor.requestUnanswered();
    events.dispatchEvent(new Event('online'));
    expect(monitor.isOnline()).toBe(true);
  });
});

describe('requestOutcome', () => {
  const functionsError = (code: string, message: string) =>
    Object.assign(new Error(message), { code });

  it('reads a callable whose fetch got no response as unanswered', () => {
    // What the Functions SDK throws when fetch rejects (HTTP status 0).
    expect(requestOutcome(functionsError('functions/internal', 'internal'))).toBe('unanswered');
    expect(requestOutcome(functionsError('functions/deadline-exceeded', 'deadline-exceeded'))).toBe(
      'unanswered',
    );
    expect(requestOutcome(functionsError('auth/network-request-failed', 'x'))).toBe('unanswered');
  });

  it('reads a server refusal or a server error with its own message as answered', () => {
    expect(requestOutcome(functionsError('functions/failed-precondition', 'Class is full'))).toBe(
      'answered',
    );
    expect(requestOutcome(functionsError('functions/internal', 'INTERNAL'))).toBe('answered');
  });

  it('does not guess from errors that are not Firebase errors', () => {
    expect(requestOutcome(new TypeError('Failed to fetch'))).toBe('unknown');
    expect(requestOutcome('offline')).toBe('unknown');
    expect(requestOutcome(functionsError('permission-denied', 'x'))).toBe('unknown');
  });
});
