/** The admin's "Cancel plan" action on admin-suscripcion, English and Spanish. */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const cancelPlanMessages = defineMessages({
  en: {
    cancelPlan: 'Cancel plan',
    cancelPlanOf: 'Cancel the plan of {name}',
    cancelPlanFor: 'Cancel plan of {name}',
    cancelReason: 'Reason',
    confirmCancel: 'Confirm cancellation',
    keepPlan: 'Keep the plan',
    cancelledAt: 'The plan stops on {date}.',
    cancelledNow: 'The plan was cancelled.',
  },
  es: {
    cancelPlan: 'Cancelar plan',
    cancelPlanOf: 'Cancelar el plan de {name}',
    cancelPlanFor: 'Cancelar plan de {name}',
    cancelReason: 'Motivo',
    confirmCancel: 'Confirmar cancelación',
    keepPlan: 'Conservar el plan',
    cancelledAt: 'El plan termina el {date}.',
    cancelledNow: 'El plan fue cancelado.',
  },
});

export type CancelPlanKey = MessageKeyOf<typeof cancelPlanMessages>;
