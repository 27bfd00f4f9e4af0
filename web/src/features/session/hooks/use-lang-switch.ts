import type { Lang } from '@studio/core';
import { useCallback } from 'react';
import { useLangStore } from '../../../lib/i18n';
import type { SessionApi } from '../api/session-api';
import { useSessionStore } from '../stores/session-store';

/** Switches the interface language and, for a signed-in member, remembers it on their profile. */
export function useLangSwitch(api: Pick<SessionApi, 'saveLang'>): (lang: Lang) => void {
  const setLang = useLangStore((state) => state.setLang);
  const uid = useSessionStore((state) => state.uid);
  return useCallback(
    (lang: Lang) => {
      setLang(lang);
      if (uid) {
        api
          .saveLang(uid, lang)
          .catch((error: unknown) => console.error('language not saved', error));
      }
    },
    [api, setLang, uid],
  );
}
