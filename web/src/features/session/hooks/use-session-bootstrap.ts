import { TIMINGS } from '@studio/core';
import { useEffect } from 'react';
import type { SessionApi } from '../api/session-api';
import { checkServerTime, enterGuest, enterSignedIn, loadUserDetails } from '../session-lifecycle';

const systemNow = (): number => Date.now();

/** Runs the session for the app's lifetime: mount it once, in the shell. */
export function useSessionBootstrap(api: SessionApi, now: () => number = systemNow): void {
  useEffect(() => {
    let detailTimer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = api.observeAuth((user) => {
      clearTimeout(detailTimer);
      if (!user) {
        enterGuest();
        return;
      }
      const { uid } = user;
      enterSignedIn(uid);
      // The details do not wait for the time check: a missing functions backend must not
      // keep the profile (and the waiver) from loading. Until it answers the offset is 0.
      let serverLead = 0;
      void checkServerTime(api, uid, now).then((lead) => {
        serverLead = lead;
      });
      detailTimer = setTimeout(() => {
        loadUserDetails(api, uid, () => now() + serverLead).catch((error: unknown) =>
          console.error('user details failed to load', error),
        );
        // With the details, once the page has long been shown: the member's own nodes are kept
        // on the device, so their pages open at once, and offline, the first time too.
        api
          .keepOwnCopies(uid)
          .catch((error: unknown) => console.error('own nodes not kept on the device', error));
      }, TIMINGS.userDetailDelayMs);
    });
    return () => {
      clearTimeout(detailTimer);
      unsubscribe();
    };
  }, [api, now]);
}
