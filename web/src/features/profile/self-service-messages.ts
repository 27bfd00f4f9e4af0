/**
 * The profile's "Credits explained" list and "My cut-off" setting (issue 20), English and
 * Spanish. The class a credit paid for is named by the member's own class view.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const selfServiceMessages = defineMessages({
  en: {
    creditsExplained: 'Where my credits come from and go',
    noCreditsYet: 'No credits yet.',
    originPackage: 'Package',
    originSubscription: 'Subscription period',
    originRefund: 'Refund',
    originAdjustment: 'Adjusted by the studio',
    originOther: 'Given by the studio',
    grantedOn: 'received {date}',
    expiresOn: 'expires {date}',
    expiredOn: 'expired {date}',
    fateAvailable: 'Available',
    fateAvailableRefunded: 'Available again: returned when you cancelled {className}',
    fateUsed: 'Used for {className}',
    fateForfeited: 'Used for {className} (late cancellation)',
    fateExpired: 'Expired unused',
    fateRemoved: 'Removed',
    classOn: '{title} on {date} at {hour}',
    aClass: 'a class',
    cutoffTitle: 'Waiting list',
    cutoffLabel: 'Do not promote me later than',
    cutoffStudio: 'The studio’s cut-off ({minutes} min before class)',
    cutoffHours: '{hours} h before class',
    cutoffHelp:
      'If a spot opens later than this, it goes to the next person and we tell you. No penalty.',
    cutoffSaved: 'Saved.',
  },
  es: {
    creditsExplained: 'De dónde vienen y a dónde van mis créditos',
    noCreditsYet: 'Aún no tienes créditos.',
    originPackage: 'Paquete',
    originSubscription: 'Periodo de suscripción',
    originRefund: 'Reembolso',
    originAdjustment: 'Ajuste del estudio',
    originOther: 'Otorgado por el estudio',
    grantedOn: 'recibido el {date}',
    expiresOn: 'vence el {date}',
    expiredOn: 'venció el {date}',
    fateAvailable: 'Disponible',
    fateAvailableRefunded: 'Disponible de nuevo: se devolvió al cancelar {className}',
    fateUsed: 'Usado en {className}',
    fateForfeited: 'Usado en {className} (cancelación tardía)',
    fateExpired: 'Venció sin usarse',
    fateRemoved: 'Retirado',
    classOn: '{title} el {date} a las {hour}',
    aClass: 'una clase',
    cutoffTitle: 'Lista de espera',
    cutoffLabel: 'No me asignes un lugar después de',
    cutoffStudio: 'El límite del estudio ({minutes} min antes de la clase)',
    cutoffHours: '{hours} h antes de la clase',
    cutoffHelp:
      'Si un lugar se libera después, pasa a la siguiente persona y te avisamos. Sin penalización.',
    cutoffSaved: 'Guardado.',
  },
});

export type SelfServiceKey = MessageKeyOf<typeof selfServiceMessages>;
