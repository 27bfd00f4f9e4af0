import { describe, expect, it } from 'vitest';
import { LOCAL_APP_ORIGINS, hostingOrigins, isAppUrl, parseOrigins } from './checkout-urls';

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
