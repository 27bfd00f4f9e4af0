// One message of every kind, and the context they are rendered in, for the mail tests.
import type { Lang } from '@studio/core';
import type { MailContext, MailKind, MailMessageInput } from '../../src/mail/index.ts';

export const HOSTILE = '<script>alert("x")</script> & Co\'s';

export const CLASS_START = Date.UTC(2026, 11, 1, 14, 30); // 08:30 in Monterrey

const mailClass = {
  bookingId: 'bk1',
  classId: 'c1',
  title: 'Spin 50',
  startsAt: CLASS_START,
  durationMinutes: 50,
  room: 'Room A',
  branchName: 'Studio Centro',
  address: 'Av. Juárez 10, Monterrey',
  coachName: 'Ana',
  spotLabel: '7',
};

export const MESSAGES: Record<MailKind, MailMessageInput> = {
  'booking-confirmed': {
    kind: 'booking-confirmed',
    class: mailClass,
    refundUntil: CLASS_START - 12 * 3_600_000,
  },
  'booking-cancelled': { kind: 'booking-cancelled', class: mailClass, outcome: 'forfeited' },
  'waitlist-promoted': {
    kind: 'waitlist-promoted',
    class: mailClass,
    refundUntil: CLASS_START - 3_600_000,
  },
  'class-reminder': { kind: 'class-reminder', class: mailClass },
  'class-cancelled': { kind: 'class-cancelled', class: mailClass, reason: 'Coach is ill' },
  'class-substitute': {
    kind: 'class-substitute',
    class: { ...mailClass, coachName: 'Lucía Ortiz' },
    previousCoachName: 'Carlos Garza',
  },
  'purchase-receipt': {
    kind: 'purchase-receipt',
    reference: 'cs_test_123',
    currency: 'usd',
    lines: [{ item: '10 classes', quantity: 1, amount: 12_000 }],
    subtotal: 12_000,
    coupon: { code: 'WELCOME10', discount: 1_200 },
    total: 10_800,
    credits: [{ kind: 'regular', count: 10, expiresAt: Date.UTC(2027, 1, 28, 12) }],
  },
  'subscription-renewed': {
    kind: 'subscription-renewed',
    currency: 'USD',
    amount: 8_900,
    credits: 30,
    nextRenewal: Date.UTC(2027, 0, 1, 12),
  },
  'subscription-payment-failed': {
    kind: 'subscription-payment-failed',
    currency: 'USD',
    amount: 8_900,
    updateUrl: 'https://pay.example/invoice/in_1',
  },
  'subscription-cancelled': { kind: 'subscription-cancelled', endsAt: Date.UTC(2027, 0, 1, 12) },
  'credits-expiring': {
    kind: 'credits-expiring',
    credits: [
      { kind: 'special', count: 2, expiresAt: Date.UTC(2026, 11, 6, 12) },
      { kind: 'regular', count: 3, expiresAt: Date.UTC(2026, 11, 4, 12) },
    ],
  },
  welcome: { kind: 'welcome' },
  'plan-notice': {
    kind: 'plan-notice',
    notice: 'frozen',
    plan: 'Unlimited, one class a day',
    from: CLASS_START,
    until: CLASS_START + 14 * 86_400_000,
    note: 'The studio closes for the holidays',
  },
  'coach-class-list': {
    kind: 'coach-class-list',
    date: '2026-12-01',
    classes: [
      {
        title: 'Spin 50',
        startsAt: CLASS_START,
        room: 'Room A',
        attendees: [
          { name: 'Zoe', spotLabel: '10' },
          { name: 'Luis', spotLabel: '2' },
        ],
      },
      { title: 'Yoga', startsAt: CLASS_START + 7_200_000, attendees: [] },
    ],
  },
};

export function context(lang: Lang, name = 'María'): MailContext {
  return {
    lang,
    recipient: { email: 'maria@example.com', name },
    studio: {
      name: 'Demo Studio',
      primaryColor: '#e11d48',
      appUrl: 'https://studio.example',
      timeZone: 'America/Monterrey',
    },
    unsubscribeUrl: 'https://studio.example/unsubscribe?token=abc&kind=x',
    now: Date.UTC(2026, 10, 25, 12),
  };
}
