// "Tell me when a spot opens" (docs/architecture/push.md#watching-a-full-class): who is told when
// a seat frees that the waiting list does not take. Watchers are told in the order they started
// watching, in waves: `WATCHERS_PER_SEAT` per free seat (at least `MIN_WAVE`), the next wave
// `WAVE_GAP_MS` later if a seat is still free, so one seat does not wake 200 phones. Pure.
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
  const size = Math.max(MIN_WAVE, freeSeats * WATCHERS_PER_SEAT);
  const wave = waiting.slice(0, size);
  const last = wave[wave.length - 1] as [string, number];
  const more = waiting.length > wave.length;
  return {
    told: wave.map(([uid]) => uid),
    watch: {
      ...watch,
      wave: {
        opening,
        toldThrough: last[1],
        uids: wave.map(([uid]) => uid),
        ...(more ? { nextWaveAt: nowMs + WAVE_GAP_MS } : {}),
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
