// Simulated time. Handlers get `now` from here (their deps take a clock), and every service that
// stamps time of its own follows it: the database emulator's server clock (server timestamps,
// rules' `now`) and the Stripe sandbox's clock (object timestamps, billing periods). Between two
// advances the services' clocks run on with the machine's (a few seconds at most); the handlers'
// stands still.

export interface SimClock {
  now: () => number;
  /** Moves to `ms` (never backwards) and tells the services. */
  advanceTo: (ms: number) => Promise<void>;
  /** Called on every move, e.g. to set an emulator's clock offset. */
  follow: (sync: (nowMs: number) => void | Promise<void>) => void;
}

export function simClock(startMs: number): SimClock {
  let current = startMs;
  const followers: ((nowMs: number) => void | Promise<void>)[] = [];
  return {
    now: () => current,
    async advanceTo(ms) {
      if (ms < current) throw new Error(`the clock does not go back (${ms} < ${current})`);
      current = ms;
      for (const sync of followers) await sync(current);
    },
    follow(sync) {
      followers.push(sync);
    },
  };
}
