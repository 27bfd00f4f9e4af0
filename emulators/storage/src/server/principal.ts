// Who a request acts as. Firebase API: `Authorization: Firebase <ID token>` (the web SDK) or
// `Bearer <ID token>`; the token is decoded, not verified (the Auth emulator's tokens are
// unsigned, as the official emulators accept them); `owner` is the admin credential that skips
// the rules. Cloud Storage's JSON API is the server SDK's: `@google-cloud/storage` sends no
// credential to an emulator, and production takes IAM credentials there, never a member's ID
// token, so an ID token there is refused.
import type { ValueMap } from '../rules/index';

export type Principal = { admin: true } | { admin: false; auth: ValueMap | null };

export const ADMIN: Principal = { admin: true };

export class Unauthenticated extends Error {}

function decodeClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const json = Buffer.from(parts[1].replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(
      'utf8',
    );
    const claims: unknown = JSON.parse(json);
    if (claims === null || typeof claims !== 'object' || Array.isArray(claims)) return null;
    return claims as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** JSON claims become rules values (numbers, strings, lists, maps); other values are dropped. */
function toValue(value: unknown): ValueMap[string] | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  // JSON has one number type: whole numbers are the rules' ints.
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    return Number.isSafeInteger(value) ? BigInt(value) : value;
  }
  if (Array.isArray(value)) return value.map(toValue).filter((item) => item !== undefined);
  if (typeof value === 'object') {
    const map: Record<string, ValueMap[string]> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const converted = toValue(item);
      if (converted !== undefined) map[key] = converted;
    }
    return map;
  }
  return undefined;
}

/** `request.auth` of an ID token's claims: `uid` from `sub`, `token` the claims. */
export function authOf(claims: Record<string, unknown>): ValueMap {
  const uid = claims['sub'] ?? claims['user_id'];
  const token = toValue(claims) as ValueMap;
  return typeof uid === 'string' ? { uid, token } : { token };
}

export function firebasePrincipal(authorization: string | undefined): Principal {
  if (authorization === undefined || authorization.trim() === '')
    return { admin: false, auth: null };
  const match = /^(Firebase|Bearer)\s+(\S+)$/i.exec(authorization.trim());
  if (!match) throw new Unauthenticated('Invalid authorization header');
  const credential = match[2]!;
  if (credential === 'owner') return ADMIN;
  const claims = decodeClaims(credential);
  if (claims === null) throw new Unauthenticated('Invalid Credentials');
  return { admin: false, auth: authOf(claims) };
}

/** The JSON API: no credential or a non-ID-token credential is the server SDK's. */
export function gcsPrincipalAllowed(authorization: string | undefined): boolean {
  if (authorization === undefined) return true;
  const match = /^(Firebase|Bearer)\s+(\S+)$/i.exec(authorization.trim());
  if (!match) return true;
  if (match[1]!.toLowerCase() === 'firebase') return match[2] === 'owner';
  const claims = decodeClaims(match[2]!);
  // A Firebase ID token names its issuer securetoken.google.com; an OAuth token is no JWT.
  const issuer = claims?.['iss'];
  return claims === null || typeof issuer !== 'string' || !issuer.includes('securetoken');
}
