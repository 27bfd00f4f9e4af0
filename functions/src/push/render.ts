/**
 * A push message as the service worker shows it (web/src/sw/push.ts): title, body, the app path a
 * tap opens, the notification tag, and actions. Pure: language, zone and the event id are passed.
 * The payload is JSON and stays far below the 4096 bytes a push service takes (encrypted): every
 * text it carries is bounded by the message schema.
 */
import { formatMessage, type Lang } from '@studio/core';
import type { PushMessage } from './kinds';
import { pushTexts, type PushTextKey } from './catalogue';

/** The largest plaintext payload sent: 4096 bytes encrypted leave 3993 (RFC 8291 overhead). */
export const MAX_PUSH_PAYLOAD_BYTES = 3_000;

export interface PushPayload {
  /** The event id: the notification's tag, so a repeat replaces instead of adding. */
  id: string;
  kind: PushMessage['kind'];
  title: string;
  body: string;
  /** The app path a tap opens. */
  url: string;
  actions?: { action: string; title: string }[];
}

export class OversizedPushError extends Error {
  override readonly name = 'OversizedPushError';
}

/** Where a tap leads: the class sheet, the member's plan, the packages. */
export function pushUrl(message: PushMessage): string {
  switch (message.kind) {
    case 'payment-failed':
    case 'plan-expiring':
      return '/tabs/profile-user/null';
    case 'credits-expiring':
      return '/tabs/calendario/choose/user';
    default:
      return `/tabs/calendario/choose/user?class=${encodeURIComponent(message.class.classId)}`;
  }
}

export function renderPush(
  message: PushMessage,
  context: { id: string; lang: Lang; timeZone: string },
): PushPayload {
  const texts = pushTexts[context.lang];
  const t = (key: PushTextKey, params: Record<string, string | number> = {}) =>
    formatMessage(texts[key], params);
  const locale = context.lang === 'es' ? 'es-MX' : 'en-US';
  const hour = (at: number) =>
    new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: context.timeZone,
    }).format(at);
  const day = (at: number) =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: context.timeZone,
    }).format(at);
  const when = (at: number) => `${day(at)} ${hour(at)}`;

  let title: string;
  let body: string;
  let actions: PushPayload['actions'];
  switch (message.kind) {
    case 'waitlist-promoted': {
      const base = { when: when(message.class.startsAt), until: when(message.refundUntil) };
      title = t('promotedTitle', { className: message.class.title });
      body = message.spotLabel
        ? t('promotedBody', { ...base, spot: message.spotLabel })
        : t('promotedBodyNoSpot', base);
      break;
    }
    case 'class-cancelled':
      title = t('cancelledTitle', { className: message.class.title });
      body = message.reason
        ? t('cancelledBodyReason', { when: when(message.class.startsAt), reason: message.reason })
        : t('cancelledBody', { when: when(message.class.startsAt) });
      break;
    case 'class-changed': {
      const { changes } = message;
      title = t('changedTitle', { className: message.class.title });
      body = [
        changes.startsAt === undefined ? '' : t('changedTime', { when: when(changes.startsAt) }),
        changes.room === undefined ? '' : t('changedRoom', { room: changes.room }),
        changes.coach === undefined ? '' : t('changedCoach', { coach: changes.coach }),
      ]
        .filter(Boolean)
        .join(' ');
      break;
    }
    case 'class-reminder':
      title = t('reminderTitle', {
        className: message.class.title,
        hour: hour(message.class.startsAt),
      });
      body = message.spotLabel
        ? t('reminderBody', { when: when(message.class.startsAt), spot: message.spotLabel })
        : t('reminderBodyNoSpot', { when: when(message.class.startsAt) });
      break;
    case 'spot-opened':
      title = t('spotTitle', { className: message.class.title });
      body = t('spotBody', { when: when(message.class.startsAt) });
      actions = [{ action: 'book', title: t('actionBook') }];
      break;
    case 'payment-failed':
      title = t('paymentFailedTitle');
      body = t('paymentFailedBody');
      break;
    case 'credits-expiring':
      title = t('expiringTitle', { count: message.count });
      body = t('expiringBody', { date: day(message.expiresAt) });
      break;
    case 'plan-expiring':
      title = t('planExpiringTitle');
      body = t('planExpiringBody', { date: day(message.endsAt) });
      break;
  }
  const payload: PushPayload = {
    id: context.id,
    kind: message.kind,
    title,
    body,
    url: pushUrl(message),
    ...(actions ? { actions } : {}),
  };
  if (Buffer.byteLength(JSON.stringify(payload)) > MAX_PUSH_PAYLOAD_BYTES)
    throw new OversizedPushError(`Push ${context.id} is over ${MAX_PUSH_PAYLOAD_BYTES} bytes`);
  return payload;
}
