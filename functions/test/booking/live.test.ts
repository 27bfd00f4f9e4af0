import { describe, expect, it } from 'vitest';
import { listenerMirrors, raceLive } from '../../src/engine/rush/live';
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
      raceLive(listenerMirrors(backend.main), path, Promise.resolve('member'), fullAt(5)),
    ).resolves.toBe('member');
  });

  it('refuses at once when the value at hand already refuses', async () => {
    const path = 'live-test/already';
    await backend.db.ref(path).set(5);
    const work = pending<string>();
    await expect(
      raceLive(listenerMirrors(backend.main), path, work.promise, fullAt(5)),
    ).rejects.toBeInstanceOf(Full);
  });

  it('refuses as soon as the server sends a refusing value, without waiting for the work', async () => {
    const path = 'live-test/fills';
    await backend.db.ref(path).set(1);
    const work = pending<string>();
    const refused = expect(
      raceLive(listenerMirrors(backend.main), path, work.promise, fullAt(5)),
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
    await raceLive(listenerMirrors(backend.main), path, Promise.resolve('done'), refusal);
    const checks = seen.length;
    await backend.db.ref(path).set(2);
    // The mirror has the new value, and the finished race was not asked about it.
    await expect.poll(() => listenerMirrors(backend.main).value(path)).toBe(2);
    expect(seen).toHaveLength(checks);
  });
});

describe('listenerMirrors', () => {
  it('answers every read when more nodes wait for their first value than an instance keeps', async () => {
    // An instance keeps 5,000 listeners; past that it drops the least recently used. Here every
    // read starts before any value came (a release's burst of members), so each listener
    // dropped still had a read waiting on it: that read opens another instead of waiting forever.
    const count = 5_200;
    const values = Object.fromEntries(Array.from({ length: count }, (_, i) => [`n${i}`, i]));
    await backend.main.ref('live-test/many').set(values);
    const mirrors = listenerMirrors(backend.main);
    const reads = Array.from({ length: count }, (_, i) => mirrors.value(`live-test/many/n${i}`));
    expect(await Promise.all(reads)).toEqual(Array.from({ length: count }, (_, i) => i));
  }, 60_000);
});
