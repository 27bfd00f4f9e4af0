// The credentials the attack matrix acts with, built by hand so every transport (web SDK websocket
// and REST `?auth=`) carries exactly the same token. The emulator decodes tokens without checking
// signature or expiry (like the official one); production Firebase
// refuses both outright. So the expired and forged actors prove something narrower and still
// useful: the rules give a stale or tampered credential nothing beyond the member it names, and
// they trust no look-alike privilege claim (docs/architecture/testing.md#proof-suites).
import { randomBytes } from 'node:crypto';

export type ActorName = 'guest' | 'member' | 'coach' | 'staff' | 'expired' | 'forged';

export interface Actor {
  name: ActorName;
  /** Whose "own" paths the table's `{self}` means; a guest attacks alice's. */
  self: string;
  /** The ID token (JWT) sent on both transports; null for a guest. */
  token: string | null;
}

export const PROJECT = 'demo-studio';
export const OTHER_MEMBER = 'bob';

const base64url = (value: unknown): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

function jwt(header: Record<string, unknown>, claims: Record<string, unknown>, signature = '') {
  return `${base64url(header)}.${base64url(claims)}.${signature}`;
}

/** The claims an Auth-emulator ID token carries, issued `issuedAt` (epoch seconds). */
function idTokenClaims(uid: string, issuedAt: number, extra: Record<string, unknown>) {
  return {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    iat: issuedAt,
    exp: issuedAt + 3600,
    auth_time: issuedAt,
    sub: uid,
    user_id: uid,
    email: `${uid}@demo.studio`,
    email_verified: true,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...extra,
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const unsigned = { alg: 'none', typ: 'JWT' };

export function actors(): Actor[] {
  const now = nowSeconds();
  return [
    { name: 'guest', self: 'alice', token: null },
    {
      name: 'member',
      self: 'alice',
      token: jwt(unsigned, idTokenClaims('alice', now, { role: 'member' })),
    },
    {
      name: 'coach',
      self: 'coach1',
      token: jwt(unsigned, idTokenClaims('coach1', now, { role: 'coach' })),
    },
    {
      name: 'staff',
      self: 'desk1',
      token: jwt(unsigned, idTokenClaims('desk1', now, { role: 'staff' })),
    },
    {
      // Issued two days ago, expired yesterday.
      name: 'expired',
      self: 'alice',
      token: jwt(unsigned, idTokenClaims('alice', now - 2 * 86_400, { role: 'member' })),
    },
    {
      // A member's token re-signed by an attacker who added every privilege claim the rules
      // might be fooled by: the spec's `Admin` field, a lower-case `admin` flag, a role list and a
      // role spelled differently. Only `role == 'admin'` (set by setUserRole) is trusted.
      name: 'forged',
      self: 'alice',
      token: jwt(
        { alg: 'RS256', kid: 'forged-key', typ: 'JWT' },
        idTokenClaims('alice', now, {
          role: 'Admin',
          Admin: true,
          admin: true,
          roles: ['admin'],
          firebase: { identities: {}, sign_in_provider: 'custom' },
        }),
        randomBytes(256).toString('base64url'),
      ),
    },
  ];
}
