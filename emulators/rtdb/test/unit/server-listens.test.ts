import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../src/server/auth';
import type { Principal } from '../../src/server/auth';
import { ListenIndex } from '../../src/server/listens';
import type { Listen, ListenOwner } from '../../src/server/listens';
import { Namespace } from '../../src/server/namespace';
import { parseWireQuery } from '../../src/query/index';

/** Collects what the namespace pushes to one connection. */
class RecordingOwner implements ListenOwner {
  readonly texts: unknown[] = [];
  readonly dropped: Listen[] = [];
  constructor(readonly principal: Principal = ADMIN) {}
  sendText(text: string): void {
    this.texts.push(JSON.parse(text));
  }
  dropListen(listen: Listen): void {
    this.dropped.push(listen);
  }
}

function listenAt(
  owner: ListenOwner,
  path: string[],
  tag: number | null = null,
  rawQuery?: unknown,
): Listen {
  const query = tag === null ? null : parseWireQuery(rawQuery);
  return {
    owner,
    path,
    wirePath: '/' + path.join('/'),
    tag,
    query,
    rawQuery,
    queryKey: `${path.join('/')}|${JSON.stringify(rawQuery)}`,
    lastWindow: null,
  };
}

function namespace(): Namespace {
  return new Namespace('test', { log: () => undefined, now: () => 1000, changed: () => undefined });
}

describe('ListenIndex.affected', () => {
  const owner = new RecordingOwner();
  const root = listenAt(owner, []);
  const ab = listenAt(owner, ['a', 'b']);
  const abc = listenAt(owner, ['a', 'b', 'c']);
  const other = listenAt(owner, ['x']);
  const index = new ListenIndex();
  for (const listen of [root, ab, abc, other]) index.add(listen);

  it('finds ancestors (change below) and descendants (replaced) of a changed path', () => {
    const affected = index.affected([['a', 'b']]);
    expect(affected.get(root)).toEqual({ replaced: false, below: [['a', 'b']] });
    expect(affected.get(ab)).toEqual({ replaced: true, below: [] });
    expect(affected.get(abc)).toEqual({ replaced: true, below: [] });
    expect(affected.has(other)).toBe(false);
  });

  it('collects every changed path below a listen', () => {
    const affected = index.affected([
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'e'],
    ]);
    expect(affected.get(ab)?.below).toEqual([['c', 'd'], ['e']]);
    expect(affected.get(abc)?.below).toEqual([['d']]);
  });

  it('forgets removed listens', () => {
    const local = new ListenIndex();
    local.add(ab);
    local.remove(ab);
    expect(local.size).toBe(0);
    expect(local.affected([['a', 'b']]).size).toBe(0);
  });
});

describe('Namespace pushes', () => {
  it('sends d at the listen path when the write replaces it or an ancestor', () => {
    const ns = namespace();
    const owner = new RecordingOwner();
    ns.addListen(listenAt(owner, ['a', 'b']));
    ns.write(ADMIN, ['a'], [{ rel: [], json: { b: { c: 1 } } }], 'set', 1000);
    expect(owner.texts).toEqual([{ t: 'd', d: { a: 'd', b: { p: '/a/b', d: { c: 1 } } } }]);
  });

  it('sends d at the changed path for a single change below the listen', () => {
    const ns = namespace();
    const owner = new RecordingOwner();
    ns.addListen(listenAt(owner, ['a']));
    ns.write(ADMIN, ['a', 'x', 'y'], [{ rel: [], json: 5 }], 'set', 1000);
    expect(owner.texts).toEqual([{ t: 'd', d: { a: 'd', b: { p: '/a/x/y', d: 5 } } }]);
  });

  it('sends one m for a multi-path update below the listen', () => {
    const ns = namespace();
    const owner = new RecordingOwner();
    ns.addListen(listenAt(owner, ['w']));
    ns.write(
      ADMIN,
      ['w'],
      [
        { rel: ['x', 'y'], json: 1 },
        { rel: ['z'], json: { '.value': 'v', '.priority': 2 } },
      ],
      'merge',
      1000,
    );
    expect(owner.texts).toEqual([
      {
        t: 'd',
        d: { a: 'm', b: { p: '/w', d: { 'x/y': 1, z: { '.value': 'v', '.priority': 2 } } } },
      },
    ]);
  });

  it('sends nothing for an unrelated write or a delete of a missing node', () => {
    const ns = namespace();
    const owner = new RecordingOwner();
    ns.addListen(listenAt(owner, ['a']));
    ns.write(ADMIN, ['b'], [{ rel: [], json: 1 }], 'set', 1000);
    ns.write(ADMIN, ['a', 'gone'], [{ rel: [], json: null }], 'set', 1000);
    expect(owner.texts).toEqual([]);
  });

  it('sends a tagged listen its whole window, only when the window changes', () => {
    const ns = namespace();
    const owner = new RecordingOwner();
    ns.addListen(listenAt(owner, ['s'], 7, { i: 'score', l: 1, vf: 'l' }));
    ns.write(ADMIN, ['s'], [{ rel: [], json: { a: { score: 5 }, b: { score: 9 } } }], 'set', 1000);
    ns.write(ADMIN, ['s', 'b', 'score'], [{ rel: [], json: 10 }], 'set', 1000);
    ns.write(ADMIN, ['s', 'c'], [{ rel: [], json: { score: 1 } }], 'set', 1000);
    expect(owner.texts).toEqual([
      { t: 'd', d: { a: 'd', b: { p: '/s', d: { a: { score: 5 } }, t: 7 } } },
      { t: 'd', d: { a: 'd', b: { p: '/s', d: { c: { score: 1 } }, t: 7 } } },
    ]);
  });

  it('counts a .priority write as a change of its node', () => {
    const ns = namespace();
    const owner = new RecordingOwner();
    ns.write(ADMIN, ['p'], [{ rel: [], json: 'v' }], 'set', 1000);
    ns.addListen(listenAt(owner, ['p']));
    ns.write(ADMIN, ['p', '.priority'], [{ rel: [], json: 3 }], 'set', 1000);
    expect(owner.texts).toEqual([
      { t: 'd', d: { a: 'd', b: { p: '/p', d: { '.value': 'v', '.priority': 3 } } } },
    ]);
  });

  it('revokes a listen with c (q as an array) when new rules deny it', () => {
    const ns = namespace();
    const owner = new RecordingOwner({ admin: false, auth: null });
    const listen = listenAt(owner, ['q'], 3, { l: 1, vf: 'l' });
    ns.addListen(listen);
    ns.setRules('{"rules": {".read": false}}');
    expect(owner.texts).toEqual([
      { t: 'd', d: { a: 'c', b: { p: '/q', q: [{ l: 1, vf: 'l' }] } } },
    ]);
    expect(owner.dropped).toEqual([listen]);
    expect(ns.listens.size).toBe(0);
  });
});
