import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUIET_HOURS,
  pushEndpointProblem,
  pushEventIds,
  pushOutboxId,
  pushPreferencesSchema,
  quietHoursFromStored,
  savePushSubscriptionInput,
  wantsPush,
  type ClassWatch,
} from '../schemas/push';
import { toEpoch } from '../time';
import { pushTiming, quietHoursEnd, URGENT_MARGIN_MS } from './delivery';
import { deviceLabel } from './device-label';
import { addWatcher, MIN_WAVE, nextWave, removeWatcher, WAVE_GAP_MS } from './watch-waves';

const TZ = 'America/Monterrey';
const at = (date: string, hour: string) => toEpoch(date, hour, TZ);

describe('push endpoints', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc:APA91', null],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAA', null],
    ['https://web.push.apple.com/QGuQyavXutnMH6Ig2uYOJDwA', null],
    ['https://wns2-by3p.notify.windows.com/w/?token=BQYA', null],
    ['http://fcm.googleapis.com/fcm/send/abc', 'not-https'],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', 'unknown-push-service'],
    ['https://evil.example/fcm.googleapis.com', 'unknown-push-service'],
    ['https://fcm.googleapis.com.evil.example/x', 'unknown-push-service'],
    ['https://169.254.169.254/latest/meta-data', 'unknown-push-service'],
    ['https://user:pw@fcm.googleapis.com/x', 'not-a-url'],
    ['not a url', 'not-a-url'],
    ['http://127.0.0.1:1090/push/abc', 'not-https'],
  ])('%s → %s', (endpoint, problem) => {
    expect(pushEndpointProblem(endpoint)).toBe(problem);
  });

  it('accepts the local stand-in only when named', () => {
    expect(pushEndpointProblem('http://127.0.0.1:1090/push/abc', ['http://127.0.0.1:1090'])).toBe(
      null,
    );
    expect(pushEndpointProblem('http://127.0.0.1:1091/push/abc', ['http://127.0.0.1:1090'])).toBe(
      'not-https',
    );
  });

  it('takes exactly a browser subscription’s shape', () => {
    const good = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
    };
    expect(savePushSubscriptionInput.safeParse(good).success).toBe(true);
    for (const bad of [
      { ...good, keys: { ...good.keys, p256dh: `A${'a'.repeat(86)}` } },
      { ...good, keys: { ...good.keys, p256dh: `B${'a'.repeat(85)}=` } },
      { ...good, keys: { ...good.keys, auth: 'b'.repeat(23) } },
      { ...good, keys: { ...good.keys, extra: 1 } },
      { ...good, endpoint: `https://fcm.googleapis.com/${'x'.repeat(1100)}` },
      { endpoint: good.endpoint },
    ])
      expect(savePushSubscriptionInput.safeParse(bad).success).toBe(false);
  });
});

describe('preferences and ids', () => {
  it('defaults every kind on and ignores what does not parse', () => {
    const preferences = pushPreferencesSchema.parse({
      'class-reminder': false,
      bogus: false,
      x: 1,
    });
    expect(preferences).toEqual({ 'class-reminder': false });
    expect(wantsPush(preferences, 'class-reminder')).toBe(false);
    expect(wantsPush(preferences, 'spot-opened')).toBe(true);
    expect(quietHoursFromStored({ enabled: true, from: '25:00', to: '07:00' })).toEqual(
      DEFAULT_QUIET_HOURS,
    );
  });

  it('derives one outbox id per event and device', () => {
    const event = pushEventIds.promoted('b1');
    expect(pushOutboxId(event, 'd1')).toBe('promoted-b1-d1');
    expect(() => pushOutboxId(event, 'a/b')).toThrow();
    expect(pushEventIds.creditsExpiring('u1', '2026-12-01')).toBe('expiring-u1-2026-12-01');
  });

  it('names devices by browser and platform only', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome · Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iPhone');
    expect(deviceLabel(undefined)).toBe('Browser');
  });
});

describe('quiet hours', () => {
  const quiet = DEFAULT_QUIET_HOURS;
  it('holds across midnight until 07:00 studio time', () => {
    expect(quietHoursEnd(quiet, at('2026-12-01', '21:59'), TZ)).toBe(null);
    expect(quietHoursEnd(quiet, at('2026-12-01', '22:00'), TZ)).toBe(at('2026-12-02', '07:00'));
    expect(quietHoursEnd(quiet, at('2026-12-02', '03:10'), TZ)).toBe(at('2026-12-02', '07:00'));
    expect(quietHoursEnd(quiet, at('2026-12-02', '07:00'), TZ)).toBe(null);
    expect(quietHoursEnd({ ...quiet, enabled: false }, at('2026-12-02', '03:10'), TZ)).toBe(null);
    expect(
      quietHoursEnd({ enabled: true, from: '13:00', to: '15:00' }, at('2026-12-02', '14:00'), TZ),
    ).toBe(at('2026-12-02', '15:00'));
  });

  it('sends, holds or drops by kind and by when the member must act', () => {
    const nowMs = at('2026-12-01', '23:30');
    const morning = at('2026-12-02', '07:00');
    const timing = (kind: Parameters<typeof pushTiming>[0]['kind'], actBy?: number) =>
      pushTiming({ kind, actBy, nowMs, quiet, timeZone: TZ });
    expect(timing('class-reminder', at('2026-12-02', '19:00'))).toEqual({
      send: false,
      holdUntil: morning,
    });
    expect(timing('payment-failed')).toEqual({ send: false, holdUntil: morning });
    expect(timing('waitlist-promoted', morning + URGENT_MARGIN_MS)).toEqual({ send: true });
    expect(timing('waitlist-promoted', morning + URGENT_MARGIN_MS + 1)).toEqual({
      send: false,
      holdUntil: morning,
    });
    expect(timing('class-cancelled', at('2026-12-02', '07:30'))).toEqual({ send: true });
    expect(timing('spot-opened')).toHaveProperty('drop');
    expect(
      pushTiming({ kind: 'spot-opened', nowMs: at('2026-12-01', '12:00'), quiet, timeZone: TZ }),
    ).toEqual({ send: true });
  });
});

describe('watch waves', () => {
  let watch: ClassWatch = { startsAt: 0, seq: 0, watchers: {} };
  for (let i = 1; i <= 20; i += 1) watch = addWatcher(watch, `u${i}`, 1000 + i);

  it('keeps a watcher’s place and order', () => {
    expect(addWatcher(watch, 'u3', 99_999)).toBe(watch);
    expect(watch.watchers['u20']?.seq).toBe(20);
    expect(removeWatcher(watch, 'u3').watchers['u3']).toBeUndefined();
  });

  it('tells three per free seat in watching order, then waits the gap', () => {
    const first = nextWave(watch, 'o1', 2, 10_000);
    expect(first.told).toEqual(['u1', 'u2', 'u3', 'u4', 'u5', 'u6']);
    expect(first.watch.wave?.nextWaveAt).toBe(10_000 + WAVE_GAP_MS);
    expect(nextWave(first.watch, 'o1', 2, 10_000 + WAVE_GAP_MS - 1).told).toEqual([]);
    const second = nextWave(first.watch, 'o1', 1, 10_000 + WAVE_GAP_MS);
    expect(second.told).toEqual(['u7', 'u8', 'u9']);
    expect(second.told).toHaveLength(MIN_WAVE);
    // Another seat freeing does not wait for the gap: the wave grows to three per free seat.
    const freed = nextWave(first.watch, 'o1', 3, 10_001, { immediate: true });
    expect(freed.told).toEqual(['u7', 'u8', 'u9']);
    expect(freed.watch.wave?.nextWaveAt).toBe(10_000 + WAVE_GAP_MS);
    // Two cancels racing each see two seats free: the wave is already their size.
    expect(nextWave(first.watch, 'o1', 2, 10_001, { immediate: true }).told).toEqual([]);
    // A watcher of the wave booked a seat and another one freed: one more is told.
    const booked = removeWatcher(freed.watch, 'u2');
    expect(nextWave(booked, 'o1', 3, 10_002, { immediate: true }).told).toEqual(['u10']);
  });

  it('ends when everyone was told, or no seat is free; a new opening starts over', () => {
    const all = nextWave(watch, 'o1', 10, 0);
    expect(all.told).toHaveLength(20);
    expect(all.watch.wave?.nextWaveAt).toBeUndefined();
    expect(nextWave(all.watch, 'o1', 10, WAVE_GAP_MS * 9).told).toEqual([]);
    expect(nextWave(watch, 'o1', 0, 0).told).toEqual([]);
    expect(nextWave(all.watch, 'o2', 1, 0).told).toEqual(['u1', 'u2', 'u3']);
  });

  it('waits the gap after a wave that told everyone, when newcomers outnumber the next seat', () => {
    let few: ClassWatch = { startsAt: 0, seq: 0, watchers: {} };
    for (const uid of ['a1', 'a2', 'a3']) few = addWatcher(few, uid, 1);
    const told = nextWave(few, 'o1', 1, 10_000);
    expect([told.told, told.watch.wave?.nextWaveAt]).toEqual([['a1', 'a2', 'a3'], undefined]);
    // They booked and stopped watching; five others started; another seat frees.
    let later = told.watch;
    for (const uid of ['a1', 'a2', 'a3']) later = removeWatcher(later, uid);
    for (const uid of ['b1', 'b2', 'b3', 'b4', 'b5']) later = addWatcher(later, uid, 20_000);
    const next = nextWave(later, 'o1', 1, 30_000, { immediate: true });
    expect(next.told).toEqual(['b1', 'b2', 'b3']);
    // A value the database can store: the rest are told after the gap.
    expect(next.watch.wave?.nextWaveAt).toBe(30_000 + WAVE_GAP_MS);
  });
});

describe('endpoint input', () => {
  it.each(['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com/x'])(
    'refuses %s before anything else',
    async (endpoint) => {
      const { removePushSubscriptionInput } = await import('../schemas/push');
      expect(removePushSubscriptionInput.safeParse({ endpoint }).success).toBe(false);
    },
  );
});
