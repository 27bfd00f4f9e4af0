/**
 * The progress bar's figures, the same in the wizard and on the command line: rows per second
 * over the run so far and the time left at that rate.
 */
export interface Progress {
  done: number;
  total: number;
  /** Rows per second since the start (0 before the first second's worth of rows). */
  rate: number;
  /** Milliseconds left at that rate; undefined until there is a rate. */
  leftMs: number | undefined;
  /** 0–100, whole. */
  percent: number;
}

export function progressOf(done: number, total: number, startedAt: number, now: number): Progress {
  const elapsed = Math.max(now - startedAt, 1);
  const rate = done === 0 ? 0 : (done * 1000) / elapsed;
  const left = Math.max(total - done, 0);
  return {
    done,
    total,
    rate,
    leftMs: rate > 0 ? Math.round((left / rate) * 1000) : undefined,
    percent: total === 0 ? 100 : Math.min(100, Math.floor((done * 100) / total)),
  };
}

/** `1:05` / `1:02:03` for a time left. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
