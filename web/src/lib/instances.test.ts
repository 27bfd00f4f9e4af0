import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as InstancesModule from './instances';

/** A fresh copy of the module (its list of instances is kept per visit) over a fake `Branches`. */
async function withBranches(branches: unknown): Promise<typeof InstancesModule> {
  vi.resetModules();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url.includes('/Branches.json')
          ? new Response(JSON.stringify(branches), { status: 200 })
          : new Response('null', { status: 404 }),
      ),
    ),
  );
  return import('./instances');
}

/** Instances the test drives: `emit(url, value)` answers for one, `fail(url)` refuses it. */
function fakeInstances() {
  const next = new Map<string | undefined, (value: unknown) => void>();
  const failed = new Map<string | undefined, ((error: Error) => void) | undefined>();
  const stopped: (string | undefined)[] = [];
  const subscribeIn: InstancesModule.InstanceSubscriber = (url, onNext, onFailed) => {
    next.set(url, onNext);
    failed.set(url, onFailed);
    return () => stopped.push(url);
  };
  return {
    subscribeIn,
    stopped,
    opened: () => [...next.keys()],
    emit: (url: string | undefined, value: unknown) => next.get(url)?.(value),
    fail: (url: string | undefined) => failed.get(url)?.(new Error('Permission denied')),
  };
}

const NORTE = 'https://demo-studio-norte.firebaseio.com';

describe('mergeInstanceValues', () => {
  it.each([
    { values: [null, null], merged: null },
    { values: [null, { a: 1 }], merged: { a: 1 } },
    { values: [{ a: 1 }, { b: 2 }], merged: { a: 1, b: 2 } },
    // The spots of a class numbered 1, 2, … come back as an array: kept as it is.
    { values: [null, [true, true]], merged: [true, true] },
    { values: [undefined, 'x'], merged: 'x' },
  ])('$values → $merged', async ({ values, merged }) => {
    const { mergeInstanceValues } = await import('./instances');
    expect(mergeInstanceValues(values)).toEqual(merged);
  });
});

describe('reads across a chain’s instances', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the default instance, then each instance a branch names once', async () => {
    const { classInstanceUrls } = await withBranches({
      centro: { name: 'Centro' },
      norte: { name: 'Norte', databaseInstance: 'demo-studio-norte' },
      sur: { name: 'Sur', databaseInstance: 'demo-studio-norte' },
    });
    const urls = await classInstanceUrls();
    expect(urls).toHaveLength(2);
    expect(new URL(urls[1] ?? '').hostname).toBe('demo-studio-norte.firebaseio.com');
  });

  it('reads a studio with one instance, and every node that is not a class’s, in the default one', async () => {
    const { watchAcrossInstances } = await withBranches({ centro: { name: 'Centro' } });
    const fake = fakeInstances();
    const seen: unknown[] = [];
    watchAcrossInstances('UserClasses/u1', fake.subscribeIn, (value) => seen.push(value));
    await vi.waitFor(() => expect(fake.opened()).toEqual([undefined]));
    fake.emit(undefined, { c1: { status: 'booked' } });
    await vi.waitFor(() => expect(seen).toEqual([{ c1: { status: 'booked' } }]));
    fake.emit(undefined, null);
    expect(seen).toEqual([{ c1: { status: 'booked' } }, null]);

    const chain = await withBranches({
      norte: { name: 'Norte', databaseInstance: 'demo-studio-norte' },
    });
    const members = fakeInstances();
    chain.watchAcrossInstances('Users/u1', members.subscribeIn, () => undefined);
    await vi.waitFor(() => expect(members.opened()).toEqual([undefined]));
  });

  it('opens the default instance beside the read of Branches, and shows nothing before it answers', async () => {
    vi.resetModules();
    let answerBranches: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answerBranches = resolve))),
    );
    const { watchAcrossInstances, readAcrossInstances } = await import('./instances');
    const fake = fakeInstances();
    const seen: unknown[] = [];
    watchAcrossInstances('UserClasses/u1', fake.subscribeIn, (value) => seen.push(value));
    const readIn = vi.fn(() => Promise.resolve({ c1: { hour: '08:00' } }));
    const read = readAcrossInstances('Classes/c1', readIn);
    // Both started before Branches answered: no round trip waits for the other.
    expect(fake.opened()).toEqual([undefined]);
    expect(readIn).toHaveBeenCalledWith(undefined);
    fake.emit(undefined, { c1: { status: 'booked' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A chain's other instances may still hold classes: nothing shown yet.
    expect(seen).toEqual([]);
    answerBranches(new Response(JSON.stringify({ centro: { name: 'Centro' } }), { status: 200 }));
    await vi.waitFor(() => expect(seen).toEqual([{ c1: { status: 'booked' } }]));
    await expect(read).resolves.toEqual({ c1: { hour: '08:00' } });
    expect(fake.opened()).toEqual([undefined]);
    expect(readIn).toHaveBeenCalledTimes(1);
  });

  it('reports a refusal of the default instance heard before Branches answered, once it has', async () => {
    vi.resetModules();
    let answerBranches: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answerBranches = resolve))),
    );
    const { watchAcrossInstances } = await import('./instances');
    const fake = fakeInstances();
    const errors: Error[] = [];
    watchAcrossInstances(
      'ClassRoster/c1',
      fake.subscribeIn,
      () => undefined,
      (error) => errors.push(error),
    );
    fake.fail(undefined);
    expect(errors).toEqual([]);
    answerBranches(new Response(JSON.stringify({ centro: { name: 'Centro' } }), { status: 200 }));
    await vi.waitFor(() => expect(errors).toHaveLength(1));
  });

  it('merges a member’s class views from every instance once each has answered, then live', async () => {
    const { watchAcrossInstances } = await withBranches({
      centro: { name: 'Centro' },
      norte: { name: 'Norte', databaseInstance: 'demo-studio-norte' },
    });
    const fake = fakeInstances();
    const seen: unknown[] = [];
    const stop = watchAcrossInstances('UserClasses/u1', fake.subscribeIn, (value) =>
      seen.push(value),
    );
    await vi.waitFor(() => expect(fake.opened()).toHaveLength(2));
    const [main, norte] = fake.opened();
    expect(norte).toBe(NORTE);
    fake.emit(main, { centro1: { status: 'booked' } });
    // Nothing is shown while an instance has not answered: no list without Norte's classes.
    expect(seen).toEqual([]);
    fake.emit(norte, { norte1: { status: 'booked' } });
    expect(seen).toEqual([{ centro1: { status: 'booked' }, norte1: { status: 'booked' } }]);
    fake.emit(norte, null);
    expect(seen.at(-1)).toEqual({ centro1: { status: 'booked' } });
    stop();
    expect(fake.stopped).toEqual([main, norte]);
  });

  it('counts an instance that refuses the read as empty, and reports only when all refuse', async () => {
    const { watchAcrossInstances } = await withBranches({
      norte: { name: 'Norte', databaseInstance: 'demo-studio-norte' },
    });
    const fake = fakeInstances();
    const seen: unknown[] = [];
    const errors: Error[] = [];
    watchAcrossInstances(
      'ClassRoster/norte1',
      fake.subscribeIn,
      (value) => seen.push(value),
      (error) => errors.push(error),
    );
    await vi.waitFor(() => expect(fake.opened()).toHaveLength(2));
    const [main, norte] = fake.opened();
    fake.fail(main);
    fake.emit(norte, { capacity: 12 });
    expect(seen).toEqual([{ capacity: 12 }]);
    expect(errors).toEqual([]);
    fake.fail(norte);
    expect(errors).toHaveLength(1);
  });

  it('reads once across instances, failing only when every instance failed', async () => {
    const { readAcrossInstances } = await withBranches({
      norte: { name: 'Norte', databaseInstance: 'demo-studio-norte' },
    });
    await expect(
      readAcrossInstances('Classes/norte1', (url) =>
        url === NORTE ? Promise.resolve({ hour: '08:00' }) : Promise.reject(new Error('refused')),
      ),
    ).resolves.toEqual({ hour: '08:00' });
    await expect(
      readAcrossInstances('Classes/norte1', () => Promise.reject(new Error('refused'))),
    ).rejects.toThrow('refused');
  });

  it('makes one read of Branches for the catalogue and the list of instances asked together', async () => {
    const { readBranches, classInstanceUrls } = await withBranches({
      norte: { name: 'Norte', databaseInstance: 'demo-studio-norte' },
    });
    const [catalogue, urls] = await Promise.all([readBranches(), classInstanceUrls()]);
    expect(catalogue).toEqual({ norte: { name: 'Norte', databaseInstance: 'demo-studio-norte' } });
    expect(urls).toHaveLength(2);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Asked again once that read has answered: read again, never an answer kept from before.
    await readBranches();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('reads the default instance alone when Branches cannot be read, and asks again next time', async () => {
    vi.resetModules();
    const fetch = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetch);
    const { classInstanceUrls } = await import('./instances');
    expect(await classInstanceUrls()).toHaveLength(1);
    await classInstanceUrls();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
