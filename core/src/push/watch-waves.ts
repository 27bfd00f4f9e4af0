// "Tell me when a spot opens" (docs/architecture/push.md#watching-a-full-class): who is told when
// a seat frees that the waiting list does not take. Watchers are told in the order they started
// watching, in waves: `WATCHERS_PER_SEAT` per free seat (at least `MIN_WAVE`), the next wave
// `WAVE_GAP_MS` later if a seat is still free, so one seat does not wake 200 phones; a seat that
// frees meanwhile tops the wave up to its size for the seats now free. Pure.
import type { ClassWatch } from '../schemas/push';

export const WATCHERS_PER_SEAT = 3;
export const MIN_WAVE = 3;
export const WAVE_GAP_MS = 2 * 60_000;
/** Watchers one class keeps at most. */
export const MAX_WATCHERS = 500;

export interface WaveDecision {
  watch: ClassWatch;
  /** Told in this wave, in watching order. */
  told: string[];
}

/** Watchers not yet told of `opening`, oldest first. */
function untold(watch: ClassWatch, opening: string): [string, number][] {
  const through = watch.wave?.opening === opening ? watch.wave.toldThrough : -1;
  return Object.entries(watch.watchers)
    .map(([uid, watcher]): [string, number] => [uid, watcher.seq])
    .filter(([, seq]) => seq > through)
    .sort((a, b) => a[1] - b[1]);
}

/**
 * The next wave of `opening` with `freeSeats` free: a new opening starts from the first watcher;
 * the same opening goes on after `toldThrough` once `nextWaveAt` has come, or at once when
 * `immediate` (another seat has just freed). Nothing when it is not yet time or no one is left.
 */
export function nextWave(
  watch: ClassWatch,
  opening: string,
  freeSeats: number,
  nowMs: number,
  { immediate = false }: { immediate?: boolean } = {},
): WaveDecision {
  const current = watch.wave?.opening === opening ? watch.wave : undefined;
  if (freeSeats <= 0) return { watch, told: [] };
  if (!immediate && current && (current.nextWaveAt === undefined || current.nextWaveAt > nowMs))
    return { watch, told: [] };
  const waiting = untold(watch, opening);
  if (waiting.length === 0) return { watch, told: [] };
  const target = Math.max(MIN_WAVE, freeSeats * WATCHERS_PER_SEAT);
  // A seat freeing while a wave is out tops it up to its size for the seats free now: watchers
  // told in this wave who still watch count, so cancels racing each other (each seeing the other's
  // free seat) do not tell the same seat's share twice.
  const topUp =
    immediate && current && (current.nextWaveAt === undefined || current.nextWaveAt > nowMs);
  const outstanding = topUp ? current.uids.filter((uid) => watch.watchers[uid]) : [];
  const wave = waiting.slice(0, Math.max(0, target - outstanding.length));
  if (wave.length === 0) return { watch, told: [] };
  const last = wave[wave.length - 1] as [string, number];
  const more = waiting.length > wave.length;
  return {
    told: wave.map(([uid]) => uid),
    watch: {
      ...watch,
      wave: {
        opening,
        toldThrough: last[1],
        uids: [...outstanding, ...wave.map(([uid]) => uid)],
        // A top-up keeps the wave's gap; a wave that had told everyone waits its own.
        ...(more
          ? { nextWaveAt: (topUp ? current.nextWaveAt : undefined) ?? nowMs + WAVE_GAP_MS }
          : {}),
      },
    },
  };
}

/** Adds a watcher at the end of the order (the same member again keeps their place). */
export function addWatcher(watch: ClassWatch, uid: string, nowMs: number): ClassWatch {
  if (watch.watchers[uid]) return watch;
  return {
    ...watch,
    seq: watch.seq + 1,
    watchers: { ...watch.watchers, [uid]: { since: nowMs, seq: watch.seq + 1 } },
  };
}

export function removeWatcher(watch: ClassWatch, uid: string): ClassWatch {
  if (!watch.watchers[uid]) return watch;
  const { [uid]: _gone, ...watchers } = watch.watchers;
  return { ...watch, watchers };
}
