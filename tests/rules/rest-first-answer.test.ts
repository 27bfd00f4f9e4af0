// A page's first answer comes over the REST API before the Database SDK has loaded
// (web/src/lib/rest-read.ts). These reads go to the emulator exactly as the app builds them, with
// database.rules.json loaded: the public nodes answer a guest, the member's own nodes answer
// their ID token only, and the purchases query answers only for the member's own uid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRtdbEmulator, type RtdbEmulator } from '@studio/rtdb-emulator';
import type { FirebaseSetup } from '../../web/src/lib/firebase-config.ts';
import type { RestParams } from '../../web/src/lib/rest-url.ts';
import { restUrl } from '../../web/src/lib/rest-url.ts';
import { NAMESPACE, RULES_TEXT } from '../support/database.ts';

let emulator: RtdbEmulator;

const DATA = {
  Events: { e1: { name: 'Full moon ride' } },
  Coaches: { 'ana & co': { name: 'Ana & Co' } },
  Studio: { name: 'Demo Studio' },
  UserClasses: { m1: { c1: { date: '2026-11-26' } } },
  Payments: {
    cs_1: { uid: 'm1', amount: 1200 },
    cs_2: { uid: 'm2', amount: 900 },
  },
};

/** An ID token as the Auth emulator issues it: unsigned, the claims in the middle part. */
function idToken(uid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid })}.`;
}

function setup(): FirebaseSetup {
  return {
    options: { projectId: 'demo-studio', databaseURL: `https://${NAMESPACE}.firebaseio.com` },
    region: 'us-central1',
    emulators: {
      database: { host: '127.0.0.1', port: emulator.port },
      authUrl: 'http://127.0.0.1:9099',
      functions: { host: '127.0.0.1', port: 5001 },
      storage: { host: '127.0.0.1', port: 9199 },
    },
  };
}

async function read(path: string, params: RestParams = {}, token?: string) {
  const response = await fetch(restUrl(setup(), path, params, token));
  return { status: response.status, body: (await response.json()) as unknown };
}

beforeAll(async () => {
  emulator = await startRtdbEmulator({ port: 0, rules: RULES_TEXT, data: DATA });
});

afterAll(async () => {
  await emulator.stop();
});

describe('first answers over REST, as the app asks for them', () => {
  it('a guest reads the public nodes with no token', async () => {
    expect(await read('Events')).toEqual({ status: 200, body: DATA.Events });
    expect(await read('Studio')).toEqual({ status: 200, body: DATA.Studio });
  });

  it("the member's own classes answer their token, and nobody else", async () => {
    expect(await read('UserClasses/m1', {}, idToken('m1'))).toEqual({
      status: 200,
      body: DATA.UserClasses.m1,
    });
    expect((await read('UserClasses/m1', {}, idToken('m2'))).status).toBe(401);
    expect((await read('UserClasses/m1')).status).toBe(401);
  });

  it('the purchases query answers for the member’s own uid only', async () => {
    const mine = await read('Payments', { orderBy: 'uid', equalTo: 'm1' }, idToken('m1'));
    expect(mine).toEqual({ status: 200, body: { cs_1: DATA.Payments.cs_1 } });
    const theirs = await read('Payments', { orderBy: 'uid', equalTo: 'm2' }, idToken('m1'));
    expect(theirs.status).toBe(401);
  });

  it('builds the production address from the database URL, without the emulator namespace', () => {
    const production: FirebaseSetup = {
      options: {
        databaseURL: 'https://studio-prod-default-rtdb.europe-west1.firebasedatabase.app/',
      },
      region: 'europe-west1',
      emulators: null,
    };
    expect(restUrl(production, '/Payments', { orderBy: 'uid', equalTo: 'm1' }, 'tok')).toBe(
      'https://studio-prod-default-rtdb.europe-west1.firebasedatabase.app/Payments.json' +
        '?orderBy=%22uid%22&equalTo=%22m1%22&auth=tok',
    );
  });

  it('encodes each key of the path, so a key with %, ? or a space reads that key', async () => {
    const production: FirebaseSetup = {
      options: { databaseURL: 'https://studio-prod-default-rtdb.firebaseio.com' },
      region: 'us-central1',
      emulators: null,
    };
    expect(restUrl(production, 'Coaches/50% off?')).toBe(
      'https://studio-prod-default-rtdb.firebaseio.com/Coaches/50%25%20off%3F.json?',
    );
    expect(await read('Coaches/ana & co')).toEqual({ status: 200, body: { name: 'Ana & Co' } });
  });
});
