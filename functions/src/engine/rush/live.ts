// Reads through live listeners. The Realtime Database SDK answers `get()` from a listener's cache
// when one is active and keeps that cache equal to the server (it pushes every change), so a
// function instance that keeps listening to the nodes it keeps reading — settings, the classes
// being booked, their rosters, the members booking — serves those reads without a round trip,
// and a transaction on a listened node starts from the server's value instead of a guess. A
// listener is dropped after a minute without use, or, past MAX_MIRRORS, the least recently used
// ones that have their value; a read waiting for a first value that never came on a dropped
// listener opens another.
//
// A mirror can be behind the server: on Cloud Run an instance's CPU is throttled between
// requests, so a listener may not have applied the latest change when a call reads it. What the
// mirrors say is therefore a hint: an answer that refuses a member ("full") is only given once
// the server confirmed it (docs/architecture/booking.md#never-a-false-full).
import type { Database, Reference } from 'firebase-admin/database';

const IDLE_MS = 60_000;
const MAX_MIRRORS = 5_000;

interface Mirror {
  ref: Reference;
  ready: Promise<void>;
  /** Settles when the mirror is stopped (a read still waiting for `ready` then opens another). */
  stopped: Promise<void>;
  /** The server's first value came. */
  received: boolean;
  value: unknown;
  timer: NodeJS.Timeout | undefined;
  stop: () => void;
  /** Called with each value the server sends (`raceLive`). */
  watchers: Set<(value: unknown) => void>;
}

const mirrorsByDb = new WeakMap<Database, Map<string, Mirror>>();

function mirrorsOf(db: Database): Map<string, Mirror> {
  let mirrors = mirrorsByDb.get(db);
  if (!mirrors) {
    mirrors = new Map();
    mirrorsByDb.set(db, mirrors);
  }
  return mirrors;
}

function open(db: Database, path: string, mirrors: Map<string, Mirror>): Mirror {
  const ref = db.ref(path);
  let markReady: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  let markStopped: () => void = () => undefined;
  const mirror: Mirror = {
    ref,
    ready: new Promise<void>((resolve, reject) => {
      markReady = resolve;
      fail = reject;
    }),
    stopped: new Promise<void>((resolve) => {
      markStopped = resolve;
    }),
    received: false,
    value: null,
    timer: undefined,
    stop: () => undefined,
    watchers: new Set(),
  };
  const onValue = (snapshot: { val(): unknown }) => {
    mirror.value = snapshot.val();
    mirror.received = true;
    markReady();
    for (const watcher of [...mirror.watchers]) watcher(mirror.value);
  };
  const onCancel = (error: Error) => {
    mirrors.delete(path);
    fail(error);
  };
  ref.on('value', onValue, onCancel);
  mirror.stop = () => {
    if (mirrors.get(path) === mirror) mirrors.delete(path);
    if (mirror.timer) clearTimeout(mirror.timer);
    markStopped();
    try {
      ref.off('value', onValue);
    } catch {
      // The app was deleted meanwhile (tests, shutdown): nothing left to stop.
    }
  };
  return mirror;
}

const TENTH = MAX_MIRRORS / 10;

/**
 * At MAX_MIRRORS (and at each tenth more, while too few have their value), stops the least
 * recently used tenth among the mirrors that have their value: one still waiting for it has a
 * read waiting on it.
 */
function makeRoom(mirrors: Map<string, Mirror>): void {
  if (mirrors.size < MAX_MIRRORS || mirrors.size % TENTH !== 0) return;
  let excess = TENTH;
  for (const old of mirrors.values()) {
    if (excess <= 0) return;
    if (!old.received) continue;
    old.stop();
    excess -= 1;
  }
}

/** The node's mirror, opened if needed, kept for another minute; the most recently used last. */
function touch(db: Database, path: string): Mirror {
  const mirrors = mirrorsOf(db);
  let mirror = mirrors.get(path);
  if (mirror) mirrors.delete(path);
  else {
    makeRoom(mirrors);
    mirror = open(db, path, mirrors);
  }
  mirrors.set(path, mirror);
  if (mirror.timer) clearTimeout(mirror.timer);
  const current = mirror;
  current.timer = setTimeout(() => current.stop(), IDLE_MS);
  current.timer.unref();
  return current;
}

/**
 * Where an instance's live copies of nodes come from: its listeners (`listenerMirrors`), or, in
 * a test, a source that can be frozen to play a lagging instance.
 */
export interface Mirrors {
  /** The node's value as last received, kept live for a while for the next reads. */
  value(path: string): Promise<unknown>;
  /** Calls `watcher` with every value received from now on, until the returned stop is called. */
  watch(path: string, watcher: (value: unknown) => void): () => void;
}

const listenerSources = new WeakMap<Database, Mirrors>();

/** The instance's listeners on `db` as a mirror source (one per database). */
export function listenerMirrors(db: Database): Mirrors {
  let source = listenerSources.get(db);
  if (!source) {
    source = {
      async value(path) {
        for (;;) {
          const mirror = touch(db, path);
          await Promise.race([mirror.ready, mirror.stopped]);
          if (mirror.received) return mirror.value;
        }
      },
      watch(path, watcher) {
        const mirror = touch(db, path);
        mirror.watchers.add(watcher);
        return () => mirror.watchers.delete(watcher);
      },
    };
    listenerSources.set(db, source);
  }
  return source;
}

/**
 * `work`'s result, unless the live value at `path` gives a refusal first: checked on the value
 * at hand and again on every value the mirror receives until `work` settles. A booking that
 * waits for the member's node learns at once that the class seems to have filled meanwhile
 * (docs/architecture/booking.md#the-release-rush); the caller confirms that on the server.
 */
export async function raceLive<T>(
  mirrors: Mirrors,
  path: string,
  work: Promise<T>,
  refusal: (stored: unknown) => Error | null,
): Promise<T> {
  let settled = false;
  let refuse: (error: Error) => void = () => undefined;
  const refused = new Promise<never>((_, reject) => {
    refuse = reject;
  });
  const check = (value: unknown) => {
    const error = settled ? null : refusal(value);
    if (error) refuse(error);
  };
  const stop = mirrors.watch(path, check);
  // A listener the server cancels leaves `work` to answer alone.
  void mirrors.value(path).then(check, () => undefined);
  try {
    return await Promise.race([work, refused]);
  } finally {
    settled = true;
    stop();
  }
}

const parsedByValue = new WeakMap<object, Map<unknown, unknown>>();

/**
 * The value at `path` parsed with `parse`, once per value the server sent: in a rush every call
 * reads the same class, settings and roster, and parsing them again for each call was a large
 * share of an instance's CPU. The parse must be pure (the same value gives the same result),
 * and callers must not mutate what it returns (it is shared).
 */
export async function parsedFrom<T>(
  mirrors: Mirrors,
  path: string,
  parse: (stored: unknown, path: string) => T,
): Promise<T> {
  const stored = await mirrors.value(path);
  if (typeof stored !== 'object' || stored === null) return parse(stored, path);
  let byParser = parsedByValue.get(stored);
  if (!byParser) {
    byParser = new Map();
    parsedByValue.set(stored, byParser);
  }
  if (byParser.has(parse)) return byParser.get(parse) as T;
  const parsed = parse(stored, path);
  byParser.set(parse, parsed);
  return parsed;
}
