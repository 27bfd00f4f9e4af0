// Credentials: tokens are decoded without verification, `owner` and any other non-JWT
// credential mean admin, `authvar`/`noauth` replace the auth variable of an admin credential.
import type { AuthVariable } from '../rules/index';

/** What a connection or REST request acts as. Admin bypasses rules entirely. */
export type Principal =
  { readonly admin: true } | { readonly admin: false; readonly auth: AuthVariable };

export const ADMIN: Principal = { admin: true };
export const ANONYMOUS: Principal = { admin: false, auth: null };

function decodeBase64Url(part: string): string {
  const normalized = part.replace(/-/g, '+').replace(/_/g, '/');
  return Buffer.from(normalized, 'base64').toString('utf8');
}

/** Claims of a JWT-shaped token (header.payload.signature), or null when it is not one. */
export function decodeJwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const payload = parts[1];
  if (payload === undefined || payload.length === 0 || !/^[A-Za-z0-9_\-+/=]+$/.test(payload))
    return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (claims === null || typeof claims !== 'object' || Array.isArray(claims)) return null;
    return claims as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** `auth.provider` from `firebase.sign_in_provider`, dropping a trailing `.com`. */
function providerOf(claims: Record<string, unknown>): string {
  const firebase = claims['firebase'];
  if (firebase !== null && typeof firebase === 'object') {
    const provider = (firebase as Record<string, unknown>)['sign_in_provider'];
    if (typeof provider === 'string') return provider.replace(/\.com$/, '');
  }
  if (typeof claims['provider_id'] === 'string') return claims['provider_id'];
  return 'custom';
}

export function authFromClaims(claims: Record<string, unknown>): AuthVariable {
  const uid = claims['sub'] ?? claims['user_id'] ?? claims['uid'];
  const auth: Record<string, unknown> = { provider: providerOf(claims), token: claims };
  if (typeof uid === 'string' || typeof uid === 'number') auth['uid'] = String(uid);
  return auth;
}

export interface CredentialBody {
  cred?: unknown;
  authvar?: unknown;
  noauth?: unknown;
}

export type CredentialResult =
  | { ok: true; principal: Principal; reply: unknown }
  | { ok: false; status: string; message: string };

/**
 * Resolves an `auth`/`gauth` request body. `auth` must carry a decodable JWT; `gauth` accepts
 * anything (a JWT is treated like `auth`, every other string is the admin credential).
 */
export function resolveCredential(
  action: 'auth' | 'gauth',
  body: CredentialBody,
): CredentialResult {
  const cred = body.cred;
  if (typeof cred !== 'string' || cred.length === 0) {
    return { ok: false, status: 'invalid_token', message: 'Could not parse auth token.' };
  }
  const claims = decodeJwtClaims(cred);
  if (claims === null) {
    if (action === 'auth')
      return { ok: false, status: 'invalid_token', message: 'Could not parse auth token.' };
    return adminWithOverride(body);
  }
  const auth = authFromClaims(claims);
  const exp = typeof claims['exp'] === 'number' ? claims['exp'] : null;
  return { ok: true, principal: { admin: false, auth }, reply: { auth, expires: exp } };
}

function adminWithOverride(body: CredentialBody): CredentialResult {
  if (body.noauth === true) return { ok: true, principal: ANONYMOUS, reply: { auth: null } };
  if (body.authvar !== undefined && body.authvar !== null && typeof body.authvar === 'object') {
    const auth = body.authvar as AuthVariable;
    return { ok: true, principal: { admin: false, auth }, reply: { auth } };
  }
  return { ok: true, principal: ADMIN, reply: { auth: null } };
}

/**
 * REST credentials: any Bearer header or `access_token` is admin; `auth=owner` is
 * admin; `auth=<jwt>` is that user; a non-JWT `auth` string is admin like the official emulator.
 */
export function restPrincipal(
  authorization: string | undefined,
  params: URLSearchParams,
): Principal {
  if (authorization !== undefined && /^Bearer\s+\S/i.test(authorization)) return ADMIN;
  if (params.get('access_token')) return ADMIN;
  const token = params.get('auth');
  if (token) {
    const claims = decodeJwtClaims(token);
    return claims === null ? ADMIN : { admin: false, auth: authFromClaims(claims) };
  }
  return ANONYMOUS;
}
