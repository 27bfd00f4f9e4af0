import { describe, expect, it } from 'vitest';
import {
  LOCAL_APP_ORIGINS,
  appOriginsFromEnv,
  appOriginsProblems,
  hostingOrigins,
  isAppUrl,
  isLoopbackOrigin,
  parseOrigins,
} from './checkout-urls';

const origins = [...LOCAL_APP_ORIGINS, ...hostingOrigins('studio-prod')];

describe('isAppUrl', () => {
  it.each([
    'http://127.0.0.1:5000/tabs/gracias-compra?session_id={CHECKOUT_SESSION_ID}',
    'http://localhost:5173/paquetes',
    'https://studio-prod.web.app/tabs/gracias-compra',
    'https://studio-prod.firebaseapp.com/',
  ])('accepts a page of the app: %s', (url) => {
    expect(isAppUrl(url, origins)).toBe(true);
  });

  it.each([
    'https://evil.example/phish',
    'https://studio-prod.web.app.evil.example/x',
    'https://evil.example/?next=https://studio-prod.web.app',
    'http://studio-prod.web.app/x',
    'http://127.0.0.1:5001/x',
    'https://user:pass@studio-prod.web.app/x',
    'javascript:alert(1)',
    '//studio-prod.web.app/x',
    'not a url',
  ])('refuses anything else: %s', (url) => {
    expect(isAppUrl(url, origins)).toBe(false);
  });
});

describe('parseOrigins', () => {
  it('keeps the origins of a comma-separated list and drops what is not one', () => {
    expect(parseOrigins(' https://studio.example/ , http://127.0.0.1:5000,ftp://x, nope')).toEqual([
      'https://studio.example',
      'http://127.0.0.1:5000',
    ]);
  });
});

describe('appOriginsFromEnv', () => {
  it('takes APP_ORIGINS when it is set', () => {
    expect(
      appOriginsFromEnv({ APP_ORIGINS: 'https://book.acme.example', GCLOUD_PROJECT: 'acme' }),
    ).toEqual(['https://book.acme.example']);
  });

  it('never defaults to this machine outside the emulators', () => {
    const origins = appOriginsFromEnv({ GCLOUD_PROJECT: 'acme' });
    expect(origins).toEqual(hostingOrigins('acme'));
    expect(origins.some(isLoopbackOrigin)).toBe(false);
    expect(appOriginsFromEnv({})).toEqual([]);
  });

  it.each([
    { FUNCTIONS_EMULATOR: 'true' },
    { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
    { FIREBASE_DATABASE_EMULATOR_HOST: '127.0.0.1:9000' },
  ])('adds the local stack on the emulators (%j)', (emulators) => {
    expect(appOriginsFromEnv({ GCLOUD_PROJECT: 'demo-studio', ...emulators })).toEqual([
      ...hostingOrigins('demo-studio'),
      ...LOCAL_APP_ORIGINS,
    ]);
  });
});

describe('appOriginsProblems', () => {
  it('accepts https origins', () => {
    expect(appOriginsProblems('https://book.acme.example, https://acme.web.app')).toEqual([]);
  });

  it.each([
    [undefined, 'APP_ORIGINS is not set'],
    ['  ', 'APP_ORIGINS is not set'],
    ['http://localhost:5000', 'http://localhost:5000 is this machine'],
    ['https://127.0.0.1:5000', 'https://127.0.0.1:5000 is this machine'],
    ['http://book.acme.example', 'http://book.acme.example is not https'],
    ['book.acme.example', '"book.acme.example" is not an origin'],
  ])('refuses %j', (value, problem) => {
    expect(appOriginsProblems(value).join('; ')).toContain(problem);
  });
});
