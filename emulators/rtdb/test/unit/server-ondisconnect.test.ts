import { describe, expect, it } from 'vitest';
import { OnDisconnectQueue } from '../../src/server/ondisconnect';

function entries(queue: OnDisconnectQueue): Record<string, unknown> {
  return Object.fromEntries(
    queue.entries().map((entry) => ['/' + entry.path.join('/'), entry.data]),
  );
}

describe('OnDisconnectQueue', () => {
  it('queues sets and removes by path', () => {
    const queue = new OnDisconnectQueue();
    queue.set(['a'], { on: false });
    queue.set(['b', 'c'], null);
    expect(entries(queue)).toEqual({ '/a': { on: false }, '/b/c': null });
  });

  it('replaces everything queued below a new set', () => {
    const queue = new OnDisconnectQueue();
    queue.set(['a', 'x'], 1);
    queue.set(['a', 'y'], 2);
    queue.set(['a'], 'whole');
    expect(entries(queue)).toEqual({ '/a': 'whole' });
  });

  it('folds a later write below a queued value into that value', () => {
    const queue = new OnDisconnectQueue();
    queue.set(['a'], { x: 1, '.priority': 3 });
    queue.set(['a', 'y', 'z'], 2);
    expect(entries(queue)).toEqual({ '/a': { x: 1, y: { z: 2 }, '.priority': 3 } });
  });

  it('queues each key of an update separately, multi-segment keys included', () => {
    const queue = new OnDisconnectQueue();
    queue.update(
      ['od'],
      [
        [['x'], 1],
        [['y', 'z'], 2],
      ],
    );
    expect(entries(queue)).toEqual({ '/od/x': 1, '/od/y/z': 2 });
  });

  it('cancels everything at or below a path', () => {
    const queue = new OnDisconnectQueue();
    queue.set(['a', 'b'], 1);
    queue.set(['a', 'c', 'd'], 2);
    queue.set(['e'], 3);
    queue.cancel(['a']);
    expect(entries(queue)).toEqual({ '/e': 3 });
  });

  it('splits an ancestor entry on cancel and keeps its siblings', () => {
    const queue = new OnDisconnectQueue();
    queue.set(['room'], { alice: 'here', bob: { status: 'here', since: 5 } });
    queue.cancel(['room', 'bob', 'status']);
    expect(entries(queue)).toEqual({ '/room/alice': 'here', '/room/bob/since': 5 });
  });

  it('splits the entries of an update queued at a parent', () => {
    const queue = new OnDisconnectQueue();
    queue.update(
      ['p'],
      [
        [['a'], 1],
        [['b'], 2],
      ],
    );
    queue.cancel(['p', 'a']);
    expect(entries(queue)).toEqual({ '/p/b': 2 });
  });

  it('keeps a queued leaf when a path below it is cancelled, like the SDK', () => {
    const queue = new OnDisconnectQueue();
    queue.set(['a'], 'leaf');
    queue.cancel(['a', 'b']);
    expect(entries(queue)).toEqual({ '/a': 'leaf' });
  });

  it('keeps a queued server value when a path below it is cancelled', () => {
    const queue = new OnDisconnectQueue();
    queue.set(['t'], { '.sv': 'timestamp' });
    queue.cancel(['t', 'x']);
    expect(entries(queue)).toEqual({ '/t': { '.sv': 'timestamp' } });
  });

  it('treats arrays as index-keyed children when splitting', () => {
    const queue = new OnDisconnectQueue();
    queue.set(['list'], ['a', 'b', 'c']);
    queue.cancel(['list', '1']);
    expect(entries(queue)).toEqual({ '/list/0': 'a', '/list/2': 'c' });
  });

  it('is empty after clear()', () => {
    const queue = new OnDisconnectQueue();
    queue.set(['a'], 1);
    queue.clear();
    expect(queue.isEmpty).toBe(true);
    expect(queue.entries()).toEqual([]);
  });
});
