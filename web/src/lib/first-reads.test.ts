import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps its count for the app's lifetime: each test loads a fresh copy.
async function freshFirstReads() {
  vi.resetModules();
  return import('./first-reads');
}

describe('first reads of the starting page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('lets the session layer go at once when the page reads nothing', async () => {
    const { firstReadsAnswered } = await freshFirstReads();
    expect(await settled(firstReadsAnswered(2000))).toBe(true);
  });

  it('waits until every first read has answered', async () => {
    const { firstReadsAnswered, holdFirstRead } = await freshFirstReads();
    const classes = holdFirstRead();
    const payments = holdFirstRead();
    const gate = firstReadsAnswered(2000);
    classes();
    // A second answer of the same read counts once.
    classes();
    expect(await settled(gate)).toBe(false);
    payments();
    expect(await settled(gate)).toBe(true);
  });

  it('counts a reader that unmounts before its answer as done', async () => {
    const { firstReadsAnswered, holdFirstRead } = await freshFirstReads();
    const stop = holdFirstRead();
    const gate = firstReadsAnswered(2000);
    stop();
    expect(await settled(gate)).toBe(true);
  });

  it('waits no longer than the limit for a read that never answers', async () => {
    const { firstReadsAnswered, holdFirstRead } = await freshFirstReads();
    holdFirstRead();
    const gate = firstReadsAnswered(2000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(await settled(gate)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(gate)).toBe(true);
  });

  it('holds nothing once the session layer has been let go', async () => {
    const { firstReadsAnswered, holdFirstRead } = await freshFirstReads();
    await firstReadsAnswered(2000);
    holdFirstRead();
    expect(await settled(firstReadsAnswered(2000))).toBe(true);
  });
});
