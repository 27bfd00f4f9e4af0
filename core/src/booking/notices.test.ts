import { describe, expect, it } from 'vitest';
import { emptyRoster } from '../schemas/classes';
import type { Roster, UserWaitlistEntry } from '../schemas/classes';
import {
  classStatusNotice,
  creditsExpiredNotice,
  noticeNamesCutoff,
  positionNotices,
  promotedNotice,
  waitlistStatusNotice,
} from './notices';

const subject = { classId: 'k1', title: 'Ride', cls: { date: '2025-06-10', hour: '07:00' } };
const named = { className: 'Ride', date: '2025-06-10', hour: '07:00' };

/** A roster where u1 left the queue as its third entry, and the class was cancelled. */
const departed: Roster = {
  ...emptyRoster(),
  departed: { u1: { seq: 3, joinedAt: 1, status: 'skipped', at: 2 } },
  cancellation: { at: 5, reason: 'Coach ill', by: 'admin', done: false },
  version: 7,
};

/** A roster with u1 and u2 waiting, in that order. */
const queue = (uids: string[], version: number): Roster => ({
  ...emptyRoster(),
  waitlist: Object.fromEntries(uids.map((uid, seq) => [uid, { uid, joinedAt: seq, seq }])),
  version,
});

describe('waitlistStatusNotice', () => {
  it.each<[UserWaitlistEntry['status'], object | undefined]>([
    [
      'skipped',
      {
        id: 'skipped-k1-3',
        type: 'skipped-no-credit',
        messageKey: 'notifSkippedNoCredit',
        params: named,
      },
    ],
    [
      'past-cutoff',
      {
        id: 'past-cutoff-k1-3',
        type: 'skipped-past-cutoff',
        messageKey: 'notifSkippedPastCutoff',
        params: { ...named, hours: 6 },
      },
    ],
    [
      'removed',
      {
        id: 'removed-k1-3',
        type: 'class-cancelled',
        messageKey: 'notifWaitlistClassCancelled',
        params: { ...named, reason: 'Coach ill' },
      },
    ],
    [
      'closed',
      {
        id: 'closed-k1-3',
        type: 'waitlist-closed',
        messageKey: 'notifWaitlistClosed',
        params: named,
      },
    ],
    ['waiting', undefined],
    ['promoted', undefined],
    ['left', undefined],
  ])('%s → %o', (status, expected) => {
    expect(waitlistStatusNotice(subject, 'u1', { status }, departed, 6)).toEqual(expected);
  });

  it('takes the sequence from the queue while the member still waits, 0 without either', () => {
    const waiting = queue(['u0', 'u1'], 2);
    expect(waitlistStatusNotice(subject, 'u1', { status: 'closed' }, waiting)?.id).toBe(
      'closed-k1-1',
    );
    expect(waitlistStatusNotice(subject, 'u9', { status: 'closed' }, emptyRoster())?.id).toBe(
      'closed-k1-0',
    );
  });

  it('names no reason when the roster has no cancellation, and 0 hours by default', () => {
    const plain = { ...departed, cancellation: undefined };
    expect(waitlistStatusNotice(subject, 'u1', { status: 'removed' }, plain)?.params).toEqual({
      ...named,
      reason: '',
    });
    expect(waitlistStatusNotice(subject, 'u1', { status: 'past-cutoff' }, plain)?.params).toEqual({
      ...named,
      hours: 0,
    });
  });

  it('says which status needs the member cut-off read', () => {
    expect(noticeNamesCutoff('past-cutoff')).toBe(true);
    for (const status of ['waiting', 'skipped', 'removed', 'closed', 'left'] as const)
      expect(noticeNamesCutoff(status)).toBe(false);
  });
});

describe('classStatusNotice', () => {
  it.each([
    ['booked', undefined],
    ['attended', undefined],
    ['cancelled', undefined],
    [
      'class-cancelled',
      {
        id: 'class-cancelled-k1-b1',
        type: 'class-cancelled',
        messageKey: 'notifClassCancelled',
        params: { ...named, reason: 'Coach ill' },
      },
    ],
  ] as const)('%s → %o', (status, expected) => {
    expect(classStatusNotice(subject, { status, bookingId: 'b1' }, departed)).toEqual(expected);
  });
});

describe('positionNotices', () => {
  it('tells those who moved up their new place, once per roster version', () => {
    const before = queue(['u0', 'u1', 'u2'], 4);
    const after = queue(['u1', 'u2', 'u3'], 5);
    expect(positionNotices(subject, before, after)).toEqual([
      {
        uid: 'u1',
        notice: {
          id: 'position-k1-v5',
          type: 'waitlist-position',
          messageKey: 'notifWaitlistPosition',
          params: { className: 'Ride', position: 1 },
        },
      },
      {
        uid: 'u2',
        notice: {
          id: 'position-k1-v5',
          type: 'waitlist-position',
          messageKey: 'notifWaitlistPosition',
          params: { className: 'Ride', position: 2 },
        },
      },
    ]);
  });

  it('tells nobody new to the queue nor anyone whose place stayed', () => {
    expect(positionNotices(subject, queue(['u1'], 1), queue(['u1', 'u2'], 2))).toEqual([]);
  });
});

describe('the other booking notices', () => {
  it('a promotion names the class and the spot by its label', () => {
    expect(promotedNotice(subject, 'b1', '7')).toEqual({
      id: 'promoted-b1',
      type: 'promoted',
      messageKey: 'notifPromoted',
      params: { ...named, spot: '7' },
    });
  });

  it('expired credits are counted once per reconciler run', () => {
    expect(creditsExpiredNotice('run-1', 2)).toEqual({
      id: 'expired-run-1',
      type: 'credits-expired',
      messageKey: 'notifCreditsExpired',
      params: { count: 2 },
    });
  });
});
