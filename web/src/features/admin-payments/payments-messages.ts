/**
 * The payment list's and subscribers' screen labels, English and Spanish (like admin-catalog's
 * admin-messages). Status and kind values are shown as stored: they are what Stripe and the
 * CSV say.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const paymentsMessages = defineMessages({
  en: {
    paymentsTitle: 'Payment list',
    from: 'From',
    to: 'To',
    status: 'Status',
    kind: 'Kind',
    member: 'Member (name, e-mail or uid)',
    all: 'All',
    loading: 'Loading…',
    empty: 'No payments match.',
    shown: '{count} payments',
    totalsTitle: 'Totals',
    totalsLine: '{currency}: {count} payments · paid {paid} · refunded {refunded} · net {net}',
    exportCsv: 'Export CSV',
    badRange: 'The start date must not be after the end date.',
    date: 'Date',
    amount: 'Amount',
    coupon: 'Coupon',
    refunded: 'refunded {amount}',
    subscribersTitle: 'Subscribers',
    subscribersEmpty: 'No subscribers yet.',
    statusSummary: '{status}: {count}',
    periodEnds: 'period ends {date}',
    cancelsAtPeriodEnd: 'cancels at period end',
    lastPayment: 'last payment {date} · {amount} · {status}',
    flagMismatch: 'member flag does not match',
    subscriptionId: 'Subscription',
  },
  es: {
    paymentsTitle: 'Lista de pagos',
    from: 'Desde',
    to: 'Hasta',
    status: 'Estado',
    kind: 'Tipo',
    member: 'Usuario (nombre, correo o uid)',
    all: 'Todos',
    loading: 'Cargando…',
    empty: 'Ningún pago coincide.',
    shown: '{count} pagos',
    totalsTitle: 'Totales',
    totalsLine: '{currency}: {count} pagos · cobrado {paid} · reembolsado {refunded} · neto {net}',
    exportCsv: 'Exportar CSV',
    badRange: 'La fecha inicial no puede ser posterior a la final.',
    date: 'Fecha',
    amount: 'Monto',
    coupon: 'Cupón',
    refunded: 'reembolsado {amount}',
    subscribersTitle: 'Suscriptores',
    subscribersEmpty: 'Aún no hay suscriptores.',
    statusSummary: '{status}: {count}',
    periodEnds: 'el periodo termina el {date}',
    cancelsAtPeriodEnd: 'se cancela al final del periodo',
    lastPayment: 'último pago {date} · {amount} · {status}',
    flagMismatch: 'la marca del usuario no coincide',
    subscriptionId: 'Suscripción',
  },
});

export type PaymentsKey = MessageKeyOf<typeof paymentsMessages>;
