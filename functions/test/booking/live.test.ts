import { describe, expect, it } from 'vitest';
import { listenerMirrors, liveValue, raceLive } from '../../src/engine/live';
import { useStudioBackend } from './fixtures';

const backend = useStudioBackend();

class Full extends Error {}

/** A promise the test settles by hand, standing for a slow read. */
function pending<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const fullAt = (limit: number) => (stored: unknown) =>
  typeof stored === 'number' && stored >= limit ? new Full(`reached ${stored}`) : null;

describe('raceLive', () => {
  it("answers with the work's result while the watched value refuses nothing", async () => {
    const path = 'live-test/quiet';
    await backend.db.ref(path).set(1);
    await expect(
      raceLive(listenerMirrors(backend.db), path, Promise.resolve('member'), fullAt(5)),
    ).resolves.toBe('member');
  });

  it('refuses at once when the value at hand already refuses', async () => {
    const path = 'live-test/already';
    await backend.db.ref(path).set(5);
    const work = pending<string>();
    await expect(
      raceLive(listenerMirrors(backend.db), path, work.promise, fullAt(5)),
    ).rejects.toBeInstanceOf(Full);
  });

  it('refuses as soon as the server sends a refusing value, without waiting for the work', async () => {
    const path = 'live-test/fills';
    await backend.db.ref(path).set(1);
    const work = pending<string>();
    const refused = expect(
      raceLive(listenerMirrors(backend.db), path, work.promise, fullAt(5)),
    ).rejects.toThrow('reached 5');
    await backend.db.ref(path).set(3);
    await backend.db.ref(path).set(5);
    await refused;
    work.resolve('too late');
  });

  it('stops watching once the work has answered', async () => {
    const path = 'live-test/stops';
    await backend.db.ref(path).set(1);
    const seen: unknown[] = [];
    const refusal = (stored: unknown) => {
      seen.push(stored);
      return null;
    };
    await raceLive(listenerMirrors(backend.db), path, Promise.resolve('done'), refusal);
    const checks = seen.length;
    await backend.db.ref(path).set(2);
    // The mirror has the new value, and the finished race was not asked about it.
    await expect.poll(() => liveValue(backend.db, path)).toBe(2);
    expect(seen).toHaveLength(checks);
  });
});
