// Bounded waiting: every wait has a timeout and a label, so a missing event fails the test with a
// message saying what never happened instead of hanging until vitest's own timeout.

export const DEFAULT_WAIT_MS = 5_000;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns something other than undefined/false, and returns that. */
export async function waitUntil<T>(
  label: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = DEFAULT_WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const result = await check();
      if (result !== undefined && result !== false) return result;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for: ${label}${detail}`);
    }
    await sleep(10);
  }
}

/** Races a promise against a timeout that fails with `label`. */
export async function withTimeout<T>(
  label: string,
  promise: Promise<T>,
  timeoutMs = DEFAULT_WAIT_MS,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${timeoutMs} ms: ${label}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves with the rejection of `promise`, failing if it resolves or takes too long. */
export async function rejectionOf(
  label: string,
  promise: Promise<unknown>,
  timeoutMs = DEFAULT_WAIT_MS,
): Promise<Error> {
  const outcome = await withTimeout(
    label,
    promise.then(
      () => ({ ok: true as const }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    timeoutMs,
  );
  if (outcome.ok) throw new Error(`expected a rejection: ${label}`);
  return outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
}

/** An append-only list of observed events with bounded waits on it. */
export class EventLog<T> {
  readonly items: T[] = [];

  push(item: T): void {
    this.items.push(item);
  }

  get length(): number {
    return this.items.length;
  }

  /** Waits until at least `count` events were seen and returns them all. */
  async waitForCount(count: number, label: string, timeoutMs = DEFAULT_WAIT_MS): Promise<T[]> {
    return waitUntil(
      `${label} (${count} events; saw ${this.items.length})`,
      () => (this.items.length >= count ? [...this.items] : undefined),
      timeoutMs,
    );
  }

  /** Waits until an event matching `predicate` was seen and returns it. */
  async waitForMatch(
    predicate: (item: T) => boolean,
    label: string,
    timeoutMs = DEFAULT_WAIT_MS,
  ): Promise<T> {
    return waitUntil(label, () => this.items.find(predicate), timeoutMs);
  }
}
