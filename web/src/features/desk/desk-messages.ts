/**
 * The front desk's own labels (member pass, scanner), English and Spanish.
 * Refusals the desk callables send come from `@studio/core` through `useT()`.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const deskMessages = defineMessages({
  en: {
    passTitle: 'Your pass',
    passHint: 'Show this code at the door: the front desk scans it to check you in.',
    passAlt: 'QR code of your studio pass',
    passLoading: 'Preparing your pass…',
    passOffline: 'Saved on this device: it works without a connection.',
    passRenew: 'Replace my pass',
    passRenewed: 'New pass ready. Old copies no longer check in.',
    scanStart: 'Scan passes',
    scanStop: 'Stop the camera',
    scanTitle: 'Scan a member pass',
    scanHint: 'Hold the code up to the camera.',
    scanPreview: 'Camera preview',
    scanWorking: 'Checking in…',
    scanNoCamera: 'No camera here. Check members in by name instead.',
    scanDenied: 'The camera is blocked. Allow it in the browser settings to scan passes.',
    scanNotPass: 'That QR code is not a studio pass.',
    checkedIn: '{name} is checked in · {title} at {hour} · spot {spot}',
  },
  es: {
    passTitle: 'Tu pase',
    passHint:
      'Muestra este código en la entrada: la recepción lo escanea para registrar tu llegada.',
    passAlt: 'Código QR de tu pase del estudio',
    passLoading: 'Preparando tu pase…',
    passOffline: 'Guardado en este dispositivo: funciona sin conexión.',
    passRenew: 'Reemplazar mi pase',
    passRenewed: 'Nuevo pase listo. Las copias anteriores ya no sirven.',
    scanStart: 'Escanear pases',
    scanStop: 'Apagar la cámara',
    scanTitle: 'Escanea un pase',
    scanHint: 'Acerca el código a la cámara.',
    scanPreview: 'Vista de la cámara',
    scanWorking: 'Registrando…',
    scanNoCamera: 'No hay cámara aquí. Registra la llegada por nombre.',
    scanDenied: 'La cámara está bloqueada. Permítela en el navegador para escanear pases.',
    scanNotPass: 'Ese código QR no es un pase del estudio.',
    checkedIn: '{name} registró su llegada · {title} a las {hour} · lugar {spot}',
  },
});

export type DeskKey = MessageKeyOf<typeof deskMessages>;
