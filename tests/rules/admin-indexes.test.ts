// The admin screens read pages through indexed queries. Production answers a REST query
// on a child without `.indexOn` with 400 "Index not defined" (and the web SDK silently downloads
// the whole node instead), so each screen's own query is run here, through the REST API, against
// database.rules.json: it must be served, and a query on an unindexed child must not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRtdbEmulator, type RtdbEmulator } from '@studio/rtdb-emulator';
import { paymentBranchKey, toEpoch } from '@studio/core';
import { adminClassesQuery } from '../../web/src/features/admin-classes/class-list-query.ts';
import { auditQuery } from '../../web/src/features/admin-catalog/audit.ts';
import { redemptionsQuery } from '../../web/src/features/admin-catalog/redemptions.ts';
import {
  branchPaymentsQuery,
  paymentsQuery,
} from '../../web/src/features/admin-payments/payments.ts';
import { subscribersQuery } from '../../web/src/features/admin-payments/subscribers.ts';
import type { IndexedQuery } from '../../web/src/lib/indexed-query.ts';
import { NAMESPACE, RULES_TEXT } from '../support/database.ts';

let emulator: RtdbEmulator;

const DATA = {
  Payments: {
    cs_old: { uid: 'm1', createdAt: toEpoch('2026-10-01', '09:00') },
    cs_new: { uid: 'm2', createdAt: toEpoch('2026-11-20', '09:00') },
    cash_norte: {
      uid: 'm1',
      branch: 'norte',
      createdAt: toEpoch('2026-11-21', '09:00'),
      branchCreatedAt: paymentBranchKey('norte', toEpoch('2026-11-21', '09:00')),
    },
    cash_norte_old: {
      uid: 'm1',
      branch: 'norte',
      createdAt: toEpoch('2026-10-21', '09:00'),
      branchCreatedAt: paymentBranchKey('norte', toEpoch('2026-10-21', '09:00')),
    },
  },
  AuditLog: {
    a1: { at: 1, by: 'admin1', action: 'save' },
    a2: { at: 2, by: 'admin1', action: 'checkIn' },
  },
  Classes: {
    c1: { date: '2026-11-20', startsAt: toEpoch('2026-11-20', '07:00') },
    c2: { date: '2026-12-20', startsAt: toEpoch('2026-12-20', '07:00') },
  },
  CouponRedemptions: {
    WELCOME10: {
      cs_a: { uid: 'm1', discount: 650, at: 3_000 },
      cs_b: { uid: 'm2', discount: 650, at: 1_000 },
      cs_c: { uid: 'm1', discount: 650, at: 2_000 },
    },
  },
  StripeSubscriptions: {
    sub_a: { uid: 'm1', status: 'canceled', currentPeriodEnd: 1_000 },
    sub_b: { uid: 'm2', status: 'active', currentPeriodEnd: 3_000 },
    sub_c: { uid: 'm3', status: 'active', currentPeriodEnd: 2_000 },
  },
};

/** The query as the REST API spells it (the same parameters the SDK sends over its socket). */
function restUrl(query: IndexedQuery, limit: number): string {
  const params = new URLSearchParams({
    ns: NAMESPACE,
    orderBy: JSON.stringify(query.orderByChild),
  });
  if (query.equalTo !== undefined) params.set('equalTo', JSON.stringify(query.equalTo));
  if (query.startAt !== undefined) params.set('startAt', JSON.stringify(query.startAt));
  if (query.endAt !== undefined) params.set('endAt', JSON.stringify(query.endAt));
  params.set(query.from === 'last' ? 'limitToLast' : 'limitToFirst', String(limit));
  return `http://127.0.0.1:${emulator.port}/${query.path}.json?${params.toString()}`;
}

async function run(query: IndexedQuery, limit = 50): Promise<{ status: number; body: unknown }> {
  const response = await fetch(restUrl(query, limit), {
    headers: { Authorization: 'Bearer owner' },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

beforeAll(async () => {
  emulator = await startRtdbEmulator({ port: 0, rules: RULES_TEXT, data: DATA });
});

afterAll(async () => {
  await emulator.stop();
});

describe('admin screens query indexed children only', () => {
  it('lista-pagos: a page of a date range by createdAt', async () => {
    const answer = await run(paymentsQuery('2026-11-01', '2026-11-30'));
    expect(answer).toEqual({
      status: 200,
      body: { cs_new: DATA.Payments.cs_new, cash_norte: DATA.Payments.cash_norte },
    });
  });

  it('lista-pagos of a branch manager: their branch’s payments of a date range by branchCreatedAt', async () => {
    const answer = await run(branchPaymentsQuery('norte', '2026-11-01', '2026-11-30'));
    expect(answer).toEqual({ status: 200, body: { cash_norte: DATA.Payments.cash_norte } });
  });

  it('admin-audit: the newest entries by at, and of one action by action', async () => {
    expect(await run(auditQuery(''), 1)).toEqual({
      status: 200,
      body: { a2: DATA.AuditLog.a2 },
    });
    expect(await run(auditQuery('save'))).toEqual({
      status: 200,
      body: { a1: DATA.AuditLog.a1 },
    });
  });

  it('admin-clases: the classes of the dates shown by startsAt', async () => {
    const answer = await run(adminClassesQuery('2026-11-20', '2026-12-03'));
    expect(answer).toEqual({ status: 200, body: { c1: DATA.Classes.c1 } });
  });

  it('admin-suscripcion: the plans that run furthest by currentPeriodEnd, and one status', async () => {
    expect(await run(subscribersQuery(''), 2)).toEqual({
      status: 200,
      body: { sub_b: DATA.StripeSubscriptions.sub_b, sub_c: DATA.StripeSubscriptions.sub_c },
    });
    expect(await run(subscribersQuery('canceled'))).toEqual({
      status: 200,
      body: { sub_a: DATA.StripeSubscriptions.sub_a },
    });
  });

  it('crear-cupones: the newest redemptions of one opened coupon by at', async () => {
    expect(await run(redemptionsQuery('WELCOME10'), 2)).toEqual({
      status: 200,
      body: {
        cs_a: DATA.CouponRedemptions.WELCOME10.cs_a,
        cs_c: DATA.CouponRedemptions.WELCOME10.cs_c,
      },
    });
  });

  it('refuses a query on a child without an index, so the checks above can fail', async () => {
    const answer = await run({ path: 'AuditLog', orderByChild: 'by', from: 'last' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('Index not defined');
  });
});
