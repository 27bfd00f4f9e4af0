import type { Unsubscribe } from '../../lib/realtime';
import type { ShellApis } from './shell-apis';

/** Subscribes once `subscribe` has loaded; the returned function also cancels a pending start. */
function deferredWatch<T>(
  loaded: Promise<ShellApis>,
  subscribe: (apis: ShellApis, listener: (value: T) => void) => Unsubscribe,
  listener: (value: T) => void,
): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe | undefined;
  loaded.then(
    (apis) => {
      if (!stopped) stop = subscribe(apis, listener);
    },
    (error: unknown) => console.error('shell services did not load', error),
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * The shell's services behind a dynamic import: the first route renders without the Auth SDK,
 * the session code and the schemas, and the first call (the auth listener, right after the
 * first render) loads them. Same interfaces, so the shell cannot tell the difference.
 */
export function deferShellApis(load: () => Promise<ShellApis>): ShellApis {
  let loading: Promise<ShellApis> | undefined;
  const apis = () => (loading ??= load());
  return {
    session: {
      observeAuth: (listener) =>
        deferredWatch(apis(), (loaded, next) => loaded.session.observeAuth(next), listener),
      stampServerTime: async (uid) => (await apis()).session.stampServerTime(uid),
      getUser: async (uid) => (await apis()).session.getUser(uid),
      updateLastSeen: async (uid, lastSeen) => (await apis()).session.updateLastSeen(uid, lastSeen),
      reportMissingName: async (uid) => (await apis()).session.reportMissingName(uid),
      saveLang: async (uid, lang) => (await apis()).session.saveLang(uid, lang),
      keepOwnCopies: async (uid) => (await apis()).session.keepOwnCopies(uid),
      signOut: async () => (await apis()).session.signOut(),
    },
    waiver: {
      acceptWaiver: async (uid) => (await apis()).waiver.acceptWaiver(uid),
      currentWaiver: async () => (await apis()).waiver.currentWaiver(),
      signWaiver: async (input) => (await apis()).waiver.signWaiver(input),
    },
    subscription: {
      getSuscriptionPrices: async () => (await apis()).subscription.getSuscriptionPrices(),
    },
    notifications: {
      watchNotifications: (uid, onChange) =>
        deferredWatch(
          apis(),
          (loaded, next) => loaded.notifications.watchNotifications(uid, next),
          onChange,
        ),
      markRead: async (uid, id) => (await apis()).notifications.markRead(uid, id),
    },
    studio: {
      watchStudio: (onChange) =>
        deferredWatch(apis(), (loaded, next) => loaded.studio.watchStudio(next), onChange),
    },
  };
}
