/** The change-spot control on a booked class's detail, English and Spanish. */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const changeSpotMessages = defineMessages({
  en: {
    changeSpot: 'Change spot',
    changeSpotTitle: 'Choose your new spot',
    changeSpotHint: 'Pick a free spot on the map, then confirm. Your credit stays as it is.',
    moveToSpot: 'Move to spot {spot}',
    keepSpot: 'Keep my spot',
    spotChanged: 'Done: your spot is now {spot}.',
  },
  es: {
    changeSpot: 'Cambiar lugar',
    changeSpotTitle: 'Elige tu nuevo lugar',
    changeSpotHint: 'Elige un lugar libre en el mapa y confirma. Tu crédito no cambia.',
    moveToSpot: 'Cambiarme al lugar {spot}',
    keepSpot: 'Conservar mi lugar',
    spotChanged: 'Listo: ahora tu lugar es el {spot}.',
  },
});

export type ChangeSpotKey = MessageKeyOf<typeof changeSpotMessages>;
