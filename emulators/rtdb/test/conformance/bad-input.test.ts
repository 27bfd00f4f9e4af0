// Bad input on the websocket: what no SDK sends but a buggy or hostile
// client might. Each case must get an error (an error status, an `e` control message or a closed
// socket), write nothing, and leave other clients served.
import { ref, set } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { RawClient } from '../support/raw-client';
import { readAsOwner } from '../support/rest';
import { useConformance } from '../support/suite';
import { waitUntil } from '../support/wait';
import { watchValue } from '../support/watch';

describe('bad input on the websocket', () => {
  const ctx = useConformance();

  /** A healthy SDK client listening on `ns`; returns a check that it still gets writes. */
  async function bystander(ns: string): Promise<() => Promise<void>> {
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'bystander'));
    await watch.values.waitForCount(1, 'bystander initial value');
    const writer = ctx.apps.client(ns);
    return async () => {
      const stamp = `still served ${Date.now()}`;
      await set(ref(writer, 'bystander'), stamp);
      await watch.values.waitForMatch((value) => value === stamp, 'bystander update');
    };
  }

  async function expectErrorStatus(
    client: RawClient,
    action: string,
    body: unknown,
  ): Promise<void> {
    const r = client.sendRequest(action, body);
    const outcome = await waitUntil(`an error for ${action} ${JSON.stringify(body)}`, () => {
      const index = client.indexOfResponse(r);
      if (index >= 0) {
        const response = client.messages.items[index]?.d as { b?: { s?: string } };
        return { kind: 'response', status: response.b?.s ?? '' };
      }
      if (client.controls().some((control) => control.t === 'e')) return { kind: 'e', status: '' };
      if (client.isClosed) return { kind: 'closed', status: '' };
      return undefined;
    });
    if (outcome.kind === 'response') expect(outcome.status).not.toBe('ok');
  }

  it('answers malformed JSON with an error or a closed socket and keeps serving other clients', async () => {
    const ns = await ctx.namespace('bad-json');
    const stillServed = await bystander(ns);
    const client = await RawClient.connect(ctx.target, ns);
    client.sendText('{"t":"d","d":{"r":1,"a":"p","b":{"p":"/x","d":');
    await waitUntil(
      'an e control message or a closed socket',
      () => client.isClosed || client.controls().some((control) => control.t === 'e'),
    );
    await stillServed();
    expect(await readAsOwner(ctx.target, '/x', ns)).toBeNull();
    client.close();
  });

  it('refuses a put whose data has invalid keys and writes nothing', async () => {
    const ns = await ctx.namespace('bad-key');
    const stillServed = await bystander(ns);
    const client = await RawClient.connect(ctx.target, ns);
    await expectErrorStatus(client, 'p', { p: '/x', d: { 'a.b': 1, ok: 2 } });
    await stillServed();
    expect(await readAsOwner(ctx.target, '/x', ns)).toBeNull();
    client.close();
  });

  it('refuses a put to an invalid path and writes nothing', async () => {
    const ns = await ctx.namespace('bad-path');
    const stillServed = await bystander(ns);
    const client = await RawClient.connect(ctx.target, ns);
    await expectErrorStatus(client, 'p', { p: '/a[0]/b', d: 1 });
    await stillServed();
    const root = (await readAsOwner(ctx.target, '/', ns)) as Record<string, unknown>;
    expect(Object.keys(root)).toEqual(['bystander']);
    client.close();
  });

  it('refuses a merge with an invalid key and writes none of its keys', async () => {
    const ns = await ctx.namespace('bad-merge');
    const stillServed = await bystander(ns);
    const client = await RawClient.connect(ctx.target, ns);
    await expectErrorStatus(client, 'm', { p: '/m', d: { good: 1, 'bad#key': 2 } });
    await stillServed();
    expect(await readAsOwner(ctx.target, '/m', ns)).toBeNull();
    client.close();
  });

  it('refuses a put nested deeper than 32 levels and writes nothing', async () => {
    const ns = await ctx.namespace('bad-depth');
    const stillServed = await bystander(ns);
    const client = await RawClient.connect(ctx.target, ns);
    let deep: unknown = 1;
    for (let i = 0; i < 40; i += 1) deep = { d: deep };
    await expectErrorStatus(client, 'p', { p: '/deep', d: deep });
    await stillServed();
    expect(await readAsOwner(ctx.target, '/deep', ns)).toBeNull();
    client.close();
  });

  it('refuses an unknown server value and writes nothing', async () => {
    const ns = await ctx.namespace('bad-sv');
    const stillServed = await bystander(ns);
    const client = await RawClient.connect(ctx.target, ns);
    await expectErrorStatus(client, 'p', { p: '/sv', d: { '.sv': 'random' } });
    await stillServed();
    expect(await readAsOwner(ctx.target, '/sv', ns)).toBeNull();
    client.close();
  });

  it('survives a request without a body and keeps serving other clients', async () => {
    const ns = await ctx.namespace('no-body');
    const stillServed = await bystander(ns);
    const client = await RawClient.connect(ctx.target, ns);
    await expectErrorStatus(client, 'p', undefined);
    await stillServed();
    client.close();
  });

  it('survives a message that is valid JSON but not an envelope', async () => {
    const ns = await ctx.namespace('not-envelope');
    const stillServed = await bystander(ns);
    const client = await RawClient.connect(ctx.target, ns);
    client.sendText('[1,2,3]');
    client.sendText('"just a string"');
    await stillServed();
    if (!client.isClosed) {
      expect(await client.request('s', { c: {} })).toMatchObject({ s: 'ok' });
    }
    client.close();
  });
  it('refuses an increment with a non-numeric delta and writes nothing', async () => {
    const ns = await ctx.namespace('bad-increment');
    const stillServed = await bystander(ns);
    const client = await RawClient.connect(ctx.target, ns);
    await expectErrorStatus(client, 'p', { p: '/n', d: { '.sv': { increment: 'one' } } });
    await stillServed();
    expect(await readAsOwner(ctx.target, '/n', ns)).toBeNull();
    client.close();
  });

  it('refuses keys with control characters and paths longer than 768 bytes', async () => {
    const ns = await ctx.namespace('bad-control');
    const stillServed = await bystander(ns);
    const client = await RawClient.connect(ctx.target, ns);
    await expectErrorStatus(client, 'p', { p: '/c', d: { 'tab\there': 1 } });
    await expectErrorStatus(client, 'p', { p: `/${'k'.repeat(800)}`, d: 1 });
    await stillServed();
    const root = (await readAsOwner(ctx.target, '/', ns)) as Record<string, unknown>;
    expect(Object.keys(root)).toEqual(['bystander']);
    client.close();
  });
});
