import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMERS_AND_FRAMES } from '../../test/fake-frames';

// The module keeps its count for the app's lifetime: each test loads a fresh copy.
async function freshFirstReads() {
  vi.resetModules();
  return import('./first-reads');
}

/**
 * The browser's largest-contentful-paint reports, which happy-dom does not make: `present`
 * delivers one, as Chromium does once a painted frame has reached the display.
 */
class FakeLargestPaintObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  static watching: FakeLargestPaintObserver[] = [];
  static present(startTime: number) {
    for (const observer of [...this.watching]) {
      observer.callback({ getEntries: () => [{ startTime }] });
    }
  }
  constructor(
    private readonly callback: (list: { getEntries: () => { startTime: number }[] }) => void,
  ) {}
  observe(options: { type: string }) {
    if (options.type === 'largest-contentful-paint') FakeLargestPaintObserver.watching.push(this);
  }
  disconnect() {
    FakeLargestPaintObserver.watching = FakeLargestPaintObserver.watching.filter((o) => o !== this);
  }
}

/** A browser that reports no largest paint (or none any more, after an interaction). */
class NoLargestPaintObserver {
  static supportedEntryTypes: string[] = [];
}

/** The next frame (fake timers run one every 16 ms) and the task after it. */
const NEXT_FRAME_MS = 17;

describe('first reads of the starting page', () => {
  beforeEach(() => {
    // Frames too: what was answered is presented after the next frame.
    vi.useFakeTimers({
      toFake: [...TIMERS_AND_FRAMES],
    });
    FakeLargestPaintObserver.watching = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'visibilityState');
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

  describe('on screen', () => {
    const answered = async () => {
      vi.stubGlobal('PerformanceObserver', FakeLargestPaintObserver);
      const reads = await freshFirstReads();
      const classes = reads.holdFirstRead();
      const gate = reads.firstAnswersPresented(2000);
      const since = performance.now();
      classes();
      return { ...reads, gate, since };
    };

    it('lets the session layer go once the answer has reached the screen and the largest paint has settled', async () => {
      const { gate, PAINT_QUIET_MS } = await answered();
      // The frame that draws the answer has run on the main thread; the display has not shown it.
      await vi.advanceTimersByTimeAsync(NEXT_FRAME_MS);
      FakeLargestPaintObserver.present(performance.now());
      await vi.advanceTimersByTimeAsync(PAINT_QUIET_MS - 1);
      expect(await settled(gate)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await settled(gate)).toBe(true);
      expect(FakeLargestPaintObserver.watching).toEqual([]);
    });

    it('waits again when a larger paint follows: a page draws its answers in steps', async () => {
      const { gate, PAINT_QUIET_MS } = await answered();
      await vi.advanceTimersByTimeAsync(NEXT_FRAME_MS);
      FakeLargestPaintObserver.present(performance.now());
      await vi.advanceTimersByTimeAsync(PAINT_QUIET_MS - 50);
      FakeLargestPaintObserver.present(performance.now());
      await vi.advanceTimersByTimeAsync(PAINT_QUIET_MS - 1);
      expect(await settled(gate)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await settled(gate)).toBe(true);
    });

    it('is not held back by reports of paints from before the answer', async () => {
      const { gate, since, PAINT_QUIET_MS } = await answered();
      await vi.advanceTimersByTimeAsync(NEXT_FRAME_MS);
      for (let waited = 0; waited < PAINT_QUIET_MS; waited += 50) {
        FakeLargestPaintObserver.present(since - 1);
        await vi.advanceTimersByTimeAsync(50);
      }
      expect(await settled(gate)).toBe(true);
    });

    it('stops waiting for the paint to settle after its limit', async () => {
      const { gate, PAINT_SETTLE_LIMIT_MS } = await answered();
      for (let waited = 0; waited < PAINT_SETTLE_LIMIT_MS - 50; waited += 50) {
        FakeLargestPaintObserver.present(performance.now());
        await vi.advanceTimersByTimeAsync(50);
      }
      expect(await settled(gate)).toBe(false);
      await vi.advanceTimersByTimeAsync(50);
      expect(await settled(gate)).toBe(true);
    });

    it.each([
      ['the answer drew nothing larger than what was on screen', FakeLargestPaintObserver],
      ['the browser reports no largest paint', NoLargestPaintObserver],
    ])('waits the quiet time after the next frame when %s', async (_case, observer) => {
      vi.stubGlobal('PerformanceObserver', observer);
      const { firstAnswersPresented, holdFirstRead, PAINT_QUIET_MS } = await freshFirstReads();
      const classes = holdFirstRead();
      const gate = firstAnswersPresented(2000);
      classes();
      await vi.advanceTimersByTimeAsync(PAINT_QUIET_MS);
      expect(await settled(gate)).toBe(false);
      await vi.advanceTimersByTimeAsync(NEXT_FRAME_MS);
      expect(await settled(gate)).toBe(true);
      expect(FakeLargestPaintObserver.watching).toEqual([]);
    });

    it('waits for the paint to settle when the page reads nothing, too', async () => {
      vi.stubGlobal('PerformanceObserver', FakeLargestPaintObserver);
      const { firstAnswersPresented, PAINT_QUIET_MS } = await freshFirstReads();
      const gate = firstAnswersPresented(2000);
      await vi.advanceTimersByTimeAsync(0);
      FakeLargestPaintObserver.present(performance.now());
      await vi.advanceTimersByTimeAsync(PAINT_QUIET_MS - 1);
      expect(await settled(gate)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await settled(gate)).toBe(true);
    });

    it('goes after the next frame once the limit has passed: no answer waits to be drawn', async () => {
      vi.stubGlobal('PerformanceObserver', FakeLargestPaintObserver);
      const { firstAnswersPresented, holdFirstRead } = await freshFirstReads();
      holdFirstRead();
      const gate = firstAnswersPresented(2000);
      await vi.advanceTimersByTimeAsync(2000);
      expect(await settled(gate)).toBe(false);
      await vi.advanceTimersByTimeAsync(NEXT_FRAME_MS);
      expect(await settled(gate)).toBe(true);
    });

    it('goes at once in a hidden tab, which presents nothing', async () => {
      vi.stubGlobal('PerformanceObserver', FakeLargestPaintObserver);
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      const { firstAnswersPresented, holdFirstRead } = await freshFirstReads();
      const classes = holdFirstRead();
      const gate = firstAnswersPresented(2000);
      classes();
      expect(await settled(gate)).toBe(true);
    });
  });
});
