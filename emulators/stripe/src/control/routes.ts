import { ApiError, paramError } from '../http/errors';
import { completeSession } from '../flows/checkout';
import { DISPUTE_REASONS, closeDispute, disputeCharge } from '../flows/disputes';
import { refundCharge } from '../flows/payments';
import { updateCard } from '../flows/portal';
import {
  cancelSubscription,
  failSubscriptionPayment,
  renewSubscription,
} from '../flows/subscriptions';
import { clockOffset, nowSeconds, setClockOffset } from '../objects/ids';
import type { ChargeObject, RefundObject } from '../objects/types';
import type { EventBatch } from '../state/events';
import type { Store } from '../state/store';
import type {
  DeliveryMode,
  SandboxDelivery,
  SandboxEvent,
  WebhookDeliverer,
} from '../webhooks/delivery';

/** What the control endpoints may touch besides the store. */
export interface ControlContext {
  store: Store;
  deliverer: WebhookDeliverer;
  webhookUrl: () => string | undefined;
  setWebhookUrl: (url: string | undefined) => void;
  events: () => SandboxEvent[];
  reset: () => void;
}

/** A control request: JSON or form body flattened to top-level values. */
export interface ControlCall {
  ctx: ControlContext;
  body: Record<string, unknown>;
  query: URLSearchParams;
  ids: Record<string, string>;
  batch: EventBatch;
}

export interface ControlRoute {
  method: 'GET' | 'POST';
  path: string;
  handle: (call: ControlCall) => unknown;
}

function text(body: Record<string, unknown>, key: string): string | null {
  const value = body[key];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw paramError(key, `${key} must be a string.`);
  return value;
}

function number(
  body: Record<string, unknown>,
  key: string,
  range: { min: number; max: number },
): number | undefined {
  const value = body[key];
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(parsed) || parsed < range.min || parsed > range.max) {
    throw paramError(key, `${key} must be a number from ${range.min} to ${range.max}.`);
  }
  return parsed;
}

function flag(body: Record<string, unknown>, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw paramError(key, `${key} must be true or false.`);
}

function chargeFor(store: Store, id: string): ChargeObject {
  if (id.startsWith('pi_')) {
    const intent = store.paymentIntents.get(id);
    if (intent.latest_charge === null) throw paramError('id', `PaymentIntent ${id} has no charge.`);
    return store.charges.get(intent.latest_charge);
  }
  return store.charges.get(id);
}

const REASONS: readonly NonNullable<RefundObject['reason']>[] = [
  'duplicate',
  'fraudulent',
  'requested_by_customer',
];

function deliveryView(ctx: ControlContext): DeliveryMode & { webhookUrl: string | null } {
  return { ...ctx.deliverer.mode, webhookUrl: ctx.webhookUrl() ?? null };
}

export const controlRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/_sandbox/health',
    handle: () => ({ ok: true }),
  },
  {
    method: 'POST',
    path: '/_sandbox/checkout_sessions/:id/complete',
    handle: ({ ctx, body, ids, batch }) => {
      const session = ctx.store.sessions.get(ids.id ?? '');
      return completeSession(ctx.store, batch, session, {
        email: text(body, 'email'),
        name: text(body, 'name'),
      });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/subscriptions/:id/renew',
    handle: ({ ctx, ids, batch }) =>
      renewSubscription(ctx.store, batch, ctx.store.subscriptions.get(ids.id ?? '')),
  },
  {
    method: 'POST',
    path: '/_sandbox/subscriptions/:id/fail_payment',
    handle: ({ ctx, ids, batch }) =>
      failSubscriptionPayment(ctx.store, batch, ctx.store.subscriptions.get(ids.id ?? '')),
  },
  {
    method: 'POST',
    path: '/_sandbox/subscriptions/:id/cancel',
    handle: ({ ctx, body, ids, batch }) =>
      cancelSubscription(batch, ctx.store.subscriptions.get(ids.id ?? ''), {
        atPeriodEnd: flag(body, 'at_period_end') ?? false,
        comment: null,
        feedback: null,
      }),
  },
  {
    method: 'POST',
    path: '/_sandbox/customers/:id/card',
    handle: ({ ctx, body, ids, batch }) => {
      const number = text(body, 'number');
      if (number === null) throw paramError('number', 'number (a test card) is required.');
      return updateCard(ctx.store, batch, ids.id ?? '', number);
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/charges/:id/refund',
    handle: ({ ctx, body, ids, batch }) => {
      const given = text(body, 'reason');
      const reason = REASONS.find((candidate) => candidate === given) ?? null;
      if (given !== null && reason === null) {
        throw paramError('reason', `reason must be one of ${REASONS.join(', ')}.`);
      }
      return refundCharge(ctx.store, batch, chargeFor(ctx.store, ids.id ?? ''), {
        amount: number(body, 'amount', { min: 1, max: Number.MAX_SAFE_INTEGER }) ?? null,
        reason,
        metadata: {},
      });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/charges/:id/dispute',
    handle: ({ ctx, body, ids, batch }) => {
      const given = text(body, 'reason') ?? 'fraudulent';
      const reason = DISPUTE_REASONS.find((candidate) => candidate === given);
      if (reason === undefined) {
        throw paramError('reason', `reason must be one of ${DISPUTE_REASONS.join(', ')}.`);
      }
      return disputeCharge(ctx.store, batch, chargeFor(ctx.store, ids.id ?? ''), {
        amount: number(body, 'amount', { min: 1, max: Number.MAX_SAFE_INTEGER }) ?? null,
        reason,
      });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/disputes/:id/close',
    handle: ({ ctx, body, ids, batch }) => {
      const status = text(body, 'status');
      if (status !== 'won' && status !== 'lost') {
        throw paramError('status', 'status must be won or lost.');
      }
      return closeDispute(batch, ctx.store.disputes.get(ids.id ?? ''), status);
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/events/:id/resend',
    handle: ({ ctx, ids }): SandboxDelivery => {
      const event = ctx.store.events.get(ids.id ?? '');
      const url = ctx.webhookUrl();
      if (url === undefined) {
        throw new ApiError(400, 'invalid_request_error', 'No webhook URL is configured.', {
          param: 'webhookUrl',
        });
      }
      return ctx.deliverer.resend(event, url);
    },
  },
  {
    method: 'GET',
    path: '/_sandbox/events',
    handle: ({ ctx, query }) => {
      const type = query.get('type');
      const data = ctx.events().filter((event) => type === null || event.type === type);
      return { object: 'list', data };
    },
  },
  {
    method: 'GET',
    path: '/_sandbox/clock',
    handle: () => ({ now: nowSeconds(), offset_ms: clockOffset() }),
  },
  {
    method: 'POST',
    path: '/_sandbox/clock',
    handle: ({ body }) => {
      const now = number(body, 'now', { min: 0, max: 32_503_680_000 });
      if (now === undefined) throw paramError('now', 'now (Unix seconds) is required.');
      setClockOffset(Math.round(now * 1000 - Date.now()));
      return { now: nowSeconds(), offset_ms: clockOffset() };
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/reset',
    handle: ({ ctx }) => {
      ctx.reset();
      return { reset: true };
    },
  },
  {
    method: 'GET',
    path: '/_sandbox/delivery',
    handle: ({ ctx }) => deliveryView(ctx),
  },
  {
    method: 'POST',
    path: '/_sandbox/delivery',
    handle: ({ ctx, body }) => {
      const mode = ctx.deliverer.mode;
      const duplicate = number(body, 'duplicate', { min: 1, max: 10 });
      const shuffle = flag(body, 'shuffle');
      const delayMs = number(body, 'delayMs', { min: 0, max: 60_000 });
      const badSignatureRate = number(body, 'badSignatureRate', { min: 0, max: 1 });
      const webhookUrl = text(body, 'webhookUrl');
      if (webhookUrl !== null) {
        try {
          new URL(webhookUrl);
        } catch {
          throw paramError('webhookUrl', 'webhookUrl must be an absolute URL.', 'url_invalid');
        }
        ctx.setWebhookUrl(webhookUrl);
      }
      ctx.deliverer.mode = {
        duplicate: duplicate === undefined ? mode.duplicate : Math.round(duplicate),
        shuffle: shuffle ?? mode.shuffle,
        delayMs: delayMs ?? mode.delayMs,
        badSignatureRate: badSignatureRate ?? mode.badSignatureRate,
      };
      return deliveryView(ctx);
    },
  },
];
