/**
 * The offline notice of My Classes, English and Spanish (the member screens' other labels are
 * in lib/member-messages.ts).
 */
import type { Lang } from '@studio/core';
import { useCallback } from 'react';
import { useLangStore } from '../../lib/i18n';

const en = {
  offlineTitle: 'You are offline',
  offlineCopy:
    'These are your classes as this device last saw them. Booking and cancelling need a connection.',
} as const;

export type OfflineKey = keyof typeof en;

const es: Record<OfflineKey, string> = {
  offlineTitle: 'Estás sin conexión',
  offlineCopy:
    'Estas son tus clases tal como este dispositivo las vio por última vez. Para reservar o cancelar necesitas conexión.',
};

const MESSAGES: Readonly<Record<Lang, Record<OfflineKey, string>>> = { en, es };

export function useOfflineT(): (key: OfflineKey) => string {
  const lang = useLangStore((state) => state.lang);
  return useCallback((key) => MESSAGES[lang][key], [lang]);
}
