/**
 * Push on the member's devices: the profile's section, the watch button of a full class and the
 * offer after joining a waiting list, English and Spanish.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const pushMessages = defineMessages({
  en: {
    pushUnsupported:
      'This browser cannot get push notifications. On an iPhone, add the app to your home screen first.',
    pushDenied:
      'Notifications are blocked for this site. Allow them in the browser’s site settings, then turn push on.',
    pushOnHere: 'Push is on for this device.',
    pushOffHere: 'Push is off on this device.',
    pushTurnOn: 'Turn on push on this device',
    pushTurnOff: 'Turn off on this device',
    pushTurningOn: 'One moment…',
    pushFailed: 'Push was not turned on. Try again.',
    pushDevicesSummary: 'Devices that get your pushes: {count}',
    pushThisDevice: '{device} (this device)',
    pushDeviceSince: 'Added {date}',
    pushRemoveDevice: 'Remove {device}',
    pushQuietTitle: 'Quiet hours',
    pushQuietIntro:
      'Pushes that can wait arrive when quiet hours end. One that would come too late by then (a class of yours that starts or changes before) arrives at once; an opening in a class you watch is not pushed in quiet hours.',
    pushQuietOn: 'Hold pushes during quiet hours',
    pushQuietFrom: 'From',
    pushQuietTo: 'To',
    pushSaveFailed: 'Your choice was not saved. Try again.',
    watchTitle: 'Tell me when a spot opens',
    watchIntro:
      'No credit is held and nothing is booked for you: when a spot frees, you hear at once and the first to book it gets it.',
    watchStart: 'Tell me when a spot opens',
    watchStop: 'Stop watching',
    watchOn: 'You are watching this class.',
    watchAhead: 'You are watching this class ({ahead} watched it before you).',
    watchStopped: 'You stopped watching this class.',
    offerWaitlist: 'Get a push when a spot opens for you',
    offerWatch: 'Get a push when a spot opens',
    offerTurnOn: 'Turn on push',
    offerDone: 'Push is on: you will hear on this device.',
  },
  es: {
    pushUnsupported:
      'Este navegador no recibe notificaciones push. En un iPhone, agrega primero la app a tu pantalla de inicio.',
    pushDenied:
      'Las notificaciones están bloqueadas para este sitio. Permítelas en los ajustes del sitio del navegador y activa push.',
    pushOnHere: 'Push está activado en este dispositivo.',
    pushOffHere: 'Push está desactivado en este dispositivo.',
    pushTurnOn: 'Activar push en este dispositivo',
    pushTurnOff: 'Desactivar en este dispositivo',
    pushTurningOn: 'Un momento…',
    pushFailed: 'No se activó push. Inténtalo de nuevo.',
    pushDevicesSummary: 'Dispositivos que reciben tus avisos: {count}',
    pushThisDevice: '{device} (este dispositivo)',
    pushDeviceSince: 'Agregado el {date}',
    pushRemoveDevice: 'Quitar {device}',
    pushQuietTitle: 'Horas de silencio',
    pushQuietIntro:
      'Los avisos que pueden esperar llegan al terminar las horas de silencio. Uno que llegaría tarde (una clase tuya que empieza o cambia antes) llega al momento; un lugar abierto en una clase que sigues no se avisa en horas de silencio.',
    pushQuietOn: 'Retener avisos en horas de silencio',
    pushQuietFrom: 'Desde',
    pushQuietTo: 'Hasta',
    pushSaveFailed: 'Tu elección no se guardó. Inténtalo de nuevo.',
    watchTitle: 'Avísame cuando se abra un lugar',
    watchIntro:
      'No se aparta ningún crédito ni se reserva nada: cuando se libera un lugar, te avisamos al instante y quien reserve primero se lo queda.',
    watchStart: 'Avísame cuando se abra un lugar',
    watchStop: 'Dejar de seguir',
    watchOn: 'Sigues esta clase.',
    watchAhead: 'Sigues esta clase ({ahead} la siguen desde antes que tú).',
    watchStopped: 'Dejaste de seguir esta clase.',
    offerWaitlist: 'Recibe un push cuando se abra un lugar para ti',
    offerWatch: 'Recibe un push cuando se abra un lugar',
    offerTurnOn: 'Activar push',
    offerDone: 'Push activado: te avisaremos en este dispositivo.',
  },
});

export type PushMessageKey = MessageKeyOf<typeof pushMessages>;
