/**
 * What an admin's screen says to someone it is not for, English and Spanish: with the admin
 * screens' guard, not in the app's messages, which the first route carries.
 */
import { defineMessages } from '../lib/i18n';

export const adminOnlyMessages = defineMessages({
  en: {
    chainAdminsOnly:
      'This screen is for the admins of the whole chain. Your account manages one branch: work from Today, the class lists, payments and insights.',
    adminsOnly:
      'This screen is for the studio’s admins. The front desk works from Today, the class lists and the door.',
  },
  es: {
    chainAdminsOnly:
      'Esta pantalla es de los administradores de toda la cadena. Tu cuenta gestiona una sucursal: trabaja desde Hoy, las listas de clase, los pagos y las métricas.',
    adminsOnly:
      'Esta pantalla es para los administradores del estudio. La recepción trabaja desde Hoy, las listas de clase y la entrada.',
  },
});
