/**
 * Payments in words for the admin screens that list them (the payment list, a member's detail):
 * what was bought and how the payment stands, English and Spanish.
 */
import type { CreditKind, PaymentStatus, PurchaseKind } from '@studio/core';
import type { MessageKeyOf } from './i18n';
import { defineMessages } from './i18n';

export const paymentWords = defineMessages({
  en: {
    payCredits: 'Class credits',
    paySpcredits: 'Special event credits',
    payTrainCredits: 'Training credits',
    paySubscription: 'Monthly plan',
    payCart: 'Cart',
    payPlan: 'Plan',
    payPending: 'Waiting for confirmation',
    payPaid: 'Paid',
    payFailed: 'Failed',
    payExpired: 'Not completed',
    payRefunded: 'Refunded',
    payPartiallyRefunded: 'Partly refunded',
  },
  es: {
    payCredits: 'Créditos de clase',
    paySpcredits: 'Créditos de eventos especiales',
    payTrainCredits: 'Créditos de entrenamiento',
    paySubscription: 'Plan mensual',
    payCart: 'Carrito',
    payPlan: 'Plan',
    payPending: 'Esperando confirmación',
    payPaid: 'Pagado',
    payFailed: 'Falló',
    payExpired: 'No se completó',
    payRefunded: 'Reembolsado',
    payPartiallyRefunded: 'Reembolsado en parte',
  },
});

export type PaymentWordKey = MessageKeyOf<typeof paymentWords>;

export const PAYMENT_KIND_LABELS = {
  credits: 'payCredits',
  spcredits: 'paySpcredits',
  'train-credits': 'payTrainCredits',
  subscription: 'paySubscription',
  cart: 'payCart',
  plan: 'payPlan',
} as const satisfies Record<PurchaseKind, PaymentWordKey>;

export const PAYMENT_STATUS_LABELS = {
  pending: 'payPending',
  paid: 'payPaid',
  failed: 'payFailed',
  expired: 'payExpired',
  refunded: 'payRefunded',
  'partially-refunded': 'payPartiallyRefunded',
} as const satisfies Record<PaymentStatus, PaymentWordKey>;

/** A kind of credit as the packs that grant it are named (insights' liability table). */
export const CREDIT_KIND_LABELS = {
  regular: 'payCredits',
  special: 'paySpcredits',
  train: 'payTrainCredits',
} as const satisfies Record<CreditKind, PaymentWordKey>;
