// Every function has an instance ceiling, and the callables enforce App Check
// exactly when the `ENFORCE_APP_CHECK` parameter says so. The callable is served over HTTP as
// Cloud Functions serves it (express, JSON body), so the SDK's own token check runs.
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as deployed from '../src/index';
import { ENFORCE_APP_CHECK } from '../src/triggers/callable';

type HttpHandler = (req: ExpressRequest, res: ExpressResponse) => unknown;

/** POSTs `{data: {}}` without any token to `handler` served on a free port. */
async function callOverHttp(handler: HttpHandler): Promise<{ status: number; body: unknown }> {
  const app = express();
  app.post('/', express.json(), (req, res) => {
    void handler(req, res);
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: {} }),
    });
    return { status: response.status, body: await response.json() };
  } finally {
    server.close();
  }
}

/** The trigger module loaded afresh: the parameter is read when the function is defined. */
async function stampServerTimeWith(enforce: string | undefined): Promise<HttpHandler> {
  vi.resetModules();
  if (enforce === undefined) vi.stubEnv('ENFORCE_APP_CHECK', '');
  else vi.stubEnv('ENFORCE_APP_CHECK', enforce);
  const { stampServerTime } = await import('../src/triggers/users/stamp-server-time');
  return stampServerTime as unknown as HttpHandler;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('function options', () => {
  it('gives every deployed function an instance ceiling', () => {
    // The v1 signup trigger names its project in its endpoint, as at deploy.
    vi.stubEnv('GCLOUD_PROJECT', 'demo-studio');
    const ceilings = Object.entries(deployed).map(([name, fn]) => {
      const endpoint = (fn as { __endpoint?: { maxInstances?: unknown } }).__endpoint;
      return [name, endpoint?.maxInstances] as const;
    });
    expect(ceilings.length).toBeGreaterThan(15);
    for (const [name, maxInstances] of ceilings) {
      expect({ name, maxInstances }).toEqual({ name, maxInstances: expect.any(Number) as unknown });
      expect(maxInstances).toBeGreaterThan(0);
    }
  });

  it('refuses a callable without an App Check token when ENFORCE_APP_CHECK is true', async () => {
    const { status, body } = await callOverHttp(await stampServerTimeWith('true'));
    expect(status).toBe(401);
    // The SDK's refusal, before our function runs (ours would carry a messageKey).
    expect(body).toEqual({ error: { message: 'Unauthenticated', status: 'UNAUTHENTICATED' } });
  });

  it('enforces App Check unless a deploy says otherwise (the parameter defaults to true)', () => {
    // The parameter as the CLI reads it at deploy (`toSpec` is internal in the typings).
    const spec = (ENFORCE_APP_CHECK as unknown as { toSpec(): unknown }).toSpec();
    expect(spec).toMatchObject({ name: 'ENFORCE_APP_CHECK', default: true });
  });

  it('lets the request reach the function when the parameter is false', async () => {
    const { status, body } = await callOverHttp(await stampServerTimeWith('false'));
    expect(status).toBe(401);
    expect(body).toMatchObject({
      error: { status: 'UNAUTHENTICATED', details: { messageKey: 'unauthenticated' } },
    });
  });
});
