// RFC 8292 (VAPID): the application server identifies itself with `Authorization: vapid t=<JWT>,
// k=<public key>`. The JWT is ES256 over the claims `aud` (the push resource's origin), `exp`
// (at most 24 hours ahead) and `sub` (a mailto: or https: contact). Checked here as a push
// service does before it accepts a message.
import { createPublicKey, verify } from 'node:crypto';
import { fromBase64Url } from './base64url';

const MAX_EXPIRY_SECONDS = 24 * 60 * 60;

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** The application server's public key (base64url, 65-byte uncompressed point). */
  k: string;
}

export type VapidCheck = { ok: true; claims: VapidClaims } | { ok: false; reason: string };

function parseParams(header: string): Map<string, string> | undefined {
  const match = /^vapid\s+(.*)$/i.exec(header.trim());
  if (!match?.[1]) return undefined;
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return undefined;
    params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return params;
}

function jsonPart(segment: string): Record<string, unknown> | undefined {
  const bytes = fromBase64Url(segment);
  if (!bytes) return undefined;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a request's Authorization header for the push resource at `origin`, at `nowSeconds`.
 * `boundKey`, when the subscription was made with an applicationServerKey, must equal `k`.
 */
export function checkVapid(
  header: string | undefined,
  origin: string,
  nowSeconds: number,
  boundKey?: string,
): VapidCheck {
  if (header === undefined) return { ok: false, reason: 'missing Authorization' };
  const params = parseParams(header);
  const token = params?.get('t');
  const key = params?.get('k');
  if (!token || !key) return { ok: false, reason: 'Authorization is not "vapid t=…, k=…"' };
  const point = fromBase64Url(key);
  if (!point || point.length !== 65 || point[0] !== 4)
    return { ok: false, reason: 'k is not an uncompressed P-256 public key' };
  const [head, body, signature, extra] = token.split('.');
  if (!head || !body || !signature || extra !== undefined)
    return { ok: false, reason: 't is not a JWT' };
  const header64 = jsonPart(head);
  if (header64?.['alg'] !== 'ES256') return { ok: false, reason: 'JWT alg must be ES256' };
  const claims = jsonPart(body);
  const sig = fromBase64Url(signature);
  if (!claims || !sig || sig.length !== 64) return { ok: false, reason: 'malformed JWT' };
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    sig,
  );
  if (!signed) return { ok: false, reason: 'JWT signature does not verify with k' };
  const { aud, exp, sub } = claims;
  if (aud !== origin) return { ok: false, reason: `aud must be ${origin}` };
  if (typeof exp !== 'number' || exp <= nowSeconds) return { ok: false, reason: 'JWT expired' };
  if (exp > nowSeconds + MAX_EXPIRY_SECONDS)
    return { ok: false, reason: 'exp more than 24 hours ahead' };
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub))
    return { ok: false, reason: 'sub must be a mailto: or https: contact' };
  if (boundKey !== undefined && boundKey !== key)
    return { ok: false, reason: 'k is not the key this subscription was made with' };
  return { ok: true, claims: { aud, exp, sub, k: key } };
}
