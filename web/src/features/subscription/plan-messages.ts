/**
 * The plan's state on the profile and its self-service actions, English and Spanish.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const planMessages = defineMessages({
  en: {
    planActive: 'Active',
    planRenews: 'Renews on {date}',
    planCancelling: 'Cancels on {date}',
    planCancellingNoDate: 'Cancels at the end of the period',
    planPastDue: 'Past due: the last payment failed. Update your card to keep your plan.',
    planEnded: 'Ended',
    planNone: 'No subscription',
    seeMonthlyPlan: 'See the monthly plan',
    manageSubscription: 'Manage subscription',
    fixPayment: 'Fix payment',
    openingPortal: 'Opening…',
  },
  es: {
    planActive: 'Activa',
    planRenews: 'Se renueva el {date}',
    planCancelling: 'Se cancela el {date}',
    planCancellingNoDate: 'Se cancela al final del periodo',
    planPastDue:
      'Pago pendiente: el último cobro falló. Actualiza tu tarjeta para conservar tu plan.',
    planEnded: 'Terminada',
    planNone: 'Sin suscripción',
    seeMonthlyPlan: 'Ver el plan mensual',
    manageSubscription: 'Administrar suscripción',
    fixPayment: 'Corregir pago',
    openingPortal: 'Abriendo…',
  },
});

export type PlanKey = MessageKeyOf<typeof planMessages>;
