import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  ANONYMOUS,
  decodeJwtClaims,
  resolveCredential,
  restPrincipal,
} from '../../src/server/auth';

function unsignedJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown): string =>
    Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', type: 'JWT' })}.${encode(claims)}.`;
}

const aliceClaims = {
  sub: 'alice',
  user_id: 'alice',
  iat: 0,
  exp: 3600,
  role: 'admin',
  firebase: { sign_in_provider: 'google.com', identities: {} },
};

describe('credentials', () => {
  it('decodes unsigned, long-expired JWTs without verification', () => {
    expect(decodeJwtClaims(unsignedJwt(aliceClaims))).toEqual(aliceClaims);
  });

  it('does not take non-JWT strings for JWTs', () => {
    expect(decodeJwtClaims('owner')).toBeNull();
    expect(decodeJwtClaims('a.b.c')).toBeNull();
  });

  it('builds the auth variable from the claims', () => {
    const result = resolveCredential('auth', { cred: unsignedJwt(aliceClaims) });
    expect(result).toMatchObject({
      ok: true,
      principal: { admin: false, auth: { uid: 'alice', provider: 'google', token: aliceClaims } },
    });
  });

  it('answers invalid_token to auth with an undecodable token', () => {
    expect(resolveCredential('auth', { cred: 'not-a-jwt' })).toMatchObject({
      ok: false,
      status: 'invalid_token',
    });
  });

  it('treats gauth owner and any other non-JWT credential as admin', () => {
    expect(resolveCredential('gauth', { cred: 'owner' })).toMatchObject({
      ok: true,
      principal: ADMIN,
    });
    expect(resolveCredential('gauth', { cred: 'ya29.some-oauth-token' })).toMatchObject({
      ok: true,
      principal: ADMIN,
    });
  });

  it('applies authvar and noauth overrides to an admin credential', () => {
    expect(resolveCredential('gauth', { cred: 'owner', authvar: { uid: 'svc' } })).toMatchObject({
      ok: true,
      principal: { admin: false, auth: { uid: 'svc' } },
    });
    expect(resolveCredential('gauth', { cred: 'owner', noauth: true })).toMatchObject({
      ok: true,
      principal: ANONYMOUS,
    });
  });

  it('treats a JWT sent with gauth like auth', () => {
    expect(resolveCredential('gauth', { cred: unsignedJwt({ sub: 'bob' }) })).toMatchObject({
      ok: true,
      principal: { admin: false, auth: { uid: 'bob' } },
    });
  });
});

describe('REST credentials', () => {
  it('treats any Bearer header, access_token and auth=owner as admin', () => {
    expect(restPrincipal('Bearer owner', new URLSearchParams())).toBe(ADMIN);
    expect(restPrincipal(undefined, new URLSearchParams('access_token=x'))).toBe(ADMIN);
    expect(restPrincipal(undefined, new URLSearchParams('auth=owner'))).toBe(ADMIN);
  });

  it('treats auth=<jwt> as that user and no credential as unauthenticated', () => {
    const params = new URLSearchParams({ auth: unsignedJwt({ sub: 'carol' }) });
    expect(restPrincipal(undefined, params)).toMatchObject({
      admin: false,
      auth: { uid: 'carol' },
    });
    expect(restPrincipal(undefined, new URLSearchParams())).toBe(ANONYMOUS);
  });
});
