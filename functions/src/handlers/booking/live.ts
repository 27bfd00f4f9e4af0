// Reads through live listeners. The Realtime Database SDK answers `get()` from a listener's cache
// when one is active and keeps that cache equal to the server (it pushes every change), so a
// function instance that keeps listening to the nodes it keeps reading — settings, the classes
// being booked, their rosters, the members booking — serves those reads without a round trip,
// and a transaction on a listened node starts from the server's value instead of a guess. A
// listener is dropped after a minute without use.
import type { Database, Reference } from 'firebase-admin/database';

const IDLE_MS = 60_000;
const MAX_MIRRORS = 5_000;

interface Mirror {
  ref: Reference;
  ready: Promise<void>;
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
  const mirror: Mirror = {
    ref,
    ready: new Promise<void>((resolve, reject) => {
      markReady = resolve;
      fail = reject;
    }),
    value: null,
    timer: undefined,
    stop: () => undefined,
    watchers: new Set(),
  };
  const onValue = (snapshot: { val(): unknown }) => {
    mirror.value = snapshot.val();
    markReady();
    for (const watcher of [...mirror.watchers]) watcher(mirror.value);
  };
  const onCancel = (error: Error) => {
    mirrors.delete(path);
    fail(error);
  };
  ref.on('value', onValue, onCancel);
  mirror.stop = () => {
    mirrors.delete(path);
    try {
      ref.off('value', onValue);
    } catch {
      // The app was deleted meanwhile (tests, shutdown): nothing left to stop.
    }
  };
  return mirror;
}

/** The node's mirror, opened if needed, kept for another minute. */
function touch(db: Database, path: string): Mirror {
  const mirrors = mirrorsOf(db);
  let mirror = mirrors.get(path);
  if (!mirror) {
    if (mirrors.size >= MAX_MIRRORS) for (const old of [...mirrors.values()]) old.stop();
    mirror = open(db, path, mirrors);
    mirrors.set(path, mirror);
  }
  if (mirror.timer) clearTimeout(mirror.timer);
  const current = mirror;
  current.timer = setTimeout(() => current.stop(), IDLE_MS);
  current.timer.unref();
  return current;
}

/** The node's current value, kept live for a while for the next reads. */
export async function liveValue(db: Database, path: string): Promise<unknown> {
  const mirror = touch(db, path);
  await mirror.ready;
  return mirror.value;
}

/**
 * `work`'s result, unless the live value at `path` gives a refusal first: checked on the value
 * at hand and again on every value the server sends until `work` settles. A booking that waits
 * for the member's node learns at once that the class filled meanwhile (docs/decisions/097).
 */
export async function raceLive<T>(
  db: Database,
  path: string,
  work: Promise<T>,
  refusal: (stored: unknown) => Error | null,
): Promise<T> {
  const mirror = touch(db, path);
  let settled = false;
  let refuse: (error: Error) => void = () => undefined;
  const refused = new Promise<never>((_, reject) => {
    refuse = reject;
  });
  const check = (value: unknown) => {
    const error = settled ? null : refusal(value);
    if (error) refuse(error);
  };
  mirror.watchers.add(check);
  // A listener the server cancels leaves `work` to answer alone.
  void mirror.ready.then(
    () => check(mirror.value),
    () => undefined,
  );
  try {
    return await Promise.race([work, refused]);
  } finally {
    settled = true;
    mirror.watchers.delete(check);
  }
}

const parsedByValue = new WeakMap<object, Map<unknown, unknown>>();

/**
 * `liveValue` parsed with `parse`, parsed once per value the server sent: in a rush every call
 * reads the same class, settings and roster, and parsing them again for each call was a large
 * share of an instance's CPU. The parse must be pure (the same value gives the same result),
 * and callers must not mutate what it returns (it is shared).
 */
export async function liveParsed<T>(
  db: Database,
  path: string,
  parse: (stored: unknown, path: string) => T,
): Promise<T> {
  const stored = await liveValue(db, path);
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
