/**
 * Whether the app can reach its servers, judged from what it actually sees and not from
 * `navigator.onLine` alone: a browser (Debian's Chromium after an emulated network loss and a
 * reload from the service worker) or a phone in a tunnel can report `onLine` while nothing
 * answers (decision 110). Offline is any of:
 *
 * - the browser says so (`navigator.onLine` false; the `online`/`offline` events re-check);
 * - the Realtime Database has not connected within `graceMs` of being opened, or has been
 *   disconnected for `graceMs` (`.info/connected`, fed in by `lib/firebase.ts` where the
 *   database is opened; the grace keeps a normal start from flashing "offline");
 * - the last request got no answer at all (a callable whose fetch failed), until a request is
 *   answered, the database connects, or the browser reports a network again.
 *
 * No SDK import here: the entry only gets this small store, the Database SDK feeds it when it
 * loads anyway.
 */

/** How long the database may take to connect (or reconnect) before the app says it is offline. */
export const DATABASE_GRACE_MS = 5000;

export interface ConnectionMonitor {
  /** True unless one of the signals above says the app is offline. */
  isOnline: () => boolean;
  /** Calls `onChange` whenever `isOnline` may have changed; returns the unsubscribe. */
  subscribe: (onChange: () => void) => () => void;
  /** Each value `.info/connected` reports (false first, while the SDK connects). */
  databaseConnected: (connected: boolean) => void;
  /** A request got an answer from a server, even a refusal: the network works. */
  requestAnswered: () => void;
  /** A request got no answer (the fetch failed or timed out). */
  requestUnanswered: () => void;
}

export interface ConnectionEnvironment {
  /** The browser's own claim (`navigator.onLine`); trusted only when it says offline. */
  browserOnline: () => boolean;
  /** Where the `online`/`offline` events arrive (the window). */
  events: Pick<EventTarget, 'addEventListener'>;
  graceMs: number;
}

type DatabaseState = 'not-opened' | 'connecting' | 'connected' | 'down';

export function createConnectionMonitor(environment: ConnectionEnvironment): ConnectionMonitor {
  const listeners = new Set<() => void>();
  let database: DatabaseState = 'not-opened';
  let grace: ReturnType<typeof setTimeout> | undefined;
  let unanswered = false;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  environment.events.addEventListener('online', () => {
    // A new network: the next request or connection tells again.
    unanswered = false;
    notify();
  });
  environment.events.addEventListener('offline', notify);

  return {
    isOnline: () => environment.browserOnline() && database !== 'down' && !unanswered,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
    databaseConnected: (connected) => {
      if (connected) {
        clearTimeout(grace);
        grace = undefined;
        database = 'connected';
        unanswered = false;
        notify();
        return;
      }
      // Already waiting, or already down: the grace is not extended by repeated reports.
      if (database === 'connecting' || database === 'down') return;
      database = 'connecting';
      grace = setTimeout(() => {
        grace = undefined;
        database = 'down';
        notify();
      }, environment.graceMs);
    },
    requestAnswered: () => {
      if (!unanswered) return;
      unanswered = false;
      notify();
    },
    requestUnanswered: () => {
      if (unanswered) return;
      unanswered = true;
      notify();
    },
  };
}

export type RequestOutcome = 'answered' | 'unanswered' | 'unknown';

/**
 * What a failed call says about the network. The Functions SDK turns a fetch that got no
 * response into `functions/internal` with the message `internal` (a server's own error carries
 * its message) and a timeout into `functions/deadline-exceeded`; every other `functions/` code
 * came back from a server. Auth reports `auth/network-request-failed`.
 */
export function requestOutcome(error: unknown): RequestOutcome {
  if (typeof error !== 'object' || error === null || !('code' in error)) return 'unknown';
  const { code } = error;
  const message = 'message' in error ? error.message : undefined;
  if (typeof code !== 'string') return 'unknown';
  if (
    (code === 'functions/internal' && message === 'internal') ||
    code === 'functions/deadline-exceeded' ||
    code === 'auth/network-request-failed'
  ) {
    return 'unanswered';
  }
  return code.startsWith('functions/') ? 'answered' : 'unknown';
}

/** The app's one monitor, on the browser's window. */
export const connection: ConnectionMonitor = createConnectionMonitor({
  browserOnline: () => navigator.onLine,
  events: window,
  graceMs: DATABASE_GRACE_MS,
});
